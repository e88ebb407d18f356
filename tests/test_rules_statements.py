"""Rules statements parse to their meaning; text nobody can read fails (cases in tests/cases/rule_statements.yaml)."""
from __future__ import annotations

import dataclasses

import pytest
import yaml

from interpreter import InputError
from interpreter.language.parse import parse
from interpreter.language.rule_statements import Destination
from interpreter.language.transform import DslTransformer

from conftest import CASES

STATEMENTS = yaml.safe_load((CASES / "rule_statements.yaml").read_text(encoding="utf-8"))


def _plain(value):
    if isinstance(value, Destination):
        return dataclasses.asdict(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@pytest.mark.parametrize("case", STATEMENTS, ids=[case["text"] for case in STATEMENTS])
def test_statement(case):
    if case.get("fails"):
        with pytest.raises(InputError):
            parse(case["text"], start="rule_statement")
        return
    statement = DslTransformer().transform(parse(case["text"], start="rule_statement"))
    assert statement.kind == case["kind"]
    assert {key: _plain(value) for key, value in statement.args.items()} == case["args"]
