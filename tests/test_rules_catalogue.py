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

_SHARED = [base / "shared" / "rules" / "core-rules-2026-07-16.txt" for base in (ROOT.parent, ROOT.parent.parent)]
CORE_RULES = next((path for path in _SHARED if path.exists()), _SHARED[0])  # beside main or a worktree
SEEDS = ("100-199", "367-375", "439", "473-480", "800-829")  # every section issue 4 names


def _index() -> list[str]:
    lines = (rules_data_dir() / "rules" / "index.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_every_rule_of_the_index_is_there():
    expected = set(_index())
    assert all(section_of(rule_id) for rule_id in expected)
    assert set(default_rules().book.entries) == expected
    assert len(expected) == 2381


@pytest.mark.skipif(not CORE_RULES.exists(), reason="the shared Core Rules are not beside this checkout")
def test_every_rule_of_the_core_rules_is_in_rules_data():
    """Read the Core Rules file itself (not the index): each numbered line has an entry."""
    line = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.?\s+\S")
    ids = [m.group(1) for m in map(line.match, CORE_RULES.read_text(encoding="utf-8").splitlines()) if m]
    entries = default_rules().book.entries
    assert len(ids) == len(set(ids)) == 2381
    assert [rule_id for rule_id in ids if rule_id not in entries] == []
    assert list(entries) == sorted(entries, key=lambda rule_id: ids.index(rule_id))  # in the file's order


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
        assert table["sections"][section]["encoded"] > 0
    assert table["total"]["total"] == sum(row["total"] for row in table["sections"].values()) == 2381


def test_every_rule_is_classified_with_a_reason():
    """Encoded (statements or a data file), or a one-line reason: descriptive, or what would apply it."""
    for entry in default_rules().book.entries.values():
        if entry.status == "encoded":
            assert entry.statements or entry.data, entry.id
            continue
        assert entry.reason and entry.reason.strip() and "\n" not in entry.reason, entry.id
        assert len(entry.reason) < 160, entry.id


def test_setup_and_deck_building_are_not_yet_never_descriptive():
    book = default_rules().book
    for rule_id in ("102", "103.1.a", "111", "114", "117", "485.3", "486.5"):
        assert book.get(rule_id).status == "not yet", rule_id
    for entry in book.entries.values():
        if entry.descriptive:
            assert not re.match(r"(deck (construction|building)|setup|setting up)\b", entry.descriptive, re.I), entry.id


def test_rules_said_to_be_applied_in_code_are_cited_there():
    """An entry's `code:` modules exist and cite the rule (a comment or a quoted rule id)."""
    from interpreter.coverage.usage import code_usages

    cited = {(rule_id, usage.where.split(":")[0]) for rule_id, usage in code_usages()}
    claimed = [(e.id, m) for e in default_rules().book.entries.values() for m in e.code]
    assert len(claimed) >= 150
    assert [(rule_id, m) for rule_id, m in claimed if (rule_id, f"interpreter/{m}") not in cited] == []


# The keys under which a rules_data file cites rule ids: `rule:`/`rules:`, and the lexicon's
# `format:` (the format line), `limited:` and `replacement:` of a game action (actions.yaml).
_CITING_KEYS = ("rule", "rules", "format", "limited", "replacement")


def _rules_cited(value, out: set) -> set:
    """Every rule id a rules_data file names under a citing key."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _CITING_KEYS and isinstance(item, (str, list, tuple)):
                out.update([str(item)] if isinstance(item, str) else map(str, item))
            else:
                _rules_cited(item, out)
    elif isinstance(value, list):
        for item in value:
            _rules_cited(item, out)
    return out


def test_data_entries_name_a_file_that_cites_them():
    import yaml

    data = [e for e in default_rules().book.entries.values() if e.data]
    files = ("actions.yaml", "game.yaml", "vocabulary.yaml")
    assert {e.data for e in data} <= set(files) and len(data) >= 40
    cited = {name: _rules_cited(yaml.safe_load((rules_data_dir() / name).read_text(encoding="utf-8")), set())
             for name in files}
    assert [e.id for e in data if e.id not in cited[e.data]] == []


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
    for section, row in [*table["sections"].items(), ("all", table["total"])]:
        assert rows[section] == [str(row[key]) for key in ("encoded", "descriptive", "not yet", "in code", "total")]
    assert rows["all"][-1] == "2381"


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


def test_every_rule_id_is_described():
    """`riftbound rule ID` answers for every rule: its status and its encoding, data file or reason."""
    from interpreter.cli.rule_cmd import describe_rule

    book = default_rules().book
    for entry in book.entries.values():
        lines = describe_rule(entry, book)
        assert lines[3] == f"status: {entry.status}", entry.id
        assert any(line.startswith(("encoding", "data:", "descriptive:", "not yet:")) for line in lines[4:]), entry.id


@pytest.mark.parametrize(("rule_id", "shown"), [
    ("002", "not yet: a principle for conflicts"),
    ("315.3", "turn_part(name=channel, part=phase, numbered_as=phase, number=3, whole=turn)"),
    ("413", "data: actions.yaml"),
    ("323.5", "applied in code: interpreter/engine/cleanup.py"),
    ("485.3", "not yet: modes of play"),
    ("731.1", "not yet: XP"),
])
def test_rules_outside_the_first_sections_answer(run_cli, rule_id, shown):
    code, out, err = run_cli("rule", rule_id)
    assert (code, err) == (0, "")
    assert shown in out


def test_refresh_moves_entries_of_an_older_layout_and_classifies_by_shape(tmp_path):
    """A file whose rules now belong to section files (the former other.yaml) is split into them and
    removed; a new heading with rules under it gets its descriptive reason from its shape."""
    source = tmp_path / "core.txt"
    source.write_text("355. 2. Make relevant choices.\n355.2. For Units, choose a Location.\n"
                      "355.2.a. By default, valid locations include the Base.\n"
                      "701. Buffs\n701.1. Bonus Rules\n701.1.a. A buff is a counter.\n", encoding="utf-8")
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "other.yaml").write_text('- id: "355.2.a"\n  text: "old"\n  not_yet: "kept reason"\n'
                                       '  code: ["engine/playing.py"]\n', encoding="utf-8")
    counts = refresh(source, folder)
    assert counts == {"300-366": 3, "700-767": 3}
    assert not (folder / "other.yaml").exists()
    text = (folder / "300-366.yaml").read_text(encoding="utf-8")
    assert '- id: "355.2.a"\n  text: "By default, valid locations include the Base."\n  not_yet: "kept reason"\n' \
           '  code:\n    - "engine/playing.py"\n' in text
    later = (folder / "700-767.yaml").read_text(encoding="utf-8")
    assert '- id: "701.1"\n  title: "Bonus Rules"\n  text: "Bonus Rules"\n  descriptive: "a heading; the rules' in later
    assert later.endswith('- id: "701.1.a"\n  text: "A buff is a counter."\n')  # no class until someone gives one


def test_modules_named_in_reasons_exist():
    """A reason that names the module handling a topic ("engine/setup.py sets up a game ...") names a
    module that exists, so a renamed module shows here."""
    package = Path(__file__).resolve().parent.parent / "interpreter"
    named = {m for e in default_rules().book.entries.values() if e.reason
             for m in re.findall(r"\b(?:engine|compiler|decks|cards|language)/[a-z_/]+\.py\b", e.reason)}
    assert len(named) >= 10
    assert sorted(m for m in named if not (package / m).exists()) == []
