"""A power letter in the cost outside the card's own domains.

What it does:
    Compares each domain letter of ``cost.power`` with the card's ``domains``: a
    letter whose domain the card does not belong to is reported. [A] (any domain)
    and [C] (the card's own domain) always fit.

Why is this bad?
    Power of a specific domain is written with that domain's symbol (135.2.e.4,
    134.2.a-f), and a card may only be put in a deck whose domain identity holds all
    of its domains (103.1.b.3-4). A card of Fury costing [G] would ask for power its
    own deck may have no rune to make; the letter or the domains are wrong.

Example:
    domains: [Fury]
    cost: {energy: 2, power: [G]}

Use instead:
    domains: [Fury]
    cost: {energy: 2, power: [R]}
"""
from __future__ import annotations

from interpreter.lint.fields import CARD_LEVEL, power_letters
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL


def check(context):
    fields = context.card.fields
    cost, domains = fields.get("cost"), fields.get("domains") or []
    power = cost.get("power") if isinstance(cost, dict) else None
    if not isinstance(power, list) or not isinstance(domains, list):
        return                                   # RB601 and RB602 report malformed fields
    letters = power_letters()
    for index, letter in enumerate(power):
        entry = letters.get(letter) if isinstance(letter, str) else None
        if entry is None or entry["domain"] in ("any", "own") or entry["domain"] in domains:
            continue
        own = ", ".join(str(d) for d in domains) or "no domain"
        yield Finding("RB604", f"Power [{letter}] is {entry['domain']} power (rule {entry['rule']}), "
                               f"outside the card's domains ({own})", 0, 0,
                      help="expected a letter of the card's domains, [A] or [C], or the domain in domains:",
                      key=("cost", "power", index))
