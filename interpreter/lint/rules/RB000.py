"""A card file, or a card in it, that cannot be read as cards.

What it does:
    Reports what stops a file or a card from loading, with the loader's diagnostic
    code, at the spot it names: bytes that are not UTF-8 text, a file over the size
    limit, invalid YAML or JSON, YAML aliases that would expand without bound, a card
    that is not a mapping, an unknown field, a card without a name or with an unknown
    type (section 4 of DESIGN.md, the card file format). A bad card does not stop the
    other cards of its file from being linted. This finding is always reported,
    whatever ``select`` and ``ignore`` say: nothing else can be checked in such a card.

Why is this bad?
    Every card has a name (132.1) and a card type (133); a card whose file the
    loader refuses cannot be compiled, played or checked at all, so every other rule
    is silent about it.

Example:
    name: Test Forge
    type: Gear
    colour: red

Use instead:
    name: Test Forge
    type: Gear
    domains: [Fury]
"""
from __future__ import annotations

FIX = "none"
FIELDS = ()      # reported by the engine when loading fails, never run over a text


def check(context):
    return ()
