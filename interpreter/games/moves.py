"""The actions a player may try at a decision point of a full game, as (label, function) pairs.

The rules decide whether each is legal: an action the engine refuses (IllegalAction) is not made
and changes nothing. In the turn player's Main Phase with an empty chain: play a card from hand or
the Champion Zone (to their base or a battlefield they control, for a unit), activate an ability
of a permanent they control, make a standard move (144) with a ready unit, or end the turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.engine import actions
from interpreter.engine.playing import activate, activated_abilities, play_card, playable_locations
from interpreter.engine.state import GameObject, GameState


@dataclass(frozen=True)
class Move:
    """One action a player could take: what it is, on which object, and how to do it."""

    kind: str                       # play | activate | move | end_turn
    label: str
    do: Callable[[], None]
    obj: GameObject | None = None
    to: tuple | None = None         # where a play or a move goes
    cost: int = 0                   # the Energy cost printed, for a heuristic player


def moves(state: GameState, player: str) -> list[Move]:
    """What ``player`` could try now (the turn player, chain empty)."""
    found = []
    for zone in (("hand", player), ("champion", player)):
        for card in state.objects(zone):
            found += _plays(state, player, card)
    for obj in state.board_objects():
        if obj.controller == player:
            found += _activations(state, player, obj) + _standard_moves(state, obj)
    from interpreter.engine.turn import end_turn
    found.append(Move("end_turn", f"{player} ends their turn", lambda: end_turn(state)))
    return found


def _plays(state: GameState, player: str, card: GameObject) -> list[Move]:
    where = playable_locations(state, player) if card.card_type == "unit" else [None]
    return [Move("play", f"{player} plays {card.name}" + (f" to {state.location_name(to)}" if to else ""),
                 lambda c=card, t=to: play_card(state, player, c, t), card, to, card.chars.energy) for to in where]


def _activations(state: GameState, player: str, obj: GameObject) -> list[Move]:
    count = len(activated_abilities(state, obj))
    return [Move("activate", f"{player} activates {obj.name}'s ability {n}",
                 lambda n=n: activate(state, player, obj, n), obj) for n in range(1, count + 1)]


def _standard_moves(state: GameState, obj: GameObject) -> list[Move]:
    if obj.card_type != "unit" or obj.exhausted:
        return []
    places = [("base", obj.controller)] + [("battlefield", slot) for slot in range(len(state.battlefields))]
    return [Move("move", f"{obj.controller} moves {obj.name} to {state.location_name(place)}",
                 lambda p=place: actions.move(state, obj, p, standard=True), obj, place)
            for place in places if place != obj.zone]
