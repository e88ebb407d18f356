"""The places a move names by a word (engine/move_places.py): the static check agrees with the handler."""
from __future__ import annotations

from interpreter import compile_text
from interpreter.engine.runs import first_gap

_EVENT_PLACE = "a move to the battlefield of a trigger's event (not where its source is) is not run yet"


def test_the_battlefield_of_my_own_move_is_read():
    text = "When I move to a battlefield, move a friendly unit to that battlefield."
    assert first_gap(compile_text(text, card_type="unit")) is None
    assert first_gap(compile_text("When I attack, move a friendly unit to this battlefield.", card_type="unit")) is None


def test_the_battlefield_of_another_objects_event_is_read_where_the_trigger_names_it():
    """The general watch notes the stunned unit's battlefield as the trigger fires (359.3.f.3)."""
    text = "When you stun an enemy unit at a battlefield, you may move me to that battlefield."
    assert first_gap(compile_text(text, card_type="unit")) is None


def test_the_battlefield_of_an_event_that_names_none_is_refused_by_name():
    text = "When you draw a card, you may move me to that battlefield."
    assert first_gap(compile_text(text, card_type="unit")) == _EVENT_PLACE


def test_a_battlefield_chosen_before_is_read_in_a_spell():
    text = "Choose a battlefield. Move a friendly unit to that battlefield."
    assert first_gap(compile_text(text, card_type="spell")) is None


def test_my_original_location_and_a_different_battlefield_are_read():
    assert first_gap(compile_text("Choose a friendly unit. Move me to its location. Then move that unit to "
                                  "my original location.", card_type="spell")) is None
    assert first_gap(compile_text("Move a friendly unit to a different battlefield.", card_type="spell")) is None
