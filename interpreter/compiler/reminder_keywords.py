"""Compile stage, keywords defined by their reminder text (135.2.d): "[Fortify 2] (To Fortify 2, ...)".

A keyword that the rules data does not define is read from the reminder text printed after it on
its line. "To <Keyword> <value>, <instructions>" makes it an action keyword whose meaning is those
instructions; any other reminder text is the keyword's ability itself ("[Bulwark] (Units you control
here have +1 [M].)"). The reminder is parsed by the same grammar at its own place in the card
text, so a problem inside it is located there. Without reminder text, the keyword has no meaning:
one located error names it and says how to define it. Lint rule RB207 warns about every keyword
that only its reminder text defines.
"""
from __future__ import annotations

import difflib
import re

from interpreter.base.diagnostics import InputError
from interpreter.language import nodes as n

from . import effects as fx
from .base import CompileError

REMINDER_PREFIX = "reminder:"
# "To Fortify 2, give ...": the keyword's name, its value, and the instructions it stands for.
_ACTION_REMINDER = re.compile(r"\(\s*to (?P<name>[A-Za-z][A-Za-z\- ]*?)(?: (?P<value>[0-9]+))?\s*,\s*(?P<body>.+)\)\s*$",
                              re.IGNORECASE | re.DOTALL)


def is_known(compiler, name: str) -> bool:
    """Whether the rules data defines keyword ``name``."""
    return compiler.rules.keyword(name) is not None


def defined_keywords(compiler, line: n.Phrase, card_type) -> tuple[fx.Effect, ...] | None:
    """The line's keyword defined by its reminder text, when the line is one keyword the rules data lacks."""
    ability = line.parts[0] if line.parts else None
    if not (isinstance(ability, n.Phrase) and ability.kind == "keyword_ability"):
        return None
    refs = [part for part in ability.parts if isinstance(part, n.KeywordRef)]
    unknown = [ref for ref in refs if not is_known(compiler, ref.name)]
    if not unknown:
        return None
    ref = unknown[0]
    close = difflib.get_close_matches(ref.name, list(compiler.rules.keywords), n=1, cutoff=0.75)
    if close:                                   # "[Sheild]": a misspelt keyword, not a new one
        raise CompileError(ref.span, f"unknown keyword [{ref.name}]", f"did you mean [{close[0]}]?")
    reminder = next((part for part in line.parts if isinstance(part, n.Word) and part.text.startswith(REMINDER_PREFIX)),
                    None)
    if reminder is None:
        raise CompileError(ref.span, f"keyword [{ref.name}] is not defined by the rules data, and no reminder text "
                           "defines it", f"define [{ref.name}] in rules_data (a statement “[{ref.name}] is a passive "
                           f"keyword.” in rules/800-829.yaml) or print its reminder text after it, such as "
                           f"“[{_said(ref)}] (To {_said(ref)}, <what it does>.)”")
    if len(refs) > 1 or any(not isinstance(part, n.KeywordRef) for part in ability.parts):
        raise CompileError(ref.span, f"keyword [{ref.name}] is defined by reminder text, so it stands alone on its line",
                           f"put [{ref.name}] and its reminder text on a line of their own")
    return (_definition(compiler, ref, reminder, card_type),)


def _said(ref: n.KeywordRef) -> str:
    return ref.name + (f" {ref.value}" if ref.value is not None else "")


def _definition(compiler, ref: n.KeywordRef, reminder: n.Word, card_type) -> fx.DefinedKeyword:
    text = reminder.text[len(REMINDER_PREFIX):]
    keyword = fx.Keyword(ref.name, ref.value, ())
    found = _ACTION_REMINDER.match(text)
    if found is not None and found.group("name").strip().lower() == ref.name.lower():
        value = int(found.group("value")) if found.group("value") else None
        if value != ref.value:
            raise CompileError(reminder.span, f"the reminder text defines {found.group('name')}"
                               f"{' ' + str(value) if value is not None else ''}, not [{ref.name}"
                               f"{' ' + str(ref.value) if ref.value is not None else ''}]",
                               "give the keyword and its reminder text the same value")
        body = _parse_at(compiler, found.group("body"), reminder, found.start("body"), card_type)
        effects = [effect for ability in body for effect in _instructions(ability, reminder)]
        return fx.DefinedKeyword(ref.span, ("135.2.d",), keyword, tuple(effects), action=True)
    inner = text[1:-1]
    body = _parse_at(compiler, inner, reminder, 1, card_type)
    return fx.DefinedKeyword(ref.span, ("135.2.d",), keyword, tuple(body), action=False)


def _instructions(ability: fx.Effect, reminder: n.Word) -> tuple[fx.Effect, ...]:
    if isinstance(ability, fx.SpellEffect):
        return ability.effects
    raise CompileError(reminder.span, "the reminder text “To ..., ...” of an action keyword must give instructions",
                       "write what doing the keyword does, e.g. “(To Fortify 2, give a friendly unit +2 [M] this turn.)”")


def _parse_at(compiler, body: str, reminder: n.Word, offset: int, card_type) -> tuple[fx.Effect, ...]:
    """Compile ``body`` (a part of the reminder text) where it stands in the card text, so spans and
    diagnostics point into the card."""
    from interpreter.language.parse import parse
    from interpreter.language.transform import DslTransformer

    start = reminder.span.start + offset
    line, column = reminder.span.line, reminder.span.column + offset
    pad = max(0, start - (line - 1) - (column - 1))
    text = " " * pad + "\n" * (line - 1) + " " * (column - 1) + body.rstrip()
    try:
        tree = parse(text, start="card_text", lexicon=getattr(compiler.rules, "lexicon", None))
    except InputError as error:
        d = error.diagnostic
        raise CompileError(n.Span(d.line, d.column, d.line, d.column + 1, start, start + 1),
                           "the reminder text that defines this keyword cannot be read: " + d.message, d.help) from None
    node = DslTransformer().transform(tree)
    abilities: list = []
    for card_line in node.parts:
        abilities.extend(compiler.abilities(card_line.parts[0], card_type))
    return tuple(abilities)
