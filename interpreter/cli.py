"""Command line: ``riftbound parse|compile|import ...`` (DESIGN.md section 6).

Exit codes: 0 success, 1 findings or failures, 2 usage or input error. Bad input is
one diagnostic on stderr, never a traceback. Heavy modules are imported lazily so
the command starts fast.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .diagnostics import Diagnostic, InputError

_PATH_SUFFIXES = (".yaml", ".yml", ".jsonl", ".json")
START_CHOICES = ("card_text", "effect_text", "token_definition")


def main(argv: list[str] | None = None) -> int:
    parser = _argument_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except InputError as error:
        print(error.diagnostic.format(), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riftbound", description="Riftbound card text as a DSL: "
                                     "parse, compile to effects, and run.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    parse_cmd = commands.add_parser("parse", help="print the parse tree of a text or of the cards in a file")
    parse_cmd.add_argument("source", metavar="TEXT|FILE")
    parse_cmd.add_argument("--start", choices=START_CHOICES, default="card_text",
                           help="the grammar's start rule for a TEXT (default: card_text)")
    parse_cmd.set_defaults(run=_run_parse)

    compile_cmd = commands.add_parser("compile", help="compile a text, a card file or a folder to effect objects")
    compile_cmd.add_argument("source", metavar="TEXT|FILE|DIR")
    compile_cmd.add_argument("--format", choices=("text", "json"), default="text")
    compile_cmd.add_argument("--start", choices=START_CHOICES[:2], default="card_text",
                             help="the grammar's start rule for a TEXT (default: card_text)")
    compile_cmd.add_argument("--summary", action="store_true", help="one line a card and a summary")
    compile_cmd.set_defaults(run=_run_compile)

    import_cmd = commands.add_parser("import", help="write corpus JSONL cards as card files, a folder per set")
    import_cmd.add_argument("corpus", metavar="CORPUS.jsonl", type=Path)
    import_cmd.add_argument("--out", type=Path, required=True, metavar="DIR")
    import_cmd.add_argument("--name", action="append", default=[], help="import only cards of this name")
    import_cmd.set_defaults(run=_run_import)
    return parser


def _source_kind(source: str) -> str:
    """'path' for an existing file or folder or what looks like one, else 'text'."""
    if not source.strip():
        return "text"
    path = Path(source)
    if "\n" not in source and len(source) < 4096 and path.exists():
        return "path"
    if "\n" not in source and (source.endswith(_PATH_SUFFIXES) or source.endswith(("/", "\\"))):
        raise InputError(Diagnostic("E003", "no such file or folder", source, 1, 1,
                                    help="expected an existing card file, folder, or a card text in quotes"))
    return "text"


def _cards_of(source: str):
    from .cards import card_files, load_cards

    path = Path(source)
    files = card_files(path) if path.is_dir() else [path]
    return [card for file in files for card in load_cards(file)]


def _run_parse(args) -> int:
    from .parse import parse

    if _source_kind(args.source) == "text":
        print(parse(args.source, start=args.start).pretty(), end="")
        return 0
    for card in _cards_of(args.source):
        print(f"# {card.name}")
        if card.text.strip():
            try:
                print(parse(card.text).pretty(), end="")
            except InputError as error:
                source = card.sources.get("text")
                d = error.diagnostic
                raise InputError(source.diagnostic(d.code, d.message, d.line, d.column, d.help)
                                 if source else d) from None
    return 0


def _run_compile(args) -> int:
    from .pipeline import compile_card, compile_text
    from .serialize import describe, to_data

    if _source_kind(args.source) == "text":
        effects = compile_text(args.source, start=args.start)
        if args.format == "json":
            result = {"path": "<text>", "line": 1, "name": None, "type": None, "compiled": True,
                      "abilities": to_data(effects), "error": None}
            _print_json([result])
        else:
            print("\n".join(line for effect in effects for line in describe(effect)))
        return 0
    results = [compile_card(card) for card in _cards_of(args.source)]
    if args.format == "json":
        _print_json([_result_data(result, to_data) for result in results])
    else:
        _print_results(results, args.summary, describe)
    failures = [result for result in results if not result.compiled]
    for result in failures:
        print(result.error.format(), file=sys.stderr)
    return 2 if failures else 0


def _result_data(result, to_data) -> dict:
    card = result.card
    error = result.error
    return {"path": card.path, "line": card.line, "name": card.name, "type": card.fields.get("type"),
            "compiled": result.compiled, "abilities": to_data(result.abilities) if result.compiled else None,
            "error": None if error is None else {"code": error.code, "message": error.message,
                                                 "line": error.line, "column": error.column, "help": error.help}}


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


def _run_import(args) -> int:
    from .importer import import_corpus

    written = import_corpus(args.corpus, args.out, set(args.name))
    print(f"wrote {len(written)} card files under {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
