"""Bad rules_data gives one diagnostic at the file and line concerned, exit code 2, no traceback."""
from __future__ import annotations

import re

import pytest

GOOD = '''- id: "107"
  title: "The Board"
  text: "The Board"
  descriptive: "heading"
- id: "107.1"
  title: "Bases"
  text: "Bases"
  encoding: "The base is a board zone."
- id: "107.1.b"
  text: "Each Base is a Location. See rule 197. Locations for more information."
  see: ["197"]
  encoding: "Each base is a location."
- id: "197"
  title: "Locations"
  text: "Locations"
  descriptive: "heading"
'''

CASES = {  # name: (replace this, with this, code, line, message part, caret column)
    "duplicate id": ('- id: "197"', '- id: "107.1"', "E111", 13, "rule 107.1 appears twice", 3),
    "unknown reference": ('see: ["197"]', 'see: ["197", "998.7"]', "E107", 11, "refers to rule 998.7", 3),
    "statement that does not parse": ('encoding: "Each base is a location."',
                                      'encoding: "Each base is a place to be."', "E002", 12,
                                      "rule 107.1.b: cannot read", 29),
    "cycle of see references": ('  text: "Locations"\n', '  text: "Locations"\n  see: ["107.1.b"]\n',
                                "E108", 11, "107.1.b -> 197 -> 107.1.b", 3),
    "unknown zone": ('encoding: "Each base is a location."', 'encoding: "Each crypt is a location."',
                     "E110", 12, "unknown zone 'crypt'", 13),
    "id written as a number": ('- id: "107.1.b"', '- id: 107.10', "E106", 9, "rule id 107.10 is a number", 7),
    "encoding and reason": ('  encoding: "Each base is a location."\n',
                            '  encoding: "Each base is a location."\n  descriptive: "also this"\n',
                            "E104", 13, "both an encoding and a descriptive reason", 16),
    "unknown key": ('  title: "Bases"\n', '  titel: "Bases"\n', "E103", 6, "unknown key 'titel'", 3),
    "data file that is not there": ('  descriptive: "heading"\n', '  data: "nowhere.yaml"\n', "E113", 4,
                                    "rule 107: no data file 'nowhere.yaml'", 9),
    "data file outside the folder": ('  descriptive: "heading"\n', '  data: "../rules/100-199.yaml"\n', "E113", 4,
                                     "no data file '../rules/100-199.yaml'", 9),
    "empty reason": ('  descriptive: "heading"\n', '  not_yet: " "\n', "E114", 4, "one non-empty line", 12),
    "not yet beside an encoding": ('  encoding: "The base is a board zone."\n',
                                   '  encoding: "The base is a board zone."\n  not_yet: "later"\n', "E104", 9,
                                   "both an encoding and a not-yet reason", 12),
    "code beside a descriptive reason": ('  descriptive: "heading"\n',
                                         '  descriptive: "heading"\n  code: ["engine/turn.py"]\n',
                                         "E104", 5, "both a descriptive reason and `code`", 9),
    "code that names no module": ('  descriptive: "heading"\n', '  not_yet: "later"\n  code: ["the engine"]\n',
                                  "E115", 5, "rule 107: `code` lists modules", 10),
}


def _folder(tmp_path, text: str):
    rules = tmp_path / "rules_data" / "rules"
    rules.mkdir(parents=True)
    (rules / "100-199.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "rules_data"


def test_the_small_folder_itself_is_fine(tmp_path, run_cli):
    code, out, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, GOOD)))
    assert (code, err) == (0, "")
    assert "4 rules, no problems" in out


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_rules_data(tmp_path, run_cli, name):
    old, new, code_expected, line, message, column = CASES[name]
    assert old in GOOD
    folder = _folder(tmp_path, GOOD.replace(old, new, 1))
    code, out, err = run_cli("rules", "--check", "--rules-data", str(folder))
    assert code == 2 and out == ""
    first, source, caret, help_line = err.rstrip("\n").split("\n")
    assert re.fullmatch(rf".*100-199\.yaml:{line}:{column}: {code_expected} .*", first), first
    assert message in first
    assert source.startswith("  | ") and caret.startswith("  | ") and caret.endswith("^")
    assert len(caret) - len("  | ") == column  # the caret sits under the column named
    assert help_line.startswith("help: expected")
    assert "Traceback" not in err


def test_invalid_yaml(tmp_path, run_cli):
    code, _, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, GOOD + "- id: [\n")))
    assert code == 2
    assert "E101 rules data is not valid YAML" in err


def test_missing_folder(run_cli, tmp_path):
    code, _, err = run_cli("rules", "--coverage", "--rules-data", str(tmp_path / "nowhere"))
    assert code == 2
    assert "E003 no such folder" in err


def test_a_keyword_statement_before_its_kind(tmp_path, run_cli):
    text = GOOD + '- id: "807"\n  title: "Assault"\n  text: "Assault"\n  encoding: "[Assault] takes a number."\n'
    code, _, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, text)))
    assert code == 2
    assert "E111 rule 807: keyword [Assault] has no kind" in err


def test_data_and_not_yet_entries_load(tmp_path, run_cli):
    """`data:` names a file beside rules/ (encoded); `not_yet:` and `code:` give a not-yet rule its reason."""
    text = GOOD.replace('  descriptive: "heading"\n', '  data: "actions.yaml"\n', 1)
    text = text.replace('  text: "Locations"\n  descriptive: "heading"\n',
                        '  text: "Locations"\n  not_yet: "nothing reads locations yet"\n  code: ["engine/turn.py"]\n')
    folder = _folder(tmp_path, text)
    (folder / "actions.yaml").write_text("draw: {rule: \"107\"}\n", encoding="utf-8")
    code, out, err = run_cli("rules", "--coverage", "--rules-data", str(folder))
    assert (code, err) == (0, "")
    assert out.splitlines()[1].split() == ["100-199", "3", "0", "1", "1", "4"]
    code, out, _ = run_cli("rule", "197", "--rules-data", str(folder))
    assert code == 0
    assert "not yet: nothing reads locations yet" in out and "applied in code: interpreter/engine/turn.py" in out
