"""Start-up figures: importing the package, and `riftbound compile TEXT` cold and cached.

Prints medians over several runs (seconds). "cold" removes the grammar caches (Lark's,
and the pickled parser of ``parser_cache``) before each run, "cached" keeps them. Run: `python benchmarks/startup.py [RUNS]`.

`python benchmarks/startup.py --fresh-venv` measures the first command after `pip install` instead: it
builds the wheel, installs it in a new virtual environment, and times `riftbound compile TEXT` there
with an empty cache folder (``RIFTBOUND_CACHE_DIR``), first with the parser tables and rule book the
wheel ships (hatch_build.py), then with those removed from the installation (what a first run cost
before they were shipped), and a second run that finds its own cache.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import clear_temp, median_seconds  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 7
TEXT = "Create a 1 [M] Recruit token"


def _clear_lark_cache() -> None:
    clear_temp(".lark_cache_*")
    clear_temp("riftbound-parser-*.pickle")


def _median_seconds(command: list[str], before=None) -> float:
    return median_seconds(command, RUNS, before)


def fresh_venv() -> None:
    import os
    import shutil
    import subprocess
    import tempfile
    import time
    import venv

    root = Path(__file__).resolve().parent.parent
    base = Path(tempfile.mkdtemp(prefix="riftbound-fresh-"))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(base / "dist"),
                    str(root)], check=True, capture_output=True)
    (wheel,) = (base / "dist").glob("*.whl")
    venv.EnvBuilder(with_pip=True).create(base / "venv")
    python = base / "venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, capture_output=True)
    print(f"wheel built and installed in {time.perf_counter() - started:.1f} s ({wheel.name})")

    def first_run(label: str) -> None:
        cache = base / f"cache-{label}"
        cache.mkdir()
        env = dict(os.environ, RIFTBOUND_CACHE_DIR=str(cache))
        for run in ("first", "second"):
            start = time.perf_counter()
            subprocess.run([str(base / "venv" / "bin" / "riftbound"), "compile", TEXT], check=True, capture_output=True,
                           env=env, cwd=base)
            print(f"{label:>26}, {run} command: {time.perf_counter() - start:.3f} s")

    first_run("tables shipped")
    shipped = next((base / "venv" / "lib").glob("python*/site-packages/interpreter/_data/caches"))
    print(f"shipped cache files: {sorted(p.name for p in shipped.iterdir())}")
    shutil.rmtree(shipped)
    first_run("tables not shipped")
    shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    if "--fresh-venv" in sys.argv[1:]:
        fresh_venv()
        return
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
