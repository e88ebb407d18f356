"""The rule catalogue in rules_data/rules/: complete, faithful to the Core Rules, classified, and shown by the CLI."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter import default_rules
from interpreter.cli.rule_cmd import coverage
from interpreter.language.parse import parse
from interpreter.base.resources import grammar_dir, rules_data_dir
from interpreter.rules.catalogue import read_core_rules, refresh, section_of, title_of
from interpreter.language.transform import DslTransformer

from conftest import ROOT

CORE_RULES = ROOT.parent / "shared" / "rules" / "core-rules-2026-07-16.txt"
SEEDS = ("100-199", "367-375", "439", "473-480", "800-829")  # every section issue 4 names


def _index() -> list[str]:
    lines = (rules_data_dir() / "rules" / "index.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_every_rule_of_the_kept_sections_is_there():
    expected = {rule_id for rule_id in _index() if section_of(rule_id)}
    assert set(default_rules().book.entries) == expected
    assert len(expected) == 993


@pytest.mark.skipif(not CORE_RULES.exists(), reason="the shared Core Rules are not beside this checkout")
def test_texts_are_copied_from_the_core_rules():
    core = {rule.id: rule for rule in read_core_rules(CORE_RULES)}
    for entry in default_rules().book.entries.values():
        assert entry.text == core[entry.id].text, entry.id
        assert entry.title == core[entry.id].title, entry.id
        assert entry.see == core[entry.id].see, entry.id


def test_seed_sections_are_fully_classified():
    table = coverage(default_rules().book)
    for section in SEEDS:
        assert table["sections"][section]["not yet"] == 0
        assert table["sections"][section]["encoded"] > 0
    assert table["total"]["total"] == sum(row["total"] for row in table["sections"].values())


def test_every_descriptive_reason_is_one_line_and_every_encoding_parsed():
    for entry in default_rules().book.entries.values():
        if entry.descriptive:
            assert "\n" not in entry.descriptive and len(entry.descriptive) < 160, entry.id
        assert len(entry.statements) == len(entry.encoding), entry.id


@pytest.mark.parametrize("rule_id", ["143.4", "149.1", "149.3", "194.3", "194.4", "107.3.b", "124", "124.1",
                                     "133.4.a.2", "135.2.e.5", "135.2.e.6", "142.4.b", "143.2.b", "167",
                                     "186.1", "439.2.b.2", "477.3.e.1", "182", "191.4.a", "198.1"])
def test_the_rules_the_issue_names_are_encoded(rule_id):
    assert default_rules().book.get(rule_id).status == "encoded"


def test_title_detection():
    assert title_of("The Board") == "The Board"
    assert title_of("1. Trait-Altering Effects") == "Trait-Altering Effects"
    assert title_of("A Game Object") is None
    assert title_of("12 Rune Cards") is None
    assert title_of("Units enter the Board exhausted.") is None


def test_refresh_rewrites_texts_and_keeps_classifications(tmp_path):
    source = tmp_path / "core.txt"
    source.write_text("Riftbound Core Rules\n143. Units\n143.4. Units enter the Board exhausted.\n"
                      "439. Create\n439.1. Creating makes a Game Object. See rule 143.4. Units for more.\n",
                      encoding="utf-8")
    folder = tmp_path / "rules"
    refresh(source, folder)
    text = (folder / "100-199.yaml").read_text(encoding="utf-8")
    (folder / "100-199.yaml").write_text(text.replace(
        'text: "Units enter the Board exhausted."',
        'text: "Units enter the Board exhausted."\n  encoding: "A unit enters the board exhausted."'), encoding="utf-8")
    source.write_text(source.read_text(encoding="utf-8").replace("exhausted.", "exhausted, as a rule."), encoding="utf-8")
    refresh(source, folder)
    text = (folder / "100-199.yaml").read_text(encoding="utf-8")
    assert 'text: "Units enter the Board exhausted, as a rule."' in text
    assert 'encoding: "A unit enters the board exhausted."' in text
    assert 'see: ["143.4"]' in (folder / "439.yaml").read_text(encoding="utf-8")
    assert (folder / "index.txt").read_text(encoding="utf-8").splitlines()[1:] == ["143", "143.4", "439", "439.1"]


def test_rule_187_1_shows_the_recruit_definition(run_cli):
    code, out, err = run_cli("rule", "187.1")
    assert (code, err) == (0, "")
    assert "text: A 1 [M] Recruit token is a domainless unit token with 1 Might and the Recruit tag." in out
    assert "token_definition(name=Recruit, type=unit, traits=[might 1, tag Recruit])" in out
    assert re.search(r"effect cards/OGN/faithful-manufactor\.yaml:\d+ +Faithful Manufactor", out)


def test_rule_439_2_b_1_lists_a_compiled_card_effect(run_cli):
    code, out, _ = run_cli("rule", "439.2.b.1")
    assert code == 0
    assert "created_goes(types=[permanent], to=playable_location, state=None)" in out
    assert re.search(r"effect cards/\S+\.yaml:\d+ .*CreateTokens", out)
    assert "table  defaults.creation_zone.unit" in out


def test_rule_shows_the_rules_under_a_heading(run_cli):
    code, out, _ = run_cli("rule", "179")
    assert code == 0
    under = out.split("rules under it:")[1].split("used by:")[0]
    assert [line.split()[0] for line in under.strip().splitlines()] == [str(n) for n in range(180, 188)]


def test_unknown_rule_is_an_input_error(run_cli):
    code, out, err = run_cli("rule", "999.1")
    assert (code, out) == (2, "")
    assert err.startswith("<rule>:1:1: E120 no rule 999.1 in rules_data")
    assert "help: expected the id of a rule kept in rules_data" in err


def test_coverage_command_prints_the_figures(run_cli):
    code, out, _ = run_cli("rules", "--coverage")
    assert code == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    table = coverage(default_rules().book)
    for section, row in table["sections"].items():
        assert rows[section] == [str(row["encoded"]), str(row["descriptive"]), str(row["not yet"]), str(row["total"])]
    assert all(rows[section][2] == "0" for section in SEEDS) and rows["all"][2] == "0"


@pytest.mark.parametrize(("text", "kind", "args"), [
    ("The victory score is 8 points.", "victory_score", {"points": 8}),
    ("Each facedown zone holds at most 1 card.", "zone_capacity", {"zone": "facedown", "capacity": 1}),
    ("A unit enters the board exhausted.", "entry_state", {"type": "unit", "state": "exhausted"}),
    ("Layer 3 sublayer 2 is decreases.", "sublayer", {"layer": 3, "number": 2, "name": "decreases"}),
    ("Might below 0 counts as 0 when referenced.", "might_floor", {"below": 0, "counts_as": 0}),
])
def test_statements_parse_to_their_meaning(text, kind, args):
    statement = DslTransformer().transform(parse(text, start="rule_statement"))
    assert (statement.kind, statement.args) == (kind, args)


@pytest.mark.parametrize("text", ["The victory score is eight points.", "Units enter the board exhausted.",
                                  "A unit enters the board tired.", "Layer 3 is."])
def test_statements_nobody_can_read_fail(text):
    from interpreter import InputError

    with pytest.raises(InputError):
        parse(text, start="rule_statement")


def test_statement_rule_names_do_not_clash_with_other_grammar_files():
    name = re.compile(r"^[?!]?([a-z_][a-z0-9_]*)\s*:|->\s*([a-z][a-z0-9_]*)", re.M)

    def names(path: Path) -> set[str]:
        source = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        return {a or b for a, b in name.findall(source)}

    ours = names(grammar_dir() / "statements.lark")
    for other in grammar_dir().glob("*.lark"):
        if other.name != "statements.lark":
            assert not ours & names(other), other.name


@pytest.mark.skipif(not CORE_RULES.exists(), reason="the shared Core Rules are not beside this checkout")
def test_regenerating_the_catalogue_changes_nothing(tmp_path):
    import shutil

    folder = tmp_path / "rules"
    shutil.copytree(rules_data_dir() / "rules", folder)
    refresh(CORE_RULES, folder)
    for path in sorted((rules_data_dir() / "rules").iterdir()):
        assert (folder / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), path.name
