"""``riftbound coverage CORPUS.jsonl|DIR``: how many cards compile fully and render back.

Text output: the figures, per set, the grammar gaps ranked by the cards each would
unlock, and every failure (card, fragment, reason). ``--format json`` has ``cards``,
``compiled``, ``round_trip``, ``same_as_printed``, ``runs`` (compiled cards whose every effect the
runtime handles, the check random play uses; ``run_gaps`` names each other card's first gap),
``by_type``, ``failures`` (name, fragment, reason) and ``gaps``.
Exit 0 when every card compiles, 1 when some do not (they are failures, as for
``compile``), or with ``--fail-under PCT`` 1 only when fewer than PCT percent compile;
2 for a path that does not exist or a malformed file.
"""
from __future__ import annotations

import json

from .common import cards_of


def register(commands) -> None:
    command = commands.add_parser("coverage", help="how much of a corpus or card folder compiles and renders back")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("source", metavar="CORPUS.jsonl|DIR")
    command.add_argument("--format", choices=("text", "json"), default="text")
    command.add_argument("--set", action="append", default=[], dest="sets", help="only cards of this set")
    command.add_argument("--gaps", type=int, default=15, help="how many grammar gaps to list (text)")
    command.add_argument("--failures", action="store_true", help="list every failure (text)")
    command.add_argument("--fail-under", type=float, default=None, metavar="PCT",
                         help="exit 1 only when fewer than PCT percent of the cards compile "
                              "(default: when any card does not)")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.coverage.measure import measure
    from interpreter.engine.runs import gap_of_text
    from interpreter.render.renderer import render_card, round_trips

    cards = [c for c in cards_of(args.source) if not args.sets or c.fields.get("set") in args.sets]
    report = measure(cards, round_trips, render_card, gap_of_text)
    if args.format == "json":
        print(json.dumps(_data(report), indent=2, ensure_ascii=False))
    else:
        _print(report, args)
    share = 100.0 * report.compiled / report.cards if report.cards else 100.0
    if args.fail_under is not None:
        return 1 if share < args.fail_under else 0
    return 1 if report.compiled < report.cards else 0


def _data(report) -> dict:
    return {
        "cards": report.cards,
        "compiled": report.compiled,
        "round_trip": report.round_trip,
        "same_as_printed": report.same_as_printed,
        "runs": report.runs,
        "by_type": {name: {"cards": n, "compiled": c, "runs": r} for name, (n, c, r) in sorted(report.by_type.items())},
        "run_gaps": [{"name": name, "gap": gap} for name, gap in report.run_gaps],
        "by_set": {name: {"cards": n, "compiled": c} for name, (n, c) in sorted(report.by_set.items())},
        "failures": [{"name": f.card, "field": f.field, "line": f.line, "column": f.column,
                      "fragment": f.fragment, "reason": f.reason, "expected": f.expected} for f in report.failures],
        "round_trip_failures": report.round_trip_failures,
        "gaps": [{"gap": gap, "unlocks": unlocks, "failures": seen} for gap, unlocks, seen in report.gaps(100)],
    }


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "100.0%"


def _print(report, args) -> None:
    print(f"cards:      {report.cards}")
    print(f"compiled:   {report.compiled} ({_percent(report.compiled, report.cards)})")
    print(f"round trip: {report.round_trip} of {report.compiled} compiled "
          f"({_percent(report.round_trip, report.compiled)})")
    print(f"as printed: {report.same_as_printed} of {report.compiled} compiled "
          f"({_percent(report.same_as_printed, report.compiled)}; reminders, spacing, dashes, quotes aside)")
    for name, (cards, compiled) in sorted(report.by_set.items()):
        print(f"  {name}: {compiled}/{cards} ({_percent(compiled, cards)})")
    if report.runs is not None:
        print(f"runs:       {report.runs} of {report.compiled} compiled ({_percent(report.runs, report.compiled)}; "
              "every effect handled by the runtime)")
        for name, (cards, compiled, runs) in sorted(report.by_type.items()):
            print(f"  {name}: {runs}/{cards} run")
    gaps = report.gaps(args.gaps)
    if gaps:
        print("grammar gaps (cards each alone blocks, failures it appears in):")
        for gap, unlocks, seen in gaps:
            print(f"  {unlocks:3d} {seen:3d}  {gap}")
    if args.failures:
        for failure in report.failures:
            print(f"{failure.card} [{failure.field} {failure.line}:{failure.column}]: {failure.reason}")
            print(f"    {failure.fragment}")
    if report.round_trip_failures:
        print("no round trip: " + ", ".join(report.round_trip_failures))
