"""`riftbound interactions` over the embedded pool, as a median of whole command runs (seconds).

Each run is a fresh process (`riftbound interactions cards/ --card NEW`), so the figure is
what a designer waits for: start-up, loading and compiling the pool, laying it on the design
board, the layer dependency trials and the replacement competitions. Target: under 10 s.

Run: `python benchmarks/interactions.py [RUNS]` (default 3).
"""
from __future__ import annotations

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
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    print(f"interactions over the embedded pool with one new card: median {statistics.median(times):.2f} s "
          f"over {runs} runs (target < 10 s)")


if __name__ == "__main__":
    main()
