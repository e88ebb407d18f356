"""Text that the grammar reads but the compiler cannot give a meaning.

What it does:
    Compiles a text the grammar reads into effect objects, resolving tokens,
    keywords, names and tags from the rules data, and reports the compile
    diagnostic (its code, the spot, what was expected). As for RB001, a misspelled
    word near the spot is pointed at with the known word that makes the text compile
    further ("an enemy unti" -> did you mean "unit"?).

Why is this bad?
    A card counts as working only when every part of its text became effects; a
    text that parses but does not compile does nothing anyone can check. Tokens are
    defined by rule 187 and keywords by rules 800-829, so a token or keyword the
    rules do not define, or a word that is neither a name nor a tag, has no meaning
    yet. The text of an Equipment's effect text is read as the text of the unit it
    is attached to (136.2.c).

Example:
    Deal 2 to an enemy unti.

Use instead:
    Deal 2 to an enemy unit.
"""
from __future__ import annotations

from interpreter.lint.rules.RB001 import failure

FIX = "unsafe"
_PARSE_ERRORS = ("E001", "E002")   # a suggestion that breaks the parse is no suggestion


def check(context):
    effects, diagnostic = context.compiled
    if effects is not None or diagnostic is None:
        return
    card_type = context.text_card_type
    yield failure("RB002", "Text does not compile", context.text, diagnostic,
                  lambda text: _compile(text, card_type), worse=_PARSE_ERRORS)


def _compile(text: str, card_type: str | None) -> None:
    from interpreter.compiler.pipeline import compile_text

    compile_text(text, card_type=card_type)
