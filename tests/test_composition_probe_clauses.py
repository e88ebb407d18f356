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


# ---- conditions joined: "or", and "if"/"unless" after an instruction taking the joined forms ---------------
def test_clauses_joined_by_or_are_alternatives():
    condition = _condition("If you control a gear or an opponent controls a unit, draw 1.")
    assert condition["kind"] == "either" and condition["also"] is None
    first, second = condition["alternatives"]
    assert (first["kind"], first["subject"]["reference"], first["object"]["types"]) == ("controls", "you", ["gear"])
    assert (second["kind"], second["subject"]["types"], second["object"]["types"]) == ("controls", ["opponent"], ["unit"])
    three = _condition("If it's your turn or you stunned a unit this turn or I'm exhausted, draw 1.", "unit")
    assert [part["kind"] for part in three["alternatives"]] == ["turn", "done_this_turn", "is"]
    assert three["alternatives"][1]["action"] == "stun" and three["alternatives"][2]["value"] == "exhausted"


@pytest.mark.parametrize("text, unless", [
    ("Draw 1 if you control a gear and an opponent controls a unit.", False),
    ("Draw 1 unless you control a gear and an opponent controls a unit.", True),
])
def test_a_trailing_if_or_unless_takes_joined_clauses(text, unless):
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell"), render_card(abilities, "spell")
    effect = to_data(abilities)[0]["effects"][0]
    assert (effect["type"], effect["unless"]) == ("Conditional", unless)
    assert (effect["condition"]["kind"], effect["condition"]["also"]["kind"]) == ("controls", "controls")
    assert effect["condition"]["also"]["subject"]["types"] == ["opponent"]


def test_unless_takes_alternatives():
    effect = to_data(compile_text("Draw 1 unless you control a gear or it's your turn.", card_type="spell"))[0]["effects"][0]
    assert effect["unless"] and [p["kind"] for p in effect["condition"]["alternatives"]] == ["controls", "turn"]


# ---- "return" read in every role of an action; a passive event of any action said back -------------------
@pytest.mark.parametrize("text, card_type, path, expected", [
    ("I can't be returned.", "unit", ("effects", 0), {"kind": "cannot_be", "value": "return"}),
    ("Enemy units can't be returned by spells.", "unit", ("effects", 0), {"kind": "cannot_be", "value": "return"}),
    ("When you return a unit, draw 1.", "unit", ("trigger",), {"event": "return", "subject": "you"}),
    ("When an opponent returns a unit, draw 1.", "unit", ("trigger",), {"event": "return"}),
    ("If a unit was returned this turn, draw 1.", "spell", ("effects", 0, "condition"),
     {"kind": "done_this_turn", "action": "return"}),
    ("If you returned a unit this turn, draw 1.", "spell", ("effects", 0, "condition"),
     {"kind": "done_this_turn", "action": "return"}),
])
def test_return_in_every_role(text, card_type, path, expected):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    value = to_data(abilities)[0]
    for key in path:
        value = value[key]
    assert {key: value[key] for key in expected} == expected


@pytest.mark.parametrize("text", ["When I'm returned, draw 1.", "When a card is hidden, draw 1.",
                                  "When I'm doubled, draw 1.", "When a unit is disempowered, draw 1."])
def test_a_passive_event_of_any_action_is_said_back(text):
    abilities = compile_text(text, card_type="unit")
    trigger = to_data(abilities)[0]["trigger"]
    assert trigger["event"] == "is" and trigger["qualifiers"][0] == text.split()[-3].rstrip(",")
    assert render_card(abilities, "unit") == text


@pytest.mark.parametrize("whenever, when", [
    ("Whenever you kill a unit, draw 1.", "When you kill a unit, draw 1."),
    ("Whenever a friendly unit is stunned, draw 1.", "When a friendly unit is stunned, draw 1."),
    ("Whenever I attack or defend, draw 1.", "When I attack or defend, draw 1."),
])
def test_whenever_is_when(whenever, when):
    said, plain = compile_text(whenever, card_type="unit"), compile_text(when, card_type="unit")
    assert to_data(said)[0]["trigger"] == to_data(plain)[0]["trigger"]      # 383.1: one trigger, each time
    assert to_data(said)[0]["trigger"]["event"] in ("kill", "is", "attack")
    assert render_card(said, "unit") == when and round_trips(said, "unit")
