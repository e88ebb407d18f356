""""As <event about me>, ..." abilities (369.1, 369.3, 370.1.b.1): replacement effects that keep the
event and add an action. Each test checks the compiled values and the canonical text."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

UNDERTITAN = "As I'm revealed from your deck, [Add] [2]."
BARON = ("As you play me, add the Baron Pit battlefield token to the board if it's not there already. "
         "If you do, I enter there.")


def test_an_as_reveal_is_a_replacement_marked_as_not_a_trigger():
    (ability,) = compile_text(UNDERTITAN, card_type="unit")
    assert isinstance(ability, fx.TriggeredAbility)
    assert (ability.trigger.event, ability.trigger.subject) == ("reveal", "self")
    assert ability.trigger.qualifiers == ("as", "from_deck") and ability.trigger.whose == "you"
    assert ability.trigger.replaces
    assert "370.1.b.1" in ability.rules and "383" not in ability.rules
    (add,) = ability.effects
    assert isinstance(add, fx.AddResources) and (add.energy, add.power) == (2, ())
    assert render_card((ability,), "unit") == UNDERTITAN
    assert round_trips((ability,), "unit")


def test_other_events_about_me_read_the_same_way():
    (ability,) = compile_text("As I'm discarded, draw 1.", card_type="unit")
    assert (ability.trigger.event, ability.trigger.qualifiers) == ("discard", ("as",))
    assert render_card((ability,), "unit") == "As I'm discarded, draw 1."


def test_as_you_play_me_is_the_same_kind_of_ability():
    (ability,) = compile_text("As you play this, draw 1.", card_type="gear")
    assert (ability.trigger.event, ability.trigger.subject, ability.trigger.qualifiers) == ("play", "self", ("as",))
    assert render_card((ability,), "gear") == "As you play this, draw 1."


def test_baron_adds_the_pit_unless_it_is_there_and_then_enters_there():
    (ability,) = compile_text(BARON, card_type="unit")
    assert ability.trigger == fx.Trigger("play", "self", qualifiers=("as",))
    added, entering = ability.effects
    assert isinstance(added, fx.Conditional)
    condition = added.condition
    assert (condition.kind, condition.negated, condition.already, condition.value) == ("is_at", True, True, None)
    assert condition.place.kind == "there"
    assert condition.subject.reference == "it"
    (token,) = added.effects
    assert (token.action, token.token.name, token.created_to.zone) == ("add", "Baron Pit", "battlefield_zone")
    assert isinstance(entering, fx.IfYouDo)
    statement = entering.effect
    assert (statement.kind, statement.holder.reference, statement.place.kind) == ("enter", "self", "there")
    assert statement.rules == ("369.3",)
    assert token.token.unique                                # "The Baron Pit battlefield token" (187.9)
    assert render_card((ability,), "unit") == BARON
    assert round_trips((ability,), "unit")


def test_a_negated_place_is_not_read_as_a_tag():
    (spell,) = compile_text("Draw 1 if it's not there.", card_type="spell")
    (conditional,) = spell.effects
    condition = conditional.condition
    assert (condition.kind, condition.negated, condition.object) == ("is_at", True, None)


@pytest.mark.parametrize(("text", "column"), [("As a friendly unit dies, draw 1.", 4), ("As I'm drawn, draw 1.", 8)])
def test_an_as_event_about_something_else_does_not_parse(text, column):
    with pytest.raises(InputError) as error:
        compile_text(text, card_type="unit")
    assert error.value.diagnostic.code == "E002"
    assert error.value.diagnostic.column == column
