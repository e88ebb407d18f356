"""The finer points of keywords, chains, death triggers and replacement sequences, read from
rules_data (806.4, 808, 811, 815, 818, 820-829, 373-375), and a modified copy changing what runs."""
from __future__ import annotations

import shutil

import pytest

from interpreter import InputError, RulesData, default_rules
from interpreter.engine.costs import Cost, keyword_cost
from interpreter.engine.playing import facedown_grants, repeat_count
from interpreter.base.resources import rules_data_dir
from interpreter.scenarios.load import load_scenarios
from interpreter.scenarios.run import Runner

from conftest import ROOT


@pytest.fixture(scope="module")
def rules() -> RulesData:
    return default_rules()


def test_hidden_gives_reaction_and_restricts_choices_to_its_battlefield(rules):
    hidden = rules.keyword("Hidden")
    assert hidden["grants"] == {"Reaction": {"states": ("facedown", "played_from_facedown"), "rule": "811.6"}}
    assert {choice: (r["to"], r["rule"]) for choice, r in hidden["restrictions"].items()} == {
        "location": ("hidden_battlefield", "811.1.d.1"), "targets": ("hidden_battlefield", "811.1.d.2"),
        "played_units": ("hidden_battlefield", "811.1.d.3")}
    assert rules.chain_opening == {"hide": {"opens": False, "rule": "811.1.c.2"},
                                   "play_from_facedown": {"opens": True, "rule": "811.1.c.3"}}


def test_repeat_is_paid_once_and_repeats_once(rules):
    repeat = rules.keyword("Repeat")
    assert repeat["pay_limit"] == {"times": 1, "rule": "820.1.c.3"}
    assert repeat["repeat"] == {"times": 1, "rule": "820.1.d.1"}
    assert repeat["choices_at_play"] == {"rule": "820.2"}


def test_combat_damage_order_keywords(rules):
    assert rules.keyword("Tank")["damage_ties"] == {"among": "any_order", "rule": "815.1.c.2"}
    assert rules.keyword("Backline")["damage_ties"] == {"among": "any_order", "rule": "826.4.b"}
    assert rules.keyword("Tank")["meaning"]["order"] == "first"
    assert rules.might["lethal_assignment_first"] == ["465.2.c.3", "815.1.c.1", "826.4.a"]  # combat, Tank, Backline


def test_weaponmaster_equip_ambush_empowered_flow(rules):
    weaponmaster = rules.keyword("Weaponmaster")
    assert weaponmaster["reduces_only"] == {"symbol": "[A]", "rule": "821.1.c.3"}
    assert weaponmaster["needs_cost"] == {"of": "Equip", "rule": "821.1.c.4"}
    assert weaponmaster["not_activation"] == {"of": "Equip", "rule": "821.1.c.6"}
    assert weaponmaster["cost_as_if"] == {"of": "Equip", "chosen": "me", "rule": "821.1.c.2"}
    assert rules.keyword("Equip")["targets"] == {"rule": "818.1.b.1"}
    assert rules.keyword("Ambush")["permission_until"] == {"needs": "units_there", "until": "finalized", "rule": "822.3"}
    assert rules.keyword("Empowered")["dependent_trigger"] == {"event": "become_empowered", "rule": "828.1.d"}
    assert rules.keyword("Flow")["delayed_replacement"] == {"action": "banish", "rule": "829.1.b.1"}
    assert rules.keyword("Flow")["instances"] == {"how": "are_alternatives", "rule": "829.1.c.3"}


def test_conditional_action_and_reaction(rules):
    for name, base in (("Action", "806.4"), ("Reaction", "813.4")):
        assert rules.keyword(name)["conditional"] == {"permits_if_could_meet": {"rule": f"{base}.a"},
                                                      "undo_if_unmet": {"rule": f"{base}.b"}}


def test_death_triggers_and_deathknell_order(rules):
    trash = {"zone": "trash", "whose": None}
    assert rules.death_trigger == {"needs_zone": {"zone": trash, "rule": "808.1.d"},
                                   "removed_otherwise": {"zone": trash, "rule": "808.1.d.1"},
                                   "pending_before": {"zone": trash, "rule": "808.1.d.2"},
                                   "notes_location": {"zone": trash, "rule": "808.1.d.3"}}
    assert rules.keyword("Deathknell")["instance_order"] == {"chooser": "its_controller", "rule": "808.2.a"}


def test_replacement_sequences(rules):
    assert {key: rules.replacement[key] for key in ("replacement_actions_first", "replacement_one_sequence",
                                                    "replacement_sequence_uninterrupted", "replacement_inherits")} \
        == {"replacement_actions_first": "373.1.a", "replacement_one_sequence": "373.2",
            "replacement_sequence_uninterrupted": "373.2.a.1", "replacement_inherits": "375"}


# ---- a modified copy ---------------------------------------------------------------------
def _copy(tmp_path, old: str, new: str) -> RulesData:
    folder = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir(), folder)
    path = folder / "rules" / "800-829.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return RulesData(folder)


def _run_with(rules: RulesData, scenario_path):
    """Run a scenario's steps with the runtime reading ``rules`` (the cards compiled as shipped)."""
    scenario = load_scenarios(scenario_path)[0]
    runner = Runner(scenario)
    runner.state.rules = rules
    for number, step in enumerate(scenario.steps, start=1):
        runner.step(number, step)
    return runner.state


def test_a_copy_where_repeat_repeats_twice_plays_three_sand_soldiers(tmp_path):
    modified = _copy(tmp_path, "[Repeat] repeats the instructions 1 more time for each paid cost.",
                     "[Repeat] repeats the instructions 2 more times for each paid cost.")
    assert (repeat_count(modified), repeat_count(default_rules())) == (2, 1)
    state = _run_with(modified, ROOT / "tests" / "scenarios" / "rules" / "repeat.yaml")
    names = [obj.name for obj in state.objects(("base", "A"))]
    assert names == ["Sand Soldier"] * 3
    assert any("820.1.d.1" in event.rules for event in state.log)


def test_a_copy_where_hidden_gives_action_instead_of_reaction(tmp_path):
    modified = _copy(tmp_path, "[Hidden] gives [Reaction] while facedown",
                     "[Hidden] gives [Action] while facedown")
    assert facedown_grants(modified, {"Hidden": None}) == {"Action": None}
    assert facedown_grants(default_rules(), {"Hidden": None, "Tank": None}) == {"Reaction": None}


def test_a_grant_of_an_undefined_keyword_is_refused_at_its_statement(tmp_path):
    with pytest.raises(InputError) as refused:
        _copy(tmp_path, "[Hidden] gives [Reaction] while facedown", "[Hidden] gives [Sparkle] while facedown")
    text = str(refused.value)
    assert "keyword [Sparkle] is not defined" in text
    assert "800-829.yaml" in text


def test_accelerate_and_hide_costs_come_from_the_keyword_meanings(tmp_path):
    assert keyword_cost(default_rules(), "Accelerate", "additional_cost") == (Cost(1, ["C"]), "805.1.a")
    assert keyword_cost(default_rules(), "Hidden", "hide") == (Cost(0, ["A"]), "811.1.b")
    modified = _copy(tmp_path, "[Accelerate] means you may pay [1][C] as an additional cost",
                     "[Accelerate] means you may pay [2][C] as an additional cost")
    assert keyword_cost(modified, "Accelerate", "additional_cost") == (Cost(2, ["C"]), "805.1.a")


@pytest.mark.parametrize(("encoded", "where"), [(True, "battlefield"), (False, "base")])
def test_the_units_a_hidden_spell_plays_go_where_the_data_restricts_them(tmp_path, encoded, where):
    statement = ('encoding: "[Hidden] restricts the units that a card played from facedown plays to the '
                 'battlefield where it was hidden."')
    rules = default_rules() if encoded else _copy(tmp_path, statement, 'descriptive: "left out in this copy"')
    state = _run_with(rules, ROOT / "tests" / "scenarios" / "seed_002_board" / "hidden_play.yaml")
    (sprite,) = [obj for obj in state.board_objects() if obj.name == "Sprite"]
    assert sprite.zone[0] == where
