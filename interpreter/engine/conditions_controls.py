""""If you control a facedown card at a battlefield, ...": a card you hid that is still facedown there
(811.1.b; its facedown zone is the battlefield's, 107.3.c), registered into ``conditions.CONDITIONS``.

The facedown cards are not on the board, so the selectors do not find them; the other forms of "controls"
stay those of ``conditions.py``.
"""
from __future__ import annotations

from .conditions import CONDITIONS


def _facedown_runs(condition) -> bool:
    """"you control a facedown card at a battlefield" (any card, counted from one)."""
    sel, place = condition.object, condition.object.location if condition.object is not None else None
    return condition.subject is not None and condition.subject.reference == "you" and sel is not None \
        and sel.types == ("card",) and sel.states == ("facedown",) and sel.quantity in ("one", "a", "an") \
        and sel.count is None and not (sel.filters or sel.tags or sel.names or sel.keywords_with
                                       or sel.keywords_without or sel.relation or sel.controller or sel.zone) \
        and place is not None and place.kind == "battlefield" and place.qualifiers in ((), ("a",)) \
        and place.owner is None and place.of is None and place.where is None \
        and condition.place is None and condition.value is None and condition.also is None


def _facedown_holds(ctx, condition) -> bool:
    """Whether a facedown zone of a battlefield holds a card the player controls (107.3.c, 811.1.b)."""
    state = ctx.state
    hidden = [o for slot in range(len(state.battlefields)) for o in state.objects(("facedown", slot))
              if o.controller == ctx.player and o.facedown]
    state.note(f"{ctx.player} controls {len(hidden)} facedown card(s) at battlefields", "811.1.b", "107.3.c")
    return bool(hidden)


_BOARD_RUNS, _BOARD_HOLDS = CONDITIONS["controls"]         # the objects on the board (conditions.py)


def _controls_runs(condition) -> bool:
    return _facedown_runs(condition) or _BOARD_RUNS(condition)


def _controls_holds(ctx, condition) -> bool:
    return _facedown_holds(ctx, condition) if _facedown_runs(condition) else _BOARD_HOLDS(ctx, condition)


CONDITIONS.update({"controls": (_controls_runs, _controls_holds)})
