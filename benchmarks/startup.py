"""Start-up figures: importing the package, and `riftbound compile TEXT` cold and cached.

Prints medians over several runs (seconds). "cold" removes Lark's grammar cache
before each run, "cached" keeps it. Run: `python benchmarks/startup.py [RUNS]`.
"""
from __future__ import annotations

import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
TEXT = "Create a 1 [M] Recruit token"


def _clear_lark_cache() -> None:
    for path in glob.glob(os.path.join(tempfile.gettempdir(), ".lark_cache_*")):
        os.remove(path)


def _median_seconds(command: list[str], before=None) -> float:
    times = []
    for _ in range(RUNS):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
