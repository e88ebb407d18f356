"""Trigger and condition forms read for issue #3: the compiled triggers and conditions, canonical text, round trip."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips


def _ability(text: str, card_type: str = "unit"):
    (ability,) = compile_text(text, card_type=card_type)
    return ability


def test_a_passive_participle_list_is_one_trigger_a_participle():
    ability = _ability("When this is played, discarded, or killed, draw 1.", "gear")
    triggers = (ability.trigger,) + ability.also
    assert [t.qualifiers[-1] for t in triggers] == ["played", "discarded", "killed"]
    assert {(t.event, t.actor.reference) for t in triggers} == {("is", "self")}
    assert render_card((ability,), "gear") == "When this is played, discarded, or killed, draw 1."


def test_either_subject_gives_the_same_event_for_each():
    ability = _ability("When you or an ally hold, draw 1.", "legend")
    assert (ability.trigger.event, ability.trigger.subject) == ("hold", "you")
    (other,) = ability.also
    assert (other.event, other.subject) == ("hold", "other") and other.actor.types == ("ally",)
    assert render_card((ability,), "legend") == "When you or an ally hold, draw 1."


def test_the_nearer_subject_decides_the_verb():
    ability = _ability("When a friendly unit or an enemy unit dies, draw 1.")
    assert [t.actor.relation for t in (ability.trigger,) + ability.also] == ["friendly", "enemy"]
    assert render_card((ability,), "unit") == "When a friendly unit or an enemy unit dies, draw 1."


def test_using_an_activated_ability_of_an_object():
    trigger = _ability("When you use an activated ability of a gear, give me +1 [M] this turn.").trigger
    assert (trigger.event, trigger.subject) == ("activate", "you") and trigger.object.types == ("gear",)


def test_for_the_first_time_each_turn_is_the_first_time_limit():
    text = "When a player chooses a friendly unit here with a spell for the first time each turn, they draw 1."
    ability = _ability(text, "battlefield")
    assert ability.limit == "first" and ability.trigger.event == "choose"
    assert ability.trigger.object.filters == (fx.Filter("source", "==", "spell"),)
    same = _ability("The first time a player chooses a friendly unit here with a spell each turn, they draw 1.",
                    "battlefield")
    assert same.trigger == ability.trigger and same.limit == "first"


def test_with_an_ability_and_with_a_spell_stay_apart():
    spell = _ability("When you choose me with a spell, draw 1.").trigger
    ability = _ability("When you choose me with an ability, draw 1.").trigger
    assert spell != ability


def test_a_battlefield_that_was_uncontrolled():
    trigger = _ability("When I conquer a battlefield that was uncontrolled, draw 1.").trigger
    assert trigger.object.filters == (fx.Filter("was_uncontrolled"),)


def test_an_equipment_attached_this_turn():
    ability = _ability("If this was attached to me this turn, I have an additional +2 [M].", "gear")
    conditional = ability.effects[0]
    assert conditional.condition.kind == "attached" and conditional.condition.value == "this_turn"
    assert conditional.effects[0].modifications[0].amount == 2
    assert render_card((ability,), "gear").startswith("If this was attached to me this turn, ")


def test_may_be_moved_with_a_unit_that_moves_from_my_location():
    ability = _ability("When a friendly unit moves from my location, I may be moved with it.")
    assert "from_my_location" in ability.trigger.qualifiers
    (may,) = ability.effects
    assert isinstance(may, fx.MayDo) and may.effect.action == "move" and "along_with" in may.effect.options
    mover, leader = may.effect.objects
    assert mover.reference == "self" and leader.reference == "it"


def test_gold_adds_an_additional_energy():
    ability = _ability("Your Gold [Add] an additional [1].", "legend")
    static = ability.effects[0]
    assert static.kind == "adds_additional" and [(c.kind, c.amount) for c in static.cost] == [("energy", 1)]


@pytest.mark.parametrize("text, card_type", [
    ("When this is played, discarded, or killed, draw 1.", "gear"),
    ("When this is played or killed, draw 1.", "gear"),
    ("When you or an ally hold, you may exhaust me to play a Gold gear token exhausted.", "legend"),
    ("When you use an activated ability of a gear, give me +1 [M] this turn.", "unit"),
    ("When a player chooses a friendly unit here with a spell for the first time each turn, they draw 1.",
     "battlefield"),
    ("When I conquer a battlefield that was uncontrolled, draw 1.", "unit"),
    ("If this was attached to me this turn, I have an additional +2 [M].", "gear"),
    ("When a friendly unit moves from my location, I may be moved with it.", "unit"),
    ("While your score is within 3 points of the Victory Score, your Gold [Add] an additional [1].", "legend"),
])
def test_the_new_forms_round_trip(text, card_type):
    assert round_trips(compile_text(text, card_type=card_type), card_type)


def test_the_next_time_a_unit_would_be_dealt_damage_prevent_it():
    text = "Choose a unit. The next time that unit would be dealt damage this turn, prevent it. Draw 1."
    abilities = compile_text(text, card_type="spell")
    delayed = abilities[0].effects[1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "next_time"
    assert delayed.trigger.event == "dealt_damage" and delayed.trigger.qualifiers == ("would", "this_turn")
    assert delayed.trigger.actor.reference == "that"
    (prevent,) = delayed.effects
    assert (prevent.action, prevent.options, prevent.rules) == ("prevent", ("that_damage",), ("437",))
    assert render_card(abilities, "spell") == text and round_trips(abilities, "spell")


@pytest.mark.parametrize("text, qualifier, whose", [
    ("When a unit here is returned to your hand, draw 1.", "returned_hand", "you"),
    ("When a friendly unit moves from my location, draw 1.", "from_my_location", None),
    ("When I move from a battlefield, draw 1.", "from_battlefield", None),
])
def test_event_places_keep_whose_place_and_are_said_back(text, qualifier, whose):
    card_type = "battlefield" if "here" in text else "unit"
    abilities = compile_text(text, card_type=card_type)
    assert qualifier in abilities[0].trigger.qualifiers and abilities[0].trigger.whose == whose
    assert render_card(abilities, card_type) == text


def test_use_only_to_do_one_of_two_things():
    text = "[E]: [Reaction] — [Add] [A]. Use only to play gear or use gear abilities."
    (ability,) = compile_text(text, card_type="legend")
    restriction = ability.ability.effects[-1] if hasattr(ability, "ability") else ability.effects[-1]
    assert isinstance(restriction, fx.Restriction) and restriction.kind == "only_to"
    play, use = restriction.effect.options
    assert (play.action, play.objects[0].types) == ("play", ("gear",))
    assert (use.action, use.rules, use.objects[0].types) == ("activate", ("377.2",), ("gear",))
    assert round_trips((ability,), "legend")


def test_as_i_am_revealed_is_a_replacement_that_adds_the_action():
    text = "As I'm revealed from your deck, [Add] [2]."
    (ability,) = compile_text(text, card_type="unit")
    assert "370.1.b.1" in ability.rules
    assert (ability.trigger.event, ability.trigger.subject) == ("reveal", "self")
    assert ability.trigger.qualifiers == ("as", "from_deck") and ability.trigger.whose == "you"
    assert isinstance(ability.effects[0], fx.AddResources) and ability.effects[0].energy == 2
    assert render_card((ability,), "unit") == text


def test_activate_the_conquer_effects_of_units_here():
    text = "When you hold here, activate the conquer effects of units here."
    (ability,) = compile_text(text, card_type="battlefield")
    (action,) = ability.effects
    assert (action.action, action.options, action.rules) == ("activate_effects", ("conquer",), ("383.4.g",))
    assert action.objects[0].types == ("unit",) and action.objects[0].location.kind == "here"
    assert round_trips((ability,), "battlefield")


def test_legion_kill_it_now_instead():
    text = "Choose a unit. Kill it the next time it takes damage this turn.\n[Legion] — Kill it now instead."
    abilities = compile_text(text, card_type="spell")
    instead = abilities[-1].ability.effects[0]
    assert isinstance(instead, fx.Instead) and instead.effect.action == "kill" and instead.effect.options == ("now",)
    assert render_card(abilities, "spell").endswith("[Legion][>] Kill it now instead.")
    assert round_trips(abilities, "spell")


@pytest.mark.parametrize("text", ["Channel 1 rune exhausted. If you can't, draw 1."])
def test_if_you_cannot_is_a_negated_condition_not_if_you_do(text):
    (ability,) = compile_text(text, card_type="spell")
    conditional = ability.effects[1]
    assert isinstance(conditional, fx.Conditional)
    assert conditional.condition.kind == "you_did" and conditional.condition.negated
    assert conditional.effects[0].action == "draw"
    assert render_card((ability,), "spell").endswith("If you can't, draw 1.")


@pytest.mark.parametrize("text, card_type", [
    ("When you choose or ready me, give me +1 [M] this turn.", "unit"),
    ("When you stun or kill an enemy unit, draw 1.", "gear"),
    ("When you play or discard a unit, draw 1.", "legend"),
])
def test_two_verbs_before_one_object_share_it(text, card_type):
    """"choose or ready me": the object after the last verb is the object of each event (English right-node
    sharing); said once again when rendered."""
    ability = _ability(text, card_type)
    (other,) = ability.also
    assert ability.trigger.object is not None and ability.trigger.object == other.object
    assert ability.trigger.event != other.event
    assert render_card((ability,), card_type) == text
    assert round_trips((ability,), card_type)


def test_verbs_without_an_object_stay_without_one():
    ability = _ability("When I attack or defend, draw 1.")
    assert ability.trigger.object is None and ability.also[0].object is None
