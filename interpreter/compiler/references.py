"""Which words of compiled effects refer back, and which of them found nothing to refer to.

A selector refers back when it is a pronoun ("it", "they", "them", "each other", "one",
"that unit", "we"), "the rest", or is owned or controlled by a pronoun ("its controller",
"their hand"); it is resolved when ``antecedent`` names what it refers to.

``python -m interpreter.compiler.references [DIR]`` counts the unresolved ones of a pool.
"""
from __future__ import annotations

import sys
from collections import Counter
from dataclasses import fields, is_dataclass
from pathlib import Path

from . import effects as fx

REFERRING = ("it", "they", "them", "each_other", "one", "that", "we")
POSSESSIVE = ("its", "their", "they")


def referring_word(selector: fx.Selector) -> str | None:
    """The word by which ``selector`` refers back, or None when it names its objects itself."""
    if selector.reference in REFERRING:
        return selector.reference
    if "rest" in selector.types:
        return "the_rest"
    if selector.reference is None and selector.controller in POSSESSIVE:
        return selector.controller
    return None


def selectors(value):
    """Every selector inside an effect object or a tuple of them, outermost first."""
    if isinstance(value, tuple):
        for item in value:
            yield from selectors(item)
    elif is_dataclass(value):
        if isinstance(value, fx.Selector):
            yield value
        for f in fields(value):
            if f.name != "antecedent":
                yield from selectors(getattr(value, f.name))


def names_equipment(abilities) -> bool:
    """Do ``abilities`` name an Equipment from its effect text ("this", 136.2.d)? Only an effect text does,
    so a text rendered from them is read back as one."""
    return any(s.reference == "equipment" for s in selectors(abilities))


def unresolved(abilities) -> list[tuple[str, fx.Selector]]:
    """(word, selector) for each selector of ``abilities`` that refers back to nothing."""
    return [(word, s) for s in selectors(abilities)
            if (word := referring_word(s)) is not None and s.antecedent is None]


def count_pool(folder: Path) -> tuple[Counter, list[tuple[str, str]]]:
    """Unresolved references of every card below ``folder``: by word, and (card, word) pairs."""
    from interpreter.cards.card_files import card_files, load_cards
    from .card_texts import compile_card_texts
    words, cards = Counter(), []
    for path in card_files(folder):
        for card in load_cards(path):
            for text in compile_card_texts(card):
                for word, _ in unresolved(text.abilities or ()):
                    words[word] += 1
                    cards.append((card.name, word))
    return words, cards


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("cards")
    words, cards = count_pool(folder)
    print(f"unresolved references: {sum(words.values())} on {len({name for name, _ in cards})} cards")
    for word, count in words.most_common():
        print(f"  {word}: {count} on {len({name for name, w in cards if w == word})} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
