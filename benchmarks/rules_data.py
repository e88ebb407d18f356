"""Rules-as-data figures: loading rules_data with and without the rule-book cache, and the rule commands.

Prints medians over several runs (seconds), each in a fresh process. "uncached" removes
the rule-book cache files (riftbound-rules-*.pickle in the temp folder) before each run,
so every statement of rules_data/rules is parsed again; Lark's grammar cache is kept.
Run: `python benchmarks/rules_data.py [RUNS]`.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import clear_temp, median_seconds  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
LOAD = "from interpreter.rules.data import default_rules; default_rules()"


def _clear_rule_cache() -> None:
    clear_temp("riftbound-rules-*.pickle")


def _median_seconds(command: list[str], before=None) -> float:
    return median_seconds(command, RUNS, before)


def main() -> None:
    python = sys.executable
    imported = _median_seconds([python, "-c", "import interpreter"])
    uncached = _median_seconds([python, "-c", LOAD], before=_clear_rule_cache)
    cached = _median_seconds([python, "-c", LOAD])
    rule = _median_seconds([python, "-m", "interpreter", "rule", "187.1"])
    coverage = _median_seconds([python, "-m", "interpreter", "rules", "--coverage"])
    print(f"runs: {RUNS} (medians, seconds)")
    print(f"import interpreter:               {imported:.3f}")
    print(f"load rules_data, cache removed:   {uncached:.3f}")
    print(f"load rules_data, cached:          {cached:.3f}  (uncached/cached ratio {uncached / cached:.2f})")
    print(f"riftbound rule 187.1:             {rule:.3f}  (the pool's citations from their cache)")
    print(f"riftbound rules --coverage:       {coverage:.3f}")


if __name__ == "__main__":
    main()
