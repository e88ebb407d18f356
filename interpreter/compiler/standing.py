"""A permanent's line of instructions that is no instruction done once: a replacement, a permission.

A spell's text is done as it resolves (135.2.b.3); a unit's "If I would die, instead recall me
exhausted." is done by no one: it watches for the event and replaces it while its card is on the
board (367, 369.1). The compiler gives such a line its own class, ``ReplacementAbility``, so the
runtime finds it among the replacements and never runs it as an instruction. A unit's "You may play
me to an open battlefield." is a permission of its card (364), the passive "I can be played to ...".
"Use my abilities only while I'm at a battlefield." limits every activated ability of its card (377):
it stands as a ``Restriction`` of the card, read before any of them is activated. Any other "You may
..." of a permanent is a permission that stands while its card does (364, 366.1: "You may play me from
your trash for [3][C]" is a passive ability), and so is an instruction nobody is told when to do
("Increase the points needed to win the game by 1." on a battlefield): passive abilities.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from . import effects as fx
from .base import replace

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
    if not effects:
        return None
    first = effects[0]
    if isinstance(first, fx.Delayed) and first.when == "next_time" and first.trigger is not None \
            and first.trigger.replaces:
        # "The next time a friendly unit would die, kill this instead.": the next such event only (371.1)
        rules = REPLACEMENT_RULES + ("371.1",)
        return fx.ReplacementAbility(span, rules, None, first.effects, effects[1:], next_time=first.trigger)
    if not isinstance(first, fx.Conditional):
        return None
    if first.otherwise or first.unless:
        return None
    if first.condition.kind not in WOULD_KINDS and not any(_replaces(e) for e in first.effects):
        return None
    rules = REPLACEMENT_RULES + tuple(r for r in first.rules if r not in REPLACEMENT_RULES)
    subject = first.condition.subject if first.condition.kind in WOULD_KINDS else None
    if subject is not None and subject.reference is None:
        # "If a unit here would die, its controller may pay [A] to recall it instead": "it" is that unit
        return fx.ReplacementAbility(span, rules, first.condition, _refer_to(first.effects, subject),
                                     _refer_to(effects[1:], subject))
    return fx.ReplacementAbility(span, rules, first.condition, first.effects, effects[1:])


def _refer_to(value, subject: fx.Selector):
    """``value`` with each "it" and "its" that found nothing to refer to resolved to ``subject``; a quoted
    ability ("has "When ...""), with pronouns of its own, is left as it is."""
    if isinstance(value, tuple):
        return tuple(_refer_to(item, subject) for item in value)
    if isinstance(value, fx.Selector):
        value = replace(value, **{f.name: _refer_to(getattr(value, f.name), subject)
                                  for f in fields(value) if f.name != "antecedent"})
        refers = value.reference == "it" or (value.reference is None and value.controller == "its")
        return replace(value, antecedent=subject) if refers and value.antecedent is None else value
    if isinstance(value, fx.Modification) or not is_dataclass(value):
        return value
    return replace(value, **{f.name: _refer_to(getattr(value, f.name), subject) for f in fields(value)})


def as_conditional(ability: fx.ReplacementAbility) -> tuple:
    """The sentences of a replacement as they are written: "If <event>, <effects>." and those after."""
    if ability.next_time is not None:
        return (fx.Delayed(None, (), "next_time", ability.effects, ability.next_time),) + ability.then
    return (fx.Conditional(None, (), ability.condition, ability.effects),) + ability.then


def standing_permission(span, effects: tuple) -> fx.PassiveAbility | None:
    """"You may play me to an open battlefield." on a permanent: the passive permission "I can be played to
    an open battlefield" (364), or None when the line is something else."""
    if len(effects) != 1 or not isinstance(effects[0], fx.MayDo):
        return None
    may = effects[0]
    play = may.effect
    if may.player not in (None, fx.Selector("the", reference="you")) or not isinstance(play, fx.GameAction):
        return None
    if play.action != "play" or play.place is None or play.objects != (fx.Selector("the", reference="self"),) \
            or play.subject or play.amount or play.modifications or play.duration or play.options or play.cost:
        return None
    statement = fx.StaticEffect(play.span, ("364",), "play_permission", play.objects[0], place=play.place)
    return fx.PassiveAbility(span, ("364",), (statement,))


def standing_restriction(span, effects: tuple) -> fx.Restriction | None:
    """"Use my abilities only while ...": a restriction on activating each ability of the card (377), or None."""
    if len(effects) == 1 and isinstance(effects[0], fx.Restriction) and effects[0].applies_to == "my_abilities":
        return effects[0]
    return None


def _permission(effect) -> bool:
    """"You may ...", maybe under "If ...": a permission its card gives (366.1)."""
    if isinstance(effect, fx.Conditional) and not effect.otherwise and not effect.unless:
        return len(effect.effects) == 1 and _permission(effect.effects[0])
    return isinstance(effect, fx.MayDo) and effect.player in (None, fx.Selector("the", reference="you")) \
        and not isinstance(effect.effect, fx.AdditionalCost)     # an optional cost of the play (131)


def standing_passive(span, effects: tuple) -> fx.PassiveAbility | None:
    """A permanent's line of permissions or of plain game actions with no trigger and no cost: statements
    that stand while the card does (364), or None."""
    if len(effects) == 1 and _permission(effects[0]):
        return fx.PassiveAbility(span, ("364", "366.1"), effects)
    if effects and all(isinstance(e, fx.GameAction) for e in effects):
        return fx.PassiveAbility(span, ("364",), effects)
    return None
