"""Matching printed reminder text against the keyword reminders kept in rules_data (135.2.d).

Reminders are rendered only by ``RulesData.reminder`` from the templates of
rules_data/keywords.yaml. Printed reminders legitimately vary in who they talk about
("I must be assigned ..." on a unit, "It must be ..." when granted, "Kill them ..."
for several tokens) and in costs written out ("Pay the cost: ..." for Equip), so the
comparison puts every reference word on one footing and lets a {cost} be any short
phrase and a {domain} any power symbol. Values ({value}, {power}) must agree.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from .textscan import REMINDER, keywords, lines

_COST, _DOMAIN = "\x01", "\x02"
_REFERENCES = [
    (re.compile(r"\b(?:i'm|it's|they're|we're|this is|these are)\b"), "@ is"),
    (re.compile(r"\b(?:my|its|their|our|this's)\b"), "@s"),
    (re.compile(r"^to [a-z\-]+, "), ""),   # "To Predict, look at ..." defines an action word
    (re.compile(r"\b(?:a|an|that|those|the|each|this)\s+(?:\[[a-z\- ]+\]\s+)?(?:[a-z]+\s+)?"
                r"(?:unit|units|gear|spell|card)\b"), "@"),
    (re.compile(r"\b(?:i|me|it|they|them|we|us|this|each|these)\b"), "@"),
    (re.compile(r"\b(?:doesn't|don't)\b"), "do not"),
    (re.compile(r"\b(?:has|have|gains|gain)\b"), "have"),
    (re.compile(r"\b(?:dies|die)\b"), "die"),
    (re.compile(r"\b(?:am|are|is)\b"), "is"),
    # "Use on your turn ..." is how an activated ability's [Action] reminder reads (806.1.c.2).
    (re.compile(r"\buse\b"), "play"),
    (re.compile(r"\b(?:a|an)\s+"), ""),
    (re.compile(r"\b([a-z]{3,})s\b"), r"\1"),
    (re.compile(r"\s+"), " "),
]
SIMILAR = 0.8


@dataclass(frozen=True)
class KeywordUse:
    """A keyword written in a line, with the value and cost written with it."""

    name: str
    value: int | None
    cost: str | None
    start: int
    end: int


@dataclass(frozen=True)
class Sentence:
    """One sentence of a reminder, as (start, end) in the text."""

    start: int
    end: int
    text: str


def normalise(text: str) -> str:
    text = text.lower().replace("’", "'").strip()
    for pattern, replacement in _REFERENCES:
        text = pattern.sub(replacement, text)
    return text.strip()


def bare(text: str) -> str:
    """Text without case, spacing and punctuation differences."""
    return re.sub(r"[^a-z0-9\[\]]+", " ", text.lower()).strip()


_COST_AFTER = re.compile(r"(?:\s*\[(?:\d+|[RGBOPYAC])\])+")


def keyword_uses(context, start: int, end: int) -> list[KeywordUse]:
    """Known keywords with a reminder template in ``text[start:end]`` outside reminders and quotes."""
    uses = []
    for item in keywords(context.plain[start:end]):
        name = item.name
        if context.rules.keyword(name) is None or "reminder" not in context.rules.keyword(name):
            continue
        at = start + item.end
        cost = _COST_AFTER.match(context.text, at)
        written = re.sub(r"\s+", "", cost.group()) if cost else None
        uses.append(KeywordUse(name, item.value, written, start + item.start, start + item.end))
    return uses


def reminders(text: str, start: int, end: int) -> list[list[Sentence]]:
    """The sentences of each reminder in ``text[start:end]``."""
    return [reminder_sentences(text, match.start(), match.end()) for match in REMINDER.finditer(text, start, end)]


def joined(text: str, window: list[Sentence]) -> Sentence:
    return Sentence(window[0].start, window[-1].end, text[window[0].start: window[-1].end])


def sentence_count(text: str) -> int:
    return len(re.split(r"(?<=[.!?])\s+", text.strip()))


def reminder_sentences(text: str, start: int, end: int) -> list[Sentence]:
    found = []
    for match in REMINDER.finditer(text, start, end):
        inner_start, inner_end = match.start() + 1, match.end() - 1
        at = inner_start
        for piece in re.finditer(r"(?<=[.!?])\s+", text[inner_start:inner_end]):
            found.append(Sentence(at, inner_start + piece.start(), text[at: inner_start + piece.start()]))
            at = inner_start + piece.end()
        if text[at:inner_end].strip():
            found.append(Sentence(at, inner_end, text[at:inner_end]))
    return found


@lru_cache(maxsize=1024)
def _pattern(rendered_with_sentinels: str):
    escaped = re.escape(normalise(rendered_with_sentinels))   # the sentinels are not escaped
    return re.compile(escaped.replace(_COST, r".{1,40}?").replace(_DOMAIN, r"\[[rgbopyac]\]"))


def expected(context, use: KeywordUse) -> str:
    """The reminder rules_data gives this keyword use, with the card's value, cost and domain."""
    return context.rules.reminder(use.name, use.value, cost=use.cost, domain=context.domain_symbol())


def fixable(context, use: KeywordUse) -> bool:
    """False when the reminder needs a cost the line does not write as symbols."""
    return use.cost is not None or _COST not in context.rules.reminder(use.name, use.value, cost=_COST)


def accepts(context, use: KeywordUse, sentence: str) -> bool:
    """Whether ``sentence`` says what the keyword's reminder says (references and costs may vary)."""
    loose = context.rules.reminder(use.name, use.value, cost=_COST, domain=_DOMAIN)
    return _pattern(loose).fullmatch(normalise(sentence)) is not None


# Words a printed reminder may add or swap for its context ("next Beginning Phase", "each additional cost").
_MINOR = frozenset({"the", "each", "this", "that", "its", "their", "next", "any", "all", "@", "@s"})
_TOKENS = re.compile(r"[\w@'\[\]+\-]+|[^\w\s]")


def minor_variant(context, use: KeywordUse, sentence: str) -> bool:
    """At most two context words (articles, "next", "each") added, dropped or swapped."""
    said, wanted = _TOKENS.findall(normalise(sentence)), _TOKENS.findall(normalise(expected(context, use)))
    changed = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, said, wanted, autojunk=False).get_opcodes():
        if op != "equal":
            changed += said[i1:i2] + wanted[j1:j2]
    return len(changed) <= 2 and all(token in _MINOR for token in changed)


def similarity(context, use: KeywordUse, sentence: str) -> float:
    return difflib.SequenceMatcher(None, normalise(sentence), normalise(expected(context, use))).ratio()


def line_spans(context):
    return lines(context.text)
