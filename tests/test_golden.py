"""Golden files: what every card of the pool compiles to has not changed unnoticed."""
from __future__ import annotations

import difflib

import pytest

from interpreter.coverage.golden import golden_texts

from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"
CURRENT = golden_texts()


@pytest.mark.parametrize("name", sorted(CURRENT))
def test_compile_output_matches_the_golden_file(name):
    path = GOLDEN / f"{name}.txt"
    assert path.exists(), f"no golden file for set {name}: run `python -m interpreter.coverage.golden`"
    expected = path.read_text(encoding="utf-8")
    if CURRENT[name] != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), CURRENT[name].splitlines(True),
                                                 "golden", "now", n=2))[:60])
        pytest.fail(f"the compile output of set {name} changed; review, then run "
                    f"`python -m interpreter.coverage.golden` to accept:\n{diff}")


def test_every_golden_file_belongs_to_a_set():
    assert {p.stem for p in GOLDEN.glob("*.txt")} == set(CURRENT)
