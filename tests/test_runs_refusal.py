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
    text = "Draw 1. Deal 2 to all enemy units in combat."
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
