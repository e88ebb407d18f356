"""A domain that is not one of the six domains of the rules.

What it does:
    Checks each name in ``domains`` against the domains of rule 134.2 (Fury, Calm,
    Mind, Body, Chaos, Order, as kept in the rules data) and suggests the closest
    one for a misspelling or a near miss.

Why is this bad?
    Cards belong to one or more of six domains (134.1); the domain decides which
    power pays a [C] cost (135.2.e.6) and which decks may hold the card (103.1.b.3-4).
    A domain the rules do not name matches no rune and no deck.

Example:
    domains: [Fire]

Use instead:
    domains: [Fury]
"""
from __future__ import annotations

import difflib

from interpreter.lint.fields import CARD_LEVEL, domain_letters
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL


def check(context):
    domains = context.card.fields.get("domains")
    if not isinstance(domains, list):
        return                                   # RB601 reports a domains field that is no list
    known = list(domain_letters())
    for index, domain in enumerate(domains):
        if not isinstance(domain, str) or domain in known:
            continue
        close = difflib.get_close_matches(domain.capitalize(), known, n=1, cutoff=0.5)
        hint = f", did you mean {close[0]}?" if close else ""
        yield Finding("RB603", f"{domain!r} is not a domain of rule 134.2{hint}", 0, 0,
                      help="expected one of " + ", ".join(known), key=("domains", index))
