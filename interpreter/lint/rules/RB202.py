"""A bracketed word that is not a keyword.

What it does:
    Finds bracketed words that are neither a symbol shorthand (135.2.e) nor a keyword
    or keyword action of the rules (800-829, and the bracketed action words such as
    [Stun], [Buff], [Add], [Predict]).

Why is this bad?
    Brackets mark keywords (801.2) and symbols. An unknown one is a typo or a
    keyword the rules do not define, so no player can look up what it does.

Example:
    [Sheild] (+1 [M] while I'm a defender.)

Use instead:
    [Shield] (+1 [M] while I'm a defender.)
"""
from __future__ import annotations

import difflib

from interpreter.lint.model import Finding
from interpreter.lint.textscan import defined_by_reminder, keywords

FIX = "none"


def check(context):
    known = context.rules.keywords
    lowered = {name.lower() for name in known}
    for item in keywords(context.text):
        if item.name in known or item.name.lower() in lowered:   # wrong case is RB204
            continue
        if defined_by_reminder(context.text, item, known) or context.rules.lexicon.status_of(item.name):
            continue        # defined by its reminder text (RB207), or a status of the rules data ("if it's [Stunned]")
        close = difflib.get_close_matches(item.name, list(known), n=1, cutoff=0.75)
        hint = f"did you mean [{close[0]}]?" if close else "expected a keyword of rules 805-829 or a symbol such as [M]"
        yield Finding("RB202", f"Unknown keyword [{item.inner}]", item.start, item.end, help=hint)
