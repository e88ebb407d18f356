"""The whole pipeline for one text or one card: parse -> transform -> compile.

Errors of any stage come back as one ``Diagnostic`` located in the text, or in
the card file the text was read from.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.cards.card_files import Card, TextSource
from .compile import CompileError, Compiler, compiler
from interpreter.base.diagnostics import Diagnostic, InputError, line_of
from .effects import Effect
from interpreter.language.parse import parse
from lark import Tree
from lark.exceptions import VisitError

from interpreter.language.transform import DslTransformer

_TRANSFORMER = DslTransformer()


def compile_text(text: str, start: str = "card_text", card_type: str | None = None, path: str = "<text>",
                 using: Compiler | None = None, equipment: str | None = None) -> tuple[Effect, ...]:
    """Effect objects of ``text``; bad text raises ``InputError``. ``equipment`` is given for an Equipment's
    effect text (its name, or ""): there "this" and the Equipment's name are the Equipment, "me" the unit (136.2.d)."""
    lexicon = getattr(using.rules, "lexicon", None) if using is not None else None
    return compile_tree(parse(text, start=start, path=path, lexicon=lexicon), text, start, card_type, path, using,
                        equipment)


def compile_tree(tree: Tree, text: str, start: str = "card_text", card_type: str | None = None, path: str = "<text>",
                 using: Compiler | None = None, equipment: str | None = None) -> tuple[Effect, ...]:
    """Effect objects of ``text`` already parsed into ``tree`` from ``start`` (a caller that
    keeps the tree, such as the linter, does not parse twice)."""
    using = using or compiler()
    using.source_text = text         # a dependent keyword's own text is its definition's [Text] (828.1.b.1)
    using.equipment = equipment      # an Equipment's effect text: "this" is the Equipment (136.2.d)
    try:
        node = _TRANSFORMER.transform(tree)
        if start == "effect_text":
            return using.effect_body(node, card_type)
        return using.card_text(node, card_type)
    except CompileError as error:
        raise InputError(Diagnostic("E010", error.message, path, error.span.line, error.span.column,
                                    line_of(text, error.span.line), error.help or _HELP)) from None
    except VisitError as error:
        # NOTE: a transformer method refusing what it reads raises a CompileError inside Lark's
        # VisitError; anything else from inside the compiler is a bug, and goes up as one
        # (the command line reports it as an internal error, never as a diagnostic of the text).
        if isinstance(error.orig_exc, CompileError):
            span = error.orig_exc.span
            raise InputError(Diagnostic("E010", error.orig_exc.message, path, span.line, span.column,
                                        line_of(text, span.line), error.orig_exc.help or _HELP)) from None
        raise error.orig_exc from error


_HELP = "expected wording the compiler gives a meaning to (see `riftbound rule` for the rules it reads)"


@dataclass(frozen=True)
class CardResult:
    """A card and what its text compiled to, or the diagnostic of the fragment that did not."""

    card: Card
    abilities: tuple[Effect, ...] | None
    error: Diagnostic | None

    @property
    def compiled(self) -> bool:
        return self.error is None


def compile_card(card: Card, using: Compiler | None = None) -> CardResult:
    """Compile a card's text; a failure is located in the card's file."""
    text = card.text
    if not text.strip():
        return CardResult(card, (), None)
    try:
        return CardResult(card, compile_text(text, card_type=card.card_type, using=using), None)
    except InputError as error:
        return CardResult(card, None, _in_file(error.diagnostic, card.sources.get("text")))


def _in_file(diagnostic: Diagnostic, source: TextSource | None) -> Diagnostic:
    if source is None:
        return diagnostic
    return source.diagnostic(diagnostic.code, diagnostic.message, diagnostic.line, diagnostic.column,
                             diagnostic.help)
