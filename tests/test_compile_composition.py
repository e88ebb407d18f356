"""Composition, not templates (issue 14 item 5): each form read by general phrase structure, tested on
sentences written for these tests (not card texts), with what it compiles to, its canonical text, the round
trip, and what the runtime does with it (runs it, or refuses it by name)."""
from __future__ import annotations

import pytest

from interpreter.base.diagnostics import InputError
from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.engine.effect_run import runs
from interpreter.engine.passive_support import statement_gap

from conftest import canonical, one_ability, round_trip, scenario_result, static_statement


def _only_effect(text: str, card_type: str = "spell"):
    (ability,) = round_trip(text, card_type)
    (effect,) = ability.effects
    return effect


# ---- coordinated nouns, comparisons with a measure, "unless" on a passive ------------------------
@pytest.mark.parametrize("text", ["I can't be chosen by enemy spells or abilities.",
                                  "I can't be chosen by enemy spells and/or abilities.",
                                  "I can't be chosen by enemy abilities or spells."])
def test_coordinated_nouns_name_one_set_of_types(text):
    static = static_statement(text)
    assert static.kind == "cannot_be_chosen" and set(static.by.types) == {"spell", "ability"}
    assert static.by.relation == "enemy"
    assert canonical(text) in ("I can't be chosen by enemy spells and abilities.",
                               "I can't be chosen by enemy abilities and spells.")


def test_a_chooser_with_a_cost_compared_with_a_measure():
    static = static_statement("I can't be chosen by spells with Energy cost no more than my Might.")
    (test,) = static.by.filters
    assert (test.kind, test.op) == ("energy_cost", "<=")
    assert test.measure == fx.Measure("might", fx.Selector("the", reference="self"))
    # the runtime reads "enemy spells and abilities" only: this one has a gap, never a silent skip
    assert statement_gap(static) is not None


def test_unless_on_a_passive_is_its_condition_negated():
    (ability,) = round_trip("I can't be chosen by enemy spells and abilities unless I'm exhausted.")
    (conditional,) = ability.effects
    assert conditional.unless and conditional.condition.kind == "is" and conditional.condition.value == "exhausted"
    assert conditional.effects[0].kind == "cannot_be_chosen"
    assert "unless" in statement_gap(conditional)


# ---- resources in words, energy amounts as numbers ------------------------------------------------
def test_add_in_words_is_the_add_of_symbols():
    words = _only_effect("Add 2 Energy and 2 Power of the Mind domain.")
    symbols = _only_effect("[Add] [2][B][B].")
    assert (words.energy, words.power) == (symbols.energy, symbols.power) == (2, ("B", "B"))
    assert words.rules == ("429",)


def test_a_domain_must_be_one_of_the_rules():
    with pytest.raises(InputError) as raised:
        compile_text("Add 1 Power of the Metal domain.", card_type="spell")
    assert "not a domain" in raised.value.diagnostic.message and "Order" in raised.value.diagnostic.help


def test_plain_add_reads_like_the_bracketed_keyword():
    assert canonical("[E]: Add [1][R].", "gear") == "[E]: [Add] [1][R]."


def test_a_bare_number_in_a_cost_comparison_is_energy():
    (ability,) = round_trip("When an opponent plays a spell that costs 3 or less, draw 1.")
    assert ability.trigger.object.filters == (fx.Filter("cost", "<=", 3),)


def test_no_more_might_than_compares_with_the_object_named():
    (ability,) = round_trip("Choose a friendly unit. Banish an enemy unit with no more Might than it.", "spell")
    banish = ability.effects[-1]
    (test,) = banish.objects[0].filters
    assert test.kind == "no_more_might_than" and test.of.reference == "it"


def test_might_as_a_word_is_the_might_symbol():
    assert canonical("Give a friendly unit +3 might this turn.", "spell") == "Give a friendly unit +3 [M] this turn."


# ---- timing and procedures -----------------------------------------------------------------------
def test_play_me_only_during_a_time():
    static = static_statement("Play me only during an opponent's turn.")
    assert (static.kind, static.value, static.rules) == ("play_only_during", "an opponent's turn", ("366.1",))
    assert statement_gap(static) is None
    other = static_statement("Play this only during a showdown.", "gear")
    assert "not checked yet" in statement_gap(other)


def test_play_me_only_during_an_opponents_turn_is_checked_at_play(tmp_path):
    result = scenario_result(tmp_path, """name: a card played only on an opponent's turn (366.1)
rules: ["366.1"]
cards:
  - {name: Night Visitor, type: Unit, cost: {energy: 1}, might: 1, domains: [Chaos], text: "Play me only during an opponent's turn."}
given:
  A:
    hand: [Night Visitor]
    runes: {ready: 2}
when:
  - play: Night Visitor
then:
  - error: "366.1"
""")
    assert result.status == "pass", result.reasons


def test_skip_the_next_time_of_an_event():
    (ability,) = round_trip("Skip the next time I would die this turn.", "unit")
    from interpreter.compiler.standing import as_conditional
    assert isinstance(ability, fx.ReplacementAbility) and ability.next_time is not None     # 371.1
    (delayed,) = as_conditional(ability)
    assert isinstance(delayed, fx.Delayed) and delayed.when == "next_time"
    assert delayed.trigger.event == "die" and "this_turn" in delayed.trigger.qualifiers
    (skip,) = delayed.effects
    assert (skip.action, skip.options) == ("skip", ("that_event",)) and skip.rules == ("443", "443.4")
    assert not runs(delayed)


def test_only_a_replacing_action_takes_an_event():
    with pytest.raises(InputError) as raised:
        compile_text("Burn the next time I would die.", card_type="unit")
    assert "takes no event" in raised.value.diagnostic.message


def test_ignore_a_keyword_while_a_procedure_happens():
    (ability,) = round_trip("Ignore Tank while assigning combat damage.", "unit")
    assert isinstance(ability, fx.PassiveAbility)
    (ignored,) = ability.effects
    assert isinstance(ignored, fx.IgnoreAbility) and ignored.keyword.name == "Tank"
    assert ignored.during == "assigning_combat_damage" and ignored.rules[:2] == ("766", "767")
    assert "IgnoreAbility" in statement_gap(ignored)


def test_ignore_an_unknown_keyword_is_an_error():
    with pytest.raises(InputError) as raised:
        compile_text("Ignore Sparkle while paying this spell's costs.", card_type="spell")
    assert "unknown keyword [Sparkle]" in raised.value.diagnostic.message


def test_do_this_n_times():
    repeated = _only_effect("Do this 3 times: Kill a gear.")
    assert isinstance(repeated, fx.Repeated) and repeated.times == 3 and repeated.rules == ("387.1.a",)
    assert repeated.effects[0].action == "kill" and not runs(repeated)


def test_before_scoring_needs_the_start_of_the_beginning_phase():
    (ability,) = round_trip("At the start of your Beginning Phase, before scoring, draw 1.", "gear")
    assert ability.trigger.event == "start_of_beginning_phase" and "315.2.a" in ability.rules
    with pytest.raises(InputError):
        compile_text("At the start of your Main Phase, before scoring, draw 1.", card_type="gear")


def test_a_permission_to_play_at_another_time():
    static = static_statement("This can be activated during showdowns on any player's turn.", "gear")
    assert (static.kind, static.value) == ("may_be_activated_during", "showdowns")
    assert statement_gap(static) is not None


# ---- Might set and raised to a value -------------------------------------------------------------
def test_might_becomes_a_value():
    give = _only_effect("An enemy unit's Might becomes 1 this turn.")
    assert give.modifications == (fx.Modification("might_set", amount=1),) and give.duration == "this_turn"
    assert give.objects[0].relation == "enemy"


def test_increase_might_to_a_value_is_run(tmp_path):
    result = scenario_result(tmp_path, """name: increase a unit's Might to 5 this turn, never down (477.3)
rules: ["477.3"]
cards:
  - {name: Small One, type: Unit, cost: {energy: 1}, might: 2, domains: [Fury], text: ""}
  - {name: Big One, type: Unit, cost: {energy: 1}, might: 7, domains: [Fury], text: ""}
given:
  A:
    base: [Small One, Big One]
when:
  - do: "Increase a friendly unit's Might to 5 [M] this turn."
    choose: ["A:Small One"]
  - do: "Increase a friendly unit's Might to 5 [M] this turn."
    choose: ["A:Big One"]
then:
  - object: "A:Small One"
    might: 5
  - object: "A:Big One"
    might: 7
""")
    assert result.status == "pass", result.reasons


# ---- passives of actions, holders, conditions ------------------------------------------------------
@pytest.mark.parametrize("text, action", [("This can't be countered.", "counter"),
                                          ("Your damage can't be prevented.", "prevent"),
                                          ("Friendly gear can't be killed.", "kill")])
def test_cant_be_done_for_an_action(text, action):
    static = static_statement(text, "spell")
    assert (static.kind, static.value) == ("cannot_be", action)
    assert canonical(text, "spell").endswith(f"can't be {fx.ACTION_PARTICIPLES[action]}.")
    if action == "prevent":          # prevention reads no passive yet: a gap, never a silent skip
        assert "prevented" in statement_gap(static)


@pytest.mark.parametrize("between", ["\\n", " "])
def test_a_spell_that_cant_be_countered_is_not_countered_silently(tmp_path, between):
    result = scenario_result(tmp_path, """name: a counter of a spell that says it can't be countered is refused by name
rules: ["425"]
cards:
  - {name: Stubborn Bolt, type: Spell, cost: {energy: 1}, domains: [Fury], text: "This can't be countered.{between}Draw 1."}
  - {name: Plain Counter, type: Spell, cost: {energy: 1}, domains: [Mind], text: "[Reaction]\\nCounter a spell."}
given:
  A:
    hand: [Stubborn Bolt]
    pool: {energy: 1}
    deck: [Plain Counter]
  B:
    hand: [Plain Counter]
    pool: {energy: 1}
when:
  - play: Stubborn Bolt
  - play: Plain Counter
    by: B
    choose: ["A:Stubborn Bolt"]
  - resolve
then:
  - chain: []
""".replace("{between}", between))
    assert result.status != "pass" and any("can't be countered" in reason for reason in result.reasons), result.reasons


def test_done_this_way_is_a_condition_on_the_instruction_before():
    (ability,) = round_trip("Stun a unit. If it was stunned this way, draw a card.", "spell")
    conditional = ability.effects[-1]
    assert conditional.condition.kind == "stun_this_way" and not conditional.condition.negated
    assert conditional.effects[0].amount == fx.Amount("count", 1)


def test_a_keyword_named_without_brackets():
    static = static_statement("Friendly units here have Tank and Shield.")
    assert [m.keyword.name for m in static.modifications] == ["Tank", "Shield"]
    (give,) = one_ability("Choose a unit. Give it Deflect this turn.", "spell").effects[1:]
    assert give.modifications[0].keyword.name == "Deflect" and give.duration == "this_turn"
    with pytest.raises(InputError):
        compile_text("I have Sparkle.", card_type="unit")


def test_a_condition_keyword_named_as_a_state():
    (ability,) = round_trip("While I'm Mighty, I have [Tank].")
    assert ability.effects[0].condition == fx.Condition("is", fx.Selector("the", reference="self"), keyword="Mighty")


def test_with_a_keyword_named_without_brackets():
    (ability,) = round_trip("Kill a unit with Tank.", "spell")
    assert ability.effects[0].objects[0].filters == (fx.Filter("keyword", None, "Tank"),)


def test_the_same_location_as_an_object():
    (ability,) = round_trip("Choose a friendly unit. Stun an enemy unit at the same location as that unit.", "spell")
    stun = ability.effects[-1]
    assert stun.objects[0].location.kind == "location" and stun.objects[0].location.of.reference == "that"
    with pytest.raises(InputError):       # not read yet, and never dropped
        compile_text("Stun a unit at the same battlefield as that unit.", card_type="spell")


def test_ability_kinds_are_premodifiers():
    (ability,) = round_trip("Counter a triggered ability.", "spell")
    assert ability.effects[0].objects[0].states == ("triggered",)
    (trigger,) = round_trip("When you play an activated ability, draw 1.")
    assert trigger.trigger.object.types == ("ability",) and trigger.trigger.object.states == ("activated",)


def test_the_most_might_and_the_killed_units_might():
    (ability,) = round_trip("Kill the enemy unit with the most Might. Give a friendly unit +[M] equal to the killed "
                            "unit's Might this turn.", "spell")
    kill, give = ability.effects
    assert kill.objects[0].filters == (fx.Filter("might", "max"),)
    measure = give.modifications[0].measure
    assert measure.kind == "might" and measure.of.states == ("killed",) and measure.of.antecedent == kill.objects[0]


def test_pick_a_domain_then_holders_are_that_domain():
    (ability,) = round_trip("As you play this, pick a domain. Friendly units are that domain.", "gear")
    pick, static = ability.effects
    assert (pick.action, pick.options) == ("choose", ("a_domain",))
    assert static.modifications == (fx.Modification("chosen_domain"),) and static.holder.relation == "friendly"
    assert "chosen_domain" in statement_gap(static)


def test_pick_is_choose_and_predict_unbracketed():
    assert canonical("Pick a friendly unit. Predict 3.", "spell") == "Choose a friendly unit. [Predict 3]."


# ---- statuses of the rules as states (124.2, 441.2) -----------------------------------------------------
@pytest.mark.parametrize("text, card_type, expected", [
    ("Kill an Empowered unit.", "spell", ("empowered",)),          # a status of vocabulary.yaml, not a tag
    ("Stun an empowered enemy unit.", "spell", ("empowered",)),
    ("Kill a Mech unit.", "spell", ()),                              # a tag stays a tag
])
def test_a_status_before_a_noun_is_a_state_of_the_selector(text, card_type, expected):
    (ability,) = round_trip(text, card_type)
    chosen = ability.effects[0].objects[0]
    assert chosen.states == expected
    assert ("Mech" in chosen.tags) == (not expected)


@pytest.mark.parametrize("text, value", [
    ("Choose a unit. If it's not stunned, kill it.", "stunned"),
    ("Choose a unit. If it's not exhausted, ready it.", "exhausted"),
    ("Choose a unit. If it's not empowered, draw 1.", "empowered"),
])
def test_a_state_is_negated_in_a_condition_and_renders_back(text, value):
    (ability,) = round_trip(text, "spell")
    condition = ability.effects[1].condition
    assert (condition.kind, condition.value, condition.negated) == ("is", value, True)
    assert "not " + value in canonical(text, "spell")
