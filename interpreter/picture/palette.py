"""Colours of the card picture: each domain's colour is read from the rule that names it (134.2).

Rule 134.2.a says "Fury is associated with the color red ... Its shorthand is [R]"; the
rules data keeps which shorthand stands for which domain and that rule's id
(``RulesData.power_symbols``). The colour word comes from the rule's text, and only the
shade drawn for each colour word is chosen here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from interpreter.rules.data import RulesData

# The shade drawn for each colour word a rule can name (a design choice, not game data).
SHADES = {"red": "#c0392b", "green": "#2e8b57", "blue": "#2f6db5", "orange": "#d9822b", "purple": "#7d3c98",
          "yellow": "#d4a017"}
NEUTRAL = "#7f8c8d"          # cards without a domain, and [C] on them
INK, PAPER, DARK = "#1d1d1f", "#f7f3ea", "#2b2b30"
_COLOUR = re.compile(r"associated with the colou?r (\w+)", re.IGNORECASE)


@dataclass(frozen=True)
class Domain:
    """A domain as drawn: its name, shorthand symbol, colour and the rule that says so."""

    name: str
    symbol: str
    colour: str
    rule: str


@cache
def _domains(rules: RulesData) -> dict[str, Domain]:
    found = {}
    for symbol, entry in rules.power_symbols.items():
        rule = rules.book.get(entry["rule"])
        match = _COLOUR.search(rule.text) if rule is not None else None
        if match is not None:
            shade = SHADES.get(match.group(1).lower(), NEUTRAL)
            found[entry["domain"]] = Domain(entry["domain"], symbol, shade, entry["rule"])
    return found


def domains(rules: RulesData) -> dict[str, Domain]:
    """Domains by name (Fury, Calm, ...), with their colours (134.2)."""
    return _domains(rules)


def by_symbol(rules: RulesData) -> dict[str, Domain]:
    """Domains by shorthand ([R], [G], ...)."""
    return {domain.symbol: domain for domain in _domains(rules).values()}


def by_letter(rules: RulesData) -> dict[str, Domain]:
    """Domains by the letter of their shorthand (R, G, ...), as card costs write them."""
    return {domain.symbol.strip("[]"): domain for domain in _domains(rules).values()}
