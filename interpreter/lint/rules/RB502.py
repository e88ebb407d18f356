"""Straight and curly quotes mixed in one text, or quotes against the configured style.

What it does:
    Compares the quotation marks and apostrophes of a text. With the default
    ``quote-style = "consistent"`` a text that mixes straight (" ') and curly (“ ” ’)
    marks is reported where it departs from its own majority; with "straight" or
    "curly" every mark of the other style is reported. Unbalanced curly quotes are
    reported too.

Why is this bad?
    Quoted text is an ability granted to something else (the Gold token "has
    “[Reaction][>] Kill this, [E]: [Add] [A].”", 187.5); a missing or mismatched
    quote changes where that ability ends. Mixed styles also show text pasted from
    several sources, and make the same wording look different to search.

Example:
    Units here have “[E]: Gain 1 XP." and can't be chosen.

Use instead:
    Units here have “[E]: Gain 1 XP.” and can’t be chosen.
"""
from __future__ import annotations

from interpreter.lint.model import Finding, replace

FIX = "safe"
_DOUBLE = {'"': "straight", "“": "curly", "”": "curly"}
_SINGLE = {"'": "straight", "’": "curly"}


def check(context):
    text = context.text
    style = context.config.quote_style
    yield from _marks(text, _DOUBLE, style, "quote")
    yield from _marks(text, _SINGLE, style, "apostrophe")
    yield from _balance(text)


def _marks(text: str, kinds: dict[str, str], style: str, what: str):
    found = [(i, c) for i, c in enumerate(text) if c in kinds]
    if not found:
        return
    wanted = style if style != "consistent" else _majority([kinds[c] for _, c in found])
    for index, char in found:
        if kinds[char] == wanted:
            continue
        new = _convert(text, index, char, wanted)
        yield Finding("RB502", f"A {kinds[char]} {what} in a text that uses {wanted} {what}s", index, index + 1,
                      replace(index, index + 1, new, f"Write {new}"))


def _majority(kinds: list[str]) -> str:
    straight = kinds.count("straight")
    curly = len(kinds) - straight
    if straight != curly:
        return "straight" if straight > curly else "curly"
    return kinds[0]


def _convert(text: str, index: int, char: str, wanted: str) -> str:
    if wanted == "straight":
        return '"' if char in "“”" else "'"
    if char == "'":
        return "’"
    opening = index == 0 or text[index - 1] in " \n([—"
    return "“" if opening else "”"


# 187.5, 187.8: quoted text is an ability granted to an object; its quotes must pair.
def _balance(text: str):
    depth, opened = 0, -1
    for index, char in enumerate(text):
        if char == "“":
            if depth:
                yield Finding("RB502", "A quote opens before the previous one closes", index, index + 1)
            depth, opened = 1, index
        elif char == '"':   # a straight quote closes an open quote, else opens one
            depth, opened = (0, opened) if depth else (1, index)
        elif char == "”":
            if not depth:
                yield Finding("RB502", "A closing quote has no opening quote", index, index + 1)
            depth = 0
    if depth:
        yield Finding("RB502", "A quote is opened and never closed", opened, opened + 1)
