"""Conditions of "If ..." instructions about the board and the zones now (359.3.e.14.a), registered into
``conditions.CONDITIONS`` beside the kinds they extend.

- "If it's equipped" (``is`` equipped): one or more Equipment are attached to the unit (818.3).
- "if your trash is empty", "if it is empty" about your Champion Zone (``is`` empty): no card is in that zone
  of yours (108).
- "if it is the only unit you control there" (``is_a`` with "only"): no other unit of that kind you control is
  at its location ("there": where the object the text named is; "here": where the source is).
- "Then if you revealed a Bird, Cat, Dog, or Poro" (``revealed``): a card the instructions before it revealed
  (424) is one of those.

A form they do not read keeps the gap the kind had before.
"""
from __future__ import annotations

from .conditions import CONDITIONS, _about_one, _is_you, _subject_now
from .selectors import ZONE_WORDS, matches, runs_selector
from .traits import location_of

_IS_RUNS, _IS_HOLDS = CONDITIONS["is"]
_IS_A_RUNS, _IS_A_HOLDS = CONDITIONS["is_a"]
_ZONES_READ = ("trash", "hand", "main_deck", "champion_zone", "banishment")
_PLACES = ("there", "here")


# ---- "If it's equipped" ------------------------------------------------------------------------
def _equipped_form(condition) -> bool:
    return condition.value == "equipped" and _about_one(condition.subject) and condition.object is None \
        and condition.place is None


def _equipped(ctx, condition) -> bool:
    """Whether an Equipment is attached to the object (818.3, 818.3.a)."""
    obj = _subject_now(ctx, condition)
    if obj is None:
        return False
    attached = [o for o in ctx.state.board_objects() if o.attached_to == obj.identity
                and o.card_type == "gear" and "Equipment" in o.chars.tags]
    ctx.state.note(f"{obj.name} has {len(attached)} Equipment attached", "818.3")
    return bool(attached)


# ---- "if your Champion Zone is empty" --------------------------------------------------------------
def _empty_form(condition) -> bool:
    return condition.value == "empty" and condition.object is None and _zone_named(condition) is not None


def _zone_named(condition) -> str | None:
    """The zone of yours the condition names: a place ("if it is empty" about your Champion Zone), or the
    subject ("if your trash is empty")."""
    place, sel = condition.place, condition.subject
    if sel is None and place is not None and place.owner in (None, "you") and not place.qualifiers \
            and place.of is None and place.where is None:
        kind = place.kind
    elif place is None and sel is not None and len(sel.types) == 1 and sel.controller == "you" \
            and sel.reference is None and not (sel.tags or sel.names or sel.filters or sel.states or sel.location):
        kind = sel.types[0]
    else:
        return None
    return ZONE_WORDS.get(kind, kind) if kind in _ZONES_READ else None


def _empty(ctx, condition) -> bool:
    """Whether no card is in that zone of yours (108)."""
    kind = _zone_named(condition)
    found = ctx.state.objects((kind, ctx.player))
    ctx.state.note(f"{ctx.player}'s {kind} zone holds {len(found)} card(s)", "108")
    return not found


def _is_runs(condition) -> bool:
    return _equipped_form(condition) or _empty_form(condition) or _IS_RUNS(condition)


def _is_holds(ctx, condition) -> bool:
    if _equipped_form(condition):
        return _equipped(ctx, condition)
    if _empty_form(condition):
        return _empty(ctx, condition)
    return _IS_HOLDS(ctx, condition)


# ---- "if it is the only unit you control there" ----------------------------------------------------
def _only_form(condition) -> bool:
    obj = condition.object
    return _about_one(condition.subject) and obj is not None and obj.states == ("only",) \
        and obj.location is not None and obj.location.kind in _PLACES and obj.controller == "you" \
        and obj.reference is None and not obj.filters and obj.zone is None and bool(obj.types) \
        and runs_selector(_plain(obj))


def _plain(sel):
    from dataclasses import replace
    return replace(sel, states=(), location=None)


def _only(ctx, condition) -> bool:
    """Whether the object is one of those and no other you control is at the place: its own location for
    "there", the source's for "here" (a unit is at a battlefield or at its base, 124)."""
    obj = _subject_now(ctx, condition)
    if obj is None or not ctx.state.is_board(obj.zone):
        return False
    place = location_of(ctx.state, obj) if condition.object.location.kind == "there" \
        else location_of(ctx.state, ctx.source())
    kind = _plain(condition.object)
    mine = [o for o in ctx.state.board_objects() if o.controller == ctx.player and matches(ctx, kind, o)
            and location_of(ctx.state, o) == place]
    ctx.state.note(f"{len(mine)} such object(s) of {ctx.player} there", "359.3.e.14.a")
    return mine == [obj]


def _is_a_runs(condition) -> bool:
    return _only_form(condition) or _IS_A_RUNS(condition)


def _is_a_holds(ctx, condition) -> bool:
    return _only(ctx, condition) if _only_form(condition) else _IS_A_HOLDS(ctx, condition)


CONDITIONS.update({"is": (_is_runs, _is_holds), "is_a": (_is_a_runs, _is_a_holds)})


# ---- "Then if you revealed a Bird, Cat, Dog, or Poro" ---------------------------------------------
def _revealed_runs(condition) -> bool:
    obj = condition.object
    return _is_you(condition.subject) and obj is not None and obj.reference is None and obj.zone is None \
        and obj.location is None and not obj.states and runs_selector(obj) and condition.place is None


def _revealed_holds(ctx, condition) -> bool:
    """Whether a card the instructions before revealed (424) is one of those, wherever it is now."""
    shown = ctx.acted.get("reveal", [])
    fits = [o for o in shown if matches(ctx, condition.object, o)]
    ctx.state.note(f"{len(shown)} card(s) revealed by the instructions before, {len(fits)} of them such", "424")
    return bool(fits)


CONDITIONS.update({"revealed": (_revealed_runs, _revealed_holds)})
