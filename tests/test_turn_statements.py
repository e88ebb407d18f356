"""The forms of the statements an instruction keeps for the rest of the turn (engine/turn_statements, 364)."""
from __future__ import annotations

from dataclasses import fields, is_dataclass

import pytest

from interpreter import compile_text
from interpreter.compiler import effects as fx
from interpreter.engine import turn_statements


def _statements(value):
    """The StaticEffects anywhere in compiled abilities, in text order."""
    if isinstance(value, fx.StaticEffect):
        yield value
    if isinstance(value, tuple):
        for part in value:
            yield from _statements(part)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _statements(getattr(value, f.name))


@pytest.mark.parametrize("text, kind, form", [
    ("Units you play this turn enter ready.", "enter", "enter"),
    ("Opponents can't play cards this turn.", "cannot_play", "cannot_play"),
    ("Stun a unit. Its controller can't play spells this turn.", "cannot_play", "cannot_play"),
    ("Buffs give an additional +1 [M] to friendly units this turn.", "give", "buff_might"),
    ("The next spell you play this turn deals 1 Bonus Damage.", "bonus_damage", "next_spell_bonus"),
    ("You can hide cards ignoring costs this turn.", "hide_permission", "hide_free"),
    ("Choose an opponent. You can look at their facedown cards this turn.", "look_permission", "look_facedown"),
    ("Choose an opponent. Stun a unit they control. They can't move it this turn.", "cannot_act", "cannot_move"),
    ('Choose a friendly unit. This turn, that unit has "When I conquer, draw 1."', "modify", "gains_ability"),
    ("Your units have +1 [M] this turn.", "modify", None),        # a Might change: kept by the layers, not here
])
def test_each_kind_is_kept_in_the_form_its_reader_reads(text, kind, form):
    (statement,) = _statements(compile_text(text, card_type="spell"))
    assert statement.kind == kind
    assert turn_statements._form(statement) == form
    assert turn_statements.runs(statement) is (form is not None)


def test_a_quoted_ability_is_given_only_in_its_form():
    (statement,) = _statements(compile_text('Choose a friendly unit. This turn, that unit has "When I conquer, '
                                            'draw 1."', card_type="spell"))
    (ability,) = turn_statements.given(statement)
    assert isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == "conquer"
    (other,) = _statements(compile_text("Your units have +1 [M] this turn.", card_type="spell"))
    assert turn_statements.given(other) == ()
