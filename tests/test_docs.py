"""docs/: the lint rules page is generated and current; the other pages name every command, option,
card field and scenario key the code accepts, so a new one cannot go undocumented."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from interpreter.lint import docs as lint_docs
from interpreter.lint.registry import RULES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def test_lint_rules_page_is_current():
    assert _read("lint-rules.md") == lint_docs.rules_page(), "run python -m interpreter.lint.docs"


def test_lint_rules_page_has_every_rule_and_its_sections():
    page = _read("lint-rules.md")
    for rule in RULES:
        section = page.split(f"## {rule.code}\n", 1)[1].split("\n## ", 1)[0]
        for heading in ("### What it does", "### Why is this bad?", "### Example", "### Use instead"):
            assert heading in section, f"{rule.code}: {heading}"


def test_lint_docs_check_mode(capsys):
    assert lint_docs.main(["--check"]) == 0
    assert "current" in capsys.readouterr().out


def _commands():
    from interpreter.cli.main import argument_parser

    parser = argument_parser()
    for action in parser._subparsers._group_actions:
        for name, command in action.choices.items():
            nested = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
            if nested:
                for sub, subcommand in nested[0].choices.items():
                    yield f"{name} {sub}", subcommand
            else:
                yield name, command


@pytest.mark.parametrize(("name", "command"), list(_commands()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_and_option_is_documented(name, command):
    page = _read("command-line.md")
    heading = re.search(rf"^### `riftbound {re.escape(name)}\b.*$", page, re.MULTILINE)
    assert heading, f"docs/command-line.md has no section for riftbound {name}"
    section = page[heading.end():].split("\n### ", 1)[0]
    for action in command._actions:
        for option in action.option_strings:
            if option.startswith("--") and option != "--help":
                assert f"`{option}" in section, f"riftbound {name} {option} is not documented"


def test_every_card_field_is_documented():
    from interpreter.cards.card_files import CARD_FIELDS, CARD_TYPES, SUPERTYPES

    page = _read("card-format.md")
    for name in (*CARD_FIELDS, *CARD_TYPES, *SUPERTYPES):
        assert f"`{name}`" in page, f"docs/card-format.md does not name {name}"


def test_every_scenario_key_is_documented():
    from interpreter.scenarios import load

    page = _read("scenario-format.md")
    keys = set(load.TOP_KEYS) | set(load.GIVEN_KEYS) | set(load.PLAYER_KEYS)
    for step, fields in load.STEP_KEYS.items():
        keys |= {step, *fields}
    for assertion, fields in load.ASSERTIONS.items():
        keys |= {assertion, *fields}
    missing = sorted(key for key in keys if not re.search(rf"(?<![\w.]){re.escape(key)}(?![\w])", page))
    assert not missing, f"docs/scenario-format.md does not name {missing}"


def test_readme_links_the_docs():
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    for name in ("card-format.md", "scenario-format.md", "deck-format.md", "command-line.md", "lint-rules.md"):
        assert f"(docs/{name})" in readme
