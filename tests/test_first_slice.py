"""The first slice: each token instruction compiles to the values the rules decide."""
from __future__ import annotations

import yaml
import pytest

from interpreter import compile_text
from interpreter.compiler.effects import CreateTokens

from conftest import CASES

SLICE = yaml.safe_load((CASES / "first_slice.yaml").read_text(encoding="utf-8"))


def _check(actual, expected: dict, where: str) -> None:
    for field, wanted in expected.items():
        value = getattr(actual, field)
        if field == "keywords" or field == "granted":
            assert [k.name for k in value] == wanted, f"{where}.{field}"
        elif field == "rules" and where != "effect":
            assert list(value) == wanted, f"{where}.rules"
        elif isinstance(wanted, dict):
            assert value is not None, f"{where}.{field} is missing"
            _check(value, wanted, f"{where}.{field}")
        elif isinstance(wanted, list):
            assert list(value) == wanted, f"{where}.{field}"
        else:
            assert value == wanted, f"{where}.{field}: {value!r} != {wanted!r}"


@pytest.mark.parametrize("case", SLICE, ids=[case["text"] for case in SLICE])
def test_token_instruction_compiles_to_expected_values(case):
    effects = compile_text(case["text"], start="effect_text")
    assert len(effects) == 1
    effect = effects[0]
    assert isinstance(effect, CreateTokens)
    expected = {k: v for k, v in case.items() if k not in ("text", "rules")}
    _check(effect, expected, "effect")
    cited = set(effect.rules)
    for decision in (effect.token, effect.created_to, effect.played_to, effect.enters, effect.owner, effect.controller):
        if decision is not None:
            assert set(decision.rules) <= cited, "every decision's rules are cited by the effect"
    assert set(case.get("rules", [])) <= cited


def test_effect_span_covers_the_instruction():
    text = "When you play me, play a 1 [M] Recruit unit token here."
    (ability,) = compile_text(text, card_type="unit")
    effect = ability.effects[0]
    assert text[effect.span.start:effect.span.end] == "play a 1 [M] Recruit unit token here"
    assert (effect.span.line, effect.span.column) == (1, 19)


def test_effect_objects_are_frozen_hashable_and_hold_no_source_text():
    from dataclasses import fields, FrozenInstanceError

    (effect,) = compile_text("Play a 1 [M] Bird unit token with [Deflect] here.", start="effect_text")
    hash(effect)
    with pytest.raises(FrozenInstanceError):
        effect.count = 2

    def strings(value):
        if isinstance(value, str):
            yield value
        elif hasattr(value, "__dataclass_fields__"):
            for f in fields(value):
                yield from strings(getattr(value, f.name))
        elif isinstance(value, tuple):
            for item in value:
                yield from strings(item)
    # Only names, enumerations and rule ids: nothing as long as a sentence of the text.
    assert all(" " not in s or s == "Baron Pit" for s in strings(effect))


def test_same_text_compiles_to_equal_effects():
    text = "Play two 3 [M] Mech unit tokens to your base."
    assert compile_text(text, start="effect_text") == compile_text(text, start="effect_text")


def test_compiling_a_kept_tree_gives_what_compiling_the_text_gives():
    from interpreter.base.diagnostics import InputError
    from interpreter.language.parse import parse
    from interpreter.compiler.pipeline import compile_tree

    for text, start in (("Play a 1 [M] Recruit unit token here.", "effect_text"),
                        ("When you play me, play a 1 [M] Recruit unit token here.", "card_text")):
        assert compile_tree(parse(text, start=start), text, start=start) == compile_text(text, start=start)
    text = "Play a 1 [M] Goblin unit token here."
    with pytest.raises(InputError) as from_text:
        compile_text(text, start="effect_text")
    with pytest.raises(InputError) as from_tree:
        compile_tree(parse(text, start="effect_text"), text, start="effect_text")
    assert from_tree.value.diagnostic == from_text.value.diagnostic
    assert from_tree.value.diagnostic.code == "E010"
