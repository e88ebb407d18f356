"""Passive statements read where the game action they limit happens (364): moves, combat damage, scores.

- "I can't move to base", "Units can't move from here to base" (``move_forbidden``): the move is
  refused (the standard move) or not made (an instruction does what it can);
- "I don't deal combat damage" (``no_combat_damage``): the unit adds nothing to its side's
  combat damage (465.2.a), as a stunned one (423.1.b);
- "I must be assigned combat damage last" / "first" (``assigned_order``): the unit's place in the
  order of damage assignment, as Backline and Tank give it (465.2.c.6, 465.2.c.8);
- "While I'm at a battlefield, opponents can't score points" (``score_forbidden``): points are
  not gained (194.1.c).

Each reader looks at the statements active now (``layer_sources.active_statements``: conditional
ones while their condition holds) of every object on the board and every battlefield, and asks the
statement's holder whether it covers the object, as the layer engine does. ``FORMS`` is the static
check: ``passive_support`` gives every other form of these kinds a gap.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def _statements(state, kind: str):
    """(source, statement) for every active statement of ``kind`` on the board and the battlefields."""
    from .layer_sources import active_statements
    for source in state.battlefields + state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind == kind:
                yield source, statement


def _covers(state, source, statement, obj) -> bool:
    from .layer_sources import holder_test, resolve_state
    affects, _selective = holder_test(state, source, statement.holder)
    return obj.oid in affects(resolve_state(state).view)


def _objects_read(s: fx.StaticEffect) -> bool:
    from .layer_sources import supported
    return s.holder.reference in (None, "self") and supported(s.holder)


# ---- moves ----------------------------------------------------------------------------------
def _move_read(s: fx.StaticEffect) -> bool:
    return _objects_read(s) and s.place is not None and s.place.kind == "base" and s.place.owner is None \
        and s.value in (None, "from_here") and s.by is None


def move_forbidden(state, obj, origin: tuple, dest: tuple) -> str | None:
    """The name of the source of a "can't move to base" that covers this move of ``obj``, or None."""
    from .traits import location_of
    for source, statement in _statements(state, "cannot_move"):
        if dest[0] != statement.place.kind:
            continue
        if statement.value == "from_here" and origin != location_of(state, source):
            continue
        if _covers(state, source, statement, obj):
            return source.name
    return None


# ---- combat damage --------------------------------------------------------------------------
def no_combat_damage(state, unit) -> str | None:
    """The name of the source of an "I don't deal combat damage" covering ``unit``, or None."""
    for source, statement in _statements(state, "no_combat_damage"):
        if _covers(state, source, statement, unit):
            return source.name
    return None


def _order_read(s: fx.StaticEffect) -> bool:
    return _objects_read(s) and s.value in ("first", "last")


def assigned_order(state, unit) -> set[int]:
    """Groups of ``combat._groups`` that statements give ``unit``: 0 first, 2 last (465.2.c.6)."""
    return {0 if statement.value == "first" else 2 for source, statement in _statements(state, "assigned_damage")
            if _covers(state, source, statement, unit)}


# ---- points ---------------------------------------------------------------------------------
def _score_read(s: fx.StaticEffect) -> bool:
    if s.place is not None:                     # "Players can't score here until their third turn" (468)
        return s.holder.types == ("player",) and s.holder.reference is None and not s.holder.filters \
            and s.place.kind == "here" and not s.place.qualifiers and s.value in SCORE_UNTIL
    return s.holder.types in (("opponent",), ("player",)) and s.holder.reference is None \
        and s.value in (None, "any_gain") and not s.holder.filters     # scoring is gaining points (194.1)


# "until their third turn": the turn of their own from which they may score there
SCORE_UNTIL = {"until_second_turn": 2, "until_third_turn": 3, "until_fourth_turn": 4}


def score_forbidden(state, player: str) -> str | None:
    """The name of the source of a "can't score points" covering ``player``, or None."""
    for source, statement in _statements(state, "cannot_score"):
        if statement.place is not None:
            continue                                                    # scoring a battlefield: score_here_forbidden
        if "player" in statement.holder.types or source.controller is not None and player != source.controller:
            return source.name
    return None


def score_here_forbidden(state, player: str, slot: int) -> str | None:
    """The name of the source of a "Players can't score here until their third turn" at the battlefield in
    ``slot`` that keeps ``player`` from scoring it now (468, 469), or None."""
    from .traits import location_of
    from .turn_records import turns_of
    for source, statement in _statements(state, "cannot_score"):
        if statement.place is None or location_of(state, source) != ("battlefield", slot):
            continue
        if turns_of(state, player) < SCORE_UNTIL[statement.value]:
            return source.name
    return None


# ---- buffs ----------------------------------------------------------------------------------
def buffs_unlimited(state, unit) -> str | None:
    """The name of the source of an "I can have any number of buffs" covering ``unit``, or None (426.1.b.2)."""
    for source, statement in _statements(state, "buff_limit"):
        if statement.value == "any" and _covers(state, source, statement, unit):
            return source.name
    return None


# ---- resources added -------------------------------------------------------------------------
def _adds_read(s: fx.StaticEffect) -> bool:
    return _objects_read(s) and bool(s.cost) and all(c.kind in ("energy", "power") for c in s.cost)


def additional_adds(state, obj) -> tuple[int, tuple]:
    """The energy and power ``obj`` adds besides what its Add ability says, by the "Your Gold [Add] an
    additional [1]" statements covering it now (364, 429)."""
    energy, power = 0, []
    for source, statement in _statements(state, "adds_additional"):
        if _covers(state, source, statement, obj):
            for cost in statement.cost:
                if cost.kind == "energy":
                    energy += cost.amount
                else:
                    power += [cost.domain or "A"] * cost.amount
    return energy, tuple(power)


# ---- reveals --------------------------------------------------------------------------------
def _reveal_read(s: fx.StaticEffect) -> bool:
    from .selectors import runs_selector
    return s.holder.reference is None and runs_selector(s.holder) and s.place is not None \
        and s.place.kind == "here" and not s.place.qualifiers and s.value is None and s.by is None


def reveal_forbidden(state, obj, where: tuple) -> str | None:
    """The name of the source of a "Your opponents' [Hidden] cards can't be revealed here" that covers ``obj``,
    a card at the location ``where`` (a facedown card at its battlefield), or None (364)."""
    from .context import Context
    from .selectors import matches
    from .traits import location_of
    for source, statement in _statements(state, "cannot_be_revealed"):
        if location_of(state, source) != where:
            continue
        ctx = Context(state, source.controller or state.turn_player, source.identity, here=where)
        if matches(ctx, statement.holder, obj):
            return source.name
    return None


FORMS = {"cannot_move": (_move_read, "a limit on moves"),
         "cannot_be_revealed": (_reveal_read, "“... can't be revealed here”"),
         "adds_additional": (_adds_read, "“... [Add] an additional ...”"),
         "buff_limit": (_objects_read, "“... can have any number of buffs”"),
         "no_combat_damage": (_objects_read, "“... don't deal combat damage”"),
         "assigned_damage": (_order_read, "an order of combat damage assignment"),
         "cannot_score": (_score_read, "“... can't score”")}


def form_gap(statement: fx.StaticEffect) -> str | None:
    """Why the readers here do not apply ``statement`` of one of the kinds of ``FORMS``, or None."""
    test, words = FORMS[statement.kind]
    return None if test(statement) else f"{words} is not applied by the runtime in this form yet"
