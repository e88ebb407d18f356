"""Meaning tests as data (tests/meaning/*.yaml): each text and the fields its compiled JSON must give.

A case is ``text`` (a card text, or an effect body with ``start: effect_text``), optional
``card_type``, and either ``expect`` (the abilities, matched partially: a mapping matches when
each key it names matches, a list when it has the same length and each item matches, a
scalar when equal) or ``error`` (the diagnostic code the text must give). ``equipment`` marks an
Equipment's effect text (the Equipment's name, 136.2.d); ``canonical`` is the text it must render to. ``xfail`` gives the
reason a case does not hold yet; such a case must still fail (strict), so a fix is noticed.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import jsonschema

from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.schema import build_schema
from interpreter.compiler.serialize import to_data
from interpreter.render.renderer import render_card, round_trips

FOLDER = Path(__file__).resolve().parent / "meaning"
CASE_KEYS = {"text", "start", "card_type", "expect", "error", "xfail", "note", "equipment", "canonical"}


def load_cases() -> list:
    cases = []
    for path in sorted(FOLDER.glob("*.yaml")):
        for number, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")), start=1):
            assert set(case) <= CASE_KEYS, (path.name, number, set(case) - CASE_KEYS)
            assert ("expect" in case) != ("error" in case), (path.name, number)
            marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if "xfail" in case else []
            cases.append(pytest.param(case, id=f"{path.stem}-{number}", marks=marks))
    return cases


CASES = load_cases()
_SCHEMA = build_schema()
EFFECT = jsonschema.Draft202012Validator({"$ref": "#/$defs/AnyEffect", "$defs": _SCHEMA["$defs"]})


def mismatch(expected, actual, where="") -> str | None:
    """Where ``actual`` differs from the partial ``expected``, or None when it matches."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key}: missing"
            found = mismatch(value, actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{where}: expected {len(expected)} items, got {actual!r}"
        for index, (item, got) in enumerate(zip(expected, actual)):
            found = mismatch(item, got, f"{where}[{index}]")
            if found:
                return found
        return None
    return None if expected == actual else f"{where}: expected {expected!r}, got {actual!r}"


@pytest.mark.parametrize("case", CASES)
def test_meaning(case):
    start = case.get("start", "card_text")
    if "error" in case:
        with pytest.raises(InputError) as raised:
            compile_text(case["text"], start=start, card_type=case.get("card_type"), equipment=case.get("equipment"))
        assert raised.value.diagnostic.code == case["error"]
        return
    abilities = compile_text(case["text"], start=start, card_type=case.get("card_type"), equipment=case.get("equipment"))
    if start == "card_text":
        assert round_trips(abilities, case.get("card_type")), "the canonical text does not compile back to the same effects"
    if "canonical" in case:
        assert render_card(abilities, case.get("card_type")) == case["canonical"]
    data = to_data(abilities)
    for ability in data:
        EFFECT.validate(ability)          # every word of it is in a value set of the schema
    problem = mismatch(case["expect"], data)
    assert problem is None, problem


def test_there_are_enough_cases():
    assert len(CASES) >= 150


def test_a_changed_field_is_caught():
    expected = [{"type": "SpellEffect", "effects": [{"action": "draw", "amount": {"value": 2}}]}]
    actual = to_data(compile_text("Draw 1.", card_type="spell"))
    assert mismatch(expected, actual) == "[0].effects[0].amount.value: expected 2, got 1"
