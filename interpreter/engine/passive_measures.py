"""Passive changes by a number read from the game (477.3, 364.1): "for each ...", "equal to ...".

"I have +1 [M] for each friendly gear", "My Might is increased by your points", "I have [Assault]
equal to the number of enemy units here": the change is made with a counter (``Change.count``)
that the layer engine calls on the view as the layers have made it so far, so a count of objects
follows what earlier effects did to them (478.1.c; the dependency trial sees it). Counts of what
is not on the board (your points, the cards in your trash) are read from the state; the layer
cache's fingerprint covers them.

Read: a count of board objects the holder matcher reads (``layer_sources.matches``), "at my
battlefield" included; your points; the cards in one of your zones. Anything else is a gap.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from interpreter.engine.layers.model import ABILITY, ARITHMETIC, Change

ZONES = {"trash": "trash", "hand": "hand", "deck": "deck"}      # "the cards in your trash" (108)


def readable(statement: fx.StaticEffect) -> bool:
    """Whether ``change`` makes every modification of a "for each" / "equal to" statement."""
    if statement.per is not None:
        return _countable(statement.per) and all(m.kind == "might" and m.amount and m.measure is None
                                                 for m in statement.modifications)
    return all(_measured_read(m, statement) for m in statement.modifications if m.measure is not None)


def _measured_read(modification: fx.Modification, statement: fx.StaticEffect) -> bool:
    measure = modification.measure
    if measure.kind != "count" or not _countable(measure.of):
        return False
    if modification.kind == "might":
        return statement.value == "increased_by" and modification.amount is None
    return modification.kind == "keyword" and modification.keyword is not None


def _countable(sel: fx.Selector | None) -> bool:
    from .layer_sources import supported
    if sel is None or sel.reference is not None or sel.alternatives or sel.names:
        return False
    if sel.types == ("point",):
        return sel.controller == "you" and sel.location is None and not sel.filters
    place = sel.location
    if place is not None and place.kind in ZONES:
        return sel.types in ((), ("card",)) and place.owner == "you" and not (sel.filters or sel.states or sel.tags)
    if place is not None and place.kind == "battlefield" and place.owner == "my":
        return supported(replace(sel, location=fx.Place("here"))) and sel.zone is None
    return supported(sel) and sel.zone is None and (place is None or place.owner is None)


def change(state, obj, modification: fx.Modification, statement: fx.StaticEffect):
    """The change and layer of a counted modification, or (None, None) when it is not read."""
    if statement.per is not None:
        if not readable(statement):
            return None, None
        return Change("might_add_count", modification.amount, count=counter(state, obj, statement.per)), ARITHMETIC
    if not _measured_read(modification, statement):
        return None, None
    count = counter(state, obj, modification.measure.of)
    if modification.kind == "might":
        return Change("might_add_count", 1, count=count), ARITHMETIC                     # 477.3
    return Change("keyword_add_count", name=modification.keyword.name, count=count), ABILITY   # 477.2


def counter(state, obj, sel: fx.Selector):
    """``view -> int``: how many there are of what ``sel`` names, seen from ``obj``."""
    from .layer_sources import matches
    from .traits import location_of
    player = obj.controller
    if sel.types == ("point",):
        points = state.players[player].points if player in state.players else 0
        return lambda view: points
    place = sel.location
    if place is not None and place.kind in ZONES:
        size = len(state.zones.get((ZONES[place.kind], player), ())) if player is not None else 0
        return lambda view: size
    oid, location = obj.oid, location_of(state, obj)
    if place is not None and place.kind == "battlefield" and place.owner == "my":     # "at my battlefield"
        if location is None or location[0] != "battlefield":
            return lambda view: 0
        sel = replace(sel, location=fx.Place("here"))

    def count(view) -> int:
        mine = view[oid] if oid in view else None
        return sum(1 for t in view.traits.values() if matches(sel, t, mine, oid, location))
    return count
