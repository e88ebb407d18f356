"""Clauses composed for any action of the lexicon (issue 14, Build 5): sentences written for this test, none a
card's text, each with the typed values it must compile to and rendered back to text of the same meaning."""
from __future__ import annotations

import pytest

from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.serialize import to_data
from interpreter.render.renderer import render_card, round_trips


def _condition(text: str, card_type: str = "spell") -> dict:
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    return to_data(abilities)[0]["effects"][0]["condition"]


# ---- an action done this turn: the simple past, the perfect, and its negation --------------------------
PAST_ACTIONS = [
    ("If you stunned a unit this turn, draw 1.", "done_this_turn", "stun", "you", "unit", False),
    ("If you killed a gear this turn, draw 1.", "done_this_turn", "kill", "you", "gear", False),
    ("If you banished a card this turn, draw 1.", "done_this_turn", "banish", "you", "card", False),
    ("If you readied a unit this turn, draw 1.", "done_this_turn", "ready", "you", "unit", False),
    ("If you recalled a unit this turn, draw 1.", "done_this_turn", "recall", "you", "unit", False),
    ("If you empowered a unit this turn, draw 1.", "done_this_turn", "empower", "you", "unit", False),
    ("If you haven't killed a unit this turn, draw 1.", "done_this_turn", "kill", "you", "unit", True),
    ("If you haven't buffed a unit this turn, draw 1.", "done_this_turn", "buff", "you", "unit", True),
    ("If an opponent banished a card this turn, draw 1.", "done_this_turn", "banish", "opponent", "card", False),
    ("If an opponent hasn't healed a unit this turn, draw 1.", "done_this_turn", "heal", "opponent", "unit", True),
    ("If you played a spell this turn, draw 1.", "play_this_turn", None, "you", "spell", False),
    ("If you haven't played a card this turn, draw 1.", "play_this_turn", None, "you", "card", True),
    ("If an opponent hasn't played a spell this turn, draw 1.", "play_this_turn", None, "opponent", "spell", True),
    ("If you haven't discarded a card this turn, draw 1.", "discard_this_turn", None, "you", "card", True),
]


@pytest.mark.parametrize("text, kind, action, who, thing, negated", PAST_ACTIONS)
def test_an_action_done_or_not_done_this_turn(text, kind, action, who, thing, negated):
    condition = _condition(text)
    assert (condition["kind"], condition["action"], condition["negated"]) == (kind, action, negated)
    subject = condition["subject"]
    assert subject["reference"] == who if who == "you" else subject["types"] == [who]
    assert condition["object"]["types"] == [thing]


def test_a_past_action_joins_another_condition():
    condition = _condition("If you stunned a unit this turn and you control a gear, draw 1.")
    assert (condition["kind"], condition["action"]) == ("done_this_turn", "stun")
    assert (condition["also"]["kind"], condition["also"]["object"]["types"]) == ("controls", ["gear"])
