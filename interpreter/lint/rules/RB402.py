"""A dangling "If you do" with no action before it.

What it does:
    Finds "If you do," at the start of an ability, with no instruction before it in
    the same ability that the player could do or not do (a "you may ..." choice, a
    cost, an action that can fail).

Why is this bad?
    "If you do" makes an instruction depend on an earlier one being done, as in
    "you may pay [C]. If you do, draw 1." (135.2.b.3: instructions say when they
    happen). With nothing before it in the ability, there is no action to have done,
    and the condition can never be checked.

Example:
    When you play me, if you do, draw 1.

Use instead:
    When you play me, you may discard 1. If you do, draw 1.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding
from interpreter.lint.textscan import lines

FIX = "none"
# 135.2.b.3: an instruction says when it happens; "If you do" needs an earlier action to refer to.
_IF_YOU_DO = re.compile(r"(?i)\bif you do\b(?=\s*,)")
_LEADING_KEYWORDS = re.compile(r"^\s*(?:•\s*)?(?:\[[^\]\[]+\]\s*(?:\[>\]|—|–|-)?\s*,?\s*)*")
_CONDITION = re.compile(r"(?i)^(?:when|whenever|at|as|while|if)\b[^.]*,\s*$")


def check(context):
    text = context.plain
    for start, end in lines(text):
        for match in _IF_YOU_DO.finditer(text, start, end):
            if _nothing_before(text[start:match.start()]):
                yield Finding("RB402", "“If you do” has no action before it to depend on", *match.span(),
                              help="put the optional action first, e.g. “you may pay [1]. If you do, ...”")


def _nothing_before(before: str) -> bool:
    """Only keywords, costs before a colon, or a trigger condition stand before "If you do"."""
    rest = _LEADING_KEYWORDS.sub("", before, count=1)
    if ":" in rest:                      # costs of an activated ability end at the colon
        rest = _LEADING_KEYWORDS.sub("", rest.rsplit(":", 1)[1], count=1)
    rest = rest.strip()
    return not rest or _CONDITION.match(rest) is not None
