"""`riftbound interactions` over the embedded pool, as a median of whole command runs (seconds).

Each run is a fresh process (`riftbound interactions cards/ --card NEW`), so the figure is
what a designer waits for: start-up, loading and compiling the pool, laying it on the design
board, the layer dependency trials and the replacement competitions. Target: under 10 s. The
CPU time of the command is printed too: on a shared machine it is the steadier figure.

Run: `python benchmarks/interactions.py [RUNS]` (default 3).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEW_CARD = """\
name: Bench Mech Foundry
type: Unit
cost: {energy: 3}
might: 2
domains: [Mind]
text: Other friendly units are Mechs.
"""


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as folder:
        card = Path(folder) / "new.yaml"
        card.write_text(NEW_CARD, encoding="utf-8")
        command = [sys.executable, "-m", "interpreter", "interactions", str(ROOT / "cards"), "--card", str(card)]
        times, cpu = [], []
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print(f"interactions over the embedded pool with one new card: median {statistics.median(times):.2f} s "
          f"wall, {statistics.median(cpu):.2f} s CPU, over {runs} runs (target < 10 s; the wall time grows "
          f"with the other jobs sharing the machine, load average now {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
