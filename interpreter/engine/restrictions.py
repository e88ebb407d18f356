"""Restrictions on activating an ability (377), checked before its costs are paid and it goes on the chain.

"Use only once per turn" counts the activations of that ability this turn; "Use only while/if ..."
tests its condition now. A condition the runtime cannot test refuses the activation with a clear
message, never lets it through.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .actions import require
from .state import GameObject, GameState, IllegalAction


def check_activation(state: GameState, obj: GameObject, index: int, ability: fx.ActivatedAbility) -> None:
    """Refuse the activation when one of the ability's restrictions, or one of its card's on all its abilities
    ("Use my abilities only while ..."), forbids it now (377)."""
    mine = tuple(a for a in obj.chars.abilities() if isinstance(a, fx.Restriction) and a.applies_to == "my_abilities")
    for restriction in ability.restrictions + mine:
        if restriction.kind == "once_per_turn":
            require(_activations(state).get(_key(state, obj, index), 0) == 0, "377",
                    f"{obj.name}'s ability can be used only once per turn")
        elif restriction.kind in ("only_while", "only_if"):
            require(_holds(state, obj, restriction.condition), "377",
                    f"{obj.name}'s ability can't be used now: its condition does not hold")


def record_activation(state: GameState, obj: GameObject, index: int) -> None:
    """Count one activation of the ability this turn ("Use only once per turn")."""
    key = _key(state, obj, index)
    _activations(state)[key] = _activations(state).get(key, 0) + 1


def _key(state: GameState, obj: GameObject, index: int) -> tuple:
    return obj.identity, index, state.turn_number


def _activations(state: GameState) -> dict:
    return state.__dict__.setdefault("activations_this_turn", {})


def _holds(state: GameState, obj: GameObject, condition: fx.Condition | None) -> bool:
    from .layer_sources import condition_test, resolve_state
    test = condition_test(state, obj, condition) if condition is not None else None
    if test is None:
        raise IllegalAction("377", f"the runtime can't test the condition “{getattr(condition, 'kind', None)}” "
                                   f"of {obj.name}'s activation restriction yet")
    return bool(test(resolve_state(state).view))
