"""What happened, as the general event watch reads it: one record per game action or point in the turn.

A game action the engine performs (a play, a stun, a kill, a discard, a move, a defence, a win of a
combat, the start of a Beginning Phase) announces a ``Happening`` on the bus (topic "happened"): the
event's verb as the trigger grammar names it (rules_data/actions.yaml), the player who did it, the
objects it was done to as they were at that moment, where it happened, what made it (a spell or an
ability) and the facts of that one event the triggers may ask about ("from_facedown", "alone").
``event_watch`` matches every triggered ability to it by those fields (383.1, 383.2.c), rather than
one watcher per event.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from . import bus


@dataclass(frozen=True)
class Happening:
    """One event: its verb, its doer, the objects acted on, where it happened and its own facts."""

    event: str                          # play | stun | kill | discard | defend | win | start_of_beginning_phase ...
    player: str | None = None           # the "you" of "When you ...": who did it
    objects: tuple = ()                 # the objects acted on, as they were (a copy for those that left)
    now: tuple | None = None            # the same objects as they are now, when they changed zone
    place: tuple | None = None          # where it happened: the battlefield of a defence, a move's origin
    dest: tuple | None = None           # a move's destination
    at: object | None = None            # the battlefield object acted on ("attacks a battlefield you control")
    via: str | None = None              # spell | ability: what did it ("with a spell")
    facts: frozenset = frozenset()      # qualifiers this event meets by itself ("from_facedown", "alone", "first")
    rules: tuple = ()                   # the rules of the event itself, cited as its triggers go on the chain

    @property
    def current(self) -> tuple:
        """The objects acted on as they are now."""
        return self.objects if self.now is None else self.now


def snapshot(obj):
    """The object as it is now, kept for watchers that look at it after it changed zone (its last known state)."""
    return copy.copy(obj)


def happen(state, event: str, player: str | None = None, objects=(), **details) -> None:
    """Announce a happening to the general watch (engine/event_watch.py)."""
    bus.publish("happened", state, Happening(event, player, tuple(objects), **details))


def via_of(ctx) -> str | None:
    """What made an effect's game action: the spell it is the text of, else an ability of a permanent."""
    source = ctx.source() if ctx is not None else None
    if source is None:
        return None
    return "spell" if source.card_type == "spell" else "ability"
