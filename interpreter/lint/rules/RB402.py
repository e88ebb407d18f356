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

from ..model import Finding
from ..textscan import lines

FIX = "none"
_IF_YOU_DO = re.compile(r"(?i)\bif you do\b(?=\s*,)")
# What may stand before the first instruction of an ability: keywords, costs, a trigger condition.
_PREFIX = re.compile(
    r"(?i)^\s*(?:•\s*)?(?:\[[^\]]+\]\s*)*(?:(?:\[[^\]]+\]|[^.:\[]+?)(?:\s*,\s*(?:\[[^\]]+\]|[^.:\[]+?))*\s*:\s*)?"
    r"(?:\[[^\]]+\]\s*(?:\[>\]|—|-)?\s*)*(?:(?:when|whenever|at|as|while|if)\b[^,.]*,\s*)?$")


def check(context):
    text = context.plain
    for start, end in lines(text):
        for match in _IF_YOU_DO.finditer(text, start, end):
            before = text[start:match.start()]
            if _PREFIX.match(before):
                yield Finding("RB402", "“If you do” has no action before it to depend on", *match.span(),
                              help="put the optional action first, e.g. “you may pay [1]. If you do, ...”")
