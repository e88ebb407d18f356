"""Object lists read late: "or" lists of objects, keyword lists before "this turn", "would ... this turn".
Each test checks the compiled values and that the canonical text compiles back to the same effects."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips, without_spans


def _action(text: str) -> fx.GameAction:
    (ability,) = compile_text(text, card_type="spell")
    (effect,) = ability.effects
    return effect


def test_an_or_list_of_determined_objects_is_one_object_of_either_kind():
    action = _action("Kill a unit at a battlefield or a gear.")
    (target,) = action.objects
    assert target.quantity == "one"
    unit, gear = target.alternatives
    assert unit.types == ("unit",) and unit.location.kind == "battlefield"
    assert gear.types == ("gear",) and gear.location is None


def test_a_bare_noun_after_or_joins_the_types_and_shares_the_trailing_place():
    action = _action("Return a unit or gear from your trash to your hand.")
    (target,) = action.objects
    assert target.types == ("unit", "gear") and not target.alternatives
    assert target.zone.kind == "trash"


def test_a_bare_noun_with_its_own_modifier_shares_the_determiner_of_the_list():
    action = _action("Return another friendly gear, unit, or [Hidden] card to its owner's hand.")
    (target,) = action.objects
    first, card = target.alternatives
    assert first.types == ("gear", "unit") and first.other and first.relation == "friendly"
    assert card.types == ("card",) and card.keywords_with == ("Hidden",)
    assert card.quantity == first.quantity == target.quantity == "one"
    assert card.other and card.relation == "friendly"
    assert action.place.kind == "hand"


def test_and_lists_keep_both_objects():
    action = _action("Kill a unit and a gear.")
    assert [o.types for o in action.objects] == [("unit",), ("gear",)]


def test_give_either_object_a_keyword():
    action = _action("Give a unit at a battlefield or a gear [Temporary].")
    (target,) = action.objects
    assert [a.types for a in target.alternatives] == [("unit",), ("gear",)]
    assert [m.keyword.name for m in action.modifications] == ["Temporary"]


def test_a_list_of_keywords_before_this_turn_is_one_give():
    action = _action("Give a unit [Shield 3] and [Tank] this turn.")
    assert action.action == "give" and action.duration == "this_turn"
    assert [(m.keyword.name, m.keyword.value) for m in action.modifications] == [("Shield", 3), ("Tank", None)]


def test_would_die_this_turn_keeps_its_duration():
    (ability,) = compile_text("Deal 3 to a unit. If it would die this turn, banish it instead.", card_type="spell")
    conditional = ability.effects[1]
    assert conditional.condition.kind == "would_die" and conditional.condition.duration == "this_turn"
    assert conditional.condition.object is None


@pytest.mark.parametrize("text", [
    "Kill a unit at a battlefield or a gear.",
    "Return a unit or gear from your trash to your hand.",
    "Return another friendly gear, unit, or [Hidden] card to its owner's hand.",
    "Give a unit at a battlefield or a gear [Temporary].",
    "Give a unit [Shield 3] and [Tank] this turn.",
    "Deal 3 to a unit. If it would die this turn, banish it instead.",
])
def test_canonical_text_compiles_back(text):
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell"), render_card(abilities, "spell")


def test_put_a_number_into_your_hand_means_that_many_of_the_cards_looked_at():
    (ability,) = compile_text("Look at the top 3 cards of your Main Deck. Put 1 into your hand and recycle the rest.",
                              card_type="spell")
    look, put, recycle = ability.effects
    (chosen,) = put.objects
    assert (chosen.reference, chosen.count) == ("one", 1)
    assert chosen.antecedent == look.objects[0]
    assert put.place.kind == "hand"
    assert recycle.objects[0].types == ("rest",)


def test_the_other_is_the_rest():
    first = compile_text("Look at the top 2 cards of your Main Deck. Draw one and recycle the other.", card_type="spell")
    second = compile_text("Look at the top 2 cards of your Main Deck. Draw one and recycle the rest.", card_type="spell")
    assert without_spans(first) == without_spans(second)
    assert round_trips(first, "spell")


@pytest.mark.parametrize("text, option", [
    ("Play a unit from your trash, ignoring its cost.", "ignore_cost"),
    ("Play a unit from your trash, ignoring its Energy cost.", "ignore_energy_cost"),
    ("Play a spell from your trash without paying its Energy cost.", "ignore_energy_cost"),
    ("Each player plays those cards, ignoring Energy costs.", "ignore_energy_cost"),
])
def test_ignored_costs_are_play_options(text, option):
    (ability,) = compile_text(text, card_type="spell")
    assert ability.effects[-1].options == (option,)


def test_ignoring_anything_but_a_cost_does_not_compile():
    with pytest.raises(InputError):
        compile_text("Play a unit from your trash, ignoring its Might.", card_type="spell")


def test_ignore_this_spells_cost_names_the_spell_itself():
    text = "As you play this, you may spend a buff as an additional cost. If you do, ignore this spell's cost."
    (ability,) = compile_text(text, card_type="spell")
    ignore = ability.effects[-1].effect
    assert ignore.action == "ignore_cost" and ignore.objects[0].reference == "self"
    assert render_card((ability,), "spell") == text


def test_later_verbs_of_a_sentence_share_its_subject():
    (ability,) = compile_text("Each player discards their hand, then draws 4.", card_type="spell")
    discard, draw = ability.effects
    assert draw.action == "draw" and draw.subject == discard.subject
    assert draw.subject.quantity == "each" and draw.subject.types == ("player",)


def test_a_battlefield_you_control_is_a_qualifier_of_the_place():
    (ability,) = compile_text("Move a unit you control to a battlefield you control.", card_type="spell")
    (move,) = ability.effects
    assert move.objects[0].controller == "you"
    assert move.place.kind == "battlefield" and "you_control" in move.place.qualifiers
    assert render_card((ability,), "spell") == "Move a unit you control to a battlefield you control."


def test_they_control_is_not_you_control():
    (ability,) = compile_text("Choose an opponent. They move a unit they control to your base.", card_type="spell")
    move = ability.effects[-1]
    assert move.objects[0].controller == "they"
    assert round_trips((ability,), "spell")


def test_a_measure_as_damage_and_that_spells_energy_cost():
    (ability,) = compile_text("Discard 1. Deal its Energy cost as damage to a unit.", card_type="spell")
    deal = ability.effects[1]
    assert deal.amount.kind == "equal" and deal.amount.measure.kind == "energy_cost"
    assert deal.amount.measure.of.reference == "it"
    (ability,) = compile_text("Choose a friendly unit and a spell. Give that unit +[M] equal to that spell's Energy cost "
                              "this turn.", card_type="spell")
    give = ability.effects[-1]
    (modification,) = give.modifications
    of = modification.measure.of
    assert modification.measure.kind == "energy_cost" and of.reference == "that" and of.types == ("spell",)
    assert of.antecedent.types == ("spell",)
    assert round_trips((ability,), "spell")


@pytest.mark.parametrize("text", [
    "Kill the frozen unit.",
    "Recycle the forgotten card.",   # ("the played card" names what was played before)
])
def test_a_lower_case_word_is_never_read_as_a_tag(text):
    with pytest.raises(InputError, match="as a name or a tag"):
        compile_text(text, card_type="unit")


def test_any_number_of_your_units_keeps_the_controller():
    (move,) = _action_of("Move any number of your token units to your base.")
    (target,) = move.objects
    assert (target.quantity, target.controller, target.token, target.tags) == ("any_number", "you", True, ())


def test_two_of_them_and_up_to_two_of_them_choose_among_the_objects_named_before():
    (ability,) = compile_text("Look at the top 3 cards of your Main Deck. Put two of them into your hand.",
                              card_type="spell")
    chosen = ability.effects[1].objects[0]
    assert (chosen.quantity, chosen.count, chosen.reference) == ("count", 2, "one")
    (ability,) = compile_text("Look at the top 3 cards of your Main Deck. Ready up to two of them.", card_type="spell")
    chosen = ability.effects[1].objects[0]
    assert (chosen.quantity, chosen.count, chosen.reference) == ("up_to", 2, "one")
    assert round_trips((ability,), "spell")


def test_win_a_combat_is_typed():
    (ability,) = compile_text("When I win a combat, draw 1.", card_type="unit")
    assert ability.trigger.event == "win" and ability.trigger.object.types == ("combat",)


def test_reduce_my_cost_names_the_card_itself():
    text = "As you play me, you may discard 1 as an additional cost. If you do, reduce my cost by [2]."
    abilities = compile_text(text, card_type="unit")
    reduce = abilities[0].effects[-1].effect
    assert reduce.action == "reduce_cost" and reduce.objects[0].reference == "self"
    assert [(c.kind, c.amount) for c in reduce.cost] == [("energy", 2)]
    assert round_trips(abilities, "unit")


def _action_of(text):
    (ability,) = compile_text(text, card_type="spell")
    return ability.effects


def test_put_on_the_top_or_bottom_of_a_deck():
    (ability,) = compile_text("Put a card from your hand on the top or bottom of your Main Deck.", card_type="spell")
    (put,) = ability.effects
    assert put.action == "put" and put.place.kind == "main_deck" and put.options == ("top_or_bottom",)
    assert put.objects[0].zone.kind == "hand"


def test_total_might_bounds_the_chosen_set():
    (ability,) = compile_text("Kill any number of units at a battlefield with total Might 4 or less.", card_type="spell")
    (target,) = ability.effects[0].objects
    assert target.quantity == "any_number"
    assert [(f.kind, f.op, f.value) for f in target.filters] == [("total_might", "<=", 4)]


def test_reveal_until_names_the_deck_and_what_stops_it():
    (ability,) = compile_text("Reveal cards from the top of your Main Deck until you reveal a unit. Play it.",
                              card_type="spell")
    reveal, play = ability.effects
    deck, wanted = reveal.objects
    assert reveal.action == "reveal_until" and deck.zone.kind == "main_deck" and wanted.types == ("unit",)
    assert play.objects[0].antecedent == wanted
