"""The clause bank (tests/cases/composition_clauses.yaml): conditions, comparisons, passives, "unless", trigger
events, durations and replacements in combinations no card of the four sets uses, each with the meaning it must
compile to, rendered back to text that compiles to the same meaning."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.serialize import to_data
from interpreter.render.renderer import round_trips
from test_meaning_cases import EFFECT, mismatch

BANK = Path(__file__).resolve().parent / "cases" / "composition_clauses.yaml"
KEYS = {"text", "card_type", "note", "expect", "xfail"}


def load_cases() -> list:
    cases = []
    for number, case in enumerate(yaml.safe_load(BANK.read_text(encoding="utf-8")), start=1):
        assert set(case) <= KEYS and {"text", "card_type", "expect"} <= set(case), (number, set(case))
        marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if "xfail" in case else []
        cases.append(pytest.param(case, id=f"clauses-{number}", marks=marks))
    return cases


CASES = load_cases()


@pytest.mark.parametrize("case", CASES)
def test_clause_means_what_it_says(case):
    abilities = compile_text(case["text"], card_type=case["card_type"])
    data = to_data(abilities)
    for ability in data:
        EFFECT.validate(ability)          # every value is one of a typed value set
    problem = mismatch(case["expect"], data)
    assert problem is None, problem
    assert round_trips(abilities, case["card_type"]), case["text"]


def test_the_bank_is_large_and_its_own():
    texts = [case.values[0]["text"] for case in CASES]
    assert len(texts) >= 150 and len(set(texts)) == len(texts)
    printed = set()
    for path in (Path(__file__).resolve().parents[1] / "cards").rglob("*.yaml"):
        printed |= {line.strip().removeprefix("text:").strip() for line in path.read_text(encoding="utf-8").splitlines()}
    assert not [text for text in texts if text in printed]     # no card's text copied


def test_no_more_and_fewer_differ():
    def condition(text):
        return to_data(compile_text(text, card_type="spell"))[0]["effects"][0]["condition"]
    more, no_more = condition("If you have more runes than an opponent, draw 1."), \
        condition("If you have no more runes than an opponent, draw 1.")
    assert (more["kind"], more["negated"]) == ("has_more", False)
    assert (no_more["kind"], no_more["negated"]) == ("has_more", True)
    fewer = condition("If you have fewer runes than an opponent, draw 1.")
    assert (fewer["kind"], fewer["negated"]) == ("has_fewer", False)


# New clause forms the runtime does not run yet: each is refused with a reason, never skipped in silence.
REFUSED = [
    ("If you have fewer runes than an opponent, draw 1.", "spell", "Conditional"),
    ("While my Might is greater than 5, I have [Tank].", "unit", "measure_more"),
    ("When I'm chosen by a spell, draw 1.", "unit", "by ..."),
    ("When a friendly unit is stunned, draw 1.", "unit", "“is” events"),
    ("I can't be readied by enemy spells.", "unit", "by <source>"),
    ("If you've stunned a unit this turn, draw 2.", "spell", "Conditional"),
    ("If a friendly unit would be killed, recall it instead.", "unit", "would_be"),          # a ReplacementAbility (compiler/standing.py)
    ("Give a unit +3 [M] until your next turn.", "spell", "GameAction"),
    ("When I'm dealt damage, draw 1.", "unit", "dealt_damage"),
]


@pytest.mark.parametrize("text, card_type, reason", REFUSED)
def test_the_runtime_refuses_a_new_form_by_name(text, card_type, reason):
    from interpreter.engine.runs import first_gap
    gap = first_gap(tuple(compile_text(text, card_type=card_type)))
    assert gap is not None and reason in gap, gap


def test_until_end_of_turn_is_this_turn_and_runs():
    from interpreter.engine.runs import first_gap
    abilities = compile_text("Give a unit +3 [M] until end of turn.", card_type="spell")
    assert to_data(abilities)[0]["effects"][0]["duration"] == "this_turn"       # 317.2.c
    assert first_gap(tuple(abilities)) is None
