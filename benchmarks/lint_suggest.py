"""Figures of "did you mean": the time a failing text's finding takes, suggestion search included.

For each text below (misspellings of the kinds designers make, and texts with no close word),
lints the text in one process, imports, grammar and vocabulary already loaded (the first run
loads them and is not timed), and prints the median over RUNS runs in milliseconds, with the
suggestion found. The search tries at most 6 words x 3 known words, each a parse (RB001) or a
parse and a compile (RB002).

Then a figure of how often the suggestion is right: SLIPS texts of the pool, each with one slip
made at random (seed fixed: two letters swapped, one dropped, doubled or changed), linted as a
unit's text; it counts the texts RB001 or RB002 report, those with a suggestion, and those
whose suggestion gives back the pool's text exactly.
Run: `python benchmarks/lint_suggest.py [RUNS] [SLIPS]` (default 9 and 200).
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

from interpreter.lint.config import LintConfig
from interpreter.lint.engine import lint_file
from interpreter.lint.source import parse_source, text_source

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 9
SLIPS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
TEXTS = (
    ("drwa 1.", "Spell"),
    ("Deal 2 to an enemy unti.", "Spell"),
    ("When yuo play me, draw 1.", "Unit"),
    ("Play a 1 [M] Recruti unit token here.", "Spell"),
    ("Play a 1 [M] Goblin unit token here.", "Spell"),                 # no close word
    ("When you play me, give a friendly unit +2 [M] this trun.", "Unit"),
)


def _once(text: str, card_type: str, config) -> tuple[float, str]:
    start = time.perf_counter()
    reports = lint_file(text_source(text, card_type), config)
    elapsed = time.perf_counter() - start
    return elapsed, "; ".join(r.message for r in reports if r.code in ("RB001", "RB002"))


def _slipped(text: str, chooser: random.Random) -> str:
    at = chooser.choice([i for i, char in enumerate(text) if char.isalpha()])
    kind = chooser.choice(("swap", "drop", "double", "change"))
    if kind == "swap" and at + 1 < len(text):
        return text[:at] + text[at + 1] + text[at] + text[at + 2:]
    if kind == "drop":
        return text[:at] + text[at + 1:]
    if kind == "double":
        return text[:at] + text[at] + text[at:]
    return text[:at] + chooser.choice("aeioustrn") + text[at + 1:]


def accuracy(config) -> dict:
    from interpreter.base.resources import cards_dir
    from interpreter.cards.card_files import card_files, load_cards

    chooser = random.Random(7)
    texts = [card.text for path in card_files(cards_dir()) for card in load_cards(path) if card.text.strip()]
    counts = {"texts": SLIPS, "reported": 0, "suggested": 0, "right": 0}
    for _ in range(SLIPS):
        printed = chooser.choice(texts)
        slipped = _slipped(printed, chooser)
        source = parse_source(Path("slip.yaml"), "name: Slip\ntype: Unit\nmight: 1\ntext: " + json.dumps(slipped) + "\n")
        reports = lint_file(source, config)
        if not reports:
            continue
        counts["reported"] += 1
        fix = reports[0].fix
        if fix is not None:
            counts["suggested"] += 1
            edit = fix.edits[0]
            counts["right"] += slipped[:edit.start] + edit.replacement + slipped[edit.end:] == printed
    return counts


def main() -> None:
    config = LintConfig(select=("RB001", "RB002")).resolve()
    for text, card_type in TEXTS:
        _once(text, card_type, config)
        times = [_once(text, card_type, config)[0] for _ in range(RUNS)]
        message = _once(text, card_type, config)[1]
        print(f"{1000 * statistics.median(times):7.1f} ms  {text!r}: {message}")
    counts = accuracy(config)
    print(f"{counts['texts']} pool texts with one slip: {counts['reported']} reported, {counts['suggested']} with a "
          f"suggestion, {counts['right']} suggestions giving back the printed text")


if __name__ == "__main__":
    main()
