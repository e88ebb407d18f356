"""More object and instruction forms: counts per object, copies, cards banished with a source, named
tags, repeated effects. Each test checks compiled values and that the canonical text compiles back."""
from __future__ import annotations

from interpreter import effects as fx
from interpreter.pipeline import compile_text
from interpreter.render import render_card, round_trips


def _effects(text: str, card_type: str = "spell") -> tuple:
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    return abilities


def _triggered(text: str, card_type: str = "unit") -> tuple:
    (ability,) = _effects(text, card_type)
    assert isinstance(ability, fx.TriggeredAbility)
    return ability.effects


# ---- "gain N XP for each ..." (730.1) ----------------------------------------------------
def test_gain_xp_for_each_friendly_unit_counts_per_unit():
    (gain,) = _triggered("When you play me, gain 1 XP for each friendly unit.")
    assert gain.action == "gain_xp" and gain.amount.value == 1
    assert gain.amount.per.types == ("unit",) and gain.amount.per.relation == "friendly"


def test_gain_xp_for_each_card_in_a_zone():
    (ability,) = _effects("Gain 2 XP for each card in your hand.")
    (gain,) = ability.effects
    assert gain.amount.value == 2
    assert gain.amount.per.types == ("card",) and (gain.amount.per.zone or gain.amount.per.location).kind == "hand"
    assert render_card((ability,), "spell") == "Gain 2 XP for each card in your hand."


# ---- "They become copies of me" (477.1.b) ----------------------------------------------
def test_tokens_just_played_become_copies_of_me():
    play, copy = _triggered("When you play me, play two Reflection unit tokens here. They become copies of me.")
    assert play.count == 2 and play.token.name == "Reflection"
    assert copy.action == "become_copy"
    assert copy.objects[0].reference == "they" and copy.objects[1].reference == "self"


def test_chosen_units_become_copies_of_a_named_object():
    choose, copy = _triggered("When I attack, choose two friendly units. They become copies of me.")
    assert choose.objects[0].count == 2
    assert copy.action == "become_copy" and copy.objects[0].reference == "they"
    (ability,) = compile_text("When I attack, choose two friendly units. They become copies of me.", card_type="unit")
    assert render_card((ability,), "unit").endswith("They become copies of me.")
