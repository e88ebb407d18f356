"""Text that the grammar cannot read.

What it does:
    Parses the text with the project's grammar and reports the first spot it cannot
    read, with what the grammar expected there.

Why is this bad?
    Wording the grammar cannot read is either outside Riftbound templating or not
    covered yet; either way no effect can be compiled from it, so nobody can check
    what it does. Rules text is made of abilities, keywords, instructions and
    reminder text (135.2); the grammar is written from those.

Example:
    When you play me, summon a Recruit.

Use instead:
    When you play me, play a 1 [M] Recruit unit token here.
"""
from __future__ import annotations

from interpreter.lint.model import Finding

FIX = "none"


# 135.2: rules text is abilities, keywords, instructions and reminder text; the grammar reads those.
def check(context):
    tree, diagnostic = context.parsed
    if tree is not None or diagnostic is None:
        return
    offset = _offset(context.text, diagnostic.line, diagnostic.column)
    end = min(len(context.text), offset + max(1, _word_length(context.text, offset)))
    message = f"Text does not parse: {diagnostic.message}"
    yield Finding("RB001", message, offset, end, help=diagnostic.help)


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    before = sum(len(part) + 1 for part in lines[: max(line - 1, 0)])
    return min(len(text), before + max(column - 1, 0))


def _word_length(text: str, offset: int) -> int:
    length = 0
    while offset + length < len(text) and not text[offset + length].isspace():
        length += 1
    return length
