"""``riftbound lint``: output formats, exit codes, rule documentation, configuration, fixes on disk."""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from interpreter.lint.config import LintConfig
from interpreter.lint.registry import RULES
from interpreter.lint.source import parse_source

ULTRASOFT = """\
# Ultrasoft Poro, with the corpus typo
name: Ultrasoft Poro
type: Unit
might: 2
text: |
  [E]: Play two [1] [M] Bird unit tokens with [Deflect].
"""


def card_file(folder: Path, content: str, name: str = "card.yaml") -> Path:
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return path


def test_text_output_is_ruff_like(run_cli, tmp_path):
    path = card_file(tmp_path, ULTRASOFT)
    code, out, err = run_cli("lint", str(path), "--select", "RB102")
    assert (code, err) == (1, "")
    assert out.splitlines()[:7] == [
        "RB102 [*] Energy symbol [1] used where the number 1 belongs",
        f" --> {path}:6:17",
        "  |",
        "6 |   [E]: Play two [1] [M] Bird unit tokens with [Deflect].",
        "  |                 ^^^",
        "  |",
        "help: Replace [1] with 1",
    ]
    assert "Found 1 finding." in out and "[*] 1 fixable with the --fix option." in out


def test_clean_file_exits_0(run_cli, tmp_path):
    path = card_file(tmp_path, ULTRASOFT.replace("[1] [M]", "1 [M]"))
    code, out, _ = run_cli("lint", str(path), "--select", "RB1,RB2")
    assert code == 0 and "All checks passed!" in out


def test_json_sarif_and_github_formats(run_cli, tmp_path):
    path = card_file(tmp_path, ULTRASOFT)
    code, out, _ = run_cli("lint", str(path), "--select", "RB102", "--format", "json")
    item, = json.loads(out)
    assert code == 1
    assert item["code"] == "RB102" and item["card"] == "Ultrasoft Poro"
    assert item["location"] == {"row": 6, "column": 17} and item["end_location"] == {"row": 6, "column": 20}
    assert item["fix"] == {"applicability": "safe", "message": "Replace [1] with 1",
                           "edits": [{"start": 14, "end": 17, "content": "1"}]}
    code, out, _ = run_cli("lint", str(path), "--select", "RB102", "--format", "sarif")
    run = json.loads(out)["runs"][0]
    assert json.loads(out)["version"] == "2.1.0"
    assert {rule["id"] for rule in run["tool"]["driver"]["rules"]} == {rule.code for rule in RULES}
    result, = run["results"]
    assert result["ruleId"] == "RB102"
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 6, "startColumn": 17, "endLine": 6, "endColumn": 20}
    code, out, _ = run_cli("lint", str(path), "--select", "RB102", "--format", "github")
    assert out.strip() == (f"::error title=riftbound lint (RB102),file={path},line=6,col=17,endLine=6,endColumn=20"
                           "::RB102 Energy symbol [1] used where the number 1 belongs")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_documentation(rule):
    doc = rule.doc
    for section in ("What it does:", "Why is this bad?", "Example:", "Use instead:"):
        assert section in doc, f"{rule.code} lacks {section}"
    assert re.search(r"\b(1[0-9]{2}|[2-8][0-9]{2})(\.[0-9a-z]+)*\b", doc), f"{rule.code} cites no game rule"
    assert rule.module.FIX and callable(rule.module.check)
    assert rule.module.__name__.endswith("." + rule.code)


def test_explain(run_cli):
    code, out, _ = run_cli("lint", "--explain", "RB301")
    assert code == 0
    assert out.startswith("# RB301 (token-contradicts-definition)") and "Use instead:" in out and "187" in out
    code, _, err = run_cli("lint", "--explain", "RB999")
    assert code == 2 and "unknown rule code 'RB999'" in err


def test_usage_errors_exit_2(run_cli, tmp_path):
    assert run_cli("lint")[0] == 2
    code, _, err = run_cli("lint", str(tmp_path / "missing.yaml"))
    assert code == 2 and "E003 no such file" in err
    code, _, err = run_cli("lint", str(card_file(tmp_path, ULTRASOFT)), "--select", "XX9")
    assert code == 2 and "unknown rule code or prefix 'XX9'" in err


def test_select_ignore_and_prefixes(run_cli, tmp_path):
    path = card_file(tmp_path, ULTRASOFT.replace("[E]:", "[T]:"))
    codes = lambda *options: re.findall(r"^(RB\d+)", run_cli("lint", str(path), *options)[1], re.M)
    assert codes("--select", "RB1") == ["RB101", "RB102"]
    assert codes("--select", "RB1", "--ignore", "RB102") == ["RB101"]
    assert codes("--select", "deprecated-symbol") == ["RB101"]


def test_pyproject_configuration(run_cli, tmp_path, monkeypatch):
    card_file(tmp_path, ULTRASOFT.replace("[E]:", "[T]:"))
    (tmp_path / "pyproject.toml").write_text('[tool.riftbound.lint]\nselect = ["RB1"]\nignore = ["RB101"]\n')
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("lint", "card.yaml")
    assert code == 1 and re.findall(r"^(RB\d+)", out, re.M) == ["RB102"]
    (tmp_path / "pyproject.toml").write_text('[tool.riftbound.lint]\nselct = ["RB1"]\n')
    code, _, err = run_cli("lint", "card.yaml")
    assert code == 2 and "unknown [tool.riftbound.lint] key 'selct'" in err


def test_card_level_ignore(run_cli, tmp_path):
    path = card_file(tmp_path, ULTRASOFT + "lint: {ignore: [RB102]}\n")
    code, out, _ = run_cli("lint", str(path), "--select", "RB1")
    assert code == 0 and "All checks passed!" in out


LAYOUT = """\
# Two cards; comments, flow style and odd spacing must survive a fix.
- name: Ultrasoft Poro      # keep this comment
  type: Unit
  might: 2
  tags: [Poro,   Bird]
  text: |
    [E]: Play two [1] [M] Bird unit tokens with [Deflect].
    [Deathknell] — Draw 1.   # not a comment: inside the text
- {name: "Old Guard", type: Unit, might: 3, text: "[Legion] \\u2014 I cost [2] less. [ADD] [1]."}
"""


def test_fix_edits_spans_keeps_layout_and_is_idempotent(run_cli, tmp_path):
    path = card_file(tmp_path, LAYOUT)
    os.chmod(path, 0o640)
    code, out, _ = run_cli("lint", str(path), "--fix", "--select", "RB1,RB2")
    assert code == 0 and "Fixed 4 findings." in out
    assert path.read_text(encoding="utf-8") == LAYOUT \
        .replace("two [1] [M]", "two 1 [M]") \
        .replace("[Deathknell] — Draw", "[Deathknell][>] Draw") \
        .replace("[Legion] \\u2014 I cost", "[Legion][>] I cost") \
        .replace("[ADD]", "[Add]")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card.yaml"]   # no temporary file left
    once = path.read_bytes()
    code, out, _ = run_cli("lint", str(path), "--fix", "--select", "RB1,RB2")
    assert (code, path.read_bytes()) == (0, once) and "Fixed" not in out


def test_unsafe_fixes_need_the_option(run_cli, tmp_path):
    text = "name: Maker\ntype: Spell\ntext: Play a 2 [M] Recruit unit token.\n"
    path = card_file(tmp_path, text)
    code, out, _ = run_cli("lint", str(path), "--fix", "--select", "RB301")
    assert code == 1 and path.read_text() == text and "1 more fixable with --fix --unsafe-fixes." in out
    code, _, _ = run_cli("lint", str(path), "--fix", "--unsafe-fixes", "--select", "RB301")
    assert code == 0 and path.read_text() == text.replace("a 2 [M]", "a 1 [M]")


def test_fix_in_jsonl_keeps_other_lines(run_cli, tmp_path):
    first = json.dumps({"name": "Seal", "type": "Gear", "text": "[E]: [Reaction] \u2014 [Add] [R]. \"Quoted\""})
    second = json.dumps({"name": "Other", "type": "Spell", "text": "Draw 1."}, ensure_ascii=False)
    path = card_file(tmp_path, first + "\n" + second + "\n", "cards.jsonl")
    code, _, _ = run_cli("lint", str(path), "--fix", "--select", "RB203")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert code == 0 and lines[1] == second
    assert json.loads(lines[0])["text"] == "[E]: [Reaction][>] [Add] [R]. \"Quoted\""
    assert lines[0] == first.replace(" \\u2014 ", "[>] ")


def test_token_stats_come_from_compiled_effects_when_the_text_compiles():
    from interpreter.lint.context import RuleContext
    from interpreter.lint.rules import RB301

    source = parse_source(Path("c.yaml"), "name: M\ntype: Unit\nmight: 2\n"
                          "text: When you play me, play a 2 [M] Recruit unit token here.\n")
    context = RuleContext(source.cards[0], "text", LintConfig().resolve())
    assert context.effects is not None          # the whole text compiled: the effects path is taken
    finding, = RB301.check(context)
    assert (finding.start, finding.end, finding.message) == (25, 26, "A Recruit token has 1 might (rule 187.1), not 2")


def test_the_context_compiles_the_tree_it_parsed():
    from interpreter.lint.context import RuleContext
    from interpreter.compiler.pipeline import compile_text

    text = "When you play me, play a 1 [M] Recruit unit token here."
    source = parse_source(Path("c.yaml"), f"name: M\ntype: Unit\nmight: 2\ntext: {text}\n")
    context = RuleContext(source.cards[0], "text", LintConfig().resolve())
    assert context.parsed[0].data == "card_text"
    assert context.effects == compile_text(text, card_type="Unit")
    assert type(context.effects[0]).__name__ == "TriggeredAbility"


def test_per_file_ignores(run_cli, tmp_path):
    (tmp_path / "old").mkdir()
    card_file(tmp_path / "old", ULTRASOFT)
    card_file(tmp_path, ULTRASOFT, "new.yaml")
    (tmp_path / "pyproject.toml").write_text('[tool.riftbound.lint]\nselect = ["RB1"]\n'
                                             '[tool.riftbound.lint.per-file-ignores]\n"old/*.yaml" = ["RB102"]\n')
    code, out, _ = run_cli("lint", str(tmp_path))
    assert code == 1 and "new.yaml:6:17" in out and "old" not in out.split("Linted")[0]
    (tmp_path / "pyproject.toml").write_text('[tool.riftbound.lint.per-file-ignores]\n"old/*" = "RB102"\n')
    code, _, err = run_cli("lint", str(tmp_path))
    assert code == 2 and "per-file-ignores must map file globs to lists of rule codes" in err


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_fix_keeps_line_endings_and_byte_order_mark(run_cli, tmp_path, newline):
    text = ("name: Poro" + newline + "type: Unit" + newline + "might: 1" + newline + "text: |" + newline
            + "  Draw 1." + newline + "  Play two [1] [M] Bird unit tokens." + newline)
    path = tmp_path / "card.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    code, out, _ = run_cli("lint", str(path), "--select", "RB102")
    assert code == 1 and f"{path}:6:12" in out
    code, _, _ = run_cli("lint", str(path), "--fix", "--select", "RB102")
    assert code == 0
    assert path.read_bytes() == b"\xef\xbb\xbf" + text.replace("[1] [M]", "1 [M]").encode("utf-8")
