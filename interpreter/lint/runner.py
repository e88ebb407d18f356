"""Linting many paths: read each file, lint it, fix it if asked, collect reports and input errors.

A bad file (unreadable, binary, invalid YAML, anchor bomb) is one diagnostic and the
other files are still linted; the command then exits 2.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from .config import LintConfig
from .engine import Report, lint_file
from .source import card_paths, load_source


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
        try:
            source = load_source(path, config.max_file_size)
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
