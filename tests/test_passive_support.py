"""Passives the runtime does not apply are refused by name, never skipped (interpreter/engine/passive_support.py)."""
from __future__ import annotations

import pytest

from interpreter.engine.layer_sources import passive_runs
from interpreter.engine.passive_support import board_gaps, statement_gap
from interpreter.compiler.pipeline import compile_text
from interpreter.scenarios.load import load_scenarios
from interpreter.scenarios.run import run_scenario

from conftest import board, one_ability, scenario_result


@pytest.mark.parametrize("text", [
    "Other friendly units have +2 [M].",
    "While I'm buffed, I have [Ganking].",
    "I can't be chosen by enemy spells and abilities.",
    "I don't take damage.",
    "While I'm attacking or defending alone, I have +2 [M].",
    "I have +1 [M] for each card in your hand.",
    "Your opponents' [Hidden] cards can't be revealed here.",            # passive_statements.reveal_forbidden
    "I can have any number of buffs.",                                    # passive_statements.buffs_unlimited
    "I have all [E] abilities of all friendly legends, units, and gear.",        # gained_abilities (477.2)
    "Units here have \"[E]: Gain 1 XP.\"",
])
def test_passives_the_runtime_applies_have_no_gap(text):
    ability = one_ability(text)
    assert [statement_gap(s) for s in ability.effects] == [None] and passive_runs(ability)


@pytest.mark.parametrize("text, words", [
    ("I have all [E] abilities of all enemy units.", "having all abilities of other objects"),
    ("I have all [E] abilities of all friendly units here.", "having all abilities of other objects"),
    ("My hold effects are also conquer effects, and vice versa.", "“effects_also” statements"),
    ("While an opponent controls a battlefield, I have +1 [M].", "(“controls”) is not tested yet"),
    ("I have +1 [M] for each card in an opponent's hand.", "“for each ...” is not applied"),
])
def test_passives_the_runtime_does_not_apply_are_named(text, words):
    ability = one_ability(text)
    (gap,) = [statement_gap(s) for s in ability.effects]
    assert words in gap and not passive_runs(ability)


def test_a_dependent_keyword_the_runtime_does_not_check_is_refused():
    # Every dependent keyword of the rules data is checked now (Legion, Level, and Empowered by its definition,
    # 828.1.b.1); one whose definition is missing (an [Empowered][>] ability compiled without it) is refused.
    from interpreter.compiler import effects as fx
    from interpreter.engine.passive_support import keyworded_gap

    (compiled,) = compile_text("[Empowered][>] I have +1 [M].", card_type="unit")
    assert keyworded_gap(compiled) is None
    bare = fx.KeywordedAbility(compiled.span, compiled.rules, compiled.keyword, compiled.ability)
    assert keyworded_gap(bare) == ("the condition of [Empowered][>] is not checked, so its ability would never "
                                   "be active (135.2.e.7)")


def test_a_level_passive_applies_while_its_controller_has_the_xp(tmp_path):
    result = scenario_result(tmp_path, """name: Targonian Visionary has +4 [M] at 11 XP, not at 10 (824.1.d)
rules: ["824.1.d"]
given:
  A:
    base: ["Targonian Visionary"]
    xp: 10
  B:
    base: ["Targonian Visionary"]
    xp: 11
then:
  - object: "A:Targonian Visionary"
    might: 6
  - object: "B:Targonian Visionary"
    might: 10
""")
    assert result.status == "pass", result.reasons


SCENARIO = """name: {name}
rules: ["477.2"]
given:
  A:
    base: [{card}, {{name: Recruit, token: true}}]
then:
  - object: "A:Recruit"
    might: 1
"""


def test_a_scenario_with_an_unapplied_passive_on_the_board_stops_as_unsupported(tmp_path):
    # Heimerdinger's "... of all friendly legends, units, and gear" is applied (gained_abilities); of enemy units is not
    path = tmp_path / "mimic.yaml"
    path.write_text('cards:\n  - {name: Test Mimic, type: Unit, cost: {energy: 3}, might: 3, '
                    'text: "I have all [E] abilities of all enemy units."}\n'
                    + SCENARIO.format(name="Test Mimic is not skipped", card="Test Mimic"))
    (scenario,) = load_scenarios(path)
    result = run_scenario(scenario)
    assert result.status == "fail"
    assert result.reasons == ["given: unsupported ability on the board: Test Mimic: having all "
                              "abilities of other objects is not applied by the layer engine yet (477)"]


def test_a_step_that_brings_an_unapplied_passive_stops_there(tmp_path):
    path = tmp_path / "relic.yaml"
    path.write_text("""name: Test Relic enters the board
rules: ["364"]
cards:
  - {name: Test Relic, type: Unit, cost: {energy: 2}, might: 2, domains: [Fury], text: "My hold effects are also conquer effects, and vice versa."}
given:
  A:
    hand: [Test Relic]
    runes: {ready: 6}
when:
  - play: Test Relic
  - resolve
then:
  - in: A.base
    has: [Test Relic]
""")
    (scenario,) = load_scenarios(path)
    result = run_scenario(scenario)
    assert result.status == "fail" and len(result.reasons) == 1
    assert result.reasons[0].startswith("step 1 (play): unsupported ability on the board: Test Relic: "
                                        "“effects_also” statements")


def test_an_attached_effect_text_is_checked_as_the_units_abilities():
    """136.2.c: the unit has the abilities of an attached Equipment's effect text ("When I conquer, ...", "I am a
    Mech."), so only a gap of those abilities themselves is named, on the Equipment."""
    state, (unit, blade, plate, charm) = board(
        {"name": "Plain", "type": "Unit", "might": 2},
        {"name": "Test Blade", "type": "Gear", "effect_text": "When I conquer, draw 1."},
        {"name": "Test Plate", "type": "Gear", "effect_text": "I am a Mech."},
        {"name": "Test Charm", "type": "Gear",
         "effect_text": "When you predict, draw 1."})
    assert board_gaps(state) == []                      # nothing attached: the effect texts do nothing yet
    blade.attached_to = plate.attached_to = charm.attached_to = unit.identity
    assert board_gaps(state) == ["Test Charm: “predict” events (you) are not watched by the runtime yet"]


@pytest.mark.parametrize("text, card_type, gap", [
    ("When you play me, draw 1.", "unit", None),
    ("The first time I move each turn, draw 1.", "unit", None),
    ("When a friendly unit dies, draw 1.", "unit", None),
    ("When you discard a card, draw 1.", "unit", None),                   # the general event watch (event_watch.py)
    ("When you choose a friendly unit, draw 1.", "unit", None),          # choose events (355.5, engine/targeting.py)
    ("When you defend at a battlefield, you may move me there.", "unit", None),    # the event's place (359.3.f.3)
    ("When you draw a card, play a 1 [M] Recruit unit token there.", "unit",
     "“there” in the effect of a trigger (the place of its event) is not passed to the effect yet"),
    ("When a friendly unit attacks or defends alone, draw 1.", "unit", None),      # "alone" said of both (383.1)
    ("When a friendly unit attacks alone or defends, draw 1.", "unit",
     "a trigger on more than one event with “alone” on one of them only is not watched yet"),
    ("When I attack or defend, draw 1.", "unit", None),                  # both events: combat.begin (464.2.e)
    ("When I conquer or hold, draw 1.", "unit", None),                    # each event watched (383.4)
    ("Once each turn, when I conquer or hold, draw 1.", "unit",
     "a limit kept across the events of a trigger on more than one event is not kept yet"),
    ("The third time I move each turn, draw 1.", "unit", None),
    ("When you play a spell that costs [5] or more, draw 1.", "unit", None),
    ("When a buffed friendly unit dies, draw 1.", "unit", None),
])
def test_trigger_forms_the_runtime_does_not_watch_are_named(text, card_type, gap):
    from interpreter.engine.trigger_support import trigger_gap
    (ability,) = compile_text(text, card_type=card_type)
    assert trigger_gap(ability) == gap


@pytest.mark.parametrize("text, words", [
    ("Stun an enemy unit at an occupied battlefield.", "objects at “an occupied battlefield”"),
])
def test_a_selector_part_the_runtime_does_not_test_is_refused(tmp_path, text, words):
    """A test of the objects named that nothing reads would widen the choice: refused instead (and random play
    leaves such cards out, selectors.runs_selector)."""
    from interpreter.engine.selectors import runs_selector
    result = scenario_result(tmp_path, f"""name: a selector part is not ignored
rules: ["355.5"]
given:
  battlefields: [{{name: Altar to Unity, controller: A}}]
  A:
    battlefield: {{Altar to Unity: [Faithful Manufactor]}}
  B:
    base: [Noxian Drummer]
when:
  - do: "{text}"
then:
  - object: "B:Noxian Drummer"
    stunned: false
""")
    assert result.status == "fail" and words in result.reasons[0]
    (spell,) = compile_text(text, card_type="spell")
    action = spell.effects[0]
    assert not all(runs_selector(s) for s in action.objects)


def test_a_replacement_on_objects_with_a_state_it_does_not_test_is_refused(tmp_path):
    """"If a buffed friendly unit would die, ... instead": the runtime does not read "buffed" there, so the death
    stops the scenario as unsupported instead of replacing the death of every friendly unit."""
    result = scenario_result(tmp_path, """name: a replacement's unread state is not ignored
rules: ["370"]
cards:
  - {name: Test Keeper, type: Gear, cost: {energy: 2}, domains: [Calm],
     text: "If a buffed friendly unit would die, recall it instead."}
given:
  A:
    base: [Test Keeper]
    battlefield: {The Grand Plaza: [Faithful Manufactor]}
  battlefields: [{name: The Grand Plaza, controller: A}]
when:
  - kill: "A:Faithful Manufactor"
then:
  - in: A.trash
    has: [Faithful Manufactor]
""")
    assert result.status == "fail"
    assert result.reasons == ["step 1 (kill): a replacement effect on objects named with a state it does not test yet"]


def test_a_triggered_keyword_the_runtime_does_not_watch_is_a_gap(monkeypatch):
    from interpreter.engine import passive_support
    from interpreter.engine.passive_support import keyword_gap
    (weaponmaster,) = compile_text("[Weaponmaster]", card_type="unit")
    (vision,) = compile_text("[Vision]", card_type="unit")
    (hunt,) = compile_text("[Hunt]", card_type="unit")
    # every triggered keyword of the rules is watched now: [Weaponmaster] by its meaning (821.1.c, attaching.py)
    assert keyword_gap(weaponmaster.keyword) is None
    assert keyword_gap(vision.keyword) is None and keyword_gap(hunt.keyword) is None
    monkeypatch.setattr(passive_support, "MEANINGS_RUN", set())       # a meaning the runtime would not know
    assert keyword_gap(weaponmaster.keyword) == "the trigger of [Weaponmaster] is not watched by the runtime yet"


def test_choosing_an_enemy_deflect_unit_is_refused_not_free(tmp_path):
    result = scenario_result(tmp_path, """name: Deflect's cost for opponents is not skipped
rules: ["809"]
cards:
  - {name: Test Deflector, type: Unit, cost: {energy: 2}, might: 2, domains: [Calm], text: "[Deflect]"}
given:
  A:
    base: [Test Deflector]
when:
  - do: "Deal 3 to an enemy unit."
    by: B
    choose: ["A:Test Deflector"]
then:
  - in: A.trash
    has: [Test Deflector]
""")
    assert result.reasons == ["step 1 (do): GameAction deal: choosing Test Deflector, which has [Deflect]: its extra "
                              "cost for opponents is not paid yet"]


def test_by_default_the_chooser_declines_an_enemy_deflect_cost(tmp_path):
    """Without an answer, the [Deflect] cost (an additional cost, 809.1.c) is declined: the unit is not chosen."""
    result = scenario_result(tmp_path, """name: the default declines Deflect's cost
rules: ["809.1.c"]
cards:
  - {name: Test Deflector, type: Unit, cost: {energy: 2}, might: 2, domains: [Calm], text: "[Deflect]"}
given:
  A:
    base: [Test Deflector, Daring Poro]
when:
  - do: "Deal 3 to an enemy unit."
    by: B
then:
  - in: A.trash
    has: [Daring Poro]
    count: 1
  - log_has: "809.1.c"
""")
    assert result.status == "pass", result.reasons


def test_a_keyword_given_for_this_combat_is_given_only_during_a_combat(tmp_path):
    """A "this combat" grant lasts for the combat (466.7): outside a combat it gives nothing, and is never
    kept for good."""
    from interpreter.engine.effect_run import runs
    result = scenario_result(tmp_path, """name: a this-combat grant outside a combat gives nothing
rules: ["466.7"]
given:
  A:
    base: [Faithful Manufactor]
when:
  - do: "Give a friendly unit [Shield 2] this combat."
then:
  - object: "A:Faithful Manufactor"
    keywords: []
""")
    assert result.status == "pass", result.reasons
    (spell,) = compile_text("Give a friendly unit [Shield 2] this combat.", card_type="spell")
    assert runs(spell.effects[0])


@pytest.mark.parametrize("text, reason", [
    ("Each player stuns a unit.", "GameAction stun: done by “each player”: who does a stun is not read yet, only "
     "“you”"),
])
def test_an_instruction_done_by_another_player_is_refused_not_done_by_you(tmp_path, text, reason):
    from interpreter.engine.effect_run import runs
    result = scenario_result(tmp_path, f"""name: another player's instruction is not done by you
rules: ["359"]
given:
  A:
    base: [Faithful Manufactor]
when:
  - do: "{text}"
then:
  - in: A.base
    count: 1
""")
    assert result.reasons == [f"step 1 (do): {reason}"]
    (spell,) = compile_text(text, card_type="spell")
    assert not runs(spell.effects[0])


def test_objects_of_a_controller_not_tracked_are_refused_not_anyone(tmp_path):
    """"one of its controller's units" must not become any unit: whose it is, is not tracked yet."""
    from interpreter.engine.selectors import Unsupported, _relation
    from interpreter.compiler.effects import Selector
    with pytest.raises(Unsupported, match="objects “their” controller controls"):
        _relation(None, Selector("one", types=("gear",), controller="their"), None)


def test_a_measure_of_nothing_named_is_refused_not_zero():
    from interpreter.engine.action_run import measured
    from interpreter.engine.effect_run import Context
    from interpreter.compiler.effects import Measure
    from interpreter.rules.data import default_rules
    from interpreter.engine.selectors import Unsupported
    from interpreter.engine.state import GameState
    ctx = Context(GameState(default_rules(), ["A", "B"], "A"), "A")
    with pytest.raises(Unsupported, match="measure might with no object named"):
        measured(ctx, Measure("might"))


@pytest.mark.parametrize("text, card_type", [
    ('Friendly units have "[E]: Deal 2 to a unit. Its controller may draw 1."', "unit"),
    ('Choose a friendly unit. This turn, that unit has "When I conquer, its controller may draw 1."', "spell"),
])
def test_a_quoted_ability_given_is_checked_as_an_ability(text, card_type):
    # gained_abilities / turn_statements give it; engine/runs.py checks it runs whole
    from interpreter.engine.runs import first_gap
    assert first_gap(compile_text(text, card_type=card_type)) == "MayDo in this form is not run yet"
    runnable = text.replace("Its controller may draw 1.", "Draw 1.").replace("its controller may draw 1.", "draw 1.")
    assert first_gap(compile_text(runnable, card_type=card_type)) is None


def test_killing_no_objects_changes_nothing():
    """A kill of no objects (a cost of "any number" paid with none) is no event: no death, no replacement
    sequence, nothing logged (370.1.a.2 needs objects that would die)."""
    from interpreter.engine import actions
    state, (unit,) = board({"name": "Plain", "type": "Unit", "might": 2})
    logged = len(state.log)
    actions.kill_all(state, [], "A")
    assert unit.zone == ("base", "A") and len(state.log) == logged
