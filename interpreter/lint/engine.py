"""Runs the selected rules over the cards of a file and locates each finding in the file.

Rules over a text run once for each text field of a card; rules over card fields
(``FIELDS = (CARD,)``) once for each card. A card or a file that cannot be read is a
finding too (RB000, ``load_report``), always reported: nothing else can be checked there.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from .config import LintConfig
from .context import RuleContext
from .model import CARD, Finding, Fix
from .registry import RULES, codes_matching
from .source import CardRecord, SourceFile


# Real card texts stay under a thousand characters; bounding them bounds every rule's work.
MAX_TEXT = 20_000


@dataclass(frozen=True)
class Report:
    """A finding located in a file: what the output formats print."""

    code: str
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    source_line: str
    card: str
    field: str
    fix: Fix | None
    help: str = ""


def card_findings(card: CardRecord, config: LintConfig) -> list[tuple[str, Finding]]:
    """(field, finding) for every enabled rule over every text of ``card``, minus what it ignores."""
    ignored = {code for selector in card.ignored_codes() for code in codes_matching(selector)}
    ignored |= config.ignored_in(Path(card.path))
    found = []
    for field in (*card.texts, *(() if card.text_only else (CARD,))):
        context = RuleContext(card, field, config)
        if field != CARD and not context.text.strip():
            continue
        if len(context.text) > MAX_TEXT:
            raise InputError(Diagnostic("E010", f"{card.name}: {field} is {len(context.text)} characters long",
                                        card.path, card.line, 1,
                                        help=f"expected a card text under {MAX_TEXT} characters"))
        for rule in RULES:
            if rule.code not in config.enabled or rule.code in ignored or field not in rule.fields:
                continue
            found.extend((field, finding) for finding in _run(rule, context))
    return found


def _run(rule, context: RuleContext) -> list[Finding]:
    """The findings of one rule. NOTE: a rule that raises anything but ``InputError`` has a bug: it goes
    up to the command line as an internal error (exit code 3), never as a diagnostic of the card."""
    return list(rule.module.check(context))


def lint_file(source: SourceFile, config: LintConfig) -> list[Report]:
    """Every finding of every card of ``source``, located and in file order."""
    reports = [load_report(problem) for problem in source.problems]
    for card in source.cards:
        try:
            found = card_findings(card, config)
        except InputError as error:
            if error.diagnostic.code == "E099":      # a bug in a rule is not the card's fault
                raise
            reports.append(load_report(error.diagnostic))
            continue
        for field, finding in found:
            reports.append(locate(source, card, field, finding))
    reports.sort(key=lambda r: (r.line, r.column, r.code))
    return reports


def load_report(diagnostic: Diagnostic) -> Report:
    """RB000: a file or a card that could not be read, at the spot its diagnostic names."""
    line = diagnostic.source_line
    start = max(diagnostic.column - 1, 0)
    end = start
    while end < len(line) and not line[end].isspace():
        end += 1
    message = f"Card file does not load: {diagnostic.code} {diagnostic.message}"
    return Report("RB000", message, diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.line,
                  max(end, start + 1) + 1, line, "", "", None, diagnostic.help)


def locate(source: SourceFile, card: CardRecord, field: str, finding: Finding) -> Report:
    if field == CARD:
        start, end = card.span(finding.key)
        return _report(source, card, field, finding, start, end)
    text_map = card.texts[field]
    start, end = text_map.file_span(finding.start, max(finding.end, finding.start))
    return _report(source, card, field, finding, start, end)


def _report(source: SourceFile, card: CardRecord, field: str, finding: Finding, start: int, end: int) -> Report:
    line, column = source.position(start)
    end_line, end_column = source.position(max(end, start))
    return Report(finding.code, finding.message, str(source.path), line, column, end_line, end_column,
                  source.line_text(line), card.name, field, finding.fix, finding.help)
