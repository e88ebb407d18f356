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
