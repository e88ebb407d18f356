"""States and keywords joined by "or"/"and" in a noun phrase (issue 14, Build 5): sentences written for this test,
not card texts. "or" is any one of them (a filter holding several values, op "in"); "and" is each of them. Each
sentence is checked for the typed values it compiles to and for its round trip; the runtime part is run as
scenarios at the end."""
from __future__ import annotations

import pytest

from interpreter.base.diagnostics import InputError
from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

from conftest import scenario_result


def _object(text: str) -> fx.Selector:
    (ability,) = compile_text(text, card_type="spell")
    return ability.effects[0].objects[0]


def _round_trip(text: str) -> str:
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell"), render_card(abilities, "spell")
    return render_card(abilities, "spell")


@pytest.mark.parametrize("text, names", [
    ("Kill each unit that has [Tank] or [Shield].", ("Tank", "Shield")),
    ("Stun a unit with [Assault] or [Deflect].", ("Assault", "Deflect")),
    ("Kill each enemy unit with [Tank] or [Shield] or [Deflect].", ("Tank", "Shield", "Deflect")),
])
def test_keywords_joined_by_or_are_any_of_them(text, names):
    sel = _object(text)
    assert sel.filters == (fx.Filter("keyword", "in", values=names),)
    assert "or [" in _round_trip(text)


def test_keywords_joined_by_and_are_each_of_them():
    sel = _object("Kill each unit that has [Tank] and [Shield].")
    assert sel.filters == (fx.Filter("keyword", None, "Tank"), fx.Filter("keyword", None, "Shield"))
    assert _round_trip("Kill each unit that has [Tank] and [Shield].") == "Kill each unit with [Tank] and [Shield]."


def test_a_grant_after_a_keyword_test_stays_a_grant():
    (ability,) = compile_text("Give a unit with [Tank] [Assault] and [Shield] this turn.", card_type="spell")
    give = ability.effects[0]
    assert [m.keyword.name for m in give.modifications] == ["Assault", "Shield"]
    assert give.objects[0].filters == (fx.Filter("keyword", None, "Tank"),)


def test_a_choice_of_grants_is_a_located_error_not_both():
    with pytest.raises(InputError) as caught:
        compile_text("Give a unit [Tank] or [Shield] this turn.", card_type="spell")
    message = str(caught.value)
    assert ":1:23:" in message and "a choice between two things granted" in message


@pytest.mark.parametrize("text, states, rendered", [
    ("Kill a damaged or stunned unit.", ("damaged", "stunned"), "Kill a damaged or stunned unit."),
    ("Kill each exhausted or stunned enemy unit.", ("exhausted", "stunned"),
     "Kill each exhausted or stunned enemy unit."),
    ("Kill a unit that is exhausted or stunned.", ("exhausted", "stunned"), "Kill an exhausted or stunned unit."),
    ("Ready a buffed or damaged friendly unit.", ("buffed", "damaged"), "Ready a buffed or damaged friendly unit."),
])
def test_states_joined_by_or_are_any_of_them(text, states, rendered):
    sel = _object(text)
    assert fx.Filter("state", "in", values=states) in sel.filters
    assert sel.states == ()
    assert _round_trip(text) == rendered


def test_states_joined_by_and_are_each_of_them():
    sel = _object("Kill an exhausted and buffed unit.")
    assert sel.states == ("exhausted", "buffed")
    assert not any(f.kind == "state" for f in sel.filters)
    _round_trip("Kill an exhausted and buffed unit.")


def test_domains_joined_by_or_are_alternatives():
    sel = _object("Kill a Fury or Calm unit.")
    assert [a.filters for a in sel.alternatives] == [(fx.Filter("domain", "==", "R"),), (fx.Filter("domain", "==", "G"),)]
    _round_trip("Kill a Fury or Calm unit.")


_CARDS = """cards:
  - {name: Ember Whelp, type: Unit, cost: {energy: 1}, might: 1, domains: [Fury], text: ""}
  - {name: Still Pond Heron, type: Unit, cost: {energy: 1}, might: 1, domains: [Calm], text: ""}
  - {name: Iron Warden, type: Unit, cost: {energy: 1}, might: 1, domains: [Order], text: "[Tank]"}
  - {name: Glass Guard, type: Unit, cost: {energy: 1}, might: 1, domains: [Order], text: "[Shield]"}
"""


def test_the_runtime_kills_units_with_any_of_the_keywords(tmp_path):
    result = scenario_result(tmp_path, """name: 'each unit that has [Tank] or [Shield]: either keyword (135)'
rules: ["428"]
""" + _CARDS + """given:
  B:
    base: [Iron Warden, Glass Guard, Ember Whelp]
when:
  - do: "Kill each unit that has [Tank] or [Shield]."
then:
  - in: B.trash
    has: [Iron Warden, Glass Guard]
  - in: B.base
    has: [Ember Whelp]
""")
    assert result.status == "pass", result.reasons


def test_the_runtime_kills_units_in_any_of_the_states(tmp_path):
    result = scenario_result(tmp_path, """name: 'each exhausted or stunned unit: either state (124.2)'
rules: ["428"]
""" + _CARDS + """given:
  B:
    base: [{name: Ember Whelp, exhausted: true}, {name: Still Pond Heron, stunned: true}, Iron Warden]
when:
  - do: "Kill each exhausted or stunned unit."
then:
  - in: B.trash
    has: [Ember Whelp, Still Pond Heron]
  - in: B.base
    has: [Iron Warden]
""")
    assert result.status == "pass", result.reasons
