"""Measures compared in conditions (issue 14 item 5): sentences written for these tests, not card texts.

A measure bound by a number reads as the comparison it means ("my Might is 5 or more" is "my Might is no less
than 5"), "more" and "greater" are one comparison as "less" and "fewer" are, and "you're within N points of the
Victory Score" is "you are within ...". Each compiles to the typed condition named and renders back to text that
compiles to the same abilities.
"""
from __future__ import annotations

import pytest

from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips


def _condition(text: str, card_type: str):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    (ability,) = abilities
    return ability.condition if getattr(ability, "condition", None) is not None else ability.effects[0].condition


@pytest.mark.parametrize("text, card_type, kind, value, negated, measured", [
    ("While my Might is 5 or more, I have [Tank].", "unit", "measure_less", 5, True, "might"),
    ("While my Might is 2 or less, I have [Assault].", "unit", "measure_more", 2, True, "might"),
    ("If my Might is at least 4, draw 1.", "unit", "measure_less", 4, True, "might"),
    ("If my Might is at most 3, draw 1.", "unit", "measure_more", 3, True, "might"),
    ("While my Might is more than 3, I have [Tank].", "unit", "measure_more", 3, False, "might"),
    ("While my Might is fewer than 3, I have [Tank].", "unit", "measure_less", 3, False, "might"),
    ("If its Energy cost is 3 or less, draw 1.", "spell", "measure_more", 3, True, "energy_cost"),
    ("If my Might is no more than 2, draw 1.", "unit", "measure_more", 2, True, "might"),
])
def test_a_measure_bound_by_a_number(text, card_type, kind, value, negated, measured):
    condition = _condition(text, card_type)
    assert (condition.kind, condition.value, condition.negated) == (kind, value, negated)
    assert condition.measure.kind == measured


def test_two_measures_compared_with_more():
    condition = _condition("If my Might is more than its Might, draw 1.", "unit")
    assert condition.kind == "measure_more" and condition.compared.kind == "might" and not condition.negated


@pytest.mark.parametrize("text, reference", [
    ("If you're within 3 points of the Victory Score, draw 2.", "you"),
    ("If you are within 3 points of the Victory Score, draw 2.", "you"),
])
def test_a_player_near_the_victory_score(text, reference):
    condition = _condition(text, "spell")
    assert condition.kind == "near_victory" and condition.value == 3 and condition.subject.reference == reference


def test_near_the_victory_score_renders_with_the_verb_of_its_subject():
    abilities = compile_text("If you're within 3 points of the Victory Score, draw 2.", card_type="spell")
    assert "you are within 3 points" in render_card(abilities, "spell")
