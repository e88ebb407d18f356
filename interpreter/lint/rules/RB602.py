"""A cost that is not energy and power as the card format writes them, or a cost a card cannot have.

What it does:
    Checks the ``cost`` field: a mapping of ``energy`` (a whole number of 0 or more)
    and ``power`` (a list of power letters R G B O P Y, A for any domain, C for the
    card's own). A bare number (``cost: 2``), an unknown key, or a letter that is no
    power symbol is reported at the value. A cost on a rune, a battlefield or a
    legend is reported too: only main deck cards have a cost.

Why is this bad?
    A main deck card's cost is an energy cost, a numeral, and a power cost, symbols
    (131.1-131.3); the power symbols are those of the six domains (134.2.a-f), of any
    domain (135.2.e.5) and of the card's own domain (135.2.e.6). Runes are channeled
    and battlefields and legends never played (133.5-133.6), so a cost there means a
    wrong type or a stray field. A cost that is not a mapping says neither how
    much energy nor which power the card needs, so the game cannot ask for it.

Example:
    cost: 2
    cost: {energy: 2, power: [X]}

Use instead:
    cost: {energy: 2}
    cost: {energy: 2, power: [R]}
"""
from __future__ import annotations

from interpreter.lint.fields import CARD_LEVEL, is_number, power_letters, shown
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL
_KEYS = ("energy", "power")


def check(context):
    cost = context.card.fields.get("cost")
    if cost is None:
        return
    card_type = context.card_type
    if card_type is not None and card_type not in _main_deck_types(context.rules):
        yield Finding("RB602", f"A {card_type} has no cost (only main deck cards have one, rule 131.1)", 0, 0,
                      help="expected no cost: field on a rune, battlefield or legend", key=("cost",))
        return
    if not isinstance(cost, dict):
        example = f"cost: {{energy: {cost}}}" if is_number(cost) else "cost: {energy: 2, power: [R]}"
        yield Finding("RB602", f"Cost {shown(cost)!r} is not a mapping of energy and power", 0, 0,
                      help=f"expected e.g. {example} (rules 131.2-131.3)", key=("cost",))
        return
    yield from _keys(cost)
    energy = cost.get("energy")
    if energy is not None and not (is_number(energy) and energy >= 0):      # 131.2.a
        yield Finding("RB602", f"Energy cost {shown(energy)!r} is not a whole number of 0 or more", 0, 0,
                      help="expected e.g. energy: 2 (rule 131.2.a)", key=("cost", "energy"))
    yield from _power(cost.get("power"))


def _main_deck_types(rules) -> tuple[str, ...]:
    """Card types of main deck cards (133.4), the cards that have a cost (131.1)."""
    return tuple(rules.categories.get("main deck card", {}).get("types", ("unit", "gear", "spell")))


def _keys(cost: dict):
    for key in cost:
        if key not in _KEYS:
            yield Finding("RB602", f"Unknown cost key {shown(key)!r}", 0, 0,
                          help="expected energy: and power: in a cost", key=("cost", key))


def _power(power):
    if power is None:
        return
    if not isinstance(power, list):
        yield Finding("RB602", f"Power cost {shown(power)!r} is not a list of power letters", 0, 0,
                      help="expected e.g. power: [R, R] (rule 131.3)", key=("cost", "power"))
        return
    letters = power_letters()
    for index, letter in enumerate(power):
        if not isinstance(letter, str) or letter not in letters:             # 134.2, 135.2.e.5-6
            yield Finding("RB602", f"{shown(letter)!r} is not a power letter", 0, 0,
                          help="expected one of " + ", ".join(letters) + " (rules 134.2, 135.2.e.5-6)",
                          key=("cost", "power", index))
