"""The cards a game can use: the embedded pool (cards/) plus cards given inline.

A ``CardDef`` compiles its text only when the game needs its abilities, so a card
whose wording the grammar does not read yet can still stand on the board; playing
it, or asking for its abilities, raises the compile diagnostic.
"""
from __future__ import annotations

from functools import cache

from interpreter.cards.card_files import Card, card_files, load_cards
from interpreter.base.diagnostics import InputError
from interpreter.base.resources import cards_dir
from .state import Characteristics, domain_letters


class CardDef:
    """One card of the pool and its compiled abilities (compiled on first use)."""

    def __init__(self, card: Card):
        self.card = card
        self._abilities = None
        self._error = None

    def abilities(self) -> tuple:
        if self._abilities is None and self._error is None:
            from interpreter.compiler.pipeline import compile_card

            result = compile_card(self.card)
            self._abilities, self._error = result.abilities, result.error
        if self._error is not None:
            raise InputError(self._error)
        return self._abilities

    def characteristics(self) -> Characteristics:
        fields = self.card.fields
        cost = fields.get("cost") or {}
        might = fields.get("might")
        return Characteristics(
            name=self.card.name, card_type=self.card.card_type, might=might if isinstance(might, int) else None,
            tags=tuple(fields.get("tags") or ()), domains=domain_letters(fields.get("domains")),
            energy=int(cost.get("energy") or 0), power=tuple(cost.get("power") or ()),
            supertype=fields.get("supertype"), source=self)


class CardPool:
    """Card definitions by name: the embedded pool, then inline cards over it."""

    def __init__(self, extra: list[Card] = ()):
        self.cards = dict(_embedded())
        for card in extra:
            self.cards[card.name] = CardDef(card)

    def get(self, name: str) -> CardDef | None:
        return self.cards.get(name)

    def names(self) -> list[str]:
        return sorted(self.cards)


@cache
def _embedded() -> dict[str, CardDef]:
    pool = {}
    for path in card_files(cards_dir()):
        for card in load_cards(path):
            pool.setdefault(card.name, CardDef(card))
    return pool
