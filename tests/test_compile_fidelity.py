"""Words the compiler used to drop without a trace, found by comparing each printed text with its
canonical text: each test checks that the meaning is now in the effects and comes back in the text."""
from __future__ import annotations

from interpreter.pipeline import compile_text
from interpreter.render import render_card, round_trips


def _ability(text: str, card_type: str):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type)
    return abilities


def test_an_opponents_score_is_not_your_score():
    text = "If an opponent's score is within 3 points of the Victory Score, this costs [2] less."
    (ability,) = _ability(text, "spell")
    condition = ability.effects[0].condition
    assert condition.subject.types == ("score",) and condition.subject.controller == "opponent"
    assert render_card((ability,), "spell") == text


def test_each_players_first_beginning_phase_keeps_first():
    (ability,) = _ability("At the start of each player's first Beginning Phase, that player channels 1 rune.",
                          "battlefield")
    assert ability.trigger.subject == "each_player" and ability.trigger.qualifiers == ("first",)


def test_conquer_with_mighty_units_keeps_the_units():
    (ability,) = _ability("When you conquer here with one or more [Mighty] units, you may pay [1] to draw 1.",
                          "battlefield")
    using = ability.trigger.using
    assert using.quantity == "one_or_more" and using.types == ("unit",) and using.keywords_with == ("Mighty",)


def test_power_spent_is_not_energy_spent():
    (ability,) = _ability("If you've spent at least [A][A] this turn, I have +2 [M].", "unit")
    condition = ability.effects[0].condition
    assert condition.kind == "spent_this_turn" and condition.value == "[A][A]"
    (ability,) = _ability("If you've spent [4] or more to play a spell this turn, draw 1.", "spell")
    condition = ability.effects[0].condition
    assert condition.value == "[4]" and condition.object.types == ("spell",)


def test_use_my_abilities_only_names_every_ability():
    abilities = _ability("[E]: Draw 1.\nUse my abilities only while I'm at a battlefield.", "unit")
    restriction = abilities[-1].effects[-1]
    assert restriction.kind == "only_while" and restriction.applies_to == "my abilities"
    assert render_card(abilities, "unit").endswith("Use my abilities only while I'm at a battlefield.")
