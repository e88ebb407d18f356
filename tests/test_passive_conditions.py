"""Passive conditions beyond the holder's status (364.3.a): forms read by engine/passive_conditions.py.

Texts are our own sentences in the forms of the language, each checked with the values the rules give.
"""
from interpreter.engine import passive_conditions, turn_records
from interpreter.engine.passive_support import statement_gap
from interpreter.engine.traits import keywords_of, might_of
from interpreter.compiler.pipeline import compile_text

from conftest import board

PIGEON = {"name": "Test Pigeon", "type": "Unit", "might": 3,
          "text": "I have +2 [M] while I'm attacking with another unit."}
PLAIN = {"name": "Plain", "type": "Unit", "might": 2}


def _condition(text: str):
    (ability,) = compile_text(text, card_type="unit")
    return ability.effects[0].condition


def test_attacking_with_another_unit_needs_a_friendly_attacker_beside_it():
    state, (pigeon, friend) = board(PIGEON, PLAIN)
    pigeon.combat_role = "attacker"
    assert might_of(state, pigeon) == 3                      # the friend is in base, not beside it
    state.zones[("battlefield", 0)] = [pigeon, friend]
    state.zones[("base", "A")] = []
    pigeon.zone = friend.zone = ("battlefield", 0)
    assert might_of(state, pigeon) == 3                      # beside it, but not attacking
    friend.combat_role = "attacker"
    assert might_of(state, pigeon) == 5


def test_defending_alone_counts_only_friendly_units_at_the_same_location():
    state, (guard, other) = board({"name": "Test Guard", "type": "Unit", "might": 2,
                                   "text": "While I'm defending alone, I have +3 [M]."}, PLAIN)
    guard.combat_role = "defender"
    assert might_of(state, guard) == 2                       # another friendly unit in the same base (740.2.a)
    other.controller = "B"
    assert might_of(state, guard) == 5                       # an enemy unit there does not keep it from being alone


def test_records_of_this_turn_feed_the_condition_and_end_with_the_turn():
    state, (unit,) = board({"name": "Test Scholar", "type": "Unit", "might": 1,
                            "text": "If you've gained XP this turn, I have [Shield]."})
    assert keywords_of(state, unit) == {}
    turn_records.add(state, "gained_xp", "B", 1)
    assert keywords_of(state, unit) == {}                    # another player's XP
    turn_records.add(state, "gained_xp", "A", 2)
    assert keywords_of(state, unit) == {"Shield": None}
    state.turn_number += 1
    assert keywords_of(state, unit) == {}


def test_spent_power_of_a_domain_is_counted_apart_from_any_power():
    state, (unit,) = board({"name": "Test Adept", "type": "Unit", "might": 1,
                            "text": "If you've spent at least [R][R] this turn, I have +2 [M]."})
    turn_records.add(state, "spent_power", "A", 1, "R")
    turn_records.add(state, "spent_power", "A", 1, "G")
    assert might_of(state, unit) == 1                        # two power, only one of them Fury
    turn_records.add(state, "spent_power", "A", 1, "R")
    assert might_of(state, unit) == 3


def test_a_count_of_discards_is_compared():
    state, (unit,) = board({"name": "Test Hoarder", "type": "Unit", "might": 1,
                            "text": "If you've discarded two cards this turn, I have +1 [M]."})
    turn_records.add(state, "discarded", "A")
    assert might_of(state, unit) == 1
    turn_records.add(state, "discarded", "A")
    assert might_of(state, unit) == 2


def test_forms_not_read_stay_gaps():
    for text in ("While you have 3+ cards in your hand, I have +1 [M].",     # a zone, not counted by the view
                 "While an opponent controls a battlefield, I have +1 [M]."):
        condition = _condition(text)
        assert not passive_conditions.readable(condition), text
        (ability,) = compile_text(text, card_type="unit")
        assert statement_gap(ability.effects[0]) is not None, text
