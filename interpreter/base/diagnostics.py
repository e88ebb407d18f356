"""Diagnostics: one readable error for bad input, never a traceback.

A diagnostic names the file, line and column, shows the source line with a caret
under the spot, and says in words what was expected. Commands exit with code 2
when an ``InputError`` reaches them.
"""
from __future__ import annotations

from dataclasses import dataclass

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
    """The part of ``line`` to show and where the caret goes in it."""
    index = max(column - 1, 0)
    if len(line) <= 2 * _CONTEXT:
        return line, min(index, len(line))
    start = max(index - _CONTEXT, 0)
    end = min(index + _CONTEXT, len(line))
    prefix = "..." if start else ""
    suffix = "..." if end < len(line) else ""
    return prefix + line[start:end] + suffix, len(prefix) + index - start


def line_of(text: str, line: int) -> str:
    """The 1-based ``line`` of ``text``, without its line break ('' if absent)."""
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def at_offset(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column
