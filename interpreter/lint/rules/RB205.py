"""Reminder text that disagrees with the keyword's definition.

What it does:
    Compares the reminder text of a line with the reminders rules_data gives the
    keywords of that line (rendered with the keyword's value, cost and the card's
    domain). Sentences that say a keyword's reminder are accepted; a run of sentences
    close to one keyword's reminder but saying something else (another number, a
    changed condition, a typo) is reported, and the fix writes the rules_data reminder.

Why is this bad?
    Reminder text summarises the rules (135.2.d.2) and has no effect on the game
    (135.2.d.3), so a wrong reminder silently teaches players the wrong rule:
    "[Assault 2] (+3 [M] while I'm an attacker.)" promises a might the keyword does
    not give (807.1.c). Wording that only changes who is meant ("It can move ...",
    "Kill them ..."), a written-out cost, and one sentence merging the reminders of
    two keywords of the line ("+2 [M] while I'm an attacker or defender.") are accepted.

Example:
    [Assault 2] (+3 [M] while I'm an attacker.)

Use instead:
    [Assault 2] (+2 [M] while I'm an attacker.)

The fix is safe when only punctuation, spacing or case differ, unsafe otherwise.
"""
from __future__ import annotations

from interpreter.lint.model import Finding, replace
from interpreter.lint.reminders import (SIMILAR, accepts, bare, expected, fixable, joined, keyword_uses, line_spans, minor_variant,
                                        reminders, sentence_count, similarity)

FIX = "safe when only punctuation differs, else unsafe"


def check(context):
    for start, end in line_spans(context):
        uses = keyword_uses(context, start, end)
        if uses:
            for sentences in reminders(context.text, start, end):
                yield from _check_reminder(context, uses, sentences)


# 135.2.d.2: reminder text summarises the rules; rules_data holds the one wording per keyword.
def _check_reminder(context, uses, sentences):
    sizes = {use: sentence_count(expected(context, use)) for use in uses}
    covered = set()
    for use in uses:   # sentences that say some keyword's reminder
        for first in range(len(sentences) - sizes[use] + 1):
            window = sentences[first: first + sizes[use]]
            said = joined(context.text, window).text
            if accepts(context, use, said) or minor_variant(context, use, said):
                covered.update(range(first, first + sizes[use]))
    for first in range(len(sentences)):
        if first in covered:
            continue
        scored = sorted(((similarity(context, use, joined(context.text, sentences[first: first + sizes[use]]).text),
                          use) for use in uses if first + sizes[use] <= len(sentences)),
                        key=lambda pair: pair[0], reverse=True)
        close = [pair for pair in scored if pair[0] >= SIMILAR]
        if not close or len({use.name for _, use in close}) > 1:   # none close, or a merged reminder
            continue
        use = close[0][1]
        span = joined(context.text, sentences[first: first + sizes[use]])
        covered.update(range(first, first + sizes[use]))
        yield _finding(context, use, span)


def _finding(context, use, span) -> Finding:
    wanted = expected(context, use)
    safe = bare(wanted) == bare(span.text)
    fix = replace(span.start, span.end, wanted, f"Replace the reminder with “{wanted}”", safe) \
        if fixable(context, use) else None
    return Finding("RB205", f"Reminder text for [{use.name}] differs from its definition: “{wanted}”",
                   span.start, span.end, fix)
