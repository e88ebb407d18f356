"""Bad input in the turn, showdown and combat steps of scenarios: one located diagnostic, exit code 2;
a game step the rules refuse is an error: assertion citing the rule, with the state unchanged."""
from __future__ import annotations

import pytest

BASE = """\
name: a combat
rules: ["465"]
cards:
  - {name: Test Field, type: Battlefield, text: ""}
given:
  battlefields: [{name: Test Field, controller: B}]
  A: {base: [Faithful Manufactor]}
  B: {battlefield: {Test Field: [{name: Recruit, token: true}]}}
when:
  - {move: "A:Faithful Manufactor", to: Test Field, standard: true}
STEPS
then:
  - chain: []
"""


def write(tmp_path, steps: str, name: str = "case.yaml") -> str:
    path = tmp_path / name
    path.write_text(BASE.replace("STEPS", steps), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("steps, line, column, code, words", [
    ("  - {end_turn: {stop: lunch}}", 11, 23, "E202", "unknown phase 'lunch'"),
    ("  - {end_turn: {until: main}}", 11, 17, "E201", "unknown key 'until' in an end_turn step"),
    ('  - assign: {"B:Recruit": lots}', 11, 27, "E202", "the damage assigned to a unit must be a whole number"),
    ("  - assign: 3", 11, 13, "E202", "the value of assign: must be a mapping"),
    ("  - {pass: C}", 11, 12, "E202", "the value of pass: must be a player name"),
    ("  - check:\n      - showdown: {at: Test Field, hocus: A}", 12, 36, "E201", "unknown key 'hocus'"),
    ("  - check:\n      - phase: {phase: lunch}", 12, 24, "E202", "unknown phase 'lunch'"),
])
def test_bad_steps_are_one_located_diagnostic(run_cli, tmp_path, steps, line, column, code, words):
    path = write(tmp_path, steps)
    status, out, err = run_cli("scenario", "run", path)
    assert status == 2, out + err
    first = err.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: {code} "), err
    assert words in first
    assert "Traceback" not in err and err.splitlines()[-1].startswith("help: ")


def test_a_card_file_that_is_not_there_is_bad_input(run_cli, tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(BASE.replace("STEPS\n", "").replace('  - {name: Test Field, type: Battlefield, text: ""}',
                                                         "  - missing.cards.yaml"), encoding="utf-8")
    status, out, err = run_cli("scenario", "run", str(path))
    assert status == 2
    assert err.startswith(f"{path}:4:5: E204 no card file 'missing.cards.yaml'")


@pytest.mark.parametrize("steps, rule", [
    ("  - {pass: B}", "347"),                                   # A has focus
    ("  - pass\n  - pass\n  - assign: {\"A:Faithful Manufactor\": 2}\n    by: A", "465.2.c"),
    ("  - pass\n  - pass\n  - assign: {\"B:Recruit\": 1}", "465.2.c"),          # 2 might to assign, not 1
    ("  - {move: \"A:Faithful Manufactor\", to: base, standard: true}", "144.1"),
    ("  - end_turn", "305"),
])
def test_refused_game_steps_cite_their_rule(run_cli, tmp_path, steps, rule):
    path = write(tmp_path, steps.replace("\n", "\n") + f'\n  - check:\n      - error: "{rule}"')
    status, out, err = run_cli("scenario", "run", path)
    assert status == 0, out + err
