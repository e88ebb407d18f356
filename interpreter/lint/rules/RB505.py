"""A bracketed keyword written with spaces inside its brackets.

What it does:
    Finds a keyword in brackets with a space after "[" or before "]", as in "I have [ Reaction ]",
    and offers to remove the spaces.

Why is this bad?
    A keyword is printed in brackets (135.2.e), its name right inside them; the spaces are left over
    from the source the text was copied from (the Core Rules print Ambush's meaning, 822.1.b, so).
    The grammar reads the keyword as if they were not there.

Example:
    I have [ Reaction ] as long as I'm being played to a battlefield where you control units.

Use instead:
    I have [Reaction] as long as I'm being played to a battlefield where you control units.
"""
from __future__ import annotations

from interpreter.language.parse import SPACED_KEYWORD
from interpreter.lint.model import Finding, replace

FIX = "safe"


def check(context):
    for match in SPACED_KEYWORD.finditer(context.text):
        name = match.group("name")
        if not (match.group("before") or match.group("after")):
            continue
        yield Finding("RB505", f"Spaces inside the brackets of [{name}]", match.start(), match.end(),
                      replace(match.start(), match.end(), f"[{name}]", f"Write [{name}]"))
