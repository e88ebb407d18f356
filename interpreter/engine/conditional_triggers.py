"""Triggered abilities that exist only while a condition holds (364.3.a).

"While you control this battlefield, when you play a spell, draw 1": the passive's statement is a
triggered ability under a "While ..." condition. While the condition
holds the ability is one of the object's active abilities (``traits.active_abilities`` unwraps it),
so the trigger watchers see it; while it does not, the object has no such ability and nothing
triggers. The conditions read are those of the game's state and this turn's records, which need no
characteristics from the layer engine (``passive_conditions``: "While you control this
battlefield", "If you've discarded a card this turn", spending this turn); any other condition
keeps the gap ``passive_support`` names, and the triggered abilities' own parts are checked as
any other's (``runs._own_gap``).
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx

_RECORD_KINDS = ("discard_this_turn", "gained_xp_this_turn", "spent_this_turn")


def condition_read(condition: fx.Condition) -> bool:
    """A condition tested without the layer view: the battlefield's control, this turn's records."""
    from .passive_conditions import controls_me, readable
    return controls_me(condition) or condition.kind in _RECORD_KINDS and readable(condition)


def statement_read(statement) -> bool:
    """"While <condition>, when ..., ...": triggered abilities under a condition read here, none of them with a
    gap of its own (trigger_support.trigger_gap)."""
    from .trigger_support import trigger_gap
    return isinstance(statement, fx.Conditional) and not statement.unless and not statement.otherwise \
        and bool(statement.effects) and all(isinstance(e, fx.TriggeredAbility) for e in statement.effects) \
        and condition_read(statement.condition) and all(trigger_gap(e) is None for e in statement.effects)


def _is_form(statement) -> bool:
    return isinstance(statement, fx.Conditional) and bool(statement.effects) \
        and all(isinstance(e, fx.TriggeredAbility) for e in statement.effects)


def under_conditions(ability) -> tuple:
    """The triggered abilities under "While ..." conditions among a passive's statements (whatever the conditions)."""
    if not isinstance(ability, fx.PassiveAbility):
        return ()
    return tuple(e for s in ability.effects if _is_form(s) for e in s.effects)


def active(state, obj, ability) -> tuple | None:
    """For a passive holding such statements: the triggered abilities active now, and the passive's other
    statements as a passive of their own; None for any other ability (it is used as it is)."""
    if not under_conditions(ability):
        return None
    from .passive_conditions import test
    found, rest = [], [s for s in ability.effects if not _is_form(s)]
    for statement in filter(_is_form, ability.effects):
        if not condition_read(statement.condition):
            continue                                      # not read: never active (passive_support names the gap)
        check = test(state, obj, statement.condition)
        if check is not None and check(None):             # these tests read the state, not the view
            found.extend(statement.effects)
    return tuple(found) + ((replace(ability, effects=tuple(rest)),) if rest else ())
