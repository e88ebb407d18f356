"""Text that the grammar cannot read.

What it does:
    Parses the text with the project's grammar and reports the first spot it cannot
    read, with the parse diagnostic's code and what the grammar expected there. When
    a word just before that spot is a slip away from a word the language knows (a
    word of the grammar, a keyword, a token, a card name or tag of the pool) and the
    text reads further with that word, the finding points at the word and suggests it
    ("drwa 1." -> did you mean "draw"?); the fix that writes it is unsafe, since only
    the designer knows what was meant.

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

from interpreter.lint.model import Finding, replace
from interpreter.lint.suggest import gets_further, offset_of, suggest

FIX = "unsafe"


# 135.2: rules text is abilities, keywords, instructions and reminder text; the grammar reads those.
def check(context):
    tree, diagnostic = context.parsed
    if tree is not None or diagnostic is None:
        return
    yield failure("RB001", "Text does not parse", context.text, diagnostic, _parse)


def _parse(text: str) -> None:
    from interpreter.language.parse import parse

    parse(text, start="card_text")


def failure(code: str, what: str, text: str, diagnostic, attempt, worse: tuple[str, ...] = ()) -> Finding:
    """The finding for a text that stops at ``diagnostic``: at a misspelled word with its
    suggestion when one makes ``attempt`` get further, else at the diagnostic's spot."""
    offset = offset_of(text, diagnostic.line, diagnostic.column)
    found = suggest(text, offset, gets_further(attempt, offset, text, worse))
    if found is not None:
        message = f"{what} ({diagnostic.code}): unknown word “{found.word}”, did you mean “{found.replacement}”?"
        fix = replace(found.start, found.end, found.replacement,
                      f"Replace “{found.word}” with “{found.replacement}”", safe=False)
        return Finding(code, message, found.start, found.end, fix, help=f"as written: {diagnostic.message}")
    end = min(len(text), offset + max(1, _word_length(text, offset)))
    return Finding(code, f"{what} ({diagnostic.code}): {diagnostic.message}", offset, end, help=diagnostic.help)


def _word_length(text: str, offset: int) -> int:
    length = 0
    while offset + length < len(text) and not text[offset + length].isspace():
        length += 1
    return length
