"""What the language server knows of one card file: its problems and what each card compiles to.

Problems come from every stage: loading (YAML and card fields), parsing and compiling each
card text, and the lint rules (``lint_file``, one card at a time). Lint reports are kept per
card, keyed by its content and where its texts start, and compile results per text, so after
an edit only the cards that changed or moved are linted and compiled again; the YAML of the
file is read again each time (it is what places the texts).
Positions here are 1-based lines and columns of the file, as the project's diagnostics use.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.lint.config import LintConfig, find_pyproject, load_config
from interpreter.lint.engine import lint_file
from interpreter.lint.model import Fix
from interpreter.lint.source import DEFAULT_MAX_BYTES, CardRecord, SourceFile, parse_source

MAX_CACHED = 4096          # card texts remembered; beyond that the caches start again


@dataclass(frozen=True)
class Problem:
    """One diagnostic of a file: where (1-based, end exclusive), what, from which stage, and a fix."""

    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    stage: str                  # load | compile | lint
    help: str = ""
    fix: Fix | None = None
    card: int | None = None     # index of the card in the file
    field: str | None = None

    @property
    def error(self) -> bool:
        return self.stage in ("load", "compile") or self.code == "RB001"


@dataclass
class Analysis:
    """A file's cards (None when it did not load) and its problems in file order."""

    source: SourceFile | None
    problems: list[Problem]


# Lint's findings for a text that does not parse (RB001) or compile (RB002): the compiler's own
# diagnostic for that text would say the same again.
_READING_CODES = ("RB001", "RB002")


class Analyzer:
    """Analyses card files, remembering results per card text between edits."""

    def __init__(self, config: LintConfig | None = None):
        self._config = config
        self._configs: dict[Path, LintConfig] = {}
        self._findings: dict[str, list] = {}
        self._compiled: dict[tuple, tuple] = {}

    def config_for(self, path: Path) -> LintConfig:
        if self._config is not None:
            return self._config
        folder = path.parent
        if folder not in self._configs:
            try:
                self._configs[folder] = load_config(find_pyproject(folder)).resolve()
            except InputError:
                self._configs[folder] = load_config(None).resolve()
        return self._configs[folder]

    def analyze(self, path: Path, text: str) -> Analysis:
        if len(text) > DEFAULT_MAX_BYTES:                      # bounded work, as `riftbound lint` has
            return Analysis(None, [Problem(1, 1, 1, 2, "E003", f"file is too large ({len(text)} characters)", "load",
                                           f"expected a card file under {DEFAULT_MAX_BYTES} characters")])
        try:
            source = parse_source(path, text)
        except InputError as error:
            return Analysis(None, [_load_problem(error.diagnostic, text)])
        config = self.config_for(path)
        problems = [_load_problem(diagnostic, text) for diagnostic in source.problems]   # cards that do not load
        for index, card in enumerate(source.cards):
            problems.extend(self._card_problems(source, index, card, config))
        problems.sort(key=lambda p: (p.line, p.column, p.code))
        return Analysis(source, problems)

    def _card_problems(self, source: SourceFile, index: int, card: CardRecord, config: LintConfig) -> list[Problem]:
        try:
            reports = self._lint(source, card, config)
        except InputError as error:
            return [_load_problem(error.diagnostic, source.text, index)]
        found = [Problem(r.line, r.column, r.end_line, r.end_column, r.code, r.message, "lint", r.help, r.fix, index,
                         r.field) for r in reports]
        starts = {(p.line, p.column) for p in found}
        read = {p.field for p in found if p.code in _READING_CODES}       # lint reports parse and compile itself
        for field, text_map in card.texts.items():
            if field in read:
                continue
            _abilities, diagnostic = self.compiled(text_map.value, card.card_type, field)
            if diagnostic is None:
                continue
            problem = _text_problem(source, text_map, diagnostic, index, field)
            if (problem.line, problem.column) not in starts:              # lint already reports this spot
                found.append(problem)
        return found

    def _lint(self, source: SourceFile, card: CardRecord, config: LintConfig) -> list:
        """The lint reports of one card (``lint_file`` over a file of just that card), remembered by the
        card's content and the line and column of each of its texts, which is all a report depends on."""
        places = [(field, source.position(text_map.anchor)) for field, text_map in card.texts.items()]
        key = json.dumps([card.fields, card.path, card.line, places, id(config)], sort_keys=True, default=str)
        if key not in self._findings:
            self._bound(self._findings)
            alone = SourceFile(source.path, source.text, source.kind, [card], source.bom, source.mtime_ns)
            self._findings[key] = lint_file(alone, config)
        return self._findings[key]

    def compiled(self, text: str, card_type: str | None, field: str = "text"):
        """(abilities, None) or (None, diagnostic located in the text) for one card text."""
        start = "effect_text" if field == "effect_text" else "card_text"
        kind = "unit" if field == "effect_text" else card_type
        key = (text, kind, start)
        if key not in self._compiled:
            self._bound(self._compiled)
            if not text.strip():
                self._compiled[key] = ((), None)
            else:
                try:
                    self._compiled[key] = (compile_text(text, start=start, card_type=kind), None)
                except InputError as error:
                    self._compiled[key] = (None, error.diagnostic)
        return self._compiled[key]

    @staticmethod
    def _bound(cache: dict) -> None:
        if len(cache) >= MAX_CACHED:
            cache.clear()


def _stops(char: str) -> bool:
    """Whether a highlighted word ends before ``char`` (a space or closing punctuation)."""
    return char.isspace() or char in ".,;:)\"'"


def _word_end(line_text: str, column: int) -> int:
    """1-based exclusive end column of the word starting at ``column`` (at least one character)."""
    end = column - 1
    while end < len(line_text) and not _stops(line_text[end]):
        end += 1
    return max(end, column) + 1 if end == column - 1 else end + 1


def _load_problem(diagnostic: Diagnostic, text: str, card: int | None = None) -> Problem:
    lines = text.split("\n")
    line = min(max(diagnostic.line, 1), max(len(lines), 1))
    line_text = lines[line - 1] if lines else ""
    column = min(max(diagnostic.column, 1), len(line_text) + 1)
    return Problem(line, column, line, _word_end(line_text, column), diagnostic.code, diagnostic.message, "load",
                   diagnostic.help, card=card)


def _text_problem(source: SourceFile, text_map, diagnostic: Diagnostic, card: int, field: str) -> Problem:
    """A compile diagnostic located in a card text, placed in the file through the text's map."""
    text = text_map.value
    lines = text.split("\n")
    line = min(max(diagnostic.line, 1), len(lines))
    offset = sum(len(part) + 1 for part in lines[:line - 1]) + max(diagnostic.column - 1, 0)
    offset = min(offset, max(len(text) - 1, 0))
    end = offset
    while end < len(text) and not _stops(text[end]):
        end += 1
    start_at, end_at = text_map.file_span(offset, max(end, offset + 1))
    start_line, start_column = source.position(start_at)
    end_line, end_column = source.position(max(end_at, start_at + 1))
    return Problem(start_line, start_column, end_line, end_column, diagnostic.code, diagnostic.message, "compile",
                   diagnostic.help, card=card, field=field)
