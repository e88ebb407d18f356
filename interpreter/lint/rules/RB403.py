"""A count of choices without "up to" where choosing fewer is meant.

What it does:
    Finds counts of two or more objects after "may" ("you may buff two units") and
    counts followed by "or fewer", and suggests "up to".

Why is this bad?
    Without "up to", a number of targets must be met exactly; with "up to" a player
    may choose fewer, even zero (355.13; FAQ ruling on Back to Back: "give two friendly
    units" needs two units, "up to two" allows zero, one or two). "You may buff two
    units" still needs two units to do anything, which is rarely what "may" intends;
    several Origins errata added "up to" for this reason.

Example:
    When you play me, you may buff two other friendly units.

Use instead:
    When you play me, buff up to two other friendly units.

The fix (unsafe: it changes what can be chosen) inserts "up to" before the count.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, Fix, Edit

FIX = "unsafe"
_COUNT = r"(?P<count>two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d)"
_VERBS = r"(?:choose|buff|ready|kill|move|return|stun|give|banish|recall|exhaust|heal|target|attach|detach|deal \d+ to)"
# 355.13: only "up to" (or "any number") lets a player choose fewer targets, down to zero.
_MAY_COUNT = re.compile(r"(?i)\bmay\s+" + _VERBS + r"\s+" + _COUNT + r"\b(?!\s+or\s+more)(?!\s+times)")
_OR_FEWER = re.compile(r"(?i)\bchoose\s+" + _COUNT + r"\b[^.]*?\bor\s+(?:fewer|less)\b")


def check(context):
    text = context.plain
    for match in _MAY_COUNT.finditer(text):
        at = match.start("count")
        yield Finding("RB403", f"“{match.group('count')}” after “may” needs exactly that many targets",
                      at, match.end("count"),
                      Fix(f"Write “up to {match.group('count')}”", (Edit(at, at, "up to "),), safe=False))
    for match in _OR_FEWER.finditer(text):
        yield Finding("RB403", f"“{match.group('count')} ... or fewer” is written “up to {match.group('count')}”",
                      *match.span(), help=f"write “choose up to {match.group('count')} ...”")
