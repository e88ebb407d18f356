"""The last forms of issue #3: Might compared with a named object, tags counted by a list named earlier,
an extra cost to move several units at once, and "must" kept in the canonical text."""
from __future__ import annotations

import pytest

from interpreter import effects as fx
from interpreter.pipeline import compile_text
from interpreter.render import render_card, round_trips


def _abilities(text: str, card_type: str) -> tuple:
    return compile_text(text, card_type=card_type)


def _last_action(ability) -> fx.GameAction:
    return ability.effects[-1]


# ---- "with less/more Might than <object>" (143) ----------------------------------------------------

@pytest.mark.parametrize("text, kind, types, states", [
    ("Choose a friendly unit and a battlefield. Move all enemy units at that battlefield with less Might than "
     "the chosen unit to their base.", "less_might_than", ("unit",), ("chosen",)),
    ("Choose a friendly unit. Kill all enemy units with more Might than the chosen unit.",
     "more_might_than", ("unit",), ("chosen",)),
    ("Choose an enemy unit. Stun all friendly units with less Might than the chosen unit.",
     "less_might_than", ("unit",), ("chosen",)),
])
def test_might_compared_with_a_named_object_keeps_that_object(text, kind, types, states):
    (ability,) = _abilities(text, "spell")
    (test,) = _last_action(ability).objects[0].filters
    assert (test.kind, test.value) == (kind, None)
    assert (test.of.types, test.of.states) == (types, states)
    assert f"{kind.split('_')[0]} Might than the chosen unit" in render_card((ability,), "spell")
    assert round_trips((ability,), "spell")


def test_might_compared_with_it_names_the_object_before():
    (ability,) = _abilities("Choose a friendly unit. Kill an enemy unit with less Might than it.", "spell")
    chosen = ability.effects[0].objects[0]
    (test,) = _last_action(ability).objects[0].filters
    assert test.of.reference == "it" and test.of.antecedent == chosen
    assert "with less Might than it" in render_card((ability,), "spell")
    assert round_trips((ability,), "spell")


@pytest.mark.parametrize("text", ["Kill all enemy units here with less Might than me.",
                                  "When I move, you may move an enemy unit here with more Might than me to base."])
def test_might_compared_with_me_is_the_source(text):
    (ability,) = _abilities(text, "unit")
    action = ability.effects[-1]
    action = action.effect if isinstance(action, fx.MayDo) else action
    (test,) = action.objects[0].filters
    assert (test.value, test.of) == ("self", None)
    assert round_trips((ability,), "unit")


def test_the_runtime_tests_might_than_me_and_refuses_another_object():
    from interpreter.selectors import runs_selector
    (me,) = _abilities("Kill all enemy units here with less Might than me.", "unit")
    (chosen,) = _abilities("Choose a friendly unit. Kill all enemy units with less Might than the chosen unit.", "spell")
    assert runs_selector(me.effects[0].objects[0])
    assert not runs_selector(chosen.effects[-1].objects[0])
