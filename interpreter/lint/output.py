"""Printing findings: text like ruff's, JSON, SARIF 2.1.0, and GitHub workflow annotations."""
from __future__ import annotations

import json

from .engine import Report
from .registry import BY_CODE, RULES
from interpreter.base.diagnostics import excerpt


def text_report(report: Report) -> str:
    """``CODE [*] message``, ``--> path:line:col``, the line with carets, ``help:`` with the fix title."""
    marker = " [*]" if report.fix is not None and report.fix.safe else ""
    gutter = " " * len(str(report.line))
    shown, caret_at = _excerpt(report.source_line, report.column)
    width = report.end_column - report.column if report.end_line == report.line else len(shown) - caret_at
    width = max(1, min(width, len(shown) - caret_at if len(shown) > caret_at else 1))
    parts = [f"{report.code}{marker} {report.message}",
             f"{gutter}--> {report.path}:{report.line}:{report.column}",
             f"{gutter} |",
             f"{report.line} | {shown}",
             f"{gutter} | {' ' * caret_at}{'^' * width}",
             f"{gutter} |"]
    if report.fix is not None:
        parts.append(f"help: {report.fix.title}" + ("" if report.fix.safe else " (unsafe fix)"))
    elif report.help:
        parts.append(f"help: {report.help}")
    return "\n".join(parts)


_excerpt = excerpt   # one way to cut a long line around the caret (diagnostics.py)


def summary(reports: list[Report], fixed: int, unsafe_enabled: bool, errors: int = 0) -> str:
    lines = []
    if fixed:
        lines.append(f"Fixed {fixed} finding{'s' if fixed != 1 else ''}.")
    if errors:
        lines.append(f"{errors} file{'s' if errors != 1 else ''} could not be linted (see the errors above).")
    if not reports:
        if not errors:
            lines.append("All checks passed!")
        return "\n".join(lines)
    safe = sum(1 for r in reports if r.fix is not None and r.fix.safe)
    hidden = sum(1 for r in reports if r.fix is not None and not r.fix.safe)
    lines.append(f"Found {len(reports)} finding{'s' if len(reports) != 1 else ''}.")
    if safe:
        lines.append(f"[*] {safe} fixable with the --fix option.")
    if hidden and not unsafe_enabled:
        lines.append(f"{hidden} more fixable with --fix --unsafe-fixes.")
    return "\n".join(lines)


def statistics(reports: list[Report]) -> str:
    counts: dict[str, int] = {}
    for report in reports:
        counts[report.code] = counts.get(report.code, 0) + 1
    rows = [f"{counts[code]:5d}  {code}  {BY_CODE[code].name}" for code in sorted(counts)]
    return "\n".join(rows)


def _fix_data(report: Report):
    if report.fix is None:
        return None
    return {"applicability": report.fix.applicability, "message": report.fix.title,
            "edits": [{"start": e.start, "end": e.end, "content": e.replacement} for e in report.fix.edits]}


def json_document(reports: list[Report]) -> str:
    items = [{"code": r.code, "message": r.message, "filename": r.path, "card": r.card, "field": r.field,
              "location": {"row": r.line, "column": r.column},
              "end_location": {"row": r.end_line, "column": r.end_column},
              "fix": _fix_data(r), "help": r.help or None} for r in reports]
    return json.dumps(items, indent=2, ensure_ascii=False)


def sarif_document(reports: list[Report], version: str) -> str:
    rules = [{"id": rule.code, "name": rule.name,
              "shortDescription": {"text": rule.summary},
              "fullDescription": {"text": rule.doc},
              "help": {"text": rule.doc},
              "defaultConfiguration": {"enabled": rule.default}} for rule in RULES]
    results = [{"ruleId": r.code, "level": "warning", "message": {"text": r.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": r.path.replace("\\", "/")},
                    "region": {"startLine": r.line, "startColumn": r.column,
                               "endLine": r.end_line, "endColumn": r.end_column}}}]} for r in reports]
    document = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
                "runs": [{"tool": {"driver": {"name": "riftbound lint", "version": version,
                                              "rules": rules}},
                          "results": results}]}
    return json.dumps(document, indent=2, ensure_ascii=False)


def github_line(report: Report) -> str:
    """A GitHub Actions workflow command that annotates the line."""
    message = f"{report.code} {report.message}".replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    path = report.path.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
    return (f"::error title=riftbound lint ({report.code}),file={path},line={report.line},col={report.column},"
            f"endLine={report.end_line},endColumn={report.end_column}::{message}")
