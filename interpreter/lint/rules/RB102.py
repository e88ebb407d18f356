"""An energy symbol where a plain number belongs.

What it does:
    Finds energy symbols such as ``[1]`` used as a number: before the might symbol
    ("a [1] [M] Bird"), after a plus or minus sign before might ("+[2] [M]"), or as the
    amount of deal, draw, discard, channel or XP.

Why is this bad?
    Energy symbols stand for energy costs and energy added to the pool (135.2.e);
    might, damage and card counts are plain numbers (a token's might: 187, "1 [M]").
    "Play two [1] [M] Bird unit tokens" reads as if the Birds cost energy.

Example:
    Play two [1] [M] Bird unit tokens with [Deflect].

Use instead:
    Play two 1 [M] Bird unit tokens with [Deflect].
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace

FIX = "safe"
# Energy symbols are costs and energy added (135.2.e); might and amounts are numbers (187: "1 [M]").
_PATTERNS = (
    re.compile(r"(?P<sym>\[(?P<n>\d+)\])[ \t]*\[[MS]\]"),
    re.compile(r"(?i:\b(?:deal|draw|discard|channel)\s+)(?P<sym>\[(?P<n>\d+)\])"),
    re.compile(r"(?P<sym>\[(?P<n>\d+)\])\s+XP\b"),
)


def check(context):
    seen = set()
    for pattern in _PATTERNS:
        for match in pattern.finditer(context.text):
            start, end = match.span("sym")
            if start in seen:
                continue
            seen.add(start)
            number = match.group("n")
            yield Finding("RB102", f"Energy symbol [{number}] used where the number {number} belongs", start, end,
                          replace(start, end, number, f"Replace [{number}] with {number}"))
