"""Created objects go to the zone of their type (439.2.b.2-4), run on a copy of rules_data that
defines the rune, spell and legend tokens the shipped rule 187 does not have."""
from __future__ import annotations

import shutil

import pytest

from interpreter import Compiler, RulesData, compile_text
from interpreter.engine.effect_run import Context, run_effects
from interpreter.base.resources import rules_data_dir
from interpreter.engine.state import GameState

EXTRA = {"Shard": "rune", "Wish": "spell", "Herald": "legend"}


@pytest.fixture(scope="module")
def rules(tmp_path_factory) -> RulesData:
    folder = tmp_path_factory.mktemp("created") / "rules_data"
    shutil.copytree(rules_data_dir(), folder)
    path = folder / "rules" / "100-199.yaml"
    anchor = 'encoding: "A 0 [M] Reflection token is a domainless unit token with 0 Might."'
    text = path.read_text(encoding="utf-8")
    assert anchor in text
    added = "".join(f'\n- id: "187.{90 + i}"\n  text: "A {name} {kind} token is a domainless {kind} token."\n'
                    f'  start: "token_definition"\n  encoding: "A {name} {kind} token is a domainless {kind} token."'
                    for i, (name, kind) in enumerate(EXTRA.items()))
    path.write_text(text.replace(anchor, anchor + added, 1), encoding="utf-8")
    return RulesData(folder)


def _create(rules: RulesData, text: str) -> GameState:
    state = GameState(rules, ["A", "B"], "A")
    run_effects(Context(state, "A"), compile_text(text, start="effect_text", using=Compiler(rules)))
    return state


def test_a_created_rune_goes_to_the_base_ready(rules):
    state = _create(rules, "Create a ready Shard rune token.")
    (rune,) = state.objects(("base", "A"))
    assert (rune.name, rune.card_type, rune.token, rune.exhausted, rune.owner, rune.controller) == \
        ("Shard", "rune", True, False, "A", "A")
    assert any("439.2.b.3" in event.rules for event in state.log)


def test_a_created_spell_goes_to_the_chain(rules):
    state = _create(rules, "Create a ready Wish spell token.")
    assert [item.name for item in state.chain] == ["Wish"]
    assert state.chain[0].obj.zone == ("chain", None) and state.chain[0].obj.token
    assert any("439.2.b.2" in event.rules for event in state.log)


def test_a_created_legend_goes_to_the_legend_zone(rules):
    state = _create(rules, "Create a ready Herald legend token.")
    (legend,) = state.objects(("legend", "A"))
    assert (legend.name, legend.token, legend.owner) == ("Herald", True, "A")
    assert any("439.2.b.4" in event.rules for event in state.log)
