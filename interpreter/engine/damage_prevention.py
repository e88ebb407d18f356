"""Preventing damage (437): "Prevent all spell and ability damage this turn." and "The next time that unit would
be dealt damage this turn, prevent it."

A prevention is kept on the state for the turn it was made: which unit it protects (None: every unit), whether
it covers combat damage and damage of spells and abilities, and whether it is spent by the damage it prevents
(the next time). Its Prevent Value is "all" (437.1.b.1.b): the damage it applies to is replaced by dealing none
(437.2, 437.2.a); Bonus Damage is part of that damage (437.1.a.1). ``actions.deal_damage`` asks ``prevents``
before marking damage.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx

_KEY = "damage_preventions"
SOURCES = {"spell", "ability"}


def prevention_form(action: fx.GameAction) -> bool:
    """"Prevent all [spell and ability] damage this turn": all of it, to every unit, this turn (437.1.b)."""
    return action.action == "prevent_damage" and not action.objects and action.subject is None \
        and action.amount is not None and action.amount.kind == "all" and action.duration == "this_turn" \
        and set(action.options) in (set(), SOURCES) and not action.modifications and action.place is None


def delayed_prevention(effect: fx.Delayed) -> bool:
    """"The next time that unit would be dealt damage this turn, prevent it." (390.3, 437.1.b.2)."""
    trigger = effect.trigger
    if effect.when != "next_time" or trigger is None or trigger.event != "dealt_damage" or trigger.subject != "other":
        return False
    if set(trigger.qualifiers) != {"would", "this_turn"} or trigger.condition is not None or trigger.place is not None \
            or trigger.object is not None or trigger.actor is None or trigger.actor.reference not in ("it", "that"):
        return False
    return len(effect.effects) == 1 and isinstance(effect.effects[0], fx.GameAction) \
        and effect.effects[0].action == "prevent" and tuple(effect.effects[0].options) == ("that_damage",) \
        and not effect.effects[0].objects


def keep(state, unit: int | None, combat: bool, noncombat: bool, once: bool, what: str) -> None:
    """Keep a prevention for this turn (437.1.b)."""
    state.__dict__.setdefault(_KEY, []).append({"turn": state.turn_number, "unit": unit, "combat": combat,
                                                "noncombat": noncombat, "once": once, "spent": False})
    state.note(f"{what} is prevented this turn", "437.1.b", "437.1.b.1.b")


def prevents(state, obj, amount: int, combat: bool) -> bool:
    """Whether a prevention of this turn replaces ``amount`` damage to ``obj`` by none (437.2, 437.2.a); a "next
    time" prevention is spent by it (437.3)."""
    for kept in state.__dict__.get(_KEY, []):
        if kept["turn"] != state.turn_number or kept["spent"] or kept["unit"] not in (None, obj.identity):
            continue
        if not (kept["combat"] if combat else kept["noncombat"]):
            continue
        kept["spent"] = kept["once"]
        state.note(f"{amount} damage to {obj.name} is prevented: none is dealt", "437.2", "437.2.a", "437.3")
        return True
    return False
