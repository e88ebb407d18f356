"""One full game: setup (110-118), then turns until a player reaches the Victory Score (472) or a
turn limit, each step checked against the invariants.

A step is one decision of a player: with a chain, the players pass in turn and its newest item
resolves (339); without one, the turn player picks among the moves offered. A move the engine refuses changes nothing (the
fingerprint is compared) and is not offered again that turn. A move the runtime does not run yet
(UnsupportedEffect) that changed nothing is counted and its card not offered again in the game;
one that changed the state part-way, or a chain item or turn end it cannot carry out, stops the
game there (``stopped`` says why): the game cannot go on by the rules. Players pass the turn with
``end_turn``; a player who has tried everything ends it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from interpreter.base.diagnostics import InputError
from interpreter.engine import combat
from interpreter.engine.cleanup import cleanup
from interpreter.engine.errors import Unsupported, UnsupportedEffect
from interpreter.engine.invariants import Invariants, fingerprint
from interpreter.engine.priority import holder, pass_priority, settle
from interpreter.engine.setup import DeckCards, set_up
from interpreter.engine.state import GameState, IllegalAction
from interpreter.engine.turn import end_turn
from .moves import moves

MAX_TURNS = 100
MAX_STEPS_A_TURN = 200


@dataclass
class GameResult:
    """How a game ended and what happened on the way."""

    winner: str | None
    turns: int
    steps: int
    points: dict[str, int]
    refused: int = 0
    unsupported: dict[str, int] = field(default_factory=dict)
    broken: dict[str, int] = field(default_factory=dict)
    stopped: str | None = None       # why the game could not go on, when it stopped before a winner
    state: GameState | None = None


def play_game(rules, decks: dict[str, DeckCards], players: dict, rng: random.Random,
              max_turns: int = MAX_TURNS) -> GameResult:
    """A game between ``players`` (name -> player) with ``decks`` (name -> cards), random choices from ``rng``."""
    state = set_up(rules, decks, rng, _Mulligans(players))
    invariants = Invariants(state)
    result = GameResult(None, 0, 0, {})
    banned: set[str] = set()
    while state.winner is None and state.turn_number <= max_turns and result.stopped is None:
        _one_turn(state, players[state.turn_player], invariants, result, banned)
    result.winner, result.turns, result.state = state.winner, state.turn_number, state
    result.points = {name: player.points for name, player in state.players.items()}
    result.broken = invariants.broken
    return result


class _Mulligans:
    def __init__(self, players: dict):
        self.players = players

    def mulligan(self, state, player, hand):
        return self.players[player].mulligan(state, player, hand)


def _one_turn(state: GameState, player, invariants: Invariants, result: GameResult, banned: set[str]) -> None:
    turn, tried = state.turn_number, set()
    for _ in range(MAX_STEPS_A_TURN):
        if state.winner is not None or state.turn_number != turn or result.stopped:
            return
        result.steps += 1
        if state.chain:                                # the players pass in turn; then the newest item resolves (339)
            top = state.chain[-1].name
            if _step(state, lambda: pass_priority(state, holder(state)), invariants, result) != "done":
                result.stopped = f"the chain item {top} cannot be resolved"
            continue
        if state.showdown is not None:                 # the players pass focus in turn (347.2): it closes
            if _step(state, lambda: pass_priority(state, holder(state)), invariants, result) != "done":
                result.stopped = "a showdown cannot close"
            continue
        offered = [m for m in moves(state, state.turn_player) if m.label not in tried
                   and (m.obj is None or m.obj.name not in banned)]
        move = player.choose(state, state.turn_player, offered)
        outcome = _step(state, move.do, invariants, result)
        if outcome == "refused":
            tried.add(move.label)
        elif outcome == "unsupported" and move.obj is not None:
            banned.add(move.obj.name)
    if state.winner is None and state.turn_number == turn and not result.stopped:
        if _step(state, lambda: end_turn(state), invariants, result) != "done":   # everything tried: the turn ends
            result.stopped = f"turn {turn} cannot end"


def _step(state: GameState, do, invariants: Invariants, result: GameResult) -> str:
    before = fingerprint(state)
    outcome = "done"
    try:
        do()
        if state.cleanup_due and not state.chain:
            cleanup(state)
        settle(state)                                  # focus, the combat cleanup, the end of a combat
        while combat.awaiting(state) is not None:      # the default combat damage assignment (465.2.c)
            combat.assign(state, combat.awaiting(state), None)
            settle(state)
    except IllegalAction:
        result.refused += 1
        outcome = "refused"
        invariants.expect(fingerprint(state) == before, "a refused action changed the state")
    except (UnsupportedEffect, Unsupported, InputError) as gap:
        outcome = "unsupported"
        key = str(gap).splitlines()[0][:120]
        result.unsupported[key] = result.unsupported.get(key, 0) + 1
        if fingerprint(state) != before:
            result.stopped = f"not run yet, after part of it happened: {key}"
    invariants.check(state)
    return outcome
