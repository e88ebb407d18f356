"""Noun phrases by composition (issue 14 item 5): the sentence bank of tests/cases/composition_nouns.yaml.

Each case compiles to the fields it names (partial match, as the meaning tests), every word of it in a value
set of the schema; its canonical text compiles to the same abilities (round trip); and every object it names
is one the runtime finds, or one it refuses with a reason that names the part it does not read.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest
import yaml

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.serialize import to_data
from interpreter.engine.selectors import runs_selector, selector_gap
from interpreter.render.renderer import render_card, round_trips

from conftest import scenario_result
from test_meaning_cases import EFFECT, mismatch

BANK = Path(__file__).resolve().parent / "cases" / "composition_nouns.yaml"
KEYS = {"text", "card_type", "expect", "xfail"}


def _cases() -> list:
    cases = []
    for number, case in enumerate(yaml.safe_load(BANK.read_text(encoding="utf-8")), start=1):
        assert set(case) <= KEYS and {"text", "card_type", "expect"} <= set(case), (number, case)
        marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if "xfail" in case else []
        cases.append(pytest.param(case, id=f"nouns-{number}", marks=marks))
    return cases


CASES = _cases()


def _selectors(value):
    """Every selector inside an effect object, outermost first."""
    if isinstance(value, fx.Selector):
        yield value
    if isinstance(value, tuple):
        for item in value:
            yield from _selectors(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from _selectors(getattr(value, field.name))


@pytest.mark.parametrize("case", CASES)
def test_a_noun_phrase_compiles_to_its_meaning_and_back(case):
    abilities = compile_text(case["text"], card_type=case["card_type"])
    data = to_data(abilities)
    for ability in data:
        EFFECT.validate(ability)
    problem = mismatch(case["expect"], data)
    assert problem is None, problem
    assert round_trips(abilities, case["card_type"]), render_card(abilities, case["card_type"])
    for selector in _selectors(abilities):
        gap = selector_gap(selector)
        assert (gap is None) == runs_selector(selector)
        assert gap is None or len(gap) > 10


def test_the_bank_is_large_enough():
    assert len(CASES) >= 150


@pytest.mark.parametrize("text, named", [
    ("Kill each unit that attacked this turn.", "did_this_turn"),
    ("Deal 3 to a unit that was dealt damage this turn.", "was_this_turn"),
    ("Kill a unit with Energy cost less than my Might.", "energy_cost"),
    ("Kill a unit an opponent played this turn.", "played_by"),
])
def test_the_runtime_refuses_what_it_does_not_track_by_name(text, named):
    (ability,) = compile_text(text, card_type="spell")
    (selector,) = [s for s in _selectors(ability) if s.filters]
    assert not runs_selector(selector) and named in selector_gap(selector)


@pytest.mark.parametrize("text", ["Kill a Fury unit.", "Kill a [R] unit.", "Choose a unit. Kill each unit with the same name as it.",
                                  "Choose a unit. Deal 1 to each unit other than that unit.", "Deal 2 to an opponent's unit."])
def test_the_runtime_reads_domains_names_and_other_objects(text):
    (ability,) = compile_text(text, card_type="spell")
    assert all(runs_selector(s) for s in _selectors(ability))


def test_a_domain_word_and_symbol_must_agree():
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError) as raised:
        compile_text("Kill a Fury [G] unit.", card_type="spell")
    assert "disagree" in raised.value.diagnostic.message
    assert _without_spans(compile_text("Kill a Fury [R] unit.", card_type="spell")) == \
        _without_spans(compile_text("Kill a Fury unit.", card_type="spell"))


def test_a_domain_adjective_is_the_domain_not_a_tag():
    (ability,) = compile_text("Kill a Chaos unit.", card_type="spell")
    (selector,) = ability.effects[0].objects
    assert selector.tags == () and selector.filters == (fx.Filter("domain", "==", "P"),)


def test_equivalent_phrasings_compile_alike():
    same = [("Kill a unit that is stunned.", "Kill a stunned unit."),
            ("Kill a unit with Might less than mine.", "Kill a unit with less Might than me."),
            ("Deal 2 to each unit besides me.", "Deal 2 to each other unit."),
            ("Kill a unit with 3 Might or less.", "Kill a unit with 3 [M] or less."),
            ("Stun a unit that an opponent controls.", "Stun a unit an opponent controls."),
            ("Kill a gear with an Energy cost of [3] or less.", "Kill a gear with Energy cost no more than [3].")]
    for first, second in same:
        assert to_data(compile_text(first, card_type="spell")) != [] and \
            _without_spans(compile_text(first, card_type="spell")) == _without_spans(compile_text(second, card_type="spell"))


def _without_spans(abilities):
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "span"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(to_data(abilities))


def test_a_relative_without_a_time_is_refused_with_help():
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError) as raised:
        compile_text("Kill a unit an opponent killed.", card_type="spell")
    assert "this turn" in raised.value.diagnostic.help


_TWO_DOMAINS = """cards:
  - {name: Ember Whelp, type: Unit, cost: {energy: 1}, might: 1, domains: [Fury], text: ""}
  - {name: Still Pond Heron, type: Unit, cost: {energy: 1}, might: 1, domains: [Calm], text: ""}
given:
  B:
    base: [Ember Whelp, Still Pond Heron, Ember Whelp]
"""


def test_the_runtime_finds_objects_by_domain(tmp_path):
    result = scenario_result(tmp_path, """name: 'Kill each Fury unit: the Fury units only (134.2)'
rules: ["134.2", "428"]
""" + _TWO_DOMAINS + """when:
  - do: "Kill each Fury unit."
then:
  - in: B.trash
    count: 2
  - in: B.base
    has: [Still Pond Heron]
""")
    assert result.status == "pass", result.reasons


def test_the_runtime_finds_objects_with_the_same_name(tmp_path):
    result = scenario_result(tmp_path, """name: 'with the same name as it: the names of the objects compared (138)'
rules: ["428"]
""" + _TWO_DOMAINS + """when:
  - do: "Choose an enemy unit. Kill each unit with the same name as it."
    choose: ["B:Ember Whelp#1"]
then:
  - in: B.trash
    count: 2
  - in: B.base
    has: [Still Pond Heron]
""")
    assert result.status == "pass", result.reasons


def test_the_runtime_reads_a_negated_state(tmp_path):
    result = scenario_result(tmp_path, """name: 'each unit that is not exhausted: the ready ones only (124.2)'
rules: ["428"]
cards:
  - {name: Ember Whelp, type: Unit, cost: {energy: 1}, might: 1, domains: [Fury], text: ""}
  - {name: Still Pond Heron, type: Unit, cost: {energy: 1}, might: 1, domains: [Calm], text: ""}
given:
  B:
    base: [{name: Ember Whelp, exhausted: true}, Still Pond Heron]
when:
  - do: "Kill each unit that isn't exhausted."
then:
  - in: B.trash
    has: [Still Pond Heron]
  - in: B.base
    has: [Ember Whelp]
""")
    assert result.status == "pass", result.reasons


def test_the_runtime_reads_a_might_bound_by_a_number(tmp_path):
    result = scenario_result(tmp_path, """name: 'each unit with Might greater than 2: Might 3 and more (143)'
rules: ["428"]
cards:
  - {name: Ember Whelp, type: Unit, cost: {energy: 1}, might: 2, domains: [Fury], text: ""}
  - {name: Still Pond Heron, type: Unit, cost: {energy: 1}, might: 3, domains: [Calm], text: ""}
given:
  B:
    base: [Ember Whelp, Still Pond Heron]
when:
  - do: "Kill each unit with Might greater than 2."
then:
  - in: B.trash
    has: [Still Pond Heron]
  - in: B.base
    has: [Ember Whelp]
""")
    assert result.status == "pass", result.reasons
