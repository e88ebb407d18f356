"""Deck construction (101-103): a deck's legend, champion, Main Deck, Rune Deck and Battlefields
checked against the card pool, each finding located at the entry and citing its rule.

What is checked: every name is a card of the pool (tokens are not cards, 185); each slot holds its
kind of card (103.1-103.4); the Chosen Champion is a champion unit with the legend's champion tag
(103.2.a.2); the Main Deck's size (103.2) and copies (103.2.b, the champion included, 103.2.b.1);
the Domain Identity of the legend (103.1.b) for the Main Deck, the runes and the battlefields; the
Signature cards (103.2.d); the Rune Deck's size (103.3.a); the battlefields a mode of play asks for
(483.4) and no two of one name (103.4.c). Format legality (103.2.e) is not checked: the rules data
names no format.
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic
from interpreter.base.resources import rules_data_dir
from interpreter.cards.card_files import Card
from .deck_file import Deck, Entry

MAIN_TYPES = ("unit", "gear", "spell")     # 103.2: a Chosen Champion, units, gear and spells


@dataclass(frozen=True)
class Limits:
    """The numbers of 103 and of the mode of play, each with its rule."""

    main_deck_min: tuple[int, str]
    copies_max: tuple[int, str]
    signature_max: tuple[int, str]
    rune_deck: tuple[int, str]
    battlefields: tuple[int, str]


@cache
def limits(mode: str = "duel", folder: Path | None = None) -> Limits:
    """The deck construction values of rules_data/game.yaml for ``mode``."""
    data = yaml.safe_load((Path(folder or rules_data_dir()) / "game.yaml").read_text(encoding="utf-8"))
    table = data["deck_construction"]
    modes = table["modes"]
    if mode not in modes:
        raise KeyError(mode)
    return Limits((table["main_deck_min"]["cards"], table["main_deck_min"]["rule"]),
                  (table["copies_max"]["copies"], table["copies_max"]["rule"]),
                  (table["signature_max"]["cards"], table["signature_max"]["rule"]),
                  (table["rune_deck"]["cards"], table["rune_deck"]["rule"]),
                  (modes[mode]["battlefields"], modes[mode]["rule"]))


def modes(folder: Path | None = None) -> list[str]:
    """The modes of play the rules data gives deck sizes for."""
    data = yaml.safe_load((Path(folder or rules_data_dir()) / "game.yaml").read_text(encoding="utf-8"))
    return list(data["deck_construction"]["modes"])


class Checker:
    """Checks decks against one card pool (cards by name) and one mode of play."""

    def __init__(self, pool: dict[str, Card], mode: str = "duel"):
        self.pool = pool
        self.limits = limits(mode)

    def check(self, deck: Deck) -> list[Diagnostic]:
        findings: list[Diagnostic] = []
        legend = self._slot(deck, deck.legend, "legend", "Champion Legend", "103.1", findings, self._is_legend)
        champion = self._slot(deck, deck.champion, "champion", "Chosen Champion", "103.2.a", findings,
                              self._is_champion_unit)
        main = self._cards(deck, deck.main, MAIN_TYPES, "the Main Deck", "103.2", findings)
        runes = self._cards(deck, deck.runes, ("rune",), "the Rune Deck", "103.3", findings)
        battlefields = self._cards(deck, deck.battlefields, ("battlefield",), "the Battlefields", "103.4", findings)
        if legend is not None:
            self._identity(deck, legend, main + runes + battlefields + ([champion] if champion else []), findings)
            self._champion_tag(deck, legend, champion, findings)
            self._signatures(deck, legend, main, findings)
        self._main_size(deck, findings)
        self._copies(deck, findings)
        self._rune_size(deck, findings)
        self._battlefields(deck, findings)
        return sorted(findings, key=lambda d: (d.line, d.column, d.code))

    # ---- the cards of each slot --------------------------------------------------------
    def _card(self, deck: Deck, entry: Entry, findings: list) -> Card | None:
        card = self.pool.get(entry.name)
        if card is None:
            close = difflib.get_close_matches(entry.name, list(self.pool), n=1, cutoff=0.75)
            hint = f"did you mean {close[0]!r}?" if close else "expected the name of a card of the pool"
            findings.append(deck.diagnostic("DK001", f"no card is named {entry.name!r}", entry.line, entry.column, hint))
            return None
        if card.fields.get("supertype") == "Token":
            findings.append(deck.diagnostic("DK002", f"{entry.name} is a token, not a card (185)", entry.line,
                                            entry.column, "tokens are created by effects; decks hold cards (103)"))
            return None
        return card

    def _slot(self, deck, entry, key, what, rule, findings, fits) -> Card | None:
        if entry is None:
            findings.append(deck.diagnostic("DK011", f"the deck names no {what} ({rule})", deck.line, 1,
                                            f"expected {key}: followed by the card's name"))
            return None
        card = self._card(deck, entry, findings)
        if card is not None and not fits(card):
            findings.append(deck.diagnostic("DK002", f"{entry.name} cannot be the {what} ({rule})", entry.line,
                                            entry.column, self._kind_help(what)))
            return None
        return card

    def _cards(self, deck, entries, types, where, rule, findings) -> list[tuple[Entry, Card]]:
        out = []
        for entry in entries:
            card = self._card(deck, entry, findings)
            if card is None:
                continue
            if card.card_type not in types:
                findings.append(deck.diagnostic("DK002", f"{entry.name} is a {card.card_type}, which {where} cannot "
                                                f"hold ({rule})", entry.line, entry.column,
                                                f"{where} holds {', '.join(t + 's' for t in types)}"))
                continue
            out.append((entry, card))
        return out

    @staticmethod
    def _is_legend(card: Card) -> bool:
        return card.card_type == "legend"

    @staticmethod
    def _is_champion_unit(card: Card) -> bool:
        return card.card_type == "unit" and card.fields.get("supertype") == "Champion"     # 103.2.a.2

    @staticmethod
    def _kind_help(what: str) -> str:
        return {"Champion Legend": "expected a legend card (103.1)",
                "Chosen Champion": "expected a champion unit; a signature unit cannot be the Chosen Champion "
                                   "(103.2.a.2, 103.2.d.3)"}[what]

    # ---- rules across the deck -----------------------------------------------------------
    def _identity(self, deck, legend: Card, cards, findings) -> None:
        """103.1.b.3-4: every domain of a card is among the legend's."""
        identity = set(legend.fields.get("domains") or ())
        for item in cards:
            entry, card = item if isinstance(item, tuple) else (deck.champion, item)
            outside = [d for d in card.fields.get("domains") or () if d not in identity]
            if outside:
                findings.append(deck.diagnostic(
                    "DK006", f"{card.name} is {'/'.join(card.fields.get('domains'))}, outside the Domain Identity "
                    f"{'/'.join(sorted(identity)) or 'of no domain'} of {legend.name} (103.1.b.4)",
                    entry.line, entry.column, "every domain of a card must be one of the legend's (103.1.b.1)"))

    def _champion_tag(self, deck, legend: Card, champion: Card | None, findings) -> None:
        """103.2.a.2: the Chosen Champion has the champion tag of the legend."""
        if champion is None:
            return
        tags = set(legend.fields.get("tags") or ())
        if tags and not tags & set(champion.fields.get("tags") or ()):
            entry = deck.champion
            findings.append(deck.diagnostic("DK003", f"{champion.name} does not have the tag {'/'.join(sorted(tags))} "
                                            f"of {legend.name} (103.2.a.2)", entry.line, entry.column,
                                            "the Chosen Champion must be a champion unit with the legend's tag"))

    def _signatures(self, deck, legend: Card, main, findings) -> None:
        """103.2.d: at most 3 Signature cards in all, each with the legend's champion tag."""
        tags = set(legend.fields.get("tags") or ())
        signatures = [(e, c) for e, c in main if c.fields.get("supertype") == "Signature"]
        for entry, card in signatures:
            if tags and not tags & set(card.fields.get("tags") or ()):
                findings.append(deck.diagnostic("DK007", f"{card.name} is a Signature card of another champion "
                                                "(103.2.d.2)", entry.line, entry.column,
                                                f"a deck's Signature cards have the tag of {legend.name}"))
        most, rule = self.limits.signature_max
        total = sum(e.count for e, _ in signatures)
        if total > most:
            entry = signatures[-1][0]
            findings.append(deck.diagnostic("DK007", f"the deck holds {total} Signature cards; at most {most} in all "
                                            f"({rule})", entry.line, entry.column, "take out Signature cards"))

    def _main_size(self, deck, findings) -> None:
        least, rule = self.limits.main_deck_min
        total = sum(e.count for e in deck.main) + (1 if deck.champion else 0)      # 103.2: the champion counts
        if total < least:
            findings.append(deck.diagnostic("DK004", f"the Main Deck holds {total} cards, the Chosen Champion "
                                            f"included; at least {least} ({rule})", *self._at(deck, deck.main),
                                            f"add {least - total} more"))

    def _copies(self, deck, findings) -> None:
        most, rule = self.limits.copies_max
        counts = Counter()
        for entry in deck.main:
            counts[entry.name] += entry.count
        if deck.champion is not None:
            counts[deck.champion.name] += 1                                         # 103.2.b.1
        for entry in deck.main:
            if counts[entry.name] > most:
                findings.append(deck.diagnostic("DK005", f"{counts[entry.name]} copies of {entry.name}, the Chosen "
                                                f"Champion included; at most {most} ({rule})", entry.line,
                                                entry.column, "cards of one name count together (103.2.b.2)"))
                counts[entry.name] = 0                                              # one finding a name

    def _rune_size(self, deck, findings) -> None:
        wanted, rule = self.limits.rune_deck
        total = sum(e.count for e in deck.runes)
        if total != wanted:
            findings.append(deck.diagnostic("DK008", f"the Rune Deck holds {total} runes; it holds {wanted} ({rule})",
                                            *self._at(deck, deck.runes), f"list {wanted} rune cards under runes:"))

    def _battlefields(self, deck, findings) -> None:
        wanted, rule = self.limits.battlefields
        if len(deck.battlefields) != wanted:
            findings.append(deck.diagnostic("DK009", f"the deck provides {len(deck.battlefields)} Battlefields; this "
                                            f"mode of play asks for {wanted} ({rule})",
                                            *self._at(deck, deck.battlefields), f"list {wanted} battlefields"))
        seen = set()
        for entry in deck.battlefields:
            if entry.name in seen:
                findings.append(deck.diagnostic("DK010", f"a second Battlefield named {entry.name} (103.4.c)",
                                                entry.line, entry.column, "each battlefield of a deck has its own name"))
            seen.add(entry.name)

    @staticmethod
    def _at(deck: Deck, entries: list[Entry]) -> tuple[int, int]:
        return (entries[0].line, entries[0].column) if entries else (deck.line, 1)
