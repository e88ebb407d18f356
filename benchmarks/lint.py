"""Lint figures: the whole corpus in one process, and `riftbound lint one-card.yaml` from a cold start.

Prints medians over several runs (seconds):
- "corpus, in process": ``lint_paths`` over ../shared/corpus/cards.jsonl inside one Python
  process, imports and the grammar already loaded (what an editor integration pays);
- "corpus, command": the whole ``riftbound lint cards.jsonl`` command, start-up included;
- "one card, cold start": ``riftbound lint cards/OGN/faithful-manufactor.yaml`` as a new
  process with Lark's grammar cache present (the cache is built once before timing).
Targets (issue 8): corpus under 1.5 s in one process, one card under 0.3 s.
Run: `python benchmarks/lint.py [RUNS]`.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "cards.jsonl"
ONE_CARD = ROOT / "cards" / "OGN" / "faithful-manufactor.yaml"
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def _median(action) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _command(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "interpreter", "lint", *args], cwd=ROOT, capture_output=True, check=False)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from interpreter.lint.config import find_pyproject, load_config
    from interpreter.lint.runner import lint_paths

    config = load_config(find_pyproject(ROOT)).resolve()
    outcome = lint_paths([CORPUS], config)          # warm-up: imports, grammar, rules data
    in_process = _median(lambda: lint_paths([CORPUS], config))
    command = _median(lambda: _command(str(CORPUS)))
    _command(str(ONE_CARD))                           # makes sure the grammar cache exists
    one_card = _median(lambda: _command(str(ONE_CARD)))
    print(f"runs: {RUNS} (medians, seconds); corpus: {outcome.cards} cards, {len(outcome.reports)} findings")
    print(f"corpus, in process:    {in_process:.3f}  (target < 1.5)")
    print(f"corpus, command:       {command:.3f}")
    print(f"one card, cold start:  {one_card:.3f}  (target < 0.3)")


if __name__ == "__main__":
    main()
