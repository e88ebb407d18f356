"""Lint figures: `riftbound lint one-card.yaml` from a cold start, and the whole corpus.

Prints medians over several runs (seconds):
- "one card, cold start": ``riftbound lint cards/OGN/faithful-manufactor.yaml`` as a new
  process, with the on-disk caches present (Lark's grammar cache, the pickled parser of
  ``parser_cache`` and the rule book of ``rules.cache``; one run before timing makes sure);
  wall time, and the CPU time of the process, which the other jobs of a shared machine
  disturb less;
- "corpus, command": the whole ``riftbound lint cards.jsonl`` command, start-up included;
- "corpus, in process": ``lint_paths`` over ../shared/corpus/cards.jsonl inside one Python
  process, imports and the grammar already loaded (what an editor integration pays).
Targets (issue 8): one card under 0.3 s, the corpus under 1.5 s in one process.
Run: `python benchmarks/lint.py [RUNS]` (default 9, at least 7).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "cards.jsonl"
ONE_CARD = ROOT / "cards" / "OGN" / "faithful-manufactor.yaml"
RUNS = max(7, int(sys.argv[1]) if len(sys.argv) > 1 else 9)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _command(*args: str) -> tuple[float, float]:
    """(wall, cpu) seconds of one ``riftbound lint ARGS`` process."""
    cpu, start = _children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "interpreter", "lint", *args], cwd=ROOT, capture_output=True, check=False)
    return time.perf_counter() - start, _children_cpu() - cpu


def _medians(*args: str) -> tuple[float, float]:
    runs = [_command(*args) for _ in range(RUNS)]
    return statistics.median(wall for wall, _ in runs), statistics.median(cpu for _, cpu in runs)


def _in_process() -> tuple[float, int, int]:
    sys.path.insert(0, str(ROOT))
    from interpreter.lint.config import find_pyproject, load_config
    from interpreter.lint.runner import lint_paths

    config = load_config(find_pyproject(ROOT)).resolve()
    outcome = lint_paths([CORPUS], config)          # warm-up: imports, grammar, rules data
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        lint_paths([CORPUS], config)
        times.append(time.perf_counter() - start)
    return statistics.median(times), outcome.cards, len(outcome.reports)


def main() -> None:
    _command(str(ONE_CARD))                           # makes sure every on-disk cache exists
    one_wall, one_cpu = _medians(str(ONE_CARD))
    corpus_wall, corpus_cpu = _medians(str(CORPUS))
    in_process, cards, findings = _in_process()
    bytecode = "not written (PYTHONDONTWRITEBYTECODE): modules compiled on every start" \
        if os.environ.get("PYTHONDONTWRITEBYTECODE") else "cached as usual"
    print(f"runs: {RUNS} (medians, seconds); corpus: {cards} cards, {findings} findings; bytecode {bytecode}")
    print(f"one card, cold start:  {one_wall:.3f}  (cpu {one_cpu:.3f})  (target < 0.3)")
    print(f"corpus, command:       {corpus_wall:.3f}  (cpu {corpus_cpu:.3f})")
    print(f"corpus, in process:    {in_process:.3f}  (target < 1.5)")


if __name__ == "__main__":
    main()
