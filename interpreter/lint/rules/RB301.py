"""Token stats or type that contradict the token's definition in rule 187.

What it does:
    Compares what a text says a token is with the token's rule-187 definition, both
    compiled: when the whole text compiles, each token-creating effect carries the
    text's stats (the compiler takes the might the text gives); otherwise token
    phrases ("a 2 [M] Recruit unit token") are found in the raw text. A might or card
    type that differs from the definition is reported, and so is a token name rule
    187 does not define.

Why is this bad?
    Rule 187 lists the characteristics of each token; the text that creates one only
    restates them ("A 1 [M] Recruit token is a domainless unit token with 1 Might",
    187.1). A text saying "a 2 [M] Recruit" either misprints the might or means a
    different token; players cannot tell which. (The compiler takes the text's
    might, so the card would really make a 2-might Recruit.)

Example:
    When you play me, play a 2 [M] Recruit unit token here.

Use instead:
    When you play me, play a 1 [M] Recruit unit token here.

The fix (unsafe: it changes what the card does) writes the definition's value.
"""
from __future__ import annotations

import dataclasses
import re

from interpreter.lint.model import Finding, replace

FIX = "unsafe"
_COUNT = r"(?:an?|the|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_TYPES = r"(?:unit|gear|spell|rune|battlefield|legend)"
_PHRASE = re.compile(
    r"\b(?i:" + _COUNT + r")\s+(?:(?i:ready|exhausted)\s+)?"
    r"(?:(?P<might>\[?\d+\]?)\s*\[[MS]\]\s+)?"
    r"(?P<name>[A-Z][A-Za-z'’\-]*(?:\s+[A-Z][A-Za-z'’\-]*){0,3})\s+"
    r"(?:(?P<type>" + _TYPES + r")\s+)?tokens?\b")
_MIGHT = re.compile(r"\[?(?P<n>\d+)\]?(?=\s*\[[MS]\])")


def check(context):
    from interpreter.compiler.compile import CompileError, compiler

    using = compiler(context.rules)
    if context.effects is not None:
        yield from _from_effects(context, using)
        return
    for match in _PHRASE.finditer(context.plain):
        name = match.group("name")
        try:
            token = using.token(name, None)   # the rule-187 definition, compiled
        except CompileError:
            known = ", ".join(sorted(context.rules.tokens))
            yield Finding("RB301", f"Token {name} is not defined in rule 187", *match.span("name"),
                          help=f"expected a token of rule 187: {known}")
            continue
        written = match.group("might")
        if written is not None:
            yield from _might(int(written.strip("[]")), match.span("might"), token)
        yield from _card_type(match, token)


def _from_effects(context, using):
    """Token-creating effects of a compiled text: the text's token against the definition."""
    for effect in _walk(context.effects):
        made = getattr(effect, "token", None)
        if type(made).__name__ != "TokenCharacteristics" or made.span is None or made.name not in context.rules.tokens:
            continue
        phrase = context.text[made.span.start: made.span.end]
        written = _MIGHT.search(phrase)
        if written is not None:
            span = (made.span.start + written.start(), made.span.start + written.end())
            yield from _might(made.might, span, using.token(made.name, None))


def _walk(items):
    for item in items:
        yield item
        if dataclasses.is_dataclass(item):
            for field in dataclasses.fields(item):
                value = getattr(item, field.name)
                if isinstance(value, tuple):
                    yield from _walk(value)
                elif dataclasses.is_dataclass(value):
                    yield from _walk((value,))


# 187: the definition gives the might; the text only restates it.
def _might(number: int, span: tuple[int, int], token):
    if number == token.might:
        return
    start, end = span
    rule = token.rules[0]
    if token.might is None:
        yield Finding("RB301", f"A {token.name} token has no might (rule {rule}), but the text gives it {number}",
                      start, end)
        return
    yield Finding("RB301", f"A {token.name} token has {token.might} might (rule {rule}), not {number}", start, end,
                  replace(start, end, str(token.might), f"Write {token.might}, the might rule {rule} gives", False))


def _card_type(match, token):
    written = match.group("type")
    if written is None or written.lower() == token.card_type:
        return
    start, end = match.span("type")
    rule = token.rules[0]
    yield Finding("RB301", f"A {token.name} token is a {token.card_type} (rule {rule}), not a {written}", start, end,
                  replace(start, end, token.card_type, f"Write {token.card_type}", False))
