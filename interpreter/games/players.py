"""Players of full games: each picks one of the moves it is offered, and answers the setup decisions.

``RandomPlayer`` picks uniformly. ``HeuristicPlayer`` plays the costliest card it can, then sends
ready units to battlefields it does not control, then ends its turn: enough to reach a winner far
sooner than chance, while the rules still decide what is legal.
"""
from __future__ import annotations

import random

from .moves import Move


class RandomPlayer:
    """Any offered move, with equal chance."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state, player: str, offered: list[Move]) -> Move:
        return self.rng.choice(offered)

    def mulligan(self, state, player, hand):
        return []


class HeuristicPlayer:
    """Costliest play first, then moves to battlefields not yet controlled, then the end of the turn."""

    name = "heuristic"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state, player: str, offered: list[Move]) -> Move:
        plays = sorted((m for m in offered if m.kind == "play"), key=lambda m: -m.cost)
        if plays:
            return plays[0]
        attacks = [m for m in offered if m.kind == "move" and m.to[0] == "battlefield"
                   and state.battlefields[m.to[1]].controller != player]
        if attacks:
            return self.rng.choice(attacks)
        return next(m for m in offered if m.kind == "end_turn")

    def mulligan(self, state, player, hand):
        return [card for card in hand if card.chars.energy >= 6][:2]     # set aside what is too dear to open with


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
