"""A keyword written with the wrong capitalisation.

What it does:
    Finds bracketed keywords that match a keyword of the rules only when case is
    ignored ("[ADD]", "[shield]", "[Quick-draw]") and writes them as the rules do.

Why is this bad?
    Keywords are proper terms of the rules (800-829, and the keyword actions such as
    [Add], 429) and are printed one way. Other spellings look like different keywords
    to readers and to tools that search the card pool.

Example:
    [E]: [ADD] [1].

Use instead:
    [E]: [Add] [1].
"""
from __future__ import annotations

from interpreter.lint.model import Finding, replace
from interpreter.lint.textscan import keywords

FIX = "safe"


def check(context):
    by_lower = {name.lower(): name for name in context.rules.keywords}
    for item in keywords(context.text):
        proper = by_lower.get(item.name.lower())
        if proper is None or proper == item.name:
            continue
        start, end = item.start + 1, item.name_end
        yield Finding("RB204", f"Keyword [{item.name}] is capitalised differently from the rules' [{proper}]",
                      start, end, replace(start, end, proper, f"Write [{proper}]"))
