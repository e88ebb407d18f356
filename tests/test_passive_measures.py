"""Passive changes by a count (477.3, 478.1.c): engine/passive_measures.py, on texts of our own."""
from interpreter.engine.actions import change_zone
from interpreter.engine.layer_sources import resolve_state, state_effects
from interpreter.engine.layers.model import DECREASES
from interpreter.engine.traits import keywords_of, might_of

from conftest import board

COUNTER = {"name": "Test Counter", "type": "Unit", "might": 1,
           "text": "I have +1 [M] for each friendly unit with [Temporary]."}
GRANTER = {"name": "Test Granter", "type": "Unit", "might": 1, "text": "Other friendly units have [Temporary]."}
PLAIN = {"name": "Plain", "type": "Unit", "might": 2}


def test_a_count_follows_keywords_given_by_an_earlier_layer():
    """The keyword comes in layer 2; the count is made in layer 3, so it sees it (477, 478.1.c)."""
    state, (counter, _granter, _plain) = board(COUNTER, GRANTER, PLAIN)
    assert keywords_of(state, counter) == {"Temporary": None}
    assert might_of(state, counter) == 1 + 2                 # itself and Plain: the granter gives no keyword to itself


def test_an_enemy_unit_is_not_counted_as_friendly():
    state, (counter, plain) = board(COUNTER, {"name": "Sprite", "type": "Unit", "might": 1, "text": "[Temporary]"})
    assert might_of(state, counter) == 2
    plain.controller = "B"
    assert might_of(state, counter) == 1


def test_cards_in_your_hand_are_counted_and_the_cache_sees_them_change():
    state, (unit, card) = board({"name": "Test Reader", "type": "Unit", "might": 1,
                                 "text": "I have +1 [M] for each card in your hand."}, PLAIN)
    assert might_of(state, unit) == 1
    change_zone(state, card, ("hand", "A"), why="goes to", rules=())
    assert might_of(state, unit) == 2
    assert resolve_state(state) is resolve_state(state)       # cached while nothing it reads changes


def test_a_negative_count_change_is_a_decrease():
    state, (unit, _plain) = board({"name": "Test Shy", "type": "Unit", "might": 5,
                                   "text": "I have -1 [M] for each other friendly unit."}, PLAIN)
    assert might_of(state, unit) == 4
    (effect,) = [e for e in state_effects(state) if e.source == unit.oid]
    assert effect.sublayer == DECREASES                       # decreases after increases (477.3.e)
