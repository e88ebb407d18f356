"""Where a move goes when its text names the place by a word ("this battlefield", "that battlefield",
"the same battlefield", "my original location", "a different battlefield", "a battlefield you control"),
and which of those places the runtime reads: ``place_read`` is the static check of the move handler
(``action_run._destination``), ``trigger_place_gap`` the check of a trigger whose effect names the
battlefield of its event. A place not read here is refused by name, so a move never goes elsewhere.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .event_forms import event_place_named
from .state import IllegalAction
from .trigger_support import watched_generally
from .traits import location_of

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
    if place.of is not None or place.where is not None:
        return False
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
