"""Every text of a card compiled on its own: as printed, an Equipment's effect text, the current wording.

An Equipment's effect text is read as text of the unit it is attached to (136.2.c), so it
compiles as a unit's text; the current official wording (``text_riot_gallery_2026_03``,
mostly errata) compiles as the card's own type. A failure is located in the card file.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.cards.card_files import TEXT_FIELDS, Card
from .effects import Effect
from .pipeline import _in_file, compile_text


@dataclass(frozen=True)
class TextResult:
    """One text of a card and what it compiled to, or the diagnostic of the fragment that did not."""

    field: str
    text: str
    abilities: tuple[Effect, ...] | None
    error: Diagnostic | None

    @property
    def compiled(self) -> bool:
        return self.error is None


def card_texts(card: Card) -> list[tuple[str, str]]:
    """(field, text) for each text the card has; the current wording only where it differs from the print."""
    found = []
    for field in TEXT_FIELDS:
        text = card.fields.get(field)
        if not isinstance(text, str) or not text.strip():
            continue
        if field == "text_riot_gallery_2026_03" and text.strip() == card.text.strip():
            continue
        found.append((field, text))
    return found


def equipment_of(card: Card, field: str) -> str | None:
    """The Equipment an effect text belongs to (its name, 136.2.d), None for any other text of a card."""
    return (card.name or "") if field == "effect_text" else None


def compile_card_texts(card: Card, using=None) -> list[TextResult]:
    """Each text of ``card`` compiled (136.2.c: an effect text as the text of a unit)."""
    results = []
    for field, text in card_texts(card):
        card_type = "unit" if field == "effect_text" else card.card_type
        try:
            abilities = compile_text(text, card_type=card_type, using=using, equipment=equipment_of(card, field))
            results.append(TextResult(field, text, abilities, None))
        except InputError as error:
            results.append(TextResult(field, text, None, _in_file(error.diagnostic, card.sources.get(field))))
    return results
