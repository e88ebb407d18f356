"""A keyword ability without its reminder text (off by default).

What it does:
    Finds the first line of a card that starts with a keyword having a reminder in
    rules_data, when that line has no reminder text at all, and adds the reminder.

Why is this bad?
    Reminder text is optional (135.2.c.2, 135.2.d.3), but cards for new players
    usually print it for every keyword they have. Off by default; enable it with
    ``extend-select = ["RB206"]`` for a set that should print every reminder
    (a prefix such as RB2 or ALL does not enable it).

Example:
    [Tank]

Use instead:
    [Tank] (I must be assigned combat damage first.)
"""
from __future__ import annotations

from interpreter.lint.model import Finding, Fix, Edit
from interpreter.lint.reminders import expected, fixable, keyword_uses, line_spans
from interpreter.lint.textscan import REMINDER

FIX = "safe"


def check(context):
    seen = set()
    for start, end in line_spans(context):
        uses = keyword_uses(context, start, end)
        line = context.text[start:end]
        if not uses or uses[0].start != start + len(line) - len(line.lstrip()):
            continue
        use = uses[0]
        if use.name in seen or REMINDER.search(context.text, start, end):
            seen.add(use.name)
            continue
        seen.add(use.name)
        wanted = expected(context, use)
        at = start + len(line.rstrip())
        fix = Fix(f"Add the reminder “({wanted})”", (Edit(at, at, f" ({wanted})"),), True) \
            if fixable(context, use) else None
        yield Finding("RB206", f"[{use.name}] has no reminder text", use.start, use.end, fix)
