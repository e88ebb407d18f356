"""AST of rules statements (grammar/statements.lark): what one encoded sentence of a rule says.

A ``Statement`` is a kind (the grammar alias, e.g. ``zone_kind`` or ``victory_score``) and
its arguments by name. ``rules.model`` reads statements of every rule and builds the
tables the interpreter uses (zones, defaults, scoring, keywords, layers).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .nodes import Span


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a statement sends an object: a zone name, whose it is, or 'playable_location'."""

    zone: str
    whose: str | None = None


@dataclass(frozen=True, slots=True)
class Statement:
    """One parsed rules sentence: its kind and its arguments."""

    kind: str
    span: Span | None
    args: dict = field(default_factory=dict, hash=False, compare=True)

    def __getitem__(self, key: str):
        return self.args[key]

    def get(self, key: str, default=None):
        return self.args.get(key, default)

    def describe(self) -> str:
        """``kind(key=value, ...)`` for the command line."""
        inner = ", ".join(f"{key}={_show(value)}" for key, value in self.args.items())
        return f"{self.kind}({inner})"


def _show(value) -> str:
    if isinstance(value, Destination):
        return value.zone if value.whose is None else f"{value.whose}'s {value.zone}"
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    return str(value)


def zone_key(words: str) -> str:
    """A zone's key from its name in a statement: 'legend zone' -> 'legend', 'rune deck' -> 'rune_deck'."""
    parts = words.lower().split()
    if len(parts) > 1 and parts[-1] == "zone":
        parts = parts[:-1]
    return "_".join(parts)


def place_key(words: str) -> str:
    """A destination's key, keeping 'zone': 'legend zone' -> 'legend_zone', 'the base' -> 'base'."""
    return "_".join(words.lower().split())


def singular(word: str) -> str:
    """'units' -> 'unit', 'gear' -> 'gear', 'permanents' -> 'permanent'."""
    word = word.lower()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word
