"""A chain item the runtime would not run whole is refused before it resolves, and the refusal changes
nothing (issue 16 item 5): no draw happens before the gap is reached."""
from __future__ import annotations

import pytest

from interpreter import RulesData, compile_text
from interpreter.rules.data import default_rules
from interpreter.engine.errors import UnsupportedEffect
from interpreter.engine.invariants import fingerprint
from interpreter.engine.playing import resolve_top
from interpreter.engine.runs import first_gap
from interpreter.engine.state import Characteristics, ChainItem, GameState


@pytest.fixture(scope="module")
def rules() -> RulesData:
    return default_rules()


def _state_with(rules: RulesData, text: str) -> GameState:
    state = GameState(rules, ["A", "B"], "A")
    for _ in range(3):
        state.new_object(Characteristics("Filler", "spell"), "A", None, ("deck", "A"))
    effects = compile_text(text, start="effect_text")
    state.chain.append(ChainItem("A", None, tuple(effects), "Test Relic: activated ability", None, None, True))
    return state


def test_an_item_with_a_gap_after_a_draw_is_refused_and_nothing_changes(rules):
    # a doubling of damage "this combat" is not kept (only "this turn", damage_doubling)
    text = "Draw 1. Choose a unit. Double all damage that would be dealt to it this combat."
    assert first_gap(compile_text(text, start="effect_text")) is not None
    state = _state_with(rules, text)
    before = fingerprint(state)
    with pytest.raises(UnsupportedEffect) as refused:
        resolve_top(state)
    assert "unsupported" in str(refused.value) and "Test Relic" in str(refused.value)
    assert fingerprint(state) == before
    assert len(state.objects(("hand", "A"))) == 0 and len(state.objects(("deck", "A"))) == 3
    assert [item.label for item in state.chain] == ["Test Relic: activated ability"]


def test_an_item_without_a_gap_resolves(rules):
    state = _state_with(rules, "Draw 2.")
    resolve_top(state)
    assert len(state.objects(("hand", "A"))) == 2 and not state.chain


def test_a_card_whose_additional_cost_is_not_paid_yet_is_refused_before_it_is_played():
    """"You may pay any amount of [A] as an additional cost to play me" (an optional cost the play does not offer
    yet): the play is refused with the state unchanged, never made with the cost skipped (204.2.a)."""
    from interpreter.cards.card_files import Card
    from interpreter.engine.card_pool import CardDef
    from interpreter.engine.playing import play_card

    state = GameState(default_rules(), ["A", "B"], "A")
    fields = {"name": "Test Patron", "type": "Unit", "might": 5, "cost": {"energy": 1},
              "text": "You may pay any amount of [A] as an additional cost to play me."}
    card = state.new_object(CardDef(Card(fields, "<test>", 1)).characteristics(), "A", None, ("hand", "A"))
    state.new_object(Characteristics("Filler", "unit", might=1), "A", "A", ("base", "A"))
    state.players["A"].energy = 1
    before = fingerprint(state)
    with pytest.raises(UnsupportedEffect) as refused:
        play_card(state, "A", card, None)
    assert "Test Patron" in str(refused.value) and "204.2" in str(refused.value)
    assert fingerprint(state) == before
