"""Events carried out with their replacement effects (370.1.c): a death, a permanent entering, a token
played, a card played or revealed. Each builds its ``GameEvent``, lets ``replacement_graph`` apply
the replacement effects in the order 372-373 give, and carries out what is left.

A game action reaches ``die`` and ``as_event`` through the engine's bus (``bus.perform``), so the
actions do not import what replaces them.
"""
from __future__ import annotations

from . import bus, trigger_watch
from .actions import change_zone
from .events import GameEvent, new_cause
from .happenings import happen, snapshot
from .replacement_graph import run_sequences
from .replacements import ACTIVE_ZONES, applies, in_play, of_object
from .state import GameObject, GameState
from .traits import location_of


@bus.performs("die")
def die(state: GameState, objs: list, why: str, rules: tuple, applied: frozenset = frozenset()) -> None:
    """Objects that would die together (one cause, 370.1.a.2): replacements first (370.1.c),
    each in one sequence (373.2); the replacing actions happen before the deaths left (373.1.a)."""
    cause = new_cause()
    events = [GameEvent("die", obj, cause=cause, applied=applied) for obj in objs]
    left = run_sequences(state, events)
    before = len(state.chain)
    for event in sorted(left, key=lambda e: _turn_place(state, e.obj.controller)):   # 383.3.d.1
        trigger_watch.dying(state, event.obj, location_of(state, event.obj))
    players = list(dict.fromkeys(item.controller for item in state.chain[before:]))
    if len(players) > 1:
        state.note(f"the death triggers go on the chain in turn order: {', '.join(players)} (the last resolves "
                   "first)", "383.3.d.1")
    dead = [trigger_watch.seen(event.obj) for event in left if event.obj.zone[0] in ACTIVE_ZONES]
    was = [(snapshot(event.obj), event.obj) for event in left if event.obj.zone[0] in ACTIVE_ZONES]
    for event in left:
        if event.obj.zone[0] in ACTIVE_ZONES:
            change_zone(state, event.obj, ("trash", event.obj.owner), why=why, rules=rules)
    trigger_watch.deaths_seen(state, dead)                                            # 383.2.c, after the event
    if was:                                                                            # event_watch.py
        happen(state, "die", None, [w for w, _ in was], now=tuple(o for _, o in was))
    # "If a unit died this turn": the deaths of each turn, as the objects last were on the board
    state.__dict__.setdefault("deaths_this_turn", {}).setdefault(state.turn_number, []).extend(dead)
    from . import turn_records                    # "If a friendly unit died during your Beginning Phase this turn"
    for obj in dead:
        if obj.card_type == "unit":
            turn_records.add(state, "unit_died", obj.controller, 1, state.phase)


def _turn_place(state: GameState, player: str | None) -> int:
    """A player's place in turn order from the turn player: their triggers go on the chain in it."""
    if player not in state.order:
        return len(state.order)
    return (state.order.index(player) - state.order.index(state.turn_player)) % len(state.order)


@bus.performs("as_event")
def as_event(state: GameState, obj: GameObject, kind: str, player: str | None = None) -> None:
    """The "as" replacement effects of ``obj`` itself on an event about it (``play``, ``reveal``),
    applied before the event (370.1.c) from the zone it is in (370.3)."""
    candidates = [r for r in of_object(state, obj) if r.kind == kind and r.also and r.zone == obj.zone[0]]
    if candidates:
        event = GameEvent(kind, obj, player=player or obj.owner, cause=new_cause(), fields={"from": obj.zone})
        run_sequences(state, [event], candidates)


def entering(state: GameState, obj: GameObject, player: str, location: tuple, ready: bool) -> tuple[tuple, bool]:
    """Where and how a permanent enters after its replacements (369.3); returns (location, ready)."""
    event = GameEvent("enter", obj, player=player, cause=new_cause(),
                      fields={"location": location, "ready": ready, "played_to": location})
    candidates = in_play(state, "enter", obj)
    if not candidates:
        return location, ready
    run_sequences(state, [event], candidates)
    return event.fields["location"], event.fields["ready"]


def playing_token(state: GameState, player: str, chars, effect, location: tuple) -> bool:
    """A token about to be played: True when a replacement played something else instead (375)."""
    applied = state.__dict__.get("replacing", frozenset())
    event = GameEvent("play_token", None, player=player, cause=new_cause(), applied=applied,
                      fields={"chars": chars, "name": chars.name, "effect": effect, "location": location})
    if not any(applies(state, r, event) for r in in_play(state, "play_token")):
        return False
    return not run_sequences(state, [event])
