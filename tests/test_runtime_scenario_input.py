"""Bad scenario input: one diagnostic with file, line and caret, exit code 2, no traceback."""
from __future__ import annotations

import pytest


def write(tmp_path, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


GOOD = """\
name: a Recruit is created
rules: ["439.2"]
when:
  - do: "Create a 1 [M] Recruit unit token in your base."
then:
  - in: A.base
    count: 1
"""


def test_a_passing_file_exits_0(run_cli, tmp_path):
    status, out, err = run_cli("scenario", "run", write(tmp_path, GOOD))
    assert status == 0, out + err
    assert out.startswith("PASS")
    assert "1 passed, 0 failed, 0 pending" in out


def test_a_failing_assertion_is_readable_and_exits_1(run_cli, tmp_path):
    status, out, err = run_cli("scenario", "run", write(tmp_path, GOOD.replace("count: 1", "count: 2")))
    assert status == 1
    assert "FAIL" in out
    assert "A.base should hold 2 objects; it holds 1: [{Recruit, token, exhausted, might 1, owner A, controller A}]" in out


@pytest.mark.parametrize("text, code, line, column, words", [
    (GOOD.replace("rules:", "rulez:"), "E201", 2, 1, "unknown key 'rulez' in a scenario"),
    (GOOD + "  - in: A.base\n    hass: [Recruit]\n", "E201", 9, 5, "unknown key 'hass'"),
    (GOOD.replace('["439.2"]', "[439.2]"), "E206", 2, 9, "a rule id must be a quoted string"),
    (GOOD.replace("in: A.base", "in: A.basement"), "E204", 6, 9, "unknown zone 'A.basement'"),
    (GOOD.replace("  - do:", "  - dance:"), "E208", 4, 5, "unknown step 'dance'"),
    (GOOD + "given:\n  A:\n    hand: [Recruitt]\n", "E203", 10, 12, "unknown card 'Recruitt'"),
    (GOOD + "given:\n  A:\n    base: [Faithful Manufactor, Faithful Manufactor]\n  C:\n    hand: []\n",
     "E201", 11, 3, "unknown player or key 'C'"),
    (GOOD.replace("then:", "then:\n  - object: \"A:Recruit\"\n    shiny: true"), "E201", 7, 5, "unknown key 'shiny'"),
    ("name: x\nrules: [\"1\"]\nthen: [{points: {A: 0}}]\ngiven: {A: {hand: [Recruit]}}\n", "E202", 4, 20,
     "a token cannot be in hand"),
    ("name: [unclosed\n", "E200", 1, 16, "invalid YAML"),
])
def test_bad_input_is_one_located_diagnostic(run_cli, tmp_path, text, code, line, column, words):
    path = write(tmp_path, text)
    status, out, err = run_cli("scenario", "run", path)
    assert status == 2, out + err
    first = err.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: {code} "), err
    assert words in first
    assert "Traceback" not in err
    assert err.splitlines()[-1].startswith("help: ")
    assert err.splitlines()[2].strip().startswith("|")


def test_a_reference_matching_two_objects_is_bad_input(run_cli, tmp_path):
    text = GOOD + "given:\n  A:\n    base: [Faithful Manufactor, Faithful Manufactor]\n"
    text = text.replace('  - do: "Create a 1 [M] Recruit unit token in your base."', '  - kill: "A:Faithful Manufactor"')
    path = write(tmp_path, text)
    status, out, err = run_cli("scenario", "run", path)
    assert status == 2
    assert err.startswith(f"{path}:4:11: E207 'A:Faithful Manufactor' matches 2 objects")
    assert "A:Faithful Manufactor#2" in err


def test_a_missing_path_is_bad_input(run_cli, tmp_path):
    status, out, err = run_cli("scenario", "run", str(tmp_path / "nope.yaml"))
    assert status == 2
    assert "E003 no such file or folder" in err


def test_do_text_that_does_not_compile_fails_with_the_diagnostic(run_cli, tmp_path):
    text = GOOD.replace("Create a 1 [M] Recruit unit token in your base.", "~ Juggle three Recruits.")
    path = write(tmp_path, text)
    status, out, err = run_cli("scenario", "run", path)
    assert status == 1
    assert "the do: text does not compile yet" in out
    assert f"{path}:4:10: E002" in out


def test_an_unexpected_refusal_fails_the_scenario(run_cli, tmp_path):
    text = GOOD.replace('  - do: "Create a 1 [M] Recruit unit token in your base."', "  - kill: \"A:Faithful Manufactor\"")
    text += "given:\n  A:\n    hand: [Faithful Manufactor]\n"
    status, out, err = run_cli("scenario", "run", write(tmp_path, text))
    assert status == 1
    assert "step 1 (kill) was refused" in out and "428.2.a" in out


def test_an_error_assertion_on_an_allowed_step_fails(run_cli, tmp_path):
    text = GOOD.replace("then:\n", "then:\n  - error: \"357.1\"\n")
    status, out, err = run_cli("scenario", "run", write(tmp_path, text))
    assert status == 1
    assert "should have been refused citing 357.1, but it was done" in out


def test_the_wrong_rule_in_an_error_assertion_fails(run_cli, tmp_path):
    text = ("name: x\nrules: [\"357.1\"]\ngiven: {A: {hand: [Faithful Manufactor]}}\n"
            "when: [{play: Faithful Manufactor}]\nthen: [{error: \"128.6\"}]\n")
    status, out, err = run_cli("scenario", "run", write(tmp_path, text))
    assert status == 1
    assert "was refused citing 357.1" in out and "not 128.6" in out


def test_folders_are_run_and_pending_is_reported(run_cli, tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("name: later\nrules: [\"367\"]\npending: replacement effects\n", encoding="utf-8")
    status, out, err = run_cli("scenario", "run", str(tmp_path))
    assert status == 0
    assert "PENDING" in out and "1 passed, 0 failed, 1 pending" in out


def test_the_log_option_prints_events_with_rules(run_cli, tmp_path):
    status, out, err = run_cli("scenario", "run", "--log", write(tmp_path, GOOD))
    assert status == 0
    assert "token Recruit is created at A.base, exhausted, owned by A  [187.1, 439.2" in out


HEAD = 'name: x\nrules: ["1"]\n'
FILLER = "then: [{points: {A: 0}}]\n"


@pytest.mark.parametrize("body, line, column, words", [
    ("given: {A: {hand: Recruit}}\n" + FILLER, 3, 19, "hand must be a list or null"),
    ("given: {A: {pool: [1]}}\n" + FILLER, 3, 19, "pool must be a mapping"),
    ("when: [{play: 5}]\n" + FILLER, 3, 15, "the value of play: must be a string"),
    ("when: [{draw: x}]\n" + FILLER, 3, 15, "the value of draw: must be a whole number or null"),
    ("when: [{choose: yes}]\n" + FILLER, 3, 17, "the value of choose: must be a list"),
    ("then: [{points: 3}]\n", 3, 17, "points: must be a mapping of players to numbers"),
    ("then: [{points: {Z: 0}}]\n", 3, 17, "points: must be a mapping of players to numbers (A, B)"),
    ("then: [{winner: [A]}]\n", 3, 17, "winner: must be a player name or null"),
    ("then: [{in: A.base, has: [{name: Recruit, exhuasted: true}]}]\n", 3, 43, "unknown key 'exhuasted'"),
    ("given: {A: {base: [{name: Recruit, damage: x}]}}\n" + FILLER, 3, 44, "damage must be a whole number"),
    ("when: [{grant: \"A:Recruit\"}]\n" + FILLER, 3, 8, "a grant step needs keyword:"),
    ("when: [{play: Recruit, pay: {sideways: true}}]\n" + FILLER, 3, 30, "unknown key 'sideways' in pay"),
    ("when: [{kill: \"A:Recruit\", by: Z}]\n" + FILLER, 3, 32, "by: must be a player name (A, B)"),
    (FILLER + FILLER, 4, 1, "'then' is given twice"),
])
def test_wrong_value_types_are_located(run_cli, tmp_path, body, line, column, words):
    path = write(tmp_path, HEAD + body)
    status, out, err = run_cli("scenario", "run", path)
    assert status == 2, out + err
    assert err.startswith(f"{path}:{line}:{column}: E20"), err
    assert words in err.splitlines()[0]


def test_a_pending_scenario_that_passes_fails_so_its_pending_line_goes(run_cli, tmp_path):
    path = write(tmp_path, GOOD + "pending: waits for nothing\n")
    status, out, err = run_cli("scenario", "run", path)
    assert status == 1
    assert "passes now: remove its pending: line" in out


def test_a_pending_scenario_that_fails_stays_pending(run_cli, tmp_path):
    path = write(tmp_path, GOOD.replace("count: 1", "count: 5") + "pending: waits for a later issue\n")
    status, out, err = run_cli("scenario", "run", path)
    assert status == 0
    assert out.startswith("PENDING") and "waits for a later issue" in out
