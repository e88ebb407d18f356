"""``riftbound deck check DECK...``: deck construction (101-103) against the card pool.

Each finding is located at the deck file's entry and cites its rule. Exit 0 when every deck is
legal, 1 with findings, 2 when a file is not a deck file (one located diagnostic).
"""
from __future__ import annotations

import json
from pathlib import Path


def register(commands) -> None:
    command = commands.add_parser("deck", help="deck files: construction checked against the rules (101-103)")
    actions = command.add_subparsers(dest="deck_action", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="check decks: sizes, copies, Domain Identity, champion, battlefields")
    check.add_argument("decks", nargs="+", metavar="DECK.yaml")
    check.add_argument("--cards", action="append", default=[], metavar="PATH",
                       help="card files or folders besides the embedded pool (a new set's cards)")
    check.add_argument("--mode", default="duel", help="the mode of play (483): duel, match, skirmish, war, ...")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError
    from interpreter.decks.construction import Checker, modes
    from interpreter.decks.deck_file import load_deck
    from interpreter.decks.pool import card_pool

    if args.mode not in modes():
        raise InputError(Diagnostic("E063", f"unknown mode of play {args.mode!r}", "<command line>", 1, 1,
                                    help="expected one of: " + ", ".join(modes())))
    checker = Checker(card_pool([Path(p) for p in args.cards]), args.mode)
    results = [(path, checker.check(load_deck(Path(path)))) for path in args.decks]
    if args.format == "json":
        print(json.dumps([{"deck": path, "legal": not findings,
                           "findings": [_finding(f) for f in findings]} for path, findings in results], indent=2))
    else:
        for path, findings in results:
            for finding in findings:
                print(finding.format())
            print(f"{path}: {'legal' if not findings else f'{len(findings)} finding(s)'}")
    return 1 if any(findings for _, findings in results) else 0


def _finding(diagnostic) -> dict:
    return {"code": diagnostic.code, "message": diagnostic.message, "line": diagnostic.line,
            "column": diagnostic.column, "help": diagnostic.help}
