"""Delayed triggers linked to what an instruction moved off the board: "Choose a card revealed this way and banish
it. When they hold, return it to their hand." (390.5, 392).

Such a trigger names no time of the turn: its window is as long as the object it acts on stays in the zone the
instruction put it in (390.5.a, 390.5.c.1); leaving that zone it is a new object (124.1) and the trigger is gone.
It waits for the event of a player, you or the player a phrase before chose ("they"), once, whether or not its
source is still on the board (392); then its instructions act on that object ("it", ``ChainItem.linked``).
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from . import bus
from .happenings import Happening
from .state import ChainItem

_KEY = "linked_triggers"
# The events of a player this watch reads ("When they hold"): a happening whose ``player`` did it
_PLAYER_EVENTS = ("hold", "conquer", "score")


@dataclass
class Linked:
    """A delayed trigger waiting for ``player`` to do ``event``, about the objects ``linked`` (identities)."""

    controller: str
    source: int | None
    player: str
    event: str
    effects: tuple
    linked: tuple


def _they(sel) -> bool:
    """"they": the player a phrase before chose ("Choose an opponent. ... When they hold")."""
    return sel is not None and sel.reference == "they" and sel.antecedent is not None


def linked_trigger(effect) -> bool:
    """"When they hold, return it to their hand": a player's event with no time of the turn, instructions on "it"."""
    trigger = effect.trigger if isinstance(effect, fx.Delayed) else None
    if effect.when != "when" or trigger is None or trigger.event not in _PLAYER_EVENTS or trigger.qualifiers \
            or trigger.place is not None or trigger.object is not None or trigger.condition is not None:
        return False
    doer = trigger.subject == "you" or trigger.subject == "other" and _they(trigger.actor)
    return doer and bool(effect.effects) and all(map(_on_it, effect.effects))


def _on_it(action) -> bool:
    return isinstance(action, fx.GameAction) and action.subject is None and bool(action.objects) \
        and all(sel.reference == "it" for sel in action.objects)


def keep_linked(ctx, effect) -> bool:
    """Keep the trigger on what the instruction before acted on, in the zone it is in now (390.5.c.1)."""
    state, trigger = ctx.state, effect.trigger
    player = ctx.player if trigger.subject == "you" else ctx.players_chosen.get(trigger.actor.antecedent)
    linked = tuple(o.identity for o in ctx.last if o.zone[0] != "ceased")
    if player is None or not linked:
        state.note("the linked delayed trigger names no player or no object: it waits for nothing", "390.5")
        return False
    state.__dict__.setdefault(_KEY, []).append(
        Linked(ctx.player, ctx.source_identity, player, trigger.event, tuple(effect.effects), linked))
    state.note(f"a delayed trigger waits for {player} to {trigger.event}, while what it names stays where it is",
               "390.5", "390.5.c.1")
    return True


def still_there(state, identities: tuple) -> list:
    """The objects of ``identities`` still the same objects, in whatever zone (124.1: a new one has a new number)."""
    wanted = set(identities)
    return [o for o in state.all_objects() if o.identity in wanted]


@bus.subscribe("happened")
def watch_linked(state, happening: Happening) -> None:
    """Trigger each linked delayed trigger whose player did its event and whose objects are still there (392)."""
    kept = state.__dict__.get(_KEY, [])
    if not kept or happening.player is None:
        return
    waiting = []
    for linked in kept:
        if not still_there(state, linked.linked):
            continue                                              # its window has closed (390.5.a)
        if linked.event != happening.event or linked.player != happening.player:
            waiting.append(linked)
            continue
        item = ChainItem(linked.controller, None, linked.effects, f"when {linked.player} {linked.event}s",
                         linked.source, finalized=True, linked=linked.linked)
        state.chain.append(item)
        state.note(f"a delayed trigger: when {linked.player} {linked.event}s, it goes on the chain", "390.5", "392")
        state.cleanup_due = True
    state.__dict__[_KEY] = waiting
