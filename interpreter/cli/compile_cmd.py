"""``riftbound compile TEXT|FILE|DIR``: effect objects, as text or JSON.

Exit 1 when a text or a card does not compile (its diagnostic on stderr), 2 for a path
that does not exist or a malformed card file.
"""
from __future__ import annotations

import json
import sys

from interpreter.base.diagnostics import InputError
from .common import FAILURES, START_CHOICES, SUCCESS, cards_of, source_kind, text_failed


def register(commands) -> None:
    command = commands.add_parser("compile", help="compile a text, a card file or a folder to effect objects")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("source", metavar="TEXT|FILE|DIR")
    command.add_argument("--format", choices=("text", "json"), default="text")
    command.add_argument("--start", choices=START_CHOICES[:2], default="card_text",
                         help="the grammar's start rule for a TEXT (default: card_text)")
    command.add_argument("--summary", action="store_true", help="one line a card and a summary")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.compiler.pipeline import compile_card, compile_text
    from interpreter.compiler.serialize import describe, to_data

    if source_kind(args.source) == "text":
        try:
            effects = compile_text(args.source, start=args.start)
        except InputError as error:
            return text_failed(error)
        if args.format == "json":
            result = {"path": "<text>", "line": 1, "name": None, "type": None, "compiled": True,
                      "abilities": to_data(effects), "error": None,
                      "texts": [{"field": "text", "text": args.source, "compiled": True,
                                 "abilities": to_data(effects), "error": None}]}
            _print_json([result])
        else:
            print("\n".join(line for effect in effects for line in describe(effect)))
        return SUCCESS
    results = [compile_card(card) for card in cards_of(args.source)]
    if args.format == "json":
        _print_json([_result_data(result, to_data) for result in results])
    else:
        _print_results(results, args.summary, describe)
    failures = [result for result in results if not result.compiled]
    for result in failures:
        print(result.error.format(), file=sys.stderr)
    return FAILURES if failures else SUCCESS


def _result_data(result, to_data) -> dict:
    """A card's result; ``texts``: each of its texts (printed, effect text, current wording) compiled."""
    from interpreter.compiler.card_texts import compile_card_texts

    card = result.card
    texts = [{"field": text.field, "text": text.text, "compiled": text.compiled,
              "abilities": to_data(text.abilities) if text.compiled else None, "error": _error_data(text.error)}
             for text in compile_card_texts(card)]
    return {"path": card.path, "line": card.line, "name": card.name, "type": card.fields.get("type"),
            "compiled": result.compiled, "abilities": to_data(result.abilities) if result.compiled else None,
            "error": _error_data(result.error), "texts": texts}


def _error_data(error) -> dict | None:
    return None if error is None else {"code": error.code, "message": error.message,
                                       "line": error.line, "column": error.column, "help": error.help}


def _print_json(results: list[dict]) -> None:
    compiled = sum(1 for result in results if result["compiled"])
    document = {"schema": "riftbound-compile/1", "results": results,
                "summary": {"cards": len(results), "compiled": compiled}}
    print(json.dumps(document, indent=2, ensure_ascii=False))


def _print_results(results, summary_only: bool, describe) -> None:
    for result in results:
        card = result.card
        count = len(result.abilities) if result.compiled else 0
        status = f"{count} abilit{'y' if count == 1 else 'ies'}" if result.compiled else "FAILED"
        print(f"{card.path}:{card.line}: {card.name} ({card.fields.get('type')}): {status}")
        if not summary_only and result.compiled:
            for ability in result.abilities:
                print("\n".join(describe(ability, 1)))
    compiled = sum(1 for result in results if result.compiled)
    share = 100.0 * compiled / len(results) if results else 100.0
    print(f"compiled {compiled} of {len(results)} cards ({share:.1f}%)")
