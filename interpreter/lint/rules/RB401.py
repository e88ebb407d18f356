"""An "it" that could mean either of two objects.

What it does:
    Looks at each "it" (and "it's") of an ability and at the objects the same or the
    previous sentence introduced ("a friendly unit", "an enemy unit", ...). When two
    or more of them have the same kind (two units, two gear) and no "that unit" or
    "the first" says which one is meant, "it" is reported.

Why is this bad?
    An instruction's complement names the objects it acts on (135.2.b.5.a). With two
    units in play, "Choose a friendly unit and an enemy unit. It deals damage ..."
    leaves players to guess which unit deals the damage, and rulings then disagree.
    Objects of different kinds ("attach an Equipment to it" after "a unit") are not
    reported: only one of them can be meant.

Example:
    Choose a friendly unit and an enemy unit. Give it +2 [M] this turn.

Use instead:
    Choose a friendly unit and an enemy unit. Give the friendly unit +2 [M] this turn.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding
from interpreter.lint.textscan import lines, sentences

FIX = "none"
_OBJECT = re.compile(
    r"(?i)\b(?:a|an|another|one|target)\s+(?:(?:friendly|enemy|other|ready|exhausted|attacking|defending|buffed|"
    r"stunned|damaged|non-token|token)\s+)*(?P<noun>unit|gear|spell|card|battlefield|rune|equipment|legend)\b")
# "its" is left out: a possessive binds to the nearest object by convention ("move a unit to its base"),
# and checking it reported mostly clear texts on the corpus.
_IT = re.compile(r"(?i)\b(?:it|it's|it’s)\b")


def check(context):
    text = context.plain
    for start, end in lines(text):
        spans = sentences(text, start, end)
        for index, (s_start, s_end) in enumerate(spans):
            window_start = spans[index - 1][0] if index else s_start
            for match in _IT.finditer(text, s_start, s_end):
                kinds = _objects(text, window_start, match.start())
                noun, count = max(kinds.items(), key=lambda item: item[1], default=(None, 0))
                if count >= 2:
                    yield Finding("RB401", f"“{match.group()}” could refer to any of {count} {noun}s named before it",
                                  *match.span(), help="name the object again, e.g. “that unit”, “the friendly unit”")


def _objects(text: str, start: int, end: int) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for match in _OBJECT.finditer(text, start, end):
        noun = match.group("noun").lower()
        kinds[noun] = kinds.get(noun, 0) + 1
    return kinds
