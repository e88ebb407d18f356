"""The data a lint rule returns: findings, and fixes as edits to spans of a card text.

Offsets are 0-based character offsets into the text being linted (a card's ``text``
or ``effect_text``); the engine maps them to file lines and columns, and the fixer
to file offsets. A rule over a card's fields (``FIELDS = (CARD,)``) names the value
it judges by its key path instead (``key=("cost", "power", 0)``). Rules never write files.
"""
from __future__ import annotations

from dataclasses import dataclass

CARD = "card"   # the FIELDS of a rule that judges a card's fields rather than one of its texts


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` with ``replacement`` (an insertion when start == end)."""

    start: int
    end: int
    replacement: str


@dataclass(frozen=True, slots=True)
class Fix:
    """A fix: an instruction-style title, its edits, and whether it is safe to apply."""

    title: str
    edits: tuple[Edit, ...]
    safe: bool = True

    @property
    def applicability(self) -> str:
        return "safe" if self.safe else "unsafe"


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a card text: a rule code, a message, the span, a fix or None."""

    code: str
    message: str
    start: int
    end: int
    fix: Fix | None = None
    help: str = ""
    key: tuple = ()          # for a rule over card fields: the key path of the value judged


def replace(start: int, end: int, replacement: str, title: str, safe: bool = True) -> Fix:
    """A fix made of one edit."""
    return Fix(title, (Edit(start, end, replacement),), safe)
