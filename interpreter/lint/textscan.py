"""Raw-text helpers shared by the rules: reminders, quotes, brackets, lines, sentences.

Rules that look at wording work on the text as written, so they also run on texts the
grammar cannot parse yet. Every helper returns character offsets into the text.
``masked`` blanks out spans (reminder text, quoted abilities) with spaces so a regular
expression can scan the rest without offsets shifting.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Reminder text in parentheses, one level of nesting (135.2.d); same shape as the grammar's REMINDER.
REMINDER = re.compile(r"\((?:[^()\n]|\([^()\n]*\))*\)")
# A quoted ability granted to something else: straight, curly, or mixed quotes.
QUOTED = re.compile(r"[\"“][^\"“”\n]*[\"”]")
BRACKET = re.compile(r"\[([^\[\]\n]{1,40})\]")
# Symbol shorthands (135.2.e): might, exhaust (and their older forms), power, energy, arrows.
SYMBOLS = frozenset({"M", "S", "E", "T", "A", "C", "R", "G", "B", "O", "P", "Y", ">", ">>"})
POWER = frozenset({"A", "C", "R", "G", "B", "O", "P", "Y"})
_KEYWORD_BODY = re.compile(r"(?P<name>[A-Za-z][A-Za-z\-]*(?: [A-Za-z][A-Za-z\-]*)*)(?: (?P<value>\d+))?")


@dataclass(frozen=True, slots=True)
class Bracket:
    """A bracketed item: a symbol such as [M] or [2], or a keyword such as [Assault 2]."""

    start: int
    end: int
    inner: str

    @property
    def is_energy(self) -> bool:
        return self.inner.isdigit()

    @property
    def is_symbol(self) -> bool:
        return self.inner in SYMBOLS or self.is_energy

    @property
    def name(self) -> str | None:
        match = _KEYWORD_BODY.fullmatch(self.inner)
        return match.group("name") if match and not self.is_symbol else None

    @property
    def value(self) -> int | None:
        match = _KEYWORD_BODY.fullmatch(self.inner)
        return int(match.group("value")) if match and match.group("value") else None

    @property
    def name_end(self) -> int:
        """Offset just after the keyword's name (before its number, if any)."""
        return self.start + 1 + len(self.name or "")


@lru_cache(maxsize=4096)
def reminder_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in REMINDER.finditer(text))


@lru_cache(maxsize=4096)
def quote_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in QUOTED.finditer(masked(text, reminder_spans(text))))


def masked(text: str, spans) -> str:
    """``text`` with each span replaced by spaces (line breaks kept)."""
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        for index in range(start, end):
            if chars[index] != "\n":
                chars[index] = " "
    return "".join(chars)


@lru_cache(maxsize=4096)
def rules_text(text: str) -> str:
    """The text with reminder text and quoted abilities blanked out: what the card itself says."""
    return masked(text, reminder_spans(text) + quote_spans(text))


def brackets(text: str) -> list[Bracket]:
    return [Bracket(m.start(), m.end(), m.group(1)) for m in BRACKET.finditer(text)]


def keywords(text: str) -> list[Bracket]:
    """Bracketed items that are not symbols: keywords, known or not."""
    return [b for b in brackets(text) if b.name is not None]


def lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line, without the line break."""
    spans, start = [], 0
    for match in re.finditer(r"\r?\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”]?\s+(?=[A-Z\[•“\"])")


def sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentences of ``text[start:end]`` (a line with reminders masked), as (start, end)."""
    spans, at = [], start
    for match in _SENTENCE_END.finditer(text, start, end):
        spans.append((at, match.start()))
        at = match.end()
    if text[at:end].strip():
        spans.append((at, end))
    return [(s, e) for s, e in spans if text[s:e].strip()]


_REMINDER_AFTER = re.compile(r"\s*\.?\s*\(")


def defined_by_reminder(text: str, item: Bracket, known) -> bool:
    """Whether reminder text follows keyword ``item`` on its line ("[Fortify 2] (To Fortify 2, ...)"):
    a keyword the rules data lacks is then defined by it (135.2.d), unless its name is so close to a
    ``known`` keyword that it is a misspelling of it ("[Sheild]")."""
    import difflib

    if difflib.get_close_matches(item.name, list(known), n=1, cutoff=0.75):
        return False
    return _REMINDER_AFTER.match(text, item.end) is not None
