"""Start-up figures: importing the package, and `riftbound compile TEXT` cold and cached.

Prints medians over several runs (seconds). "cold" removes the grammar caches (Lark's,
and the pickled parser of ``parser_cache``) before each run, "cached" keeps them. Run: `python benchmarks/startup.py [RUNS]`.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import clear_temp, median_seconds  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
TEXT = "Create a 1 [M] Recruit token"


def _clear_lark_cache() -> None:
    clear_temp(".lark_cache_*")
    clear_temp("riftbound-parser-*.pickle")


def _median_seconds(command: list[str], before=None) -> float:
    return median_seconds(command, RUNS, before)


def main() -> None:
    python = sys.executable
    baseline = _median_seconds([python, "-c", "pass"])
    imported = _median_seconds([python, "-c", "import interpreter"])
    compile_cmd = [python, "-m", "interpreter", "compile", TEXT]
    cold = _median_seconds(compile_cmd, before=_clear_lark_cache)
    cached = _median_seconds(compile_cmd)
    print(f"runs: {RUNS} (medians, seconds)")
    print(f"python -c pass:                 {baseline:.3f}")
    print(f"import interpreter:             {imported:.3f}  (+{imported - baseline:.3f} over bare python)")
    print(f"compile TEXT, grammar uncached: {cold:.3f}")
    print(f"compile TEXT, grammar cached:   {cached:.3f}  (cold/cached ratio {cold / cached:.2f})")


if __name__ == "__main__":
    main()
