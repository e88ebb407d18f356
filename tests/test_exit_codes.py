"""One exit-code policy for every command: 0 success, 1 findings or failures, 2 input or usage errors.

The same folder gives the same answer everywhere: cards that do not compile are failures (1) for
parse, compile, render, coverage and lint; a malformed file is an input error (2) for the commands
that read cards, and a finding (RB000, 1) for lint, whose job is finding it. A path that does not
exist is a usage error (2) everywhere. ``render`` and ``lint`` take a text as ``parse`` and
``compile`` do.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

GOOD = "name: Good Spell\ntype: Spell\ncost: {energy: 1}\ndomains: [Mind]\ntext: Draw 1.\n"
TYPO = "name: Typo Spell\ntype: Spell\ncost: {energy: 1}\ndomains: [Mind]\ntext: Deal 2 to an enemy unti.\n"
MALFORMED = "name: Broken\ntype: Unit\ntext: [unclosed\n"
CARD_COMMANDS = ("parse", "compile", "render", "coverage")


def _folder(tmp_path, **files):
    for name, content in files.items():
        (tmp_path / f"{name}.yaml").write_text(content, encoding="utf-8")
    return str(tmp_path)


@pytest.mark.parametrize("command", CARD_COMMANDS + ("lint",))
def test_a_folder_that_compiles_exits_0(run_cli, tmp_path, command):
    assert run_cli(command, _folder(tmp_path, good=GOOD))[0] == 0


@pytest.mark.parametrize("command", ("compile", "render", "coverage", "lint"))
def test_a_folder_with_a_card_that_does_not_compile_exits_1(run_cli, tmp_path, command):
    status, out, err = run_cli(command, _folder(tmp_path, good=GOOD, typo=TYPO))
    assert status == 1 and "Traceback" not in out + err


def test_a_card_that_does_not_parse_exits_1_and_the_others_are_still_parsed(run_cli, tmp_path):
    folder = _folder(tmp_path, a_bad="name: Bad\ntype: Spell\ntext: drwa 1.\n", good=GOOD)
    status, out, err = run_cli("parse", folder)
    assert status == 1 and "# Good Spell" in out and "E002" in err


@pytest.mark.parametrize("command", CARD_COMMANDS)
def test_a_malformed_file_is_an_input_error(run_cli, tmp_path, command):
    status, out, err = run_cli(command, _folder(tmp_path, broken=MALFORMED))
    assert status == 2 and "E005 invalid YAML" in err and "Traceback" not in err


def test_lint_reports_a_malformed_file_as_a_finding(run_cli, tmp_path):
    status, out, err = run_cli("lint", _folder(tmp_path, broken=MALFORMED, good=GOOD))
    assert status == 1 and err == ""
    assert "RB000 Card file does not load: E005 invalid YAML" in out and "Linted 1 card in 2 files." in out


@pytest.mark.parametrize("command", CARD_COMMANDS + ("lint",))
def test_a_missing_path_is_a_usage_error(run_cli, tmp_path, command):
    status, _, err = run_cli(command, str(tmp_path / "missing.yaml"))
    assert status == 2 and "E003" in err


@pytest.mark.parametrize("command", ("parse", "compile", "render", "lint"))
def test_a_text_is_accepted_and_judged_like_a_card_text(run_cli, command):
    assert run_cli(command, "Draw 1.")[0] == 0
    status, _, err = run_cli(command, "drwa 1.")
    assert status == 1 and "Traceback" not in err


@pytest.mark.parametrize("command", ("parse", "compile", "render", "lint"))
def test_an_empty_text_is_a_usage_error(run_cli, command):
    status, _, err = run_cli(command, "  ")
    assert status == 2 and "E001 empty text" in err


def test_render_a_text(run_cli):
    status, out, err = run_cli("render", "When you play me, draw 1.", "--type", "unit", "--check")
    assert (status, out.strip(), err) == (0, "When you play me, draw 1.", "")


def test_coverage_exits_1_on_failures_unless_a_threshold_accepts_them(run_cli, tmp_path):
    folder = _folder(tmp_path, good=GOOD, typo=TYPO)
    status, out, _ = run_cli("coverage", folder, "--format", "json")
    assert status == 1 and json.loads(out)["compiled"] == 1
    assert run_cli("coverage", folder, "--fail-under", "50")[0] == 0
    assert run_cli("coverage", folder, "--fail-under", "51")[0] == 1


def test_a_failing_scenario_exits_1_and_a_malformed_one_2(run_cli, tmp_path):
    failing = tmp_path / "failing.yaml"
    failing.write_text('name: points\nrules: ["194.1"]\nthen:\n  - points: {A: 3, B: 0}\n', encoding="utf-8")
    assert run_cli("scenario", "run", str(failing))[0] == 1
    malformed = tmp_path / "malformed.yaml"
    malformed.write_text("name: bad\nwhen: [\n", encoding="utf-8")
    assert run_cli("scenario", "run", str(malformed))[0] == 2


def test_an_unknown_rule_is_an_input_error(run_cli):
    status, _, err = run_cli("rule", "999.9")
    assert status == 2 and "E120" in err


def test_deck_check_follows_the_policy(run_cli, tmp_path):
    deck = Path(__file__).resolve().parent / "decks" / "loose-cannon.yaml"
    assert run_cli("deck", "check", str(deck))[0] == 0
    assert run_cli("deck", "check", str(tmp_path / "missing.yaml"))[0] == 2
