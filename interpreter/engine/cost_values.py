"""A total cost as the runtime adds, changes and pays it: Energy and Power symbols (161, 356).

Kept apart from paying (``costs``) so that the modules that compute cost changes read it
without importing the game actions that pay.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from interpreter.compiler import effects as fx


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


def fixed_cost(payment) -> Cost | None:
    """"pay [1][R]": the Energy and Power it names; None for "any amount" or anything else."""
    if not isinstance(payment, fx.GameAction) or payment.action != "pay" or payment.subject is not None \
            or payment.modifications or payment.amount is not None or payment.objects or payment.options \
            or not payment.cost:
        return None
    if any(c.kind not in ("energy", "power") or (c.kind == "power" and not c.domain) for c in payment.cost):
        return None
    energy = sum(c.amount for c in payment.cost if c.kind == "energy")
    power = [c.domain for c in payment.cost if c.kind == "power" for _ in range(c.amount)]
    return Cost(energy, power)
