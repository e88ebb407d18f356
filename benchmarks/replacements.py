"""Replacement-effect figures: ordering N competing effects on one event, and mass simultaneous deaths.

Cases (medians of RUNS runs, seconds, each on a freshly built game state; building is not timed):

- ``enter, same result``: N "Friendly units enter ready." effects on one entering unit. The
  graph has no edge, so every order gives the same result and no choice is asked.
- ``enter, real choice``: N/2 "enter ready" against N/2 opposing "Enemy units enter
  exhausted."; every pair clashes, so the graph is complete and one effect is picked at a time.
- ``death, nested``: N "The next time a friendly unit would die, kill this instead. ..." units
  and one death: each replacement kills its own source, a new event the others then compete
  for (370.2), so the work nests N deep.
- ``1,000 deaths, 10 effects``: 1,000 units die in one cleanup (373) with 10 replacement
  effects in play (5 "next time" savers and 5 that apply to no one).

Run: `python benchmarks/replacements.py [RUNS]`.
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.setrecursionlimit(20000)

from interpreter.compiler.pipeline import compile_text  # noqa: E402
from interpreter.engine.replacements import die, entering  # noqa: E402
from interpreter.rules.data import default_rules  # noqa: E402
from interpreter.engine.state import Characteristics, GameState  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
TEXTS = {
    "ready": ("legend", "Friendly units enter ready."),
    "exhausted": ("gear", "Enemy units enter exhausted."),
    "saver": ("unit", "The next time a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it."),
    "idle": ("unit", "If a friendly Dragon unit would die, heal it, exhaust it, and recall it instead."),
    "plain": ("unit", ""),
}


@dataclass(frozen=True)
class Source:
    """Compiled abilities standing in for a card definition."""

    abilities: tuple


def _chars(kind: str, name: str) -> Characteristics:
    card_type, text = TEXTS[kind]
    abilities = compile_text(text, card_type=card_type) if text else ()
    return Characteristics(name, "unit" if card_type == "unit" else card_type, 1 if card_type == "unit" else None,
                           source=Source(tuple(abilities)))


CHARS = {kind: _chars(kind, kind.title()) for kind in TEXTS}


def _state() -> GameState:
    return GameState(default_rules(), ["A", "B"], "A")


def enter_same(n: int):
    state = _state()
    for _ in range(n):
        state.new_object(CHARS["ready"], "A", "A", ("legend", "A"))
    unit = state.new_object(CHARS["plain"], "A", "A", ("chain", None))
    return lambda: entering(state, unit, "A", ("base", "A"), False)


def enter_choice(n: int):
    state = _state()
    for number in range(n):
        if number % 2:
            state.new_object(CHARS["exhausted"], "B", "B", ("base", "B"))
        else:
            state.new_object(CHARS["ready"], "A", "A", ("legend", "A"))
    unit = state.new_object(CHARS["plain"], "A", "A", ("chain", None))
    return lambda: entering(state, unit, "A", ("base", "A"), False)


def death_nested(n: int):
    state = _state()
    savers = [state.new_object(CHARS["saver"], "A", "A", ("base", "A")) for _ in range(n)]
    return lambda: die(state, [savers[0]], "is killed and goes to", ("428.2",))


def mass_deaths(units: int = 1000, effects: int = 10):
    state = _state()
    for number in range(effects):
        state.new_object(CHARS["saver" if number % 2 == 0 else "idle"], "A", "A", ("base", "A"))
    dying = [state.new_object(CHARS["plain"], "A", "A", ("base", "A")) for _ in range(units)]
    return lambda: die(state, dying, "dies and goes to", ("428.1.a.2",))


def median(build, *args) -> float:
    times = []
    for _ in range(RUNS):
        run = build(*args)
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"medians of {RUNS} runs, seconds")
    for label, build in (("enter, same result", enter_same), ("enter, real choice", enter_choice),
                         ("death, nested", death_nested)):
        figures = {n: median(build, n) for n in (2, 10, 100)}
        growth = figures[100] / figures[10] if figures[10] else float("nan")
        print(f"{label:22} " + "  ".join(f"N={n}: {t:.5f}" for n, t in figures.items())
              + f"  (N=100 / N=10: x{growth:.1f})")
    print(f"{'1,000 deaths, 10 effects':22} {median(mass_deaths):.5f}")


if __name__ == "__main__":
    main()
