"""Data-driven lint cases: every ``tests/lint/<CODE>.yaml`` file.

A file names its ``rule`` and lists ``cases``; each case has:
  file:          a card file (YAML) to lint, as written on disk
  expect:        findings as "CODE line:column-end_column" in that file, in file order
  fixed:         the file after ``--fix`` (safe fixes), when the case fixes something
  unsafe_fixed:  the file after ``--fix --unsafe-fixes``
  select/ignore: codes to run (default: the file's rule; "default" is the default rule set)
  options:       [tool.riftbound.lint] settings, e.g. {quote-style: straight}
Fixing twice must give the same file as fixing once (idempotent). A file the loader refuses
as a whole is one RB000 finding, as ``riftbound lint`` reports it.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.lint.config import _from_table
from interpreter.base.diagnostics import InputError
from interpreter.lint.engine import lint_file, load_report
from interpreter.lint.fixer import fix_source
from interpreter.lint.registry import RULES
from interpreter.lint.source import parse_source

CASES_DIR = Path(__file__).resolve().parent / "lint"


def _files():
    return {path.stem: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(CASES_DIR.glob("*.yaml"))}


def _cases():
    for stem, data in _files().items():
        for case in data["cases"]:
            yield pytest.param(data["rule"], case, id=f"{stem}: {case['name']}")


def config_for(rule: str, case: dict):
    table = dict(case.get("options", {}))
    select = case.get("select", [rule])
    if select != "default":
        table["select"] = select
    table["ignore"] = case.get("ignore", [])
    return _from_table(table, "case").resolve()


def located(report) -> str:
    end = str(report.end_column) if report.end_line == report.line else f"{report.end_line}:{report.end_column}"
    return f"{report.code} {report.line}:{report.column}-{end}"


@pytest.mark.parametrize(("rule", "case"), list(_cases()))
def test_lint_case(rule, case):
    config = config_for(rule, case)
    try:
        source = parse_source(Path("case.yaml"), case["file"])
    except InputError as error:
        assert [located(load_report(error.diagnostic))] == case["expect"]
        return
    reports = lint_file(source, config)
    assert [located(r) for r in reports] == case["expect"]
    for report in reports:
        assert report.message and not report.message.endswith("."), report.message
        if report.fix is not None:
            assert report.fix.title[0].isupper() and not report.fix.title.endswith("."), report.fix.title
    for key, unsafe in (("fixed", False), ("unsafe_fixed", True)):
        if key in case:
            fixed, _ = fix_source(source, config, unsafe)
            assert fixed.text == case[key]
            again, count = fix_source(fixed, config, unsafe)
            assert (again.text, count) == (fixed.text, 0)


def test_every_rule_has_failing_and_passing_cases():
    files = _files()
    for rule in RULES:
        assert rule.code in files, f"tests/lint/{rule.code}.yaml is missing"
        cases = files[rule.code]["cases"]
        assert any(case["expect"] for case in cases), f"{rule.code} has no failing case"
        assert any(not case["expect"] for case in cases), f"{rule.code} has no passing case"
