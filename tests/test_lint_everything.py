"""``riftbound lint`` sees every problem: load, parse and compile diagnostics as findings with their
codes, "did you mean" for misspelled words, and the rules over card fields, located in the file."""
from __future__ import annotations

import json

import pytest

from interpreter.lint import suggest
from interpreter.lint.registry import RULES


def _lint_json(run_cli, *args):
    status, out, err = run_cli("lint", *args, "--format", "json")
    return status, json.loads(out), err


def test_a_misspelled_word_is_a_compile_finding_with_a_suggestion(run_cli, tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text("name: Typo Spell\ntype: Spell\ncost: {energy: 1}\ndomains: [Mind]\n"
                    "text: Deal 2 to an enemy unti.\n", encoding="utf-8")
    status, out, err = run_cli("lint", str(path))
    assert (status, err) == (1, "")
    assert out.splitlines()[:5] == [
        "RB002 Text does not compile (E010): unknown word “unti”, did you mean “unit”?",
        f" --> {path}:5:26",
        "  |",
        "5 | text: Deal 2 to an enemy unti.",
        "  |                          ^^^^",
    ]


def test_drwa_suggests_draw_with_the_caret_on_drwa(run_cli):
    status, found, _ = _lint_json(run_cli, "drwa 1.")
    assert status == 1
    item, = found
    assert item["code"] == "RB001" and "did you mean “draw”?" in item["message"]
    assert (item["location"], item["end_location"]) == ({"row": 1, "column": 1}, {"row": 1, "column": 5})
    assert item["fix"]["applicability"] == "unsafe" and item["fix"]["edits"][0]["content"] == "draw"


def test_cost_2_is_a_located_field_finding(run_cli, tmp_path):
    path = tmp_path / "cost.yaml"
    path.write_text("name: Cost Two\ntype: Unit\ncost: 2\nmight: 2\ndomains: [Mind]\ntext: Draw 1.\n",
                    encoding="utf-8")
    status, found, _ = _lint_json(run_cli, str(path))
    assert status == 1
    item, = found
    # the loader's field table refuses the shape (cards/fields.py); lint reports that as a located finding
    assert item["code"] == "RB000" and "E008 Cost Two: cost must be a mapping, not 2" in item["message"]
    assert (item["location"], item["end_location"]) == ({"row": 3, "column": 7}, {"row": 3, "column": 8})
    assert "mapping" in item["help"]


def test_field_findings_are_located_in_jsonl_too(run_cli, tmp_path):
    path = tmp_path / "cards.jsonl"
    path.write_text('{"name": "Odd", "type": "Spell", "domains": ["Fire"], "text": "Draw 1."}\n', encoding="utf-8")
    status, found, _ = _lint_json(run_cli, str(path))
    item, = found
    assert (status, item["code"], item["location"]) == (1, "RB603", {"row": 1, "column": 45})


def test_a_load_finding_is_reported_whatever_is_selected(run_cli, tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("name: X\ntype: Unit\ncolour: red\n", encoding="utf-8")
    status, found, _ = _lint_json(run_cli, str(path), "--select", "RB102")
    item, = found
    assert (status, item["code"], item["location"]) == (1, "RB000", {"row": 3, "column": 1})
    assert item["message"] == "Card file does not load: E007 unknown card field 'colour'"


def test_a_text_is_linted_as_the_type_given(run_cli):
    status, found, _ = _lint_json(run_cli, "When I attack, draw 1.", "--type", "Spell")
    assert status == 1 and {item["code"] for item in found} == {"RB303"}   # "I" on a spell
    assert run_cli("lint", "When I attack, draw 1.", "--type", "Unit")[0] == 0


def test_fix_refuses_a_text(run_cli):
    status, _, err = run_cli("lint", "drwa 1.", "--fix")
    assert status == 2 and "E020 --fix needs card files" in err


@pytest.mark.parametrize(("a", "b", "count"), [
    ("drwa", "draw", 1), ("unti", "unit", 1), ("yuo", "you", 1), ("heer", "here", 1),
    ("recrut", "recruit", 1), ("enmy", "enemy", 1), ("cat", "dog", 3), ("", "abc", 3),
])
def test_slips_count_a_swap_as_one(a, b, count):
    assert suggest.slips(a, b) == count


def test_the_vocabulary_comes_from_the_grammar_the_rules_and_the_pool():
    assert {"draw", "enemy", "unit", "here"} <= suggest.grammar_words()
    assert suggest.known("Recruit") and suggest.known("Shield") and suggest.known("Fiora")
    assert not suggest.known("drwa") and not suggest.known("Recruti")


def test_a_suggestion_is_kept_only_when_the_text_gets_further():
    from interpreter.lint.rules.RB002 import _compile

    text = "Deal 2 to an enemy unti."
    assert {"until", "unit"} <= set(suggest.close_words("unti"))   # both one slip away ...
    at = text.index("unti")
    found = suggest.suggest(text, at, suggest.gets_further(lambda t: _compile(t, "spell"), at, text, ("E002",)))
    assert (found.word, found.replacement) == ("unti", "unit")      # ... but only "unit" compiles
    goblin = "Play a 1 [M] Goblin unit token here."
    nothing = suggest.suggest(goblin, 13, suggest.gets_further(lambda t: _compile(t, "spell"), 13, goblin, ("E002",)))
    assert nothing is None


def test_a_replacement_that_stops_at_the_same_spot_is_no_progress(run_cli):
    _, found, _ = _lint_json(run_cli, "Return a unit to its owner's hnad.")
    item, = found      # "had" is one slip away too, but the text still stops there
    assert item["code"] == "RB001" and "did you mean “hand”?" in item["message"]


def test_a_misspelled_keyword_inside_its_brackets(run_cli):
    _, found, _ = _lint_json(run_cli, "Give a friendly unit [Asault 2] this turn.", "--select", "RB002")
    item, = found
    assert "did you mean “Assault”?" in item["message"] and item["location"] == {"row": 1, "column": 23}


def test_the_lint_codes_name_every_diagnostic_stage():
    codes = {rule.code: rule.name for rule in RULES}
    assert (codes["RB000"], codes["RB001"], codes["RB002"]) == (
        "file-does-not-load", "text-does-not-parse", "text-does-not-compile")
