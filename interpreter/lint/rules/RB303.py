"""Self-reference that does not fit the card type.

What it does:
    Checks how a card's rules text names the card itself: units and legends speak in
    the first person ("me", "I", "my"), gear, spells, runes and battlefields say
    "this". Reminder text and quoted abilities granted to other objects are skipped,
    and so is equipment effect text, where "me" is the unit it is attached to and
    "this" the equipment (136.2.d).

Why is this bad?
    The pronoun tells players which object is meant. Riftbound templating writes
    "When you play me" on units and "When you play this" on gear (the keyword
    definitions follow it: Deathknell is "When I die" on permanents, 808.1.c; Equip
    attaches "this", 818). A gear saying "exhaust me" reads as if some unit were
    exhausted.

Example:
    (a gear) When a friendly unit dies, you may exhaust me to draw 1.

Use instead:
    (a gear) When a friendly unit dies, you may exhaust this to draw 1.

The fix (unsafe: sentences may need other words to agree) swaps object pronouns only.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding, replace

FIX = "unsafe"
FIELDS = ("text",)   # 136.2.d: in effect text "me" is the unit it is attached to, "this" the equipment
_FIRST_PERSON_TYPES = {"unit", "legend"}
_THIS_TYPES = {"gear", "spell", "rune", "battlefield"}
_FIRST_PERSON = re.compile(r"\b(?:I'm|I’m|I've|I’ve|I|me|my|myself)\b")
# "this" naming the card: before a verb or punctuation, or "this card"; not "this turn", "this way", "do this".
_THIS_SELF = re.compile(
    r"(?i)(?<!do )\bthis\b(?=\s*(?:[.,:;)]|$)|\s+(?:card|is|has|gains|costs|enters|can|can't|deals|gets|becomes"
    r"|would|dies|was|isn't|doesn't|loses|moves)\b)")


def check(context):
    kind = context.card_type
    if kind in _THIS_TYPES:
        for match in _FIRST_PERSON.finditer(context.plain):
            yield _finding(context, match, "this", f"A {kind} names itself “this”, not “{match.group()}”")
    elif kind in _FIRST_PERSON_TYPES:
        for match in _THIS_SELF.finditer(context.plain):
            yield _finding(context, match, "me", f"A {kind} names itself “me” or “I”, not “{match.group()}”")


def _finding(context, match, pronoun: str, message: str) -> Finding:
    start, end = match.span()
    word = match.group()
    if word.lower() in ("me", "this") and not _is_subject(context.plain, start):
        fix = replace(start, end, pronoun, f"Write “{pronoun}”", safe=False)
    else:
        fix = None
    return Finding("RB303", message, start, end, fix,
                   help=f"reword with “{pronoun}” (the verb may need to agree)")


def _is_subject(text: str, at: int) -> bool:
    """At a sentence start the pronoun is a subject, and swapping it would break the verb."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".:\n"
