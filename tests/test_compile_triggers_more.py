"""Trigger forms read late: delayed triggers a spell makes ("When it dies this turn, ..."), conditions on the
event of a trigger ("... while I'm at a battlefield"), events with their own time ("during a showdown", "on your
turn", "your second card each turn") and passives that change how triggers work. Each test checks the compiled
values and the canonical text."""
from __future__ import annotations

import pytest

from interpreter import effects as fx
from interpreter.pipeline import compile_text
from interpreter.render import render_card, round_trips


def _one(text: str, card_type: str):
    (ability,) = compile_text(text, card_type=card_type)
    return ability


def _same_text(text: str, card_type: str) -> None:
    abilities = compile_text(text, card_type=card_type)
    assert render_card(abilities, card_type) == text
    assert round_trips(abilities, card_type)


# ---- delayed triggers made by an earlier sentence (390.2) -------------------------------------------
@pytest.mark.parametrize("text, event, actor_relation, effect", [
    ("Deal 3 to an enemy unit. When it dies this turn, play a Gold gear token exhausted.", "die", "enemy",
     "CreateTokens"),
    ("Give a friendly unit +3 [M] this turn. When it wins a combat this turn, gain 2 XP.", "win", "friendly",
     "GameAction"),
    ("Stun an enemy unit. When it attacks this turn, draw 2.", "attack", "enemy", "GameAction"),
])
def test_a_later_when_sentence_is_a_delayed_trigger_on_what_came_before(text, event, actor_relation, effect):
    spell = _one(text, "spell")
    delayed = spell.effects[-1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "when" and "390.2" in delayed.rules
    assert delayed.trigger.event == event and "this_turn" in delayed.trigger.qualifiers
    assert delayed.trigger.actor.reference == "it" and delayed.trigger.actor.antecedent.relation == actor_relation
    assert type(delayed.effects[0]).__name__ == effect
    _same_text(text, "spell")


def test_a_delayed_trigger_keeps_the_object_of_its_event():
    spell = _one("Give a friendly unit +3 [M] this turn. When it wins a combat this turn, gain 2 XP.", "spell")
    assert spell.effects[-1].trigger.object.types == ("combat",)
    assert spell.effects[-1].effects[0].action == "gain_xp" and spell.effects[-1].effects[0].amount.value == 2


# ---- a condition on the event of a trigger (383.2.a.1) ------------------------------------------------
@pytest.mark.parametrize("text, event, limit", [
    ("Once each turn, when an enemy unit dies while I'm at a battlefield, play a Gold gear token exhausted.",
     "die", "once_each_turn"),
    ("When a friendly unit attacks while I'm at a battlefield, draw 1.", "attack", None),
])
def test_while_after_the_event_is_a_condition_of_the_trigger(text, event, limit):
    ability = _one(text, "unit")
    trigger = ability.trigger
    assert trigger.event == event and ability.limit == limit
    assert trigger.condition.kind == "is_at" and trigger.condition.subject.reference == "self"
    assert trigger.condition.place.kind == "battlefield"
    _same_text(text, "unit")


def test_a_trigger_condition_may_name_another_subject_and_covers_every_event():
    text = "When you play me or when I hold while you control a Dragon, draw 1."
    ability = _one(text, "unit")
    assert ability.trigger.condition == ability.also[0].condition
    assert ability.trigger.condition.kind == "controls" and ability.trigger.condition.object.tags == ("Dragon",)
    _same_text(text, "unit")


def test_a_played_unit_can_be_stunned_and_kept_from_moving_this_turn():
    text = "When an opponent plays a unit while I'm at a battlefield, stun it. They can't move it this turn."
    ability = _one(text, "unit")
    assert ability.trigger.event == "play" and ability.trigger.actor.types == ("opponent",)
    stun, forbid = ability.effects
    assert stun.action == "stun"
    assert (forbid.kind, forbid.value, forbid.duration) == ("cannot_act", "move", "this_turn")
    _same_text(text, "unit")


def test_a_delayed_trigger_on_a_player_named_before_speaks_of_them_in_the_plural():
    text = "When you play me, choose an opponent. Banish a card in their trash. When they score, draw 1."
    ability = _one(text, "unit")
    delayed = ability.effects[-1]
    assert delayed.when == "when" and delayed.trigger.event == "score"
    assert delayed.trigger.actor.reference == "they" and delayed.trigger.qualifiers == ()
    _same_text(text, "unit")


# ---- events counted only in a part of the game -------------------------------------------------------
@pytest.mark.parametrize("text, card_type, qualifier", [
    ("When you play a unit during a showdown, you may exhaust this to draw 1.", "gear", "during_a_showdown"),
    ("When an enemy unit moves during an opponent's Main Phase, draw 1.", "gear", "during_an_opponent's_main_phase"),
    ("When a friendly gear is killed during combat, draw 1.", "unit", "during_combat"),
    ("When you play me from face down on your turn, you may move an enemy unit at a different location to my "
     "battlefield.", "unit", "your_turn"),
    ("When I attack on your turn, draw 1.", "unit", "your_turn"),
])
def test_an_event_can_be_limited_to_a_time_of_the_game(text, card_type, qualifier):
    ability = _one(text, card_type)
    assert qualifier in ability.trigger.qualifiers
    _same_text(text, card_type)


def test_the_first_time_in_a_phase_each_turn_keeps_the_phase_and_the_limit():
    text = "The first time a friendly unit dies during your Beginning Phase each turn, each opponent kills one of " \
           "their units."
    ability = _one(text, "gear")
    assert ability.limit == "first" and ability.trigger.event == "die"
    assert ability.trigger.qualifiers == ("during_your_beginning_phase",)
    (kill,) = ability.effects
    assert kill.action == "kill" and kill.subject.types == ("opponent",) and kill.subject.quantity == "each"
    _same_text(text, "gear")


def test_the_runtime_refuses_a_trigger_limited_to_a_time_it_does_not_track():
    from interpreter.triggers import condition_runs
    assert not condition_runs(_one("When I attack on your turn, draw 1.", "unit").trigger)
    assert not condition_runs(_one("When you play a unit during a showdown, draw 1.", "gear").trigger)
    assert condition_runs(_one("When an enemy unit dies while I'm at a battlefield, draw 1.", "unit").trigger)
    assert not condition_runs(_one("When an enemy unit dies while you control a Dragon, draw 1.", "unit").trigger)
