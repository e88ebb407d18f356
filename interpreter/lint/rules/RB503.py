"""Punctuation typed twice: ".." or ",," or ". ." between sentences.

What it does:
    Finds a period or comma repeated with nothing (or only spaces) between them, outside reminder
    text in parentheses, and offers to keep one.

Why is this bad?
    A sentence ends once. The grammar reads card text as sentences (135.2.b), so a doubled period is
    an empty sentence and the text does not parse; readers take it for a missing word.

Example:
    When you conquer here, draw 1 for each other battlefield you or allies control..

Use instead:
    When you conquer here, draw 1 for each other battlefield you or allies control.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace

FIX = "safe"
_REPEATED = re.compile(r"([.,])( *\1)+")


def check(context):
    text = context.text
    for match in _REPEATED.finditer(text):
        if _in_reminder(text, match.start()):
            continue
        mark = match.group(1)
        yield Finding("RB503", f"“{mark}” typed {len(match.group(0).replace(' ', ''))} times", match.start(),
                      match.end(), replace(match.start(), match.end(), mark, f"Keep one “{mark}”"))


def _in_reminder(text: str, at: int) -> bool:
    """Inside parentheses: reminder text is checked against the keyword's own (RB205)."""
    return text.rfind("(", 0, at) > text.rfind(")", 0, at)
