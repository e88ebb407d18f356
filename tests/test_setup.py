"""Game setup (110-118) for a Duel (485): two legal decks to the first player's first turn."""
from __future__ import annotations

import random

import pytest

from conftest import ROOT

from interpreter import default_rules
from interpreter.decks.deck_file import load_deck
from interpreter.engine.card_pool import CardPool
from interpreter.engine.setup import deck_cards, set_up
from interpreter.engine.turn import end_turn

DECKS = ROOT / "tests" / "decks"


def _decks():
    pool = CardPool()
    return {"A": deck_cards(load_deck(DECKS / "loose-cannon.yaml"), pool),
            "B": deck_cards(load_deck(DECKS / "herald-of-the-arcane.yaml"), pool)}


class SetAsideTwo:
    def mulligan(self, state, player, hand):
        return hand[:2]


def _names(state, zone):
    return [o.name for o in state.objects(zone)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_places_every_part_of_both_decks(seed):
    state = set_up(default_rules(), _decks(), random.Random(seed))
    first, second = state.order
    assert state.turn_player == first and state.turn_number == 1
    assert _names(state, ("legend", "A")) == ["Loose Cannon"] and _names(state, ("champion", "A")) == ["Jinx, Rebel"]
    assert _names(state, ("legend", "B")) == ["Herald of the Arcane"]
    assert len(state.battlefields) == 2 and {b.owner for b in state.battlefields} == {"A", "B"}   # 485.5: one each
    assert all(b.controller is None for b in state.battlefields)
    hands = {p: len(state.objects(("hand", p))) for p in state.order}
    assert hands == {first: 4 + 1, second: 4}                        # 116, then the first turn's draw (315.4.b)
    assert len(state.objects(("deck", first))) == 39 - 5 and len(state.objects(("deck", second))) == 39 - 4
    runes = {p: len([o for o in state.objects(("base", p)) if o.card_type == "rune"]) for p in state.order}
    assert runes == {first: 2, second: 0}
    assert state.extra_channel == {second: 1}
    for rule in ("111", "112", "113", "485.5", "114", "115", "116", "117.1", "485.7"):
        assert any(rule in event.rules for event in state.log), rule


def test_the_second_player_channels_one_more_rune_in_their_first_channel_phase():
    state = set_up(default_rules(), _decks(), random.Random(4))
    first, second = state.order
    end_turn(state)
    assert state.turn_player == second
    assert len([o for o in state.objects(("base", second)) if o.card_type == "rune"]) == 3    # 315.3.b + 485.7
    end_turn(state)
    end_turn(state)
    assert len([o for o in state.objects(("base", second)) if o.card_type == "rune"]) == 5    # only the first time


def test_a_mulligan_sets_aside_draws_and_recycles():
    state = set_up(default_rules(), _decks(), random.Random(5), SetAsideTwo())
    second = state.order[1]
    assert len(state.objects(("hand", second))) == 4
    deck = state.objects(("deck", second))
    assert len(deck) == 35                                           # 40 - champion - 4 drawn, 2 back at the bottom
    log = [e for e in state.log if "117.3" in e.rules]
    assert len(log) == 2 and all("2 card(s)" in e.text for e in log)


def test_the_same_seed_gives_the_same_game():
    one, two = (set_up(default_rules(), _decks(), random.Random(9)) for _ in range(2))
    assert [e.text for e in one.log] == [e.text for e in two.log]
