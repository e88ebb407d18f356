"""Passive cost changes and conditional entry as a card is played (356, 364.3.a): what is applied, and the
shapes refused as unsupported rather than ignored."""
from __future__ import annotations

import pytest

from interpreter.engine.cost_changes import CostChange, total_cost
from interpreter.engine.costs import Cost
from interpreter.engine.layer_sources import passive_runs
from interpreter.compiler.pipeline import compile_text
from interpreter.rules.data import default_rules
from interpreter.engine.state import GameState

from conftest import one_ability, scenario_result


@pytest.mark.parametrize("text", [
    "I cost [2] less.",
    "Spells you play cost [1] less, to a minimum of [1].",
    "Your Dragons cost [2] less, to a minimum of [1].",
    "All enemy spells cost [1][A] more.",
    "I cost [1] less for each card in your trash.",
    "Reduce my cost by [1] for each friendly unit.",
    "If an opponent controls a stunned unit, I cost [2] less and enter ready.",
    "If you play me to a battlefield, I enter ready.",
    "If you have two or fewer cards in your hand, I enter ready.",
    "If an enemy unit died this turn, this costs [2] less.",
    "I cost [2][G] less for each point you scored from holding this turn.",
    "This spell's Energy cost is reduced by the highest Might among your units.",
    # deaths kept with their phase (turn_records), component discounts (component_costs, 356.4.c)
    "If a friendly unit died during your Beginning Phase this turn, I enter ready.",
    "Optional additional costs you pay cost [1] or [A] less.",
])
def test_the_runtime_claims_the_shapes_it_applies(text):
    assert passive_runs(one_ability(text))


@pytest.mark.parametrize("text", [
    "While you control this battlefield, friendly [Repeat] costs cost [1] less.",
    "While you control this battlefield, the first friendly non-token gear played each turn costs [1] less.",
])
def test_the_runtime_claims_the_battlefield_shapes_it_applies(text):
    assert passive_runs(one_ability(text, card_type="battlefield"))


@pytest.mark.parametrize("text", [
    "If you've discarded a card this turn, I enter ready.",
    "Your spells that choose me cost [1] or [A] less.",
    "This spell's Energy cost is reduced by the highest Might among enemy units.",
])
def test_the_runtime_does_not_claim_shapes_it_cannot_apply(text):
    assert not passive_runs(one_ability(text))


def _state() -> GameState:
    return GameState(default_rules(), ["A", "B"], "A")


def test_discounts_with_a_minimum_come_first_and_no_cost_goes_below_zero():
    # 356.4.e's example: Eager Apprentice's [1] to a minimum of [1], then a discount of 7, on a cost of 8
    changes = [CostChange("less", 7, source="Sky Splitter"), CostChange("less", 1, minimum=1, source="Apprentice")]
    assert total_cost(_state(), Cost(8, []), changes) == Cost(0, [])
    # 356.3 before 356.4: +[1][A], then [3][R] less: the [R] goes, [A] stays; 356.6: Energy stops at 0
    changes = [CostChange("less", 3, ("R",), source="x"), CostChange("more", 1, ("A",), source="y")]
    assert total_cost(_state(), Cost(1, ["R"]), changes) == Cost(0, ["A"])


def test_a_minimum_above_the_cost_leaves_it_as_it_is():
    # "to a minimum of [1]" on a card that already costs 0 does not raise it (356.4.e: only that discount stops)
    assert total_cost(_state(), Cost(0, []), [CostChange("less", 1, minimum=1, source="x")]) == Cost(0, [])


def test_a_conditional_entry_the_runtime_cannot_test_is_refused_with_the_state_unchanged(tmp_path):
    result = scenario_result(tmp_path, """name: refused, not ignored
rules: ["364.3.a"]
cards:
  - {name: Test Watcher, type: Unit, cost: {energy: 2}, might: 1, text: "If you've discarded a card this turn, I enter ready."}
given:
  A: {hand: ["Test Watcher"], runes: {ready: 9}}
when:
  - play: "Test Watcher"
then:
  - in: A.hand
    count: 1
""")
    assert result.status == "fail"
    assert result.reasons == ["step 1 (play): not run yet (356, 364.3.a), so the play is stopped: "
                              "“I enter ready” on the condition “discard_this_turn”"]


def test_a_board_cost_change_the_runtime_cannot_read_stops_a_play_it_could_change(tmp_path):
    result = scenario_result(tmp_path, """name: Irelia's spells that choose her are not read yet
rules: ["356.4"]
cards:
  - {name: Test Spark, type: Spell, cost: {energy: 2}, text: "Draw 1."}
given:
  A: {base: ["Irelia, Graceful"], hand: [Test Spark], runes: {ready: 2}}
when:
  - play: Test Spark
then:
  - in: A.base
    count: 1
""")
    assert result.status == "fail"
    assert len(result.reasons) == 1 and "not run yet (356, 364.3.a)" in result.reasons[0]


def test_an_abilitys_own_cost_change_on_the_board_does_not_stop_plays(tmp_path):
    # "This ability's Energy cost is reduced by ..." is about activating Hextech Gauntlets, not about playing cards
    result = scenario_result(tmp_path, """name: plays go on beside a gear whose ability has a cost change
rules: ["356.4"]
cards:
  - {name: Test Pal, type: Unit, cost: {energy: 2}, might: 1}
given:
  A: {base: [Hextech Gauntlets], hand: [Test Pal], pool: {energy: 2, power: []}}
when:
  - play: Test Pal
then:
  - pool: {A: {energy: 0, power: []}}
""")
    assert result.status == "pass", result.reasons


def test_instructions_that_change_costs_for_the_turn_are_run_or_refused():
    from interpreter.engine.effect_run import runs

    def instruction(text: str):
        (ability,) = compile_text(text, card_type="unit")
        return ability.effects[0]
    assert runs(instruction("When you play me, the next spell you play this turn costs [5] less."))
    assert runs(instruction("When I attack, your non-token units cost [1] more to play this turn."))
    assert runs(instruction("When I conquer, your Dragons cost [1] less to play this turn."))
    # holders by state or keyword are not read for a card being played: refused rather than guessed
    assert not runs(instruction("When I conquer, stunned units cost [1] more to play this turn."))
    assert not runs(instruction("When I conquer, units with [Shield] cost [1] less to play this turn."))
