"""The older "[Keyword] — ..." separator where current templating writes "[Keyword][>]".

What it does:
    Finds a triggered, dependent or permissive keyword followed by a dash (em dash,
    en dash or hyphen) that binds it to an ability, and writes the keyword arrow instead.

Why is this bad?
    Rule 135.2.e.7 marks the ability a keyword governs with the [>] symbol
    ("[Legion][>]", "[Deathknell][>]", "[Reaction][>]"; 806.1.d, 808.1.b, 812.1.a).
    Older printings used a dash; both mean the same, but one card pool should use one
    form. Cost keywords such as [Equip] keep their dash before a written-out cost.

Example:
    [Deathknell] — Draw 1. (When I die, get the effect.)

Use instead:
    [Deathknell][>] Draw 1. (When I die, get the effect.)
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace
from interpreter.lint.textscan import keywords

FIX = "safe"
_KINDS = {"triggered", "dependent", "permissive"}   # 135.2.e.7.a
_SEPARATOR = re.compile(r"[ \t]*(?:—|–|-{1,2})[ \t]*")


def check(context):
    known = context.rules.keywords
    for item in keywords(context.text):
        definition = known.get(item.name)
        if definition is None or definition.get("kind") not in _KINDS:
            continue
        match = _SEPARATOR.match(context.text, item.end)
        if match is None or match.end() == item.end or _is_minus(context.text, match.end()):
            continue
        start, end = match.span()
        yield Finding("RB203", f"Old separator after [{item.inner}]: use the keyword arrow [>]", start, end,
                      replace(start, end, "[>] ", f"Replace the dash with [>] after [{item.inner}]"))


def _is_minus(text: str, at: int) -> bool:
    """A hyphen right before a number is a minus sign ("-1 [M]"), not a separator."""
    return at < len(text) and text[at].isdigit()
