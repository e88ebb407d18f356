"""Restrictions on activating an ability (377), checked before its costs are paid and it goes on the chain.

"Use only once per turn" counts the activations of that ability this turn; "Use only while/if ..."
tests its condition now. A condition the runtime cannot test refuses the activation with a clear
message, never lets it through.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .actions import require
from .state import GameObject, GameState, IllegalAction


RUN_KINDS = ("once_per_turn", "only_while", "only_if")


def restriction_gap(restriction: fx.Restriction) -> str | None:
    """Why ``check_activation`` would not apply a restriction, or None: "Use only once per turn", and "Use only
    while/if ..." with a condition ``layer_sources.condition_test`` reads (377.2.b); "Use only to play spells"
    (a limit on what the Energy is spent on) is not kept yet."""
    from .passive_support import condition_readable
    if restriction.kind not in RUN_KINDS or restriction.effect is not None:
        return f"the restriction “{restriction.kind}” on an activated ability is not checked yet (377)"
    from .passive_conditions import per_object
    if restriction.kind != "once_per_turn" and (restriction.condition is None or per_object(restriction.condition)
                                                 or not condition_readable(restriction.condition)):
        return (f"the condition “{getattr(restriction.condition, 'kind', None)}” of a “Use only ...” restriction "
                "is not tested yet (377.2.b)")
    return None


def card_restrictions(obj: GameObject) -> tuple:
    """"Use my abilities only while I'm at a battlefield": restrictions the card states for every one of its
    activated abilities (377.2.b), wherever the compiler put the sentence."""
    from .traits import abilities_of
    found = []
    for ability in abilities_of(obj):
        for effect in (ability,) + tuple(getattr(ability, "effects", ())):
            if isinstance(effect, fx.Restriction) and effect.applies_to == "my_abilities":
                found.append(effect)
    return tuple(found)


def check_activation(state: GameState, obj: GameObject, index: int, ability: fx.ActivatedAbility) -> None:
    """Refuse the activation when one of the ability's restrictions forbids it now (377, 377.2.b)."""
    for restriction in ability.restrictions + card_restrictions(obj):
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
    if condition is not None and condition.negated and condition.kind == "is":
        # "Play only if not Empowered" (827.1.c.1): the status tested, then its absence required
        return not _holds(state, obj, replace(condition, negated=False))
    test = condition_test(state, obj, condition) if condition is not None else None
    if test is None:
        raise IllegalAction("377", f"the runtime can't test the condition “{getattr(condition, 'kind', None)}” "
                                   f"of {obj.name}'s activation restriction yet")
    return bool(test(resolve_state(state).view))
