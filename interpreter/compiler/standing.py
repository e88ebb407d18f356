"""A permanent's line of instructions that is no instruction done once: a standing replacement.

A spell's text is done as it resolves (135.2.b.3); a unit's "If I would die, instead recall me
exhausted." is done by no one: it watches for the event and replaces it while its card is on the
board (367, 369.1). The compiler gives such a line its own class, ``ReplacementAbility``, so the
runtime finds it among the replacements and never runs it as an instruction.
"""
from __future__ import annotations

from . import effects as fx

# the conditions that name an event about to happen, "If ... would ..." (369.1)
WOULD_KINDS = ("would_die", "would_reveal")
REPLACEMENT_RULES = ("367", "369.1")


def _replaces(effect) -> bool:
    """Whether an instruction is done instead of the event: "..., instead recall me", "... instead"."""
    while isinstance(effect, (fx.MayDo, fx.IfYouDo)):
        effect = effect.effect
    if isinstance(effect, fx.PayToDo):
        return _replaces(effect.result)
    if isinstance(effect, fx.Conditional):
        return any(_replaces(e) for e in effect.effects)
    return isinstance(effect, fx.Instead)


def standing_replacement(span, effects: tuple) -> fx.ReplacementAbility | None:
    """The replacement a permanent's "If ... would ..., ... instead" line states, or None when the line is
    something else."""
    if not effects or not isinstance(effects[0], fx.Conditional):
        return None
    first = effects[0]
    if first.otherwise or first.unless:
        return None
    if first.condition.kind not in WOULD_KINDS and not any(_replaces(e) for e in first.effects):
        return None
    rules = REPLACEMENT_RULES + tuple(r for r in first.rules if r not in REPLACEMENT_RULES)
    return fx.ReplacementAbility(span, rules, first.condition, first.effects, effects[1:])


def as_conditional(ability: fx.ReplacementAbility) -> tuple:
    """The sentences of a replacement as they are written: "If <event>, <effects>." and those after."""
    return (fx.Conditional(None, (), ability.condition, ability.effects),) + ability.then
