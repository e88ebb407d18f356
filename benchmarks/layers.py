"""Layer engine figures: resolving 10 to 10,000 continuous effects over 200 objects.

Two mixes, each a median of several runs (milliseconds) and the growth factor from one size
to the next (10x more effects; 10x time is linear):
- disjoint: "+N [M]" and keyword grants, each on its own object (i mod 200); nothing there can
  depend on anything, so the candidate index tries no pair;
- dependent: the same with every eleventh effect an "increased to 5" passive (479's example) or a
  "+2 to a maximum of 5" (479.1), so the index tries those against the effects on their object
  and finds real dependencies.
Each effect is a real ``ContinuousEffect`` resolved by ``interpreter.engine.layers.apply.resolve``.
Run: `python benchmarks/layers.py [RUNS]`.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.engine.layers.model import ABILITY, ARITHMETIC, Change, ContinuousEffect, Traits, View, fixed  # noqa: E402
from interpreter.engine.layers.apply import resolve  # noqa: E402
from interpreter.rules.data import default_rules  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
OBJECTS = 200
SIZES = (10, 100, 1_000, 10_000)


def view() -> View:
    return View({oid: Traits(oid, f"Unit {oid}", "unit", oid % 6, frozenset(), {}, "A", ("base", "A"))
                 for oid in range(OBJECTS)})


def effects(count: int, dependent: bool) -> list[ContinuousEffect]:
    made = []
    for i in range(count):
        oid = i % OBJECTS
        if dependent and i % 11 == 0:
            change = Change("might_to", limit=5) if i % 22 == 0 else Change("might_add_max", 2, limit=5)
            layer = ARITHMETIC
        elif i % 3 == 0:
            change, layer = Change("keyword_add", name=f"K{i % 7}"), ABILITY
        else:
            change, layer = Change("might_add", 1 if i % 2 else -1), ARITHMETIC
        made.append(ContinuousEffect(f"e{i}", layer, change, fixed(oid), i))
    return made


def median_ms(count: int, dependent: bool, rules) -> tuple[float, int]:
    batch = effects(count, dependent)
    times, edges = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        result = resolve(batch, view(), rules)
        times.append(time.perf_counter() - start)
        edges = len(result.edges)
    return statistics.median(times) * 1000, edges


def main() -> None:
    rules = default_rules()
    for dependent in (False, True):
        print("dependent" if dependent else "disjoint")
        previous = None
        for count in SIZES:
            ms, edges = median_ms(count, dependent, rules)
            growth = f"x{ms / previous:.1f}" if previous else "-"
            print(f"  {count:>6} effects: {ms:9.2f} ms  growth {growth:>6}  dependency edges {edges}")
            previous = ms


if __name__ == "__main__":
    main()
