"""Figures of "did you mean": the time a failing text's finding takes, suggestion search included.

For each text below (misspellings of the kinds designers make, and texts with no close word),
lints the text in one process, imports, grammar and vocabulary already loaded (the first run
loads them and is not timed), and prints the median over RUNS runs in milliseconds, with the
suggestion found. The search tries at most 6 words x 3 known words, each a parse (RB001) or a
parse and a compile (RB002).
Run: `python benchmarks/lint_suggest.py [RUNS]` (default 9).
"""
from __future__ import annotations

import statistics
import sys
import time

from interpreter.lint.config import LintConfig
from interpreter.lint.engine import lint_file
from interpreter.lint.source import text_source

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 9
TEXTS = (
    ("drwa 1.", "Spell"),
    ("Deal 2 to an enemy unti.", "Spell"),
    ("When yuo play me, draw 1.", "Unit"),
    ("Play a 1 [M] Recruti unit token here.", "Spell"),
    ("Play a 1 [M] Goblin unit token here.", "Spell"),                 # no close word
    ("When you play me, give a friendly unit +2 [M] this trun.", "Unit"),
)


def _once(text: str, card_type: str, config) -> tuple[float, str]:
    start = time.perf_counter()
    reports = lint_file(text_source(text, card_type), config)
    elapsed = time.perf_counter() - start
    return elapsed, "; ".join(r.message for r in reports if r.code in ("RB001", "RB002"))


def main() -> None:
    config = LintConfig(select=("RB001", "RB002")).resolve()
    for text, card_type in TEXTS:
        _once(text, card_type, config)
        times = [_once(text, card_type, config)[0] for _ in range(RUNS)]
        message = _once(text, card_type, config)[1]
        print(f"{1000 * statistics.median(times):7.1f} ms  {text!r}: {message}")


if __name__ == "__main__":
    main()
