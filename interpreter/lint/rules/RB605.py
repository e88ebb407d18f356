"""Might on a card type that has none, a unit without might, or a might bonus off equipment.

What it does:
    Reports ``might`` on a card that is not a unit, a unit with no ``might``, and
    ``might_bonus`` on a card that is not gear.

Why is this bad?
    Might is the combat statistic of a unit (143.2): spells, gear, runes,
    battlefields and legends have none, and every unit has one (a 0 is printed as
    0). A might bonus belongs to equipment, gear that attaches to a unit (137,
    150.2). The interpreter ignores might where the rules give none, so the field
    hides a wrong type or a mistaken copy.

Example:
    type: Spell
    might: 2

Use instead:
    type: Unit
    might: 2
"""
from __future__ import annotations

from interpreter.lint.fields import CARD_LEVEL
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL


def check(context):
    fields, card_type = context.card.fields, context.card_type
    if card_type is None:
        return
    if fields.get("might") is not None and card_type != "unit":              # 143.2
        yield Finding("RB605", f"A {card_type} has no might (might is a unit's statistic, rule 143.2)", 0, 0,
                      help="expected might: only on a unit", key=("might",))
    if card_type == "unit" and "might" not in fields:
        yield Finding("RB605", "A unit needs its might (rule 143.2)", 0, 0,
                      help="expected might: followed by a number, e.g. might: 2", key=("type",))
    if fields.get("might_bonus") is not None and card_type != "gear":        # 137, 150.2
        yield Finding("RB605", f"A {card_type} has no might bonus (equipment has one, rules 137 and 150.2)", 0, 0,
                      help="expected might_bonus: only on gear", key=("might_bonus",))
