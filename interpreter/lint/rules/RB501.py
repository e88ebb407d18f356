"""A hyphen or en dash used where card text uses the em dash.

What it does:
    Finds a spaced hyphen, a double hyphen or an en dash standing between words as a
    dash, and writes the em dash "—" instead. Hyphens inside words (non-token,
    Quick-Draw) and minus signs (-1 [M]) are left alone.

Why is this bad?
    Card text uses one dash, the em dash, where a dash separates parts of an ability
    ("[Equip] — [P], Recycle 2 cards from your trash", "• [R] — Deal 2 ..."). Mixing
    in hyphens and en dashes (often from plain-text sources) makes the same wording
    look different and defeats search. The grammar reads all of them, so this is
    typography only (135.2 lists no meaning for the dash itself).

Example:
    [Equip] - [P], Recycle 2 cards from your trash

Use instead:
    [Equip] — [P], Recycle 2 cards from your trash
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace

FIX = "safe"
_DASH = re.compile(r"(?<=\S) (?P<dash>--|-|–) (?=\S)")


def check(context):
    for match in _DASH.finditer(context.text):
        start, end = match.span("dash")
        written = "An en dash" if match.group("dash") == "–" else "A hyphen"
        yield Finding("RB501", f"{written} is used as a dash; card text uses the em dash", start, end,
                      replace(start, end, "—", "Replace it with an em dash (—)"))
