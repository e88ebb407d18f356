"""``riftbound interactions PATH... [--card NEW]``: layer dependencies and competing replacements."""
from __future__ import annotations

from pathlib import Path

GRAPH_SUFFIXES = (".graphml", ".dot", ".gv")


def register(commands) -> None:
    command = commands.add_parser("interactions", help="which continuous effects depend on each other and which "
                                                       "replacement effects compete, across a pool")
    command.add_argument("paths", nargs="+", metavar="PATH", help="the pool: card files or folders (e.g. cards/)")
    command.add_argument("--card", action="append", metavar="FILE", default=[],
                         help="new cards (a card file): report only what involves them")
    command.add_argument("--graph", type=Path, metavar="OUT",
                         help="also write the interaction graph: OUT.graphml (GraphML) or OUT.dot (DOT)")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError
    from interpreter.interactions import board, competition, layers, report

    from .common import cards_of

    if args.graph is not None and args.graph.suffix not in GRAPH_SUFFIXES:
        raise InputError(Diagnostic("E020", f"cannot tell the graph format of {str(args.graph)!r}",
                                    "riftbound interactions --graph", 1, 1,
                                    help="expected a file name ending in .graphml, .dot or .gv"))
    pool = [card for path in args.paths for card in cards_of(path)]
    new = [card for path in args.card for card in cards_of(path)]
    failed = _not_compiling(new)
    laid = board.lay_out(pool, new)
    found = report.Interactions(laid, layers.study(laid), competition.study(laid))
    print(report.text(found))
    if args.graph is not None:
        report.write(found, args.graph)
        print(f"wrote {args.graph}")
    return 1 if failed else 0


def _not_compiling(cards) -> int:
    """New cards whose text does not compile have no effects to study: each is reported (and the run exits 1)."""
    import sys

    from interpreter.compiler.pipeline import compile_card

    failed = 0
    for result in map(compile_card, cards):
        if not result.compiled:
            failed += 1
            print(result.error.format(), file=sys.stderr)
            print(f"{result.card.name} does not compile: its interactions are not studied", file=sys.stderr)
    return failed
