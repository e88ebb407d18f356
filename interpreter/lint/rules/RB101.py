"""Deprecated symbol shorthand [S] for might or [T] for exhaust.

What it does:
    Finds the older shorthands ``[S]`` (might) and ``[T]`` (exhaust) and replaces
    them with the current ``[M]`` and ``[E]``.

Why is this bad?
    Rule 135.2.e.3 gives might's shorthand as [M] and rule 135.2.e.2 gives the
    exhaust symbol's as [E]; [S] and [T] only appear in previous rules information.
    Mixing both makes texts harder to search and compare.

Example:
    [T]: Play a 1 [S] Recruit unit token.

Use instead:
    [E]: Play a 1 [M] Recruit unit token.
"""
from __future__ import annotations

from interpreter.lint.model import Finding, replace
from interpreter.lint.textscan import brackets

FIX = "safe"
_CURRENT = {"S": ("M", "might"), "T": ("E", "exhaust")}   # 135.2.e.3, 135.2.e.2


def check(context):
    for item in brackets(context.text):
        if item.inner in _CURRENT:
            new, meaning = _CURRENT[item.inner]
            yield Finding("RB101", f"Deprecated {meaning} shorthand [{item.inner}]", item.start, item.end,
                          replace(item.start, item.end, f"[{new}]", f"Replace [{item.inner}] with [{new}]"))
