"""The cards a deck may name: the embedded pool (cards/) and any card files given besides."""
from __future__ import annotations

from pathlib import Path

from interpreter.base.resources import cards_dir
from interpreter.cards.card_files import Card, card_files, load_cards


def card_pool(extra: list[Path] = ()) -> dict[str, Card]:
    """Cards by name; a card of ``extra`` (a file or folder) takes the place of a pool card of its name."""
    pool: dict[str, Card] = {}
    for path in [cards_dir(), *map(Path, extra)]:
        for file in (card_files(path) if path.is_dir() else [path]):
            for card in load_cards(file):
                pool[card.name] = card
    return pool
