"""Linting many paths: read each file, lint it, fix it if asked, collect reports and input errors.

A file that cannot be read as cards (binary, not UTF-8, too large, invalid YAML, an anchor
bomb, a card that is not a mapping or has an unknown field) is a finding, RB000, located
where its diagnostic points, and the other files are still linted: finding such problems
is what the linter is for, so the command exits 1 as for any finding. Only a path that
does not exist, a configuration error or a fix that cannot be written is an input error
(exit 2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from .config import LintConfig
from .engine import Report, lint_file, load_report
from .source import card_paths, load_source, text_source


@dataclass
class Outcome:
    """What a lint run found: reports left after fixing, fixes applied, input errors."""

    reports: list[Report] = field(default_factory=list)
    fixed: int = 0
    errors: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    cards: int = 0


def lint_paths(paths: list[Path], config: LintConfig, fix: bool = False, unsafe: bool = False) -> Outcome:
    outcome = Outcome()
    for path in card_paths(paths):
        if not path.exists():
            outcome.errors.append(Diagnostic("E003", "no such file or folder", str(path), 1, 1,
                                             help="expected a card file (.yaml, .yml, .jsonl), a folder of them, "
                                                  "or a card text in quotes"))
            continue
        try:
            source = load_source(path, config.max_file_size)
        except InputError as error:
            outcome.reports.append(load_report(error.diagnostic))
            outcome.files += 1
            continue
        try:
            if fix:
                from .fixer import fix_source, write_atomic   # only a --fix run needs the writer

                fixed, count = fix_source(source, config, unsafe)
                if count:
                    write_atomic(fixed)
                    outcome.fixed += count
                source = fixed
            outcome.reports.extend(lint_file(source, config))
            outcome.files += 1
            outcome.cards += len(source.cards)
        except InputError as error:
            outcome.errors.append(error.diagnostic)
    return outcome


def lint_text(text: str, config: LintConfig, outcome: Outcome, card_type: str | None = None) -> None:
    """Lint a card text given on the command line (as ``parse`` and ``compile`` take one)."""
    source = text_source(text, card_type)
    outcome.reports.extend(lint_file(source, config))
    outcome.cards += 1
