"""Reminder text that disagrees with the keyword's definition.

What it does:
    Compares each sentence of reminder text with the reminder rules_data gives the
    keywords of the same line (rendered with the keyword's value, cost and the card's
    domain). A sentence that is close to one of them but says something else (another
    number, a changed condition, a typo) is reported; the fix writes the rules_data
    reminder instead.

Why is this bad?
    Reminder text summarises the rules (135.2.d.2) and has no effect on the game
    (135.2.d.3), so a wrong reminder silently teaches players the wrong rule:
    "[Assault 2] (+3 [M] while I'm an attacker.)" promises a might the keyword does
    not give (807.1.c). Wording that only changes who is meant ("It can move ...",
    "Kill them ...") is accepted.

Example:
    [Assault 2] (+3 [M] while I'm an attacker.)

Use instead:
    [Assault 2] (+2 [M] while I'm an attacker.)

The fix is safe when only punctuation, spacing or case differ, unsafe otherwise.
"""
from __future__ import annotations

from ..model import Finding, replace
from ..reminders import (SIMILAR, accepts, bare, expected, fixable, keyword_uses, line_spans, reminder_sentences,
                         similarity)

FIX = "safe when only punctuation differs, else unsafe"


def check(context):
    for start, end in line_spans(context):
        uses = keyword_uses(context, start, end)
        if not uses:
            continue
        for sentence in reminder_sentences(context.text, start, end):
            if any(accepts(context, use, sentence.text) for use in uses):
                continue
            score, use = max(((similarity(context, u, sentence.text), u) for u in uses), key=lambda p: p[0])
            if score < SIMILAR:
                continue
            wanted = expected(context, use)
            safe = bare(wanted) == bare(sentence.text)
            fix = replace(sentence.start, sentence.end, wanted, f"Replace the reminder with “{wanted}”", safe) \
                if fixable(context, use) else None
            yield Finding("RB205", f"Reminder text for [{use.name}] differs from its definition: “{wanted}”",
                          sentence.start, sentence.end, fix)
