"""``riftbound import CORPUS.jsonl --out DIR``: corpus cards as card files, a folder per set."""
from __future__ import annotations

from pathlib import Path


def register(commands) -> None:
    command = commands.add_parser("import", help="write corpus JSONL cards as card files, a folder per set")
    command.add_argument("corpus", metavar="CORPUS.jsonl", type=Path)
    command.add_argument("--out", type=Path, required=True, metavar="DIR")
    command.add_argument("--name", action="append", default=[], help="import only cards of this name")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.cards.importer import import_corpus

    written = import_corpus(args.corpus, args.out, set(args.name))
    print(f"wrote {len(written)} card files under {args.out}")
    return 0
