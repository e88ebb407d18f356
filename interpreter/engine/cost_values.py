"""A total cost as the runtime adds, changes and pays it: Energy and Power symbols (161, 356).

Kept apart from paying (``costs``) so that the modules that compute cost changes read it
without importing the game actions that pay.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Cost:
    """A total cost: energy, power symbols (letters, A for any) and what may pay [C]."""

    energy: int = 0
    power: list = field(default_factory=list)

    def add(self, other: "Cost") -> "Cost":
        return Cost(self.energy + other.energy, self.power + other.power)


def symbols_cost(text: str) -> Cost:
    """A cost written in symbols, as keyword meanings give it: '[1][C]' -> 1 energy and [C]."""
    energy, power = 0, []
    for symbol in re.findall(r"\[([^\]]+)\]", text):
        if symbol.isdigit():
            energy += int(symbol)
        else:
            power.append(symbol)
    return Cost(energy, power)
