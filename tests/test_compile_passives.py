"""Passive (static) forms read for issue #3: what each compiles to, its canonical text, the round trip."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

from conftest import static_statement


def test_i_am_a_tag_gives_the_holder_that_tag():
    static = static_statement("I am a Mech.")
    assert static.kind == "modify" and static.value == "Mech" and static.holder.reference == "self"
    assert static.modifications[0].kind == "tag"
    assert "477.1" in static.rules


def test_i_dont_take_damage_under_a_moved_twice_condition():
    text = "If I have moved twice this turn, I don't take damage."
    (ability,) = compile_text(text, card_type="unit")
    conditional = ability.effects[0]
    assert conditional.condition.kind == "moved_this_turn" and conditional.condition.value == 2
    assert conditional.condition.subject.reference == "self"
    assert conditional.effects[0].kind == "no_damage"
    assert render_card((ability,), "unit") == text


def test_any_number_of_buffs_lifts_the_one_buff_limit():
    static = static_statement("I can have any number of buffs.")
    assert static.kind == "buff_limit" and static.value == "any"
    assert "702.3" in static.rules


def test_opponents_can_only_play_units_to_their_base():
    static = static_statement("While I'm at a battlefield, opponents can only play units to their base.")
    assert static.kind == "play_only_to"
    assert static.holder.types == ("opponent",) and static.by.types == ("unit",)
    assert (static.place.kind, static.place.owner) == ("base", "their")


def test_play_me_only_to_a_place_with_a_trailing_qualifier():
    static = static_statement("Play me only to a battlefield you conquered this turn.")
    assert static.kind == "play_only_to" and static.holder.reference == "self" and static.by is None
    assert static.place.kind == "battlefield" and "conquered_this_turn" in static.place.qualifiers
    assert static.rules == ("366.1",)


def test_cannot_be_revealed_here():
    static = static_statement("Your opponents' [Hidden] cards can't be revealed here.", "battlefield")
    assert static.kind == "cannot_be_revealed" and static.place.kind == "here"
    assert static.holder.types == ("card",)


def test_keyword_effects_trigger_an_additional_time():
    static = static_statement("Your [Deathknell] effects trigger an additional time.")
    assert static.kind == "extra_trigger" and static.keyword == "Deathknell" and static.value is None
    assert static.holder.reference == "you"
    mine = static_statement("My conquer effects trigger an additional time.")
    assert mine.value == "conquer" and mine.holder.reference == "self"


def test_a_grant_if_they_did_not_already_have_it():
    static = static_statement("Friendly buffed units have [Deflect] if they didn't already.", "gear")
    assert static.kind == "modify" and static.value == "unless_already"
    assert static.modifications[0].keyword.name == "Deflect"
    assert static.duration is None


def test_players_cannot_score_here_until_a_turn():
    static = static_statement("Players can't score here until their third turn.", "battlefield")
    assert static.kind == "cannot_score" and static.value == "until_third_turn" and static.place.kind == "here"


def test_may_be_played_to_is_a_play_permission():
    static = static_statement("Friendly units may be played to open battlefields.", "legend")
    assert static.kind == "play_permission" and static.place.qualifiers == ("open",)


def test_a_passive_can_forbid_an_action_on_objects():
    (ability,) = compile_text("Spells and abilities can't ready enemy units and gear.", card_type="unit")
    static = ability.effects[0]
    assert static.kind == "cannot_act" and static.value == "ready"
    assert static.by.relation == "enemy" and static.by.types == ("unit", "gear")


def test_a_trigger_place_keeps_what_follows_its_noun():
    (ability,) = compile_text("When an opponent moves to a battlefield other than mine, draw 1.", card_type="unit")
    assert ability.trigger.place == "battlefield" and "place_other_than_mine" in ability.trigger.qualifiers


@pytest.mark.parametrize("text, card_type", [
    ("I am a Mech.", "unit"),
    ("If I have moved twice this turn, I don't take damage.", "unit"),
    ("I can have any number of buffs.", "unit"),
    ("While I'm at a battlefield, opponents can only play units to their base.", "unit"),
    ("Play me only to a battlefield you conquered this turn.", "unit"),
    ("I can be played to a battlefield you're attacking.", "unit"),
    ("Your opponents' [Hidden] cards can't be revealed here.", "battlefield"),
    ("Your [Deathknell] effects trigger an additional time.", "unit"),
    ("Friendly buffed units have [Deflect] if they didn't already.", "gear"),
    ("Players can't score here until their third turn.", "battlefield"),
    ("Friendly units may be played to open battlefields.", "legend"),
    ("Spells and abilities can't ready enemy units and gear.", "unit"),
    ("When an opponent moves to a battlefield other than mine, draw 1.", "unit"),
])
def test_the_new_forms_round_trip(text, card_type):
    assert round_trips(compile_text(text, card_type=card_type), card_type)


def test_a_cost_change_by_one_of_two_symbols():
    static = static_statement("Your spells that choose me cost [1] or [A] less.")
    assert static.kind == "cost_change" and static.value == "less_either"
    assert [(c.kind, c.domain) for c in static.cost] == [("energy", None), ("power", "A")]
    assert static.holder.types == ("spell",) and static.holder.filters == (fx.Filter("chooses", "==", "self"),)


def test_effects_of_one_event_count_as_another():
    static = static_statement("My hold effects are also conquer effects, and vice versa.", "battlefield")
    assert (static.kind, static.value, static.also, static.vice_versa) == ("effects_also", "hold", "conquer", True)


def test_equipment_each_give_a_keyword_to_its_unit():
    static = static_statement("Your Equipment each give [Assault].", "legend")
    assert static.kind == "attached_gets" and static.holder.types == ("equipment",)
    assert static.modifications[0].keyword.name == "Assault"


def test_effect_text_is_read_as_the_attached_unit_text():
    from interpreter.cards.card_files import Card
    from interpreter.coverage.measure import text_card_type
    card = Card({"name": "X", "type": "Gear", "text": "[Equip] [G]", "effect_text": "I am a Mech."}, "<test>", 1)
    assert text_card_type(card, "effect_text") == "unit" and text_card_type(card, "text") == "gear"
    assert render_card(compile_text("I am a Mech.", card_type="unit"), "unit") == "I am a Mech."


@pytest.mark.parametrize("text, card_type", [
    ("Your spells that choose me cost [1] or [A] less.", "unit"),
    ("My hold effects are also conquer effects, and vice versa.", "battlefield"),
    ("Your Equipment each give [Assault].", "legend"),
    ("Choose a unit. Kill it the next time it takes damage this turn.", "spell"),
])
def test_more_forms_round_trip(text, card_type):
    assert round_trips(compile_text(text, card_type=card_type), card_type)


def test_a_trailing_next_time_is_the_delayed_trigger_of_the_leading_form():
    (trailing,) = compile_text("Choose a unit. Kill it the next time it takes damage this turn.", card_type="spell")
    (leading,) = compile_text("Choose a unit. The next time it takes damage this turn, kill it.", card_type="spell")
    from interpreter.render.renderer import without_spans
    assert without_spans(trailing) == without_spans(leading)
    delayed = trailing.effects[-1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "next_time" and delayed.effects[0].action == "kill"


def test_the_first_gear_played_each_turn_costs_less():
    static = static_statement("While you control this battlefield, the first friendly non-token gear played each turn "
                              "costs [1] less.", "battlefield")
    assert static.kind == "cost_change" and static.value == "less"
    assert fx.Filter("played_each_turn") in static.holder.filters and static.holder.types == ("gear",)


def test_you_can_hide_cards_ignoring_costs_this_turn():
    static = static_statement("You can hide cards ignoring costs this turn.", "spell")
    assert (static.kind, static.value, static.duration) == ("hide_permission", "ignoring_costs", "this_turn")
    assert static.holder.reference == "you" and static.by.types == ("card",)
    assert round_trips(compile_text("You can hide cards ignoring costs this turn.", card_type="spell"), "spell")


def test_a_cost_change_for_each_point_scored_from_holding():
    static = static_statement("I cost [2][G] less for each point you scored from holding this turn.")
    assert static.kind == "cost_change" and [(c.kind, c.amount) for c in static.cost] == [("energy", 2), ("power", 1)]
    assert static.per.types == ("point",)
    assert static.per.filters == (fx.Filter("scored_from", "==", "hold", duration="this_turn"),)
    assert round_trips(compile_text("I cost [2][G] less for each point you scored from holding this turn.",
                                    card_type="unit"), "unit")


def test_units_played_from_anywhere_other_than_a_hand():
    text = "Friendly units played from anywhere other than a player's hand have [Accelerate]."
    static = static_statement(text)
    assert static.holder.filters == (fx.Filter("played_from_elsewhere", "!=", place=fx.Place("hand", "a_players")),)
    assert static.modifications[0].keyword.name == "Accelerate"
    assert round_trips(compile_text(text, card_type="unit"), "unit")


def test_each_equipment_attached_to_me_gives_double_its_bonus():
    text = "Each Equipment attached to me gives double its base Might bonus."
    static = static_statement(text)
    assert (static.kind, static.value) == ("might_bonus", "double") and "137.3" in static.rules
    assert static.holder.types == ("equipment",) and static.holder.filters == (fx.Filter("attached_to", "==", "self"),)
    assert round_trips(compile_text(text, card_type="unit"), "unit")


def test_a_lower_case_word_is_no_tag_and_gets_a_located_diagnostic():
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError) as caught:
        compile_text("I am a copy.", card_type="unit")
    diagnostic = caught.value.diagnostic
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E010", 1, 8)
