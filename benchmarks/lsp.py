"""`riftbound lsp`: how long after an edit the diagnostics of a 20-card file arrive (milliseconds).

A real server is started as a subprocess and spoken to over stdio, as an editor does. A file
of 20 cards of the embedded pool is opened; then one card's text is edited again and again
(each edit a new text, so that card is linted and compiled anew while the 19 others come from
the server's per-card memory), and the time from sending ``didChange`` to receiving the
``publishDiagnostics`` of that version is taken. Target: a median under 100 ms.

Run: `python benchmarks/lsp.py [EDITS]` (default 30).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from lsp_client import Client  # noqa: E402

FIELDS = ("name", "type", "supertype", "cost", "might", "domains", "tags", "text")


def twenty_cards() -> list[dict]:
    """20 cards of the pool with a text, in a stable order."""
    from interpreter.cards.card_files import card_files, load_cards

    cards = [card for path in card_files(ROOT / "cards") for card in load_cards(path) if card.text.strip()]
    return [{k: c.fields[k] for k in FIELDS if k in c.fields} for c in cards[::len(cards) // 20][:20]]


def document(cards: list[dict], edit: int) -> str:
    edited = [dict(card) for card in cards]
    edited[7]["text"] = f"When you play me, draw {edit % 9 + 1}" + " and deal 1 to an enemy unit" * (edit // 9) + "."
    return "---\n".join(yaml.safe_dump(card, sort_keys=False, allow_unicode=True) for card in edited)


def main() -> None:
    edits = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    cards = twenty_cards()
    client = Client()
    try:
        client.initialize()
        uri = (ROOT / "benchmark-20-cards.yaml").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                                "text": document(cards, 0)}})
        client.diagnostics(uri, 1, timeout=120)
        times = []
        for number in range(1, edits + 1):
            version = number + 1
            text = document(cards, number)
            start = time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                     "contentChanges": [{"text": text}]})
            client.diagnostics(uri, version)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        client.close()
    print(f"lsp diagnostics after an edit of a 20-card file: median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms over {edits} edits (target: median < 100 ms)")


if __name__ == "__main__":
    main()
