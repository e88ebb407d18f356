"""``riftbound parse TEXT|FILE``: the parse tree of a text, or of each card of a file.

Exit 1 when a text or a card's text does not parse (every card is still tried), 2 for a
path that does not exist or a malformed card file.
"""
from __future__ import annotations

from interpreter.base.diagnostics import InputError
from .common import FAILURES, START_CHOICES, SUCCESS, cards_of, failed, source_kind, text_failed


def register(commands) -> None:
    command = commands.add_parser("parse", help="print the parse tree of a text or of the cards in a file")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("source", metavar="TEXT|FILE")
    command.add_argument("--start", choices=START_CHOICES, default="card_text",
                         help="the grammar's start rule for a TEXT (default: card_text)")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.language.parse import parse

    if source_kind(args.source) == "text":
        try:
            print(parse(args.source, start=args.start).pretty(), end="")
        except InputError as error:
            return text_failed(error)
        return SUCCESS
    status = SUCCESS
    for card in cards_of(args.source):
        print(f"# {card.name}")
        if card.text.strip():
            try:
                print(parse(card.text).pretty(), end="")
            except InputError as error:
                source = card.sources.get("text")
                d = error.diagnostic
                status = failed(source.diagnostic(d.code, d.message, d.line, d.column, d.help) if source else d)
    return status if status == SUCCESS else FAILURES
