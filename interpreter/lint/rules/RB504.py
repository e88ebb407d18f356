"""A word glued to the closing parenthesis of reminder text at the end of a line.

What it does:
    Finds a lower-case word that follows a closing parenthesis with no space and ends the line,
    as in "(While you have 6+ XP, get the effect.)ambush", and offers to remove it.

Why is this bad?
    Reminder text closes its line or is followed by a space and a new sentence (135.2.d); a
    lower-case word stuck to the parenthesis is no sentence at all. It is left over from the
    source the text was copied from (here a keyword name the card does not have), and readers
    may take it for part of the ability. The grammar reads the text without it.

Example:
    [Level 6][>] I have +1 [M]. (While you have 6+ XP, get the effect.)ambush

Use instead:
    [Level 6][>] I have +1 [M]. (While you have 6+ XP, get the effect.)
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace

FIX = "safe"
_GLUED = re.compile(r"(?<=\))[a-z]+(?=\r?\n|$)")     # the same pattern the reader skips (parse.py)


def check(context):
    for match in _GLUED.finditer(context.text):
        word = match.group(0)
        yield Finding("RB504", f"Stray word “{word}” glued to reminder text", match.start(), match.end(),
                      replace(match.start(), match.end(), "", f"Remove “{word}”"))
