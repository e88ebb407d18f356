"""``riftbound render FILE|DIR``: canonical card text from each card's effect objects."""
from __future__ import annotations

import sys

from .common import cards_of


def register(commands) -> None:
    command = commands.add_parser("render", help="canonical text of cards, rendered from their effect objects")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("source", metavar="FILE|DIR")
    command.add_argument("--check", action="store_true",
                         help="also say whether each rendered text compiles back to the same effects")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.compiler.pipeline import compile_card
    from interpreter.render.renderer import render_card, round_trips

    failed = 0
    for card in cards_of(args.source):
        result = compile_card(card)
        print(f"# {card.name}")
        if not result.compiled:
            failed += 1
            print(result.error.format(), file=sys.stderr)
            continue
        print(render_card(result.abilities, card.card_type))
        if args.check and not round_trips(result.abilities, card.card_type):
            failed += 1
            print(f"{card.path}:{card.line}: the rendered text does not compile back to the same effects",
                  file=sys.stderr)
    return 1 if failed else 0
