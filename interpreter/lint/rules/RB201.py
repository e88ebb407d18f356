"""A keyword ability printed without its brackets.

What it does:
    Finds a keyword of rules 805-829 standing as an ability at the start of a line but
    written as a plain word ("Hidden", "Assault 2"), and puts it in brackets.

Why is this bad?
    Keywords are marked so they can be told from ordinary words (801.2: they have a
    coloured highlight, written as brackets in text shorthand). An unmarked
    "Hidden" is read as an English word, and no keyword ability is compiled.

Example:
    Hidden (Hide now for [A] to react with later for [0].)

Use instead:
    [Hidden] (Hide now for [A] to react with later for [0].)
"""
from __future__ import annotations

import re
from functools import lru_cache

from interpreter.lint.model import Finding, replace
from interpreter.lint.textscan import lines

FIX = "safe"
# Action words ([Stun], [Buff]) and conditions ([Mighty]) are also ordinary verbs and
# adjectives in sentences; only keyword abilities standing alone at a line start are flagged.
# Keywords are marked (801.2); these kinds are keyword abilities of rules 805-829.
_ABILITY_KINDS = {"passive", "permissive", "triggered", "dependent", "cost"}


@lru_cache(maxsize=8)
def _pattern(names: tuple[str, ...]):
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(r"(?:•\s*)?(?P<kw>(?P<name>" + alternatives + r")(?: (?P<value>\d+))?)"
                      r"(?=\s*$|\s*\(|\s*\[>\]|\s*[—–]|\s+-\s|\s*\[\d+\]|\s*\[[RGBOPYAC]\])")


def check(context):
    names = tuple(name for name, data in context.rules.keywords.items() if data.get("kind") in _ABILITY_KINDS)
    pattern = _pattern(names)
    for start, end in lines(context.text):
        match = pattern.match(context.text, start, end)
        if match is None:
            continue
        first, last = match.span("kw")
        written = match.group("kw")
        yield Finding("RB201", f"Keyword {written} is not bracketed", first, last,
                      replace(first, last, f"[{written}]", f"Write [{written}]"))
