"""Fuzzing that stays in the suite (hypothesis, a bounded number of examples; the long run is
benchmarks/fuzz.py): mutated real card texts through parse, compile and render in process, and
mutated card files and scenario files through the command line (compile, render, lint, lint --fix,
scenario run). Each example must end in the documented outcome (tests/fuzzing.py): a located
diagnostic with a help line, or success whose canonical text compiles back to the same effects;
never a traceback or an internal error."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing as fz

TEXTS = fz.card_texts()
FILES = fz.card_file_texts()
SCENARIOS = fz.scenario_texts()
FUZZ = settings(max_examples=45, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _assert_clean(tally: fz.Tally) -> None:
    assert tally.broken == [], "\n\n".join(f"{kind}: {subject!r}\n{detail}" for kind, subject, detail in tally.broken)


@FUZZ
@given(index=st.integers(0, len(TEXTS) - 1), seed=st.integers(0, 2**32))
def test_mutated_card_texts_compile_faithfully_or_give_a_located_diagnostic(index, seed):
    tally = fz.Tally()
    text, card_type = TEXTS[index]
    fz.run_text(fz.mutate(text, random.Random(seed), fz.TEXT_PIECES), tally, card_type)
    _assert_clean(tally)


@FUZZ
@given(index=st.integers(0, len(FILES) - 1), seed=st.integers(0, 2**32))
def test_mutated_card_files_through_the_command_line(tmp_path_factory, index, seed):
    text = fz.mutate(FILES[index], random.Random(seed), fz.YAML_PIECES + fz.TEXT_PIECES)
    path = tmp_path_factory.mktemp("fuzz") / "card.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    tally = fz.Tally()
    for argv in (["compile", str(path)], ["render", str(path)], ["lint", str(path)], ["lint", "--fix", str(path)]):
        fz.run_command(argv, text, tally)
        text = path.read_text(encoding="utf-8", errors="surrogatepass")
    _assert_clean(tally)


@FUZZ
@given(index=st.integers(0, len(SCENARIOS) - 1), seed=st.integers(0, 2**32))
def test_mutated_scenarios_through_the_command_line(tmp_path_factory, index, seed):
    text = fz.mutate(SCENARIOS[index], random.Random(seed), fz.YAML_PIECES + fz.TEXT_PIECES)
    path = tmp_path_factory.mktemp("fuzz") / "scenario.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    tally = fz.Tally()
    fz.run_command(["scenario", "run", str(path)], text, tally)
    _assert_clean(tally)


@FUZZ
@given(seed=st.integers(0, 2**32))
def test_mutated_jsonl_cards_through_the_command_line(tmp_path_factory, seed):
    rng = random.Random(seed)
    line = '{"name": "Fuzz", "type": "Unit", "might": 2, "text": ' + \
        __import__("json").dumps(rng.choice(TEXTS)[0]) + "}"
    text = fz.mutate(line, rng, fz.TEXT_PIECES + ['\\ud800', '"', "{}", "[]", "5", "null", '"text": 5'])
    path = tmp_path_factory.mktemp("fuzz") / "cards.jsonl"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    tally = fz.Tally()
    for argv in (["compile", str(path)], ["render", str(path)], ["lint", str(path)]):
        fz.run_command(argv, text, tally)
    _assert_clean(tally)
