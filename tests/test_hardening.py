"""The inputs of the hardening issue, each with its documented outcome: a located diagnostic with a
help line and exit code 2 (never a traceback, never an internal error dressed as input), exit code 3
for an internal error, a faithful compile, or a refusal of text whose meaning would change."""
from __future__ import annotations

import os
import re

import pytest

from interpreter.cli.main import INTERNAL_ERROR, main

HEAD = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<column>\d+): (?P<code>E\d{3}) ")


def _located(err: str, path: str, line: int, column: int | None = None) -> re.Match:
    first = err.splitlines()[0]
    head = HEAD.match(first)
    assert head, err
    assert head["path"] == path and int(head["line"]) == line, err
    if column is not None:
        assert int(head["column"]) == column, err
    assert any(l.startswith("help: ") for l in err.splitlines()), err
    assert "Traceback" not in err and "internal error" not in err
    return head


def _refused(status: int, out: str, err: str, path: str, line: int, column: int | None = None) -> str:
    """The code of the diagnostic a command gave for a file its loader refuses: on stderr with exit 2,
    or, from ``lint``, as the finding of a file that does not load (exit 1); always located."""
    if status == 2:
        return _located(err, path, line, column)["code"]
    assert status == 1 and "Traceback" not in out + err and "internal error" not in err, out + err
    found = re.search(r"RB000 .*?(?P<code>E\d{3}) .*\n\s*--> (?P<at>\S+)", out)
    assert found, out
    assert found["at"].startswith(f"{path}:{line}:" + (f"{column}" if column is not None else "")), out
    return found["code"]


CARD_VALUES = [   # item 1, 2, 3: odd YAML in a card file -> E005/E007/E009 at the value
    ("text: !!int abc", 3, 7, "E005"), ("text: !!float xyz", 3, 7, "E005"),
    ("text: !!timestamp 2024-13-45", 3, 7, "E005"), ("text: !!binary 'bad'", 3, 7, "E005"),
    ("might: !!bool maybe", 3, 8, "E005"), ("tags: !!map [1]", 3, 7, "E005"), ("text: !custom x", 3, 7, "E005"),
    ("text: !!python/object/apply:os.system ['true']", 3, 7, "E005"), ("might: " + "9" * 5000, 3, 8, "E005"),
    ("? [a, b]\n: 1", 3, 3, "E007"), ("tags: " + "[" * 400 + "]" * 400, 3, 46, "E009"),
]


@pytest.mark.parametrize("line, at_line, at_column, code", CARD_VALUES)
@pytest.mark.parametrize("command", [["compile"], ["render"], ["lint"], ["lint", "--fix"]])
def test_odd_yaml_values_are_located(run_cli, tmp_path, line, at_line, at_column, code, command):
    path = tmp_path / "card.yaml"
    path.write_text(f"name: X\ntype: Unit\n{line}\n", encoding="utf-8")
    status, out, err = run_cli(*command, str(path))
    assert _refused(status, out, err, str(path), at_line, at_column) == code


@pytest.mark.parametrize("line, column, words", [             # item 4: JSONL cards are checked by type
    ('{"name":"X","type":"Unit","text":5}', 34, "text must be a string"),
    ("{}", 1, "a card needs name:"),
])
@pytest.mark.parametrize("command", ["compile", "render", "lint"])
def test_jsonl_cards_are_validated(run_cli, tmp_path, line, column, words, command):
    path = tmp_path / "cards.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    status, out, err = run_cli(command, str(path))
    assert words in out + err
    _refused(status, out, err, str(path), 1, column)


def test_a_symbolic_link_loop_is_an_input_error(run_cli, tmp_path):     # item 5
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    status, _, err = run_cli("lint", str(tmp_path / "a"))
    assert status == 2 and "E003" in err and "symbolic links" in err


def test_a_lone_surrogate_prints(run_cli, tmp_path):                    # item 6
    path = tmp_path / "cards.jsonl"
    path.write_text('{"name": "X\\ud800", "type": "Spell", "text": "Draw 1."}\n', encoding="utf-8")
    for command in ("compile", "render", "lint"):
        status, out, err = run_cli(command, str(path))
        assert status == 0 and "Traceback" not in err


@pytest.mark.parametrize("value", ["99999999999", "9223372036854775808", "200000000", "100"])
@pytest.mark.parametrize("command", ["compile", "render", "lint"])
def test_huge_keyword_values_are_located(run_cli, tmp_path, value, command):   # item 7
    path = tmp_path / "card.yaml"
    path.write_text(f'name: X\ntype: Unit\nmight: 2\ntext: "[Deflect {value}]"\n', encoding="utf-8")
    status, out, err = run_cli(command, str(path))
    assert len(out) + len(err) < 5_000
    assert status == 1                             # a card that does not compile: a failure (1) for every command
    if command == "lint":                          # lint reports it as the finding of a text that does not parse
        assert "RB001" in out and "too large" in out
    else:
        assert _located(err, str(path), 4, 17)["code"] == "E012"


@pytest.mark.parametrize("text, line, column", [              # items 8 and 9: true positions in the file
    ('text: "Draw 1.\\nDraw ]"', 3, 22),
    ("text: 'Draw 1.\n\n  Draw ]'", 5, 8),
    ("text: >\n  Draw 1.\n  Draw ]", 5, 8),
    ("text: |\n  Draw 1.\n  Draw ]", 5, 8),
    ('text: "Draw 1.\u2029Draw ]"', 3, 14 + 1),
])
@pytest.mark.parametrize("command", ["compile", "render", "parse"])
def test_errors_in_quoted_and_folded_texts_keep_their_position(run_cli, tmp_path, text, line, column, command):
    path = tmp_path / "card.yaml"
    path.write_text(f"name: X\ntype: Unit\n{text}\n", encoding="utf-8")
    status, _, err = run_cli(command, str(path))
    assert status in (1, 2)
    head = _located(err, str(path), line, column)
    shown, caret = (line[4:] for line in err.splitlines()[1:3])
    # the caret under the column's character; a separator is shown as its escape, the caret under it
    expected = shown.index("\\u2029") if "\u2029" in text else column - 1
    assert caret.index("^") == expected and head["code"] == "E002"


def test_the_caret_stays_under_the_character_after_a_paragraph_separator(run_cli):
    status, _, err = run_cli("compile", "Draw 1.\u2029Draw ]")
    shown, caret = err.splitlines()[1:3]
    assert shown == "  | Draw 1.\\u2029Draw ]" and caret.index("^") == shown.index("\\u2029")


SCENARIO_HEAD = 'name: x\nrules: ["100"]\n'


@pytest.mark.parametrize("body, line", [                      # items 12, 13, 14
    ("given: &c {A: {hand: [*c, *c]}}\nthen: [{winner: null}]\n", 3),
    ("when: [{choose: &c [*c]}]\nthen: [{winner: null}]\n", 3),
    ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n", 1),
    ("given: {A: {runes: {ready: 99999999999999999999999}}}\nthen: [{winner: null}]\n", 3),
    ("when: [{draw: 1000000000}]\nthen: [{winner: null}]\n", 3),
    ("cards: [{name: T, type: Gear, cost: [1, 2]}]\nthen: [{winner: null}]\n", 3),
    ("cards: [{name: T, type: Gear, cost: three}]\nthen: [{winner: null}]\n", 3),
    ("cards: [{name: T, type: Gear, cost: {energy: x}}]\nthen: [{winner: null}]\n", 3),
    ("when: [{draw: !!int abc}]\nthen: [{winner: null}]\n", 3),
    ("when: [{draw: " + "9" * 5000 + "}]\nthen: [{winner: null}]\n", 3),
    ("given: {battlefields: [{name: Altar to Unity, controller: [x]}]}\nthen: [{winner: null}]\n", 3),
])
def test_bad_scenarios_are_located(run_cli, tmp_path, body, line):
    path = tmp_path / "case.yaml"
    path.write_text(SCENARIO_HEAD + body, encoding="utf-8")
    status, _, err = run_cli("scenario", "run", str(path))
    assert status == 2, err
    _located(err, str(path), line)


def test_a_huge_count_in_a_scenario_text_fails_at_once_with_its_position(run_cli, tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(SCENARIO_HEAD + 'when: [{do: "Play 100000000 1 [M] Recruit unit tokens here."}]\n'
                    "then: [{winner: null}]\n", encoding="utf-8")
    status, out, err = run_cli("scenario", "run", str(path))     # a do: text that does not compile fails the scenario
    assert status == 1 and f"{path}:3:19: E012 the number 100000000 is too large" in out


def test_an_internal_error_is_named_so_with_its_own_exit_code(run_cli, monkeypatch):   # item 15
    from interpreter.compiler import pipeline

    def broken(*args, **kwargs):
        raise AttributeError("'NoneType' object has no attribute 'kind'")
    monkeypatch.setattr(pipeline, "compile_tree", broken)
    status, out, err = run_cli("compile", "Draw 1.")
    assert status == INTERNAL_ERROR == 3
    assert err.startswith("internal error: AttributeError") and "not a problem with your input" in err
    assert "riftbound compile" in err and not HEAD.match(err) and "E011" not in err


def test_a_lint_rule_that_crashes_is_an_internal_error_not_e099(run_cli, tmp_path, monkeypatch):
    from interpreter.lint.rules import RB502

    monkeypatch.setattr(RB502, "check", lambda context: 1 / 0)
    path = tmp_path / "card.yaml"
    path.write_text("name: X\ntype: Spell\ntext: Draw 1.\n", encoding="utf-8")
    status, _, err = run_cli("lint", str(path))
    assert status == 3 and err.startswith("internal error: ZeroDivisionError") and "E099" not in err


def test_a_keyword_state_with_another_unit_compiles_and_round_trips(run_cli):
    from conftest import round_trip
    assert round_trip("While I'm [Mighty] with another unit, I have +2 [M].")
    # [Shield] is a keyword ability, no state (124.2): refused where it stands, not compiled to a value outside
    # the set of states (it compiled to "[Shield]" before)
    status, out, err = run_cli("compile", "I have +2 [M] while I'm [Shield] with another unit.")
    assert status != 0 and "[Shield] is no status" in err and "1:25" in err


@pytest.mark.parametrize("text, code", [                      # item 16: refused, not changed
    ("Look at the top 0 cards of your deck.", "E010"),
    ("Put the top 0 cards of your deck into your trash.", "E010"),
    ("DRAW 1, TH", "E010"),
    ("When 5 I move, draw 1.", "E010"),
    ("When I hold, you may return it or gear from your trash to your hand.", "E010"),
])
def test_texts_whose_meaning_would_change_are_refused(run_cli, text, code):
    status, _, err = run_cli("compile", text)
    assert status == 1 and _located(err, "<text>", 1)["code"] == code


def test_a_duration_said_before_a_statement_is_rendered():
    from conftest import round_trip
    assert round_trip("If I have moved twice this turn, this turn, I don't take damage.")


def test_lint_fix_refuses_a_read_only_file(run_cli, tmp_path):       # item 17
    path = tmp_path / "card.yaml"
    text = "name: X\ntype: Spell\ntext: \"Draw 1. can’t can't can’t\"\n"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o444)
    try:
        status, _, err = run_cli("lint", "--fix", str(path))
    finally:
        mode = os.stat(path).st_mode
        path.chmod(0o644)
    assert status == 2 and "E033" in err and "read-only" in err
    assert path.read_text(encoding="utf-8") == text and mode & 0o777 == 0o444


def test_every_e010_has_a_help_line(run_cli):                        # item 18
    status, _, err = run_cli("compile", "When you play this, draw 1.\n[1][G], [E], K")
    assert status == 1 and err.splitlines()[-1].startswith("help: expected")
