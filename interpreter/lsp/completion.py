"""Completion in card texts: bracketed keywords, symbols, token names and card names.

Every item comes from data: keywords and their reminder texts from the rules data, the
symbols from the rules that give their shorthand (134.2, 135.2.e), token names from the rule-187 definitions, card names from the embedded pool and
the file being edited.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from interpreter.rules.data import RulesData

from .hover import symbols


@dataclass(frozen=True)
class Item:
    """One completion: the label shown, the text inserted, its kind and a line of detail."""

    label: str
    insert: str
    kind: str              # keyword | symbol | token | card
    detail: str


def items(rules: RulesData, card_names: tuple[str, ...], prefix: str) -> list[Item]:
    """Completions for the word being typed (``prefix``: from the last space or "[" to the cursor)."""
    everything = _static_items(rules) + tuple(Item(name, name, "card", "card of the pool") for name in card_names)
    wanted = prefix.lower()
    bracket = wanted.startswith("[")
    found = []
    for item in everything:
        label = item.label.lower()
        if bracket and not label.startswith("["):
            continue
        if label.startswith(wanted) or (not bracket and label.lstrip("[").startswith(wanted)):
            found.append(item)
    return found


@cache
def _static_items(rules: RulesData) -> tuple[Item, ...]:
    found = []
    for name, definition in sorted(rules.keywords.items()):
        reminder = rules.reminder(name)
        detail = f"keyword (rule {definition.get('rule')})" + (f": {reminder}" if reminder else "")
        found.append(Item(f"[{name}]", f"[{name}]", "keyword", detail))
    for symbol, rule in symbols(rules).items():
        power = rules.power_symbols.get(symbol)
        what = f"power: {power['domain']}" if power is not None else "symbol"
        found.append(Item(symbol, symbol, "symbol", f"{what} (rule {rule})"))
    for name, token in sorted(rules.tokens.items()):
        found.append(Item(name, name, "token", f"token (rule {token.rule})"))
    return tuple(found)


@cache
def pool_names() -> tuple[str, ...]:
    """Names of the embedded card pool (cards/)."""
    from interpreter.cards.card_files import card_files, load_cards
    from interpreter.base.resources import cards_dir

    return tuple(sorted({card.name for path in card_files(cards_dir()) for card in load_cards(path)}))
