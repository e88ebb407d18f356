"""Linear cost: the time of N and of 10N for the three inputs that once grew with the square of
their size, and the ratio (about 10 when the cost is linear, about 100 when it is quadratic).

- compile: one card file of N cards (``riftbound compile FILE``), the cards cycling through
  real texts of the pool;
- lint --fix: one card file with N quote fixes (RB502), a few to each card;
- scenario: one scenario whose base holds N objects, a step, and a count of them.

NOTE: an effect over all N objects ("Deal 1 to all enemy units.") still costs far more than
linear: the runtime computes the layers' cache key over every object at each query
(``engine/layer_sources.resolve_state``), which is the engine's to change.

Each figure is the median of RUNS runs in this process (the grammar is loaded once, before
timing). Run: `python benchmarks/linear_cost.py [N] [RUNS]` (default N=1000, 3 runs).
"""
from __future__ import annotations

import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.cli.main import main  # noqa: E402

TEXTS = ["Draw 1.", "When you play me, draw 1.", "[Accelerate] (You may pay [1][R] as an additional cost to have "
         "me enter ready.)", "Deal 2 to a unit at a battlefield.", "Units here have +1 [M]."]


def card_file(folder: Path, n: int) -> Path:
    path = folder / f"cards-{n}.yaml"
    lines = []
    for index in range(n):
        lines += [f"- name: Card {index}", "  type: Spell", f"  text: {TEXTS[index % len(TEXTS)]!r}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def fix_file(folder: Path, n: int) -> Path:
    """N RB502 fixes: cards whose texts use curly quotes with some straight apostrophes among them."""
    path = folder / f"quotes-{n}.yaml"
    lines, per_card = [], 4
    for index in range((n + per_card - 1) // per_card):
        text = "Draw 1. " + " ".join(["can’t"] * 9 + ["can't"] * per_card)
        lines += [f"- name: Quote {index}", "  type: Spell", f"  text: \"{text}\""]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def scenario_file(folder: Path, n: int) -> Path:
    path = folder / f"scenario-{n}.yaml"
    base = ", ".join(["{name: Recruit, token: true}"] * n)
    path.write_text(f"""name: {n} objects
rules: ["142.4.c"]
given:
  A:
    base: [{base}]
    deck: [Recruit]
when:
  - draw: 1
then:
  - in: A.base
    count: {n}
  - in: A.hand
    has: [Recruit]
""", encoding="utf-8")
    return path


def _run(argv: list[str]) -> float:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(argv)
    return time.perf_counter() - start


def measure(make, command, n: int, runs: int, folder: Path) -> float:
    times = []
    for _ in range(runs):
        path = make(folder, n)      # written again each run: --fix changes it
        times.append(_run(command(path)))
    return statistics.median(times)


CASES = {
    "compile N cards": (card_file, lambda p: ["compile", str(p), "--summary"]),
    "lint --fix N fixes": (fix_file, lambda p: ["lint", str(p), "--fix", "--select", "RB502"]),
    "scenario N objects": (scenario_file, lambda p: ["scenario", "run", str(p)]),
}


def main_benchmark(n: int = 1000, runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as folder:
        _run(["compile", "Draw 1."])               # grammar and rules loaded before timing
        print(f"{'case':22} {'N':>7} {'t(N) s':>9} {'10N':>7} {'t(10N) s':>9} {'ratio':>6}")
        for name, (make, command) in CASES.items():
            small = measure(make, command, n, runs, Path(folder))
            large = measure(make, command, 10 * n, runs, Path(folder))
            print(f"{name:22} {n:7} {small:9.3f} {10 * n:7} {large:9.3f} {large / small:6.1f}")


if __name__ == "__main__":
    main_benchmark(*(int(arg) for arg in sys.argv[1:3]))
