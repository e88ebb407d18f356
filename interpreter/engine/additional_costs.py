"""Additional costs of playing a card (131, 356.2): "As an additional cost to play me, kill a friendly unit".

A mandatory additional cost is paid as the card is played, with its base cost (357); a card whose
additional cost can't be paid can't be played. Its instructions run as the payment: a choice they
need comes from the answers given with the play. An optional one is paid only when asked for, which
the runtime does not offer yet: such a card is played without it.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus
from .actions import require
from .context import Context
from .state import GameObject, GameState, IllegalAction


def mandatory_costs(obj: GameObject) -> list[fx.AdditionalCost]:
    """The additional costs the card's text requires to play it (131)."""
    return [a for a in obj.chars.abilities() if isinstance(a, fx.AdditionalCost) and not a.optional]


def check_payable(costs: list[fx.AdditionalCost]) -> None:
    """Refuse a cost the runtime can't pay as a payment: one with choices or results inside it."""
    for cost in costs:
        if cost.effects or not all(isinstance(part, fx.GameAction) for part in cost.cost):
            raise IllegalAction("131", "this additional cost is not paid by the runtime yet "
                                       "(an optional part or a result inside the cost)")


def pay_additional(state: GameState, player: str, obj: GameObject, costs: list[fx.AdditionalCost]) -> None:
    """Pay each additional cost by doing its instructions (131, 357); none done refuses the play."""
    for cost in costs:            # the instructions run through the bus: playing sits below the effect handlers
        ctx = Context(state, player, obj.identity, None)
        require(bus.perform("run_effects", ctx, cost.cost), "131", f"the additional cost to play {obj.name} can't be paid")
        state.note(f"{player} pays the additional cost to play {obj.name}", "131", "357")
