"""The long fuzz run of the hardening issue, with the harness of the test suite (tests/fuzzing.py).

- TEXTS mutated real card texts through parse, compile and render in process (default 60,000);
- FILES mutated card files through `compile`, `render`, `lint` and `lint --fix` (default 641), and
  SCENARIOS mutated scenario files through `scenario run` (default 308), all in process.

Prints what the issue asks: inputs tried, tracebacks (any exception escaping the command line or
the pipeline), internal errors shown as input errors (a diagnostic that is malformed or outside
the input), runs over 10 s, runs over 1 GB (the process's address space is capped at its size at
start plus 1 GB, so such a run ends in a MemoryError, which counts as an internal error), and the
texts whose canonical rendering compiled to different effects. Then the first few broken inputs.

Run: `python benchmarks/fuzz.py [TEXTS] [FILES] [SCENARIOS] [SEED]`.
"""
from __future__ import annotations

import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzing as fz  # noqa: E402

SLOW = 10.0
GIGABYTE = 1 << 30


def _cap_memory() -> None:
    """Address space: what the process uses now plus 1 GB."""
    with open("/proc/self/statm") as stream:
        used = int(stream.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + GIGABYTE, resource.RLIM_INFINITY))


def _timed(function, slow: list, subject) -> None:
    start = time.perf_counter()
    function()
    if time.perf_counter() - start > SLOW:
        slow.append(subject)


def run(texts: int, files: int, scenarios: int, seed: int) -> None:
    rng = random.Random(seed)
    pool, card_files, scenario_files = fz.card_texts(), fz.card_file_texts(), fz.scenario_texts()
    text_tally, cli_tally, slow = fz.Tally(), fz.Tally(), []
    fz.run_text("Draw 1.", fz.Tally())                  # grammar and rules loaded before the cap and the clock
    try:
        _cap_memory()
    except (OSError, ValueError):
        print("(no address-space cap on this system: memory is not bounded by the run)")
    started = time.perf_counter()
    for _ in range(texts):
        text, card_type = rng.choice(pool)
        text = fz.mutate(text, rng, fz.TEXT_PIECES)
        _timed(lambda: fz.run_text(text, text_tally, card_type), slow, text)
    with tempfile.TemporaryDirectory() as folder:
        for index in range(files):
            text = fz.mutate(rng.choice(card_files), rng, fz.YAML_PIECES + fz.TEXT_PIECES)
            path = Path(folder) / f"card-{index}.yaml"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            for argv in (["compile", str(path)], ["render", str(path)], ["lint", str(path)],
                         ["lint", "--fix", str(path)]):
                _timed(lambda: fz.run_command(argv, text, cli_tally), slow, argv)
                text = path.read_text(encoding="utf-8", errors="surrogatepass")
        for index in range(scenarios):
            text = fz.mutate(rng.choice(scenario_files), rng, fz.YAML_PIECES + fz.TEXT_PIECES)
            path = Path(folder) / f"scenario-{index}.yaml"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            _timed(lambda: fz.run_command(["scenario", "run", str(path)], text, cli_tally), slow, path)
    elapsed = time.perf_counter() - started
    _report(text_tally, cli_tally, slow, elapsed)


def _report(text_tally: fz.Tally, cli_tally: fz.Tally, slow: list, elapsed: float) -> None:
    broken = text_tally.broken + cli_tally.broken
    kinds = Counter(kind for kind, _, _ in broken)
    memory = sum(1 for _, _, detail in broken if "MemoryError" in detail)
    tracebacks = sum(n for kind, n in kinds.items() if kind.startswith("internal error") or kind == "exit code")
    print(f"texts in process:    {text_tally.inputs} ({text_tally.diagnostics} diagnostics, "
          f"{text_tally.successes} compiled)")
    print(f"command-line runs:   {cli_tally.inputs} ({cli_tally.diagnostics} exit 2, {cli_tally.successes} exit 0/1)")
    print(f"tracebacks or internal errors:          {tracebacks}")
    print(f"internal errors shown as input errors:  {kinds.get('diagnostic', 0)} (malformed or misplaced diagnostics)")
    print(f"runs over {SLOW:.0f} s:                        {len(slow)}")
    print(f"runs over 1 GB:                         {memory}")
    print(f"compiled texts whose meaning changed:   {kinds.get('meaning changed', 0)} of {text_tally.successes}")
    print(f"elapsed: {elapsed:.0f} s")
    for kind, subject, detail in broken[:15]:
        print(f"\n[{kind}] {subject!r}\n{detail}")


if __name__ == "__main__":
    arguments = [int(arg) for arg in sys.argv[1:5]]
    defaults = [60_000, 641, 308, 18]
    run(*(arguments + defaults[len(arguments):]))
