"""Diagnostics: one readable error for bad input, never a traceback.

A diagnostic names the file, line and column, shows the source line with a caret
under the spot, and says in words what was expected. Commands exit with code 2
when an ``InputError`` reaches them.
"""
from __future__ import annotations

import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

# Long lines are cut around the caret so a 1 MB line still prints a short diagnostic.
_CONTEXT = 60


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """An error or finding located in a source text."""

    code: str
    message: str
    path: str
    line: int
    column: int
    source_line: str = ""
    help: str = ""

    def format(self) -> str:
        shown, caret_at = excerpt(self.source_line, self.column)
        parts = [f"{self.path}:{self.line}:{self.column}: {self.code} {self.message}"]
        if shown or self.source_line:
            parts.append(f"  | {shown}")
            parts.append(f"  | {' ' * caret_at}^")
        if self.help:
            parts.append(f"help: {self.help}")
        return "\n".join(parts)


class InputError(Exception):
    """Bad input: carries the diagnostic to print; commands exit with code 2."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.format())
        self.diagnostic = diagnostic


def excerpt(line: str, column: int) -> tuple[str, int]:
    """The part of ``line`` to show and where the caret goes in it.

    NOTE: a character that would break or hide the printed line (a Unicode line or paragraph
    separator, a control character, a lone surrogate) is shown as its ``\\u`` escape, and the
    caret moves with it, so the caret stays under the character the column counts.
    """
    index = max(column - 1, 0)
    if any(_hidden(char) for char in line):
        shown = [_display(char) for char in line]
        caret = sum(len(part) for part in shown[:index]) + max(index - len(line), 0)
        line, index = "".join(shown), caret
    if len(line) <= 2 * _CONTEXT:
        return line, min(index, len(line))
    start = max(index - _CONTEXT, 0)
    end = min(index + _CONTEXT, len(line))
    prefix = "..." if start else ""
    suffix = "..." if end < len(line) else ""
    return prefix + line[start:end] + suffix, len(prefix) + index - start


def _hidden(char: str) -> bool:
    return char != "\t" and unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs", "Cf")


def _display(char: str) -> str:
    return f"\\u{ord(char):04x}" if _hidden(char) else char


def line_of(text: str, line: int) -> str:
    """The 1-based ``line`` of ``text``, without its line break ('' if absent).

    NOTE: lines end at "\\n" only, as YAML, JSON and the parser count them; a Unicode line
    separator inside a text is a character of its line. The line starts of the last few texts
    are kept, so locating many diagnostics in one big file costs one pass over it, not one each.
    """
    starts = line_starts(text)
    if not 0 < line <= len(starts):
        return ""
    end = starts[line] - 1 if line < len(starts) else len(text)
    return text[starts[line - 1]:end].rstrip("\r")


@lru_cache(maxsize=8)
def line_starts(text: str) -> tuple[int, ...]:
    """Offsets where each line of ``text`` starts (cached: a string's hash is computed once)."""
    starts, at = [0], text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return tuple(starts)


def mark_position(text: str, mark) -> tuple[int, int]:
    """1-based line and column of a YAML mark in ``text``, counted from its character index.

    NOTE: PyYAML counts U+0085, U+2028 and U+2029 as line breaks in ``mark.line``; every other
    position of the project (the parser's, JSON's, an editor's) counts "\\n" only, so the index
    is the one to trust."""
    return at_offset(text, mark.index)


def at_offset(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    starts = line_starts(text)
    index = bisect_right(starts, offset) - 1
    return index + 1, offset - starts[index] + 1
