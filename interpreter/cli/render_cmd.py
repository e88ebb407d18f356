"""``riftbound render TEXT|FILE|DIR``: canonical card text from the effect objects of a text or of each card.

Exit 1 when a text or a card does not compile, or (``--check``) its rendering does not
compile back to the same effects; 2 for a path that does not exist or a malformed file.
"""
from __future__ import annotations

import sys

from interpreter.base.diagnostics import InputError
from .common import FAILURES, SUCCESS, add_type_option, cards_of, source_kind, text_failed


def register(commands) -> None:
    command = commands.add_parser("render", help="canonical text of a text or of cards, rendered from their effect objects")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("source", metavar="TEXT|FILE|DIR")
    command.add_argument("--check", action="store_true",
                         help="also say whether each rendered text compiles back to the same effects")
    add_type_option(command)
    command.set_defaults(run=run)


def run(args) -> int:
    if source_kind(args.source) == "text":
        return _render_text(args)
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
    return FAILURES if failed else SUCCESS


def _render_text(args) -> int:
    from interpreter.compiler.pipeline import compile_text
    from interpreter.render.renderer import render_card, round_trips

    card_type = args.card_type.lower() if args.card_type else None
    try:
        abilities = compile_text(args.source, card_type=card_type)
    except InputError as error:
        return text_failed(error)
    print(render_card(abilities, card_type))
    if args.check and not round_trips(abilities, card_type):
        print("<text>: the rendered text does not compile back to the same effects", file=sys.stderr)
        return FAILURES
    return SUCCESS
