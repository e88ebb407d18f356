"""The last forms of issue #3: Might compared with a named object, tags counted by a list named earlier,
an extra cost to move several units at once, and "must" kept in the canonical text."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips


def _abilities(text: str, card_type: str) -> tuple:
    return compile_text(text, card_type=card_type)


def _last_action(ability) -> fx.GameAction:
    return ability.effects[-1]


# ---- "with less/more Might than <object>" (143) ----------------------------------------------------

@pytest.mark.parametrize("text, kind, types, states", [
    ("Choose a friendly unit and a battlefield. Move all enemy units at that battlefield with less Might than "
     "the chosen unit to their base.", "less_might_than", ("unit",), ("chosen",)),
    ("Choose a friendly unit. Kill all enemy units with more Might than the chosen unit.",
     "more_might_than", ("unit",), ("chosen",)),
    ("Choose an enemy unit. Stun all friendly units with less Might than the chosen unit.",
     "less_might_than", ("unit",), ("chosen",)),
])
def test_might_compared_with_a_named_object_keeps_that_object(text, kind, types, states):
    (ability,) = _abilities(text, "spell")
    (test,) = _last_action(ability).objects[0].filters
    assert (test.kind, test.value) == (kind, None)
    assert (test.of.types, test.of.states) == (types, states)
    assert f"{kind.split('_')[0]} Might than the chosen unit" in render_card((ability,), "spell")
    assert round_trips((ability,), "spell")


def test_might_compared_with_it_names_the_object_before():
    (ability,) = _abilities("Choose a friendly unit. Kill an enemy unit with less Might than it.", "spell")
    chosen = ability.effects[0].objects[0]
    (test,) = _last_action(ability).objects[0].filters
    assert test.of.reference == "it" and test.of.antecedent == chosen
    assert "with less Might than it" in render_card((ability,), "spell")
    assert round_trips((ability,), "spell")


@pytest.mark.parametrize("text", ["Kill all enemy units here with less Might than me.",
                                  "When I move, you may move an enemy unit here with more Might than me to base."])
def test_might_compared_with_me_is_the_source(text):
    (ability,) = _abilities(text, "unit")
    action = ability.effects[-1]
    action = action.effect if isinstance(action, fx.MayDo) else action
    (test,) = action.objects[0].filters
    assert (test.value, test.of) == ("self", None)
    assert round_trips((ability,), "unit")


def test_the_runtime_tests_might_than_me_and_refuses_another_object():
    from interpreter.engine.selectors import runs_selector
    (me,) = _abilities("Kill all enemy units here with less Might than me.", "unit")
    (chosen,) = _abilities("Choose a friendly unit. Kill all enemy units with less Might than the chosen unit.", "spell")
    (that,) = _abilities("Choose a friendly unit. Kill all enemy units with less Might than that unit.", "spell")
    assert runs_selector(me.effects[0].objects[0])
    assert runs_selector(chosen.effects[-1].objects[0])          # "the chosen unit": the one "Choose" chose (355.5)
    assert not runs_selector(that.effects[-1].objects[0])


# ---- "all N tags": the list of tags an earlier line of the card named (133.8) -----------------------

BIRD_LIST = "Reduce my cost by [1] for each of the following tags among your units — Bird, Cat, Dog, and Poro."
MECH_LIST = "I cost [1] less for each of the following tags among your units — Mech, Yordle, and Dragon."


@pytest.mark.parametrize("text, tags", [
    (f"{BIRD_LIST}\nWhen I attack while your units have all 4 tags, [Stun] an enemy unit here.",
     ("Bird", "Cat", "Dog", "Poro")),
    (f"{MECH_LIST}\nWhen I attack while your units have all three tags, draw 1.", ("Mech", "Yordle", "Dragon")),
    (f"{MECH_LIST}\nWhen you play me, if your units have all 3 tags, ready me.", ("Mech", "Yordle", "Dragon")),
    ("When you play me, if your units have all of the following tags among them — Mech, Yordle, and Dragon, "
     "draw 1.\nWhen I defend while your units have all 3 tags, buff me.", ("Mech", "Yordle", "Dragon")),
])
def test_all_n_tags_names_the_list_an_earlier_line_gave(text, tags):
    abilities = _abilities(text, "unit")
    condition = _conditions(abilities[-1])[0]
    assert condition.kind == "has_all_tags" and condition.object.tags == tags
    assert (condition.subject.types, condition.subject.controller) == (("unit",), "you")
    assert round_trips(abilities, "unit")


def test_all_n_tags_means_the_same_as_the_list_written_out():
    short = _abilities(f"{MECH_LIST}\nWhen I attack while your units have all 3 tags, draw 1.", "unit")
    long = _abilities(f"{MECH_LIST}\nWhen I attack while your units have all of the following tags among them — "
                      "Mech, Yordle, and Dragon, draw 1.", "unit")
    assert _conditions(short[-1]) == _conditions(long[-1])


def test_all_n_tags_takes_the_latest_list_of_that_many_tags():
    text = (f"{MECH_LIST}\nReduce my cost by [1] for each of the following tags among your units — Bird, Cat, Dog, "
            "and Poro.\nWhen I attack while your units have all 3 tags, draw 1.")
    assert _conditions(_abilities(text, "unit")[-1])[0].object.tags == ("Mech", "Yordle", "Dragon")


@pytest.mark.parametrize("text, line", [
    ("When I attack while your units have all 4 tags, draw 1.", 1),
    (f"{MECH_LIST}\nWhen I attack while your units have all 4 tags, draw 1.", 2),
])
def test_all_n_tags_without_such_a_list_before_is_a_located_error(text, line):
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError) as caught:
        _abilities(text, "unit")
    diagnostic = caught.value.diagnostic
    assert (diagnostic.line, diagnostic.column) == (line, 37) and "needs a list of 4 tags on an earlier line" in diagnostic.message


def _conditions(ability) -> list[fx.Condition]:
    trigger = getattr(ability, "trigger", None)
    found = [trigger.condition] if trigger is not None and trigger.condition is not None else []
    found += [e.condition for e in ability.effects if isinstance(e, fx.Conditional)]
    return found


# ---- "must": kept in the canonical text, an instruction whose choices are no targets (355.10.f) -------

@pytest.mark.parametrize("text, card_type", [
    ("When you play me, each player must kill one of their units.", "unit"),
    ("When I attack, the defender must kill one of their units here.", "unit"),
    ("When you conquer here, you must recycle one of your runes.", "battlefield"),
    ("Each opponent must discard 1.", "spell"),
    ("Choose an opponent. They must banish a unit they control.", "spell"),
])
def test_must_is_kept_on_the_action_and_in_the_canonical_text(text, card_type):
    (ability,) = _abilities(text, card_type)
    action = ability.effects[-1]
    assert "must" in action.options and action.subject is not None
    rendered = render_card((ability,), card_type)
    assert " must " in rendered and rendered.lower().rstrip(".") in text.lower()
    assert round_trips((ability,), card_type)


def test_an_instruction_with_must_differs_from_one_without():
    (must,) = _abilities("When you play me, each player must kill one of their units.", "unit")
    (plain,) = _abilities("When you play me, each player kills one of their units.", "unit")
    assert must.effects[0].options == ("must",) and plain.effects[0].options == ()
    assert (must.effects[0].action, must.effects[0].objects) == (plain.effects[0].action, plain.effects[0].objects)
    assert render_card((plain,), "unit") == "When you play me, each player kills one of their units."


# ---- applied costs: "<players> must pay <cost> to <action>" (204.4) ---------------------------------

MAGESEEKER = ("Opponents must pay [A] for each unit beyond the first to move multiple units to my battlefield at "
              "the same time.")


@pytest.mark.parametrize("text, per_beyond, action, quantity, place", [
    (MAGESEEKER, 1, "move", "multiple", ("battlefield", "my")),
    ("Each opponent must pay [1] for each unit beyond the second to move multiple units to a battlefield at the "
     "same time.", 2, "move", "multiple", ("battlefield", None)),
    ("Opponents must pay [A] to move a unit to my battlefield.", None, "move", "one", ("battlefield", "my")),
    ("Your opponents must pay [A][A] to play spells.", None, "play", "all", None),
])
def test_a_cost_a_player_must_pay_to_do_an_action_is_an_applied_cost(text, per_beyond, action, quantity, place):
    (ability,) = _abilities(text, "unit")
    assert isinstance(ability, fx.PassiveAbility)
    (applied,) = ability.effects
    assert isinstance(applied, fx.AppliedCost) and applied.rules == ("204.4",)
    assert "opponent" in applied.payer.types
    assert applied.payment.action == "pay" and applied.payment.subject == applied.payer
    per = applied.payment.amount.per if applied.payment.amount is not None else None
    assert (per.filters[0].value if per is not None else None) == per_beyond
    target = applied.applies_to
    assert (target.action, target.objects[0].quantity, target.subject) == (action, quantity, applied.payer)
    assert (None if target.place is None else (target.place.kind, target.place.owner)) == place
    assert ("at_the_same_time" in target.options) == ("at the same time" in text)
    assert round_trips((ability,), "unit")


def test_mageseeker_investigator_renders_its_own_wording():
    (ability,) = _abilities(MAGESEEKER, "unit")
    assert render_card((ability,), "unit") == "All " + MAGESEEKER[0].lower() + MAGESEEKER[1:]


def test_the_runtime_does_not_claim_to_apply_costs_or_moves_of_multiple_units():
    from interpreter.engine.layer_sources import passive_runs
    from interpreter.engine.selectors import runs_selector
    (ability,) = _abilities(MAGESEEKER, "unit")
    assert not passive_runs(ability)
    (spell,) = _abilities("Move multiple friendly units to your base at the same time.", "spell")
    (move,) = spell.effects
    assert move.options == ("at_the_same_time",) and not runs_selector(move.objects[0])


def test_the_runtime_refuses_a_move_a_cost_applies_to(tmp_path):
    from interpreter.scenarios.load import load_scenarios
    from interpreter.scenarios.run import run_scenario
    path = tmp_path / "toll.yaml"
    path.write_text("""name: a cost applied to moves is refused as unsupported, not skipped
rules: ["204.4"]
cards:
  - {name: Test Toll, type: Unit, cost: {energy: 3}, might: 3, domains: [Order], text: "Opponents must pay [A] to move a unit to my battlefield."}
given:
  battlefields: [{name: Altar to Unity, controller: A}]
  A:
    battlefield: {Altar to Unity: [Test Toll]}
  B:
    base: [Faithful Manufactor]
when:
  - {move: "B:Faithful Manufactor", to: Altar to Unity}
then:
  - in: B.base
    count: 0
""")
    (scenario,) = load_scenarios(path)
    result = run_scenario(scenario)
    assert result.status == "fail" and "applies to moves (204.4) is not asked for yet" in "\n".join(result.reasons)


def test_a_units_own_discount_is_a_passive_not_an_instruction():
    # 356.4.a: "Reduce my cost by ..." on a unit is a discount the card being played gives itself
    for text in ("Reduce my cost by [1] for each of the following tags among your units — Bird, Cat, and Dog.",
                 "Reduce my cost by [2] for each friendly Mech."):
        ability, = compile_text(text, card_type="unit")
        assert type(ability).__name__ == "PassiveAbility" and "356.4.a" in ability.rules
        assert ability.effects[0].action == "reduce_cost"
        assert round_trips((ability,), "unit")
    spell, = compile_text("Choose a unit. Reduce its cost by [1].", card_type="spell")
    assert type(spell).__name__ == "SpellEffect"


def test_a_keyword_with_a_cost_has_that_cost_in_its_reminder():
    # 135.2.d: the reminder says what the keyword does with the card's own cost, never a placeholder
    for cost in ("[1][R]", "[Y]"):
        text = render_card(compile_text(f"[Equip] {cost}", card_type="gear"), "gear")
        assert text == f"[Equip] {cost} ({cost}: Attach this to a unit you control.)"
