"""Doubling the damage a unit would be dealt (432, 374): "Double all damage that would be dealt to it this turn."

A doubling is kept on the state for the turn it was made, with the unit it applies to (its identity: the
unit as a new object after a change of zone is another, 124). ``actions.deal_damage`` asks ``doubled`` for
the amount before marking it: the damage of spells, abilities and combat alike is replaced by twice as much
(432.1: increased by its current value), once for each doubling kept on that unit.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx

_KEY = "damage_doublings"


def doubling_form(action: fx.GameAction) -> bool:
    """"Double all damage that would be dealt to <objects> this turn" (432)."""
    return action.action == "double" and tuple(action.options) == ("damage",) and action.duration == "this_turn" \
        and bool(action.objects) and action.subject is None and action.amount is None \
        and not action.modifications and action.place is None


def keep(state, unit) -> None:
    """Keep a doubling of the damage dealt to ``unit`` for this turn."""
    state.__dict__.setdefault(_KEY, []).append({"turn": state.turn_number, "unit": unit.identity})
    state.note(f"all damage that would be dealt to {unit.name} this turn is doubled", "432", "374")


def doubled(state, obj, amount: int) -> int:
    """The damage ``obj`` is dealt in place of ``amount``: doubled by each doubling of this turn on it (432.1)."""
    for kept in state.__dict__.get(_KEY, []):
        if kept["turn"] == state.turn_number and kept["unit"] == obj.identity:
            state.note(f"the {amount} damage to {obj.name} is doubled to {2 * amount}", "432.1", "374")
            amount *= 2
    return amount
