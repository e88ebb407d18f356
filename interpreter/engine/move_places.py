"""Where a move goes when its text names the place by a word ("this battlefield", "that battlefield",
"the same battlefield", "my original location", "a different battlefield", "a battlefield you control"),
and which of those places the runtime reads: ``place_read`` is the static check of the move handler
(``action_run._destination``), ``trigger_place_gap`` the check of a trigger whose effect names the
battlefield of its event. A place not read here is refused by name, so a move never goes elsewhere.

A place with a "where" condition ("to a location where there's a unit with the same controller", "to an
occupied enemy battlefield if my Might is greater than the total Might of enemy units there") is chosen among
the locations the condition holds at (``where_destinations``).
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .event_forms import event_place_named
from .selectors import candidates, runs_selector
from .state import IllegalAction
from .traits import location_of, might_of
from .trigger_support import watched_generally

# Qualifiers of a place the handler reads: a battlefield or location the player chooses (355.4)
_CHOSEN_FORMS = ((), ("a",), ("a", "single"), ("a", "different"), ("a", "you_control"), ("an", "open"))
# The battlefield a text named before: "this battlefield", "that battlefield", "the same battlefield"
_NAMED_FORMS = (("this",), ("that",), ("the", "same"))
# Events of a trigger of mine that happen where I am: the place they name is where I am then (359.3.f.3.b)
_AT_MY_PLACE = {"move", "attack", "defend", "hold", "conquer"}


def place_read(place: fx.Place | None) -> bool:
    """Whether ``action_run.move`` reads the destination ``place`` as its words say."""
    if place is None or place.kind in ("base", "here", "there"):
        return place is None or not place.qualifiers and (place.kind != "there" or place.owner is None)
    if place.where is not None:
        return where_read(place)
    if place.of is not None:                          # "to the location of the unit you exhausted ..."
        return place.kind == "location" and not place.qualifiers and place.owner is None and runs_selector(place.of)
    owner = place.owner or ""
    if owner == "its" or owner.startswith("that_"):
        return not place.qualifiers                   # "to its location": where the object acted on is
    if owner == "my":
        # "to my battlefield", "to my original location" (Tideturner)
        return place.qualifiers in ((), ("original",))
    if owner:
        return False                                  # "the others' location": not read yet
    return place.kind in ("battlefield", "location") and place.qualifiers in _CHOSEN_FORMS + _NAMED_FORMS \
        and not (place.kind == "location" and place.qualifiers in _NAMED_FORMS)


def names_event_place(place: fx.Place | None) -> bool:
    """"to this battlefield", "to that battlefield", "to the same battlefield": a battlefield named before."""
    return place is not None and place.owner is None and place.qualifiers in _NAMED_FORMS


def trigger_place_gap(ability: fx.TriggeredAbility) -> str | None:
    """A trigger whose move names the battlefield of its event is read only when that event happens where its
    source is ("When I move to a battlefield, ... to that battlefield"): ``here`` is then that battlefield.
    "When you stun an enemy unit at a battlefield, move me to that battlefield" names another place."""
    trigger = ability.trigger
    if trigger.subject == "self" and trigger.event in _AT_MY_PLACE:
        return None
    if watched_generally(ability) and event_place_named(trigger):
        return None                     # the general watch notes where its event happened (359.3.f.3)
    moves = [a for a in _actions(ability.effects) if a.action == "move" and names_event_place(a.place)]
    if moves and not any(_names_battlefield(a) for a in _actions(ability.effects)):
        return "a move to the battlefield of a trigger's event (not where its source is) is not run yet"
    return None


def _actions(effects) -> list:
    """The game actions among ``effects`` and the effects they hold."""
    found, todo = [], list(effects)
    while todo:
        e = todo.pop()
        if isinstance(e, fx.GameAction):
            found.append(e)
        for name in ("effect", "effects", "then", "otherwise"):
            inner = getattr(e, name, None)
            todo += list(inner) if isinstance(inner, tuple) else [inner] if isinstance(inner, fx.Effect) else []
    return found


def _names_battlefield(action: fx.GameAction) -> bool:
    """"Choose a battlefield. ... to that battlefield": the effect itself named the battlefield first."""
    return action.action == "choose" and any("battlefield" in o.types for o in action.objects)


def named_destination(ctx, place: fx.Place | None, unit) -> tuple | None:
    """The destination a word of ``place`` names, or None when the place is chosen (``action_run``)."""
    if place is None:
        return None
    if place.of is not None:                          # "to the location of <object>": where it is now
        found = [o for o in candidates(ctx, place.of) if location_of(ctx.state, o) is not None]
        if not found:
            raise IllegalAction("359.3.e.11", "the object whose location is named is not on the board")
        return location_of(ctx.state, found[0])
    if place.owner == "my":
        return _mine(ctx, place)
    if place.kind == "there" or names_event_place(place):
        # the battlefield the text named last, else the one of the trigger's event (359.3.f.3.b)
        # ("there": the location named last, else the place of the trigger's event, as selectors read it)
        named = next((w for w in (ctx.there, ctx.event_place) if w is not None), None)
        where = named if named is not None and place.qualifiers != ("this",) else ctx.here
        if where is None or where[0] != "battlefield" and place.kind != "there":
            raise IllegalAction("359.3.f.2.a", "no battlefield was named before: the move does nothing")
        return where
    return None


def _mine(ctx, place: fx.Place) -> tuple:
    """"to my battlefield" (where my source is), "to my original location" (where it was before this effect
    moved it: ``Context.moved_from``)."""
    source = ctx.source()
    if "original" in place.qualifiers and source is not None and source.identity in ctx.moved_from:
        return ctx.moved_from[source.identity]
    where = location_of(ctx.state, source) if source is not None else None
    if where is None or place.kind == "battlefield" and where[0] != "battlefield":
        raise IllegalAction("359.3.e.11", "my location is not one to move to")
    return where


def check_chosen(ctx, place: fx.Place | None, unit, where: tuple) -> tuple:
    """A destination the player chose, tested against the words of ``place``: "a different battlefield" than
    the unit's (355.4.a), "a battlefield you control" (170.11)."""
    if place is not None and "different" in place.qualifiers and where == unit.zone:
        raise IllegalAction("355.4.a", f"{unit.name} is already at that battlefield: a different one is needed")
    if place is not None and "you_control" in place.qualifiers and (
            where[0] != "battlefield" or ctx.state.battlefields[where[1]].controller != ctx.player):
        raise IllegalAction("170.11", "that battlefield is not one you control")
    return where


def remember_origin(ctx, unit, origin: tuple | None) -> None:
    """Keep where a unit was before this effect first moved it ("my original location")."""
    if origin is not None:
        ctx.moved_from.setdefault(unit.identity, origin)


# ---- "to a location where ...", "to an occupied enemy battlefield if ..." ----------------------------------
_WHERE_QUALIFIERS = {"a", "an", "occupied", "enemy"}


def where_read(place: fx.Place) -> bool:
    """The "where" places ``where_destinations`` reads: a location or battlefield, occupied or enemy (170.11),
    where there is a unit (with the same controller as the one moved), or where my Might is greater than the
    total Might of the units named there."""
    return place.of is None and place.owner is None and place.kind in ("location", "battlefield") \
        and set(place.qualifiers) <= _WHERE_QUALIFIERS and (_exists_read(place.where) or _more_might_read(place.where))


def _exists_read(c: fx.Condition) -> bool:
    return c.kind == "exists" and not c.negated and c.subject is None and c.object is not None and c.also is None \
        and c.object.location is None and all(f.kind == "same_controller" for f in c.object.filters) \
        and runs_selector(replace(c.object, filters=()))


def _more_might_read(c: fx.Condition) -> bool:
    return c.kind == "more_might_than" and c.value == "total" and not c.negated and c.also is None \
        and c.subject is not None and c.subject.reference == "self" and c.object is not None \
        and c.object.location is not None and c.object.location.kind == "there" \
        and runs_selector(replace(c.object, location=None))


def where_destinations(ctx, place: fx.Place, unit) -> list[tuple]:
    """The locations other than the unit's own that the words of ``place`` fit: its controller's base (a
    "location") and the battlefields, those occupied (a unit there, 170.11.a) or an opponent controls ("enemy")
    as the qualifiers say, where the condition holds."""
    state = ctx.state
    places = [("battlefield", slot) for slot in range(len(state.battlefields))]
    if place.kind == "location":
        places = [("base", unit.controller)] + places
    units_at = {}
    for obj in state.board_objects():
        units_at.setdefault(location_of(state, obj), []).append(obj)
    fits = []
    for where in places:
        if where == location_of(state, unit):
            continue
        if "occupied" in place.qualifiers and not any(o.card_type == "unit" for o in units_at.get(where, ())):
            continue
        if "enemy" in place.qualifiers and (where[0] != "battlefield"
                                            or state.battlefields[where[1]].controller in (None, ctx.player)):
            continue
        if _where_holds(ctx, place.where, unit, where):
            fits.append(where)
    return fits


def _where_holds(ctx, c: fx.Condition, unit, where: tuple) -> bool:
    state = ctx.state
    if c.kind == "exists":                 # "where there's a unit with the same controller"
        same = bool(c.object.filters)
        return any(location_of(state, o) == where and o is not unit and (not same or o.controller == unit.controller)
                   for o in candidates(ctx, replace(c.object, filters=())))
    source = ctx.source()                  # "if my Might is greater than the total Might of enemy units there"
    mine = max(might_of(state, source) or 0, 0) if source is not None else 0
    total = sum(max(might_of(state, o) or 0, 0) for o in candidates(ctx, replace(c.object, location=None))
                if location_of(state, o) == where)
    return mine > total


def where_destination(ctx, place: fx.Place, unit) -> tuple:
    """The location chosen among ``where_destinations`` (355.4), else the first; with none the unit stays."""
    fits = where_destinations(ctx, place, unit)
    chosen = ctx.take("location")
    if chosen is not None and chosen not in fits:
        raise IllegalAction("355.4", f"{ctx.state.location_name(chosen)} is not a location the text allows")
    if chosen is None and not fits:
        raise IllegalAction("359.3.e.11", "no location fits the words of the move")
    return chosen if chosen is not None else fits[0]
