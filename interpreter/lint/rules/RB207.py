"""A keyword that only its reminder text defines.

What it does:
    Finds bracketed keywords that the rules data does not define but that reminder text
    after them on their line does ("[Fortify 2] (To Fortify 2, ...)"). The compiler gives
    such a keyword the meaning its reminder text says.

Why is this bad?
    A keyword is a shorthand the rules define (801); reminder text only summarises it and
    is not rules text (135.2.d.3). A keyword that only its reminder defines means one thing
    on this card and may mean another on the next one. While a set is drafted this is how a
    new keyword starts; before it is printed, its definition belongs in the rules data
    (rules_data/rules/800-829.yaml and rules_data/vocabulary.yaml), where every card reads it.

Example:
    [Fortify 2] (To Fortify 2, give a friendly unit +2 [M] this turn.)

Use instead:
    The same text, with [Fortify] defined in rules_data (run with --rules-data DIR).
"""
from __future__ import annotations

from interpreter.lint.model import Finding
from interpreter.lint.textscan import defined_by_reminder, keywords

FIX = "none"


def check(context):
    known = {name.lower() for name in context.rules.keywords}
    for item in keywords(context.text):
        if item.name.lower() in known or not defined_by_reminder(context.text, item, context.rules.keywords):
            continue
        yield Finding("RB207", f"Keyword [{item.name}] is not in the rules data; its reminder text defines it",
                      item.start, item.end,
                      help=f"define [{item.name}] in rules_data (rules/800-829.yaml and vocabulary.yaml) so every "
                           "card reads it the same way")
