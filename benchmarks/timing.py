"""Timing helpers shared by the benchmark scripts: medians of whole-command runs."""
from __future__ import annotations

import glob
import os
import statistics
import subprocess
import tempfile
import time


def median_seconds(command: list[str], runs: int, before=None) -> float:
    """The median wall time of ``command`` over ``runs`` runs; ``before()`` runs ahead of each."""
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def clear_temp(pattern: str) -> None:
    """Remove the cache files matching ``pattern`` in the temp folder (a cold start)."""
    for path in glob.glob(os.path.join(tempfile.gettempdir(), pattern)):
        os.remove(path)
