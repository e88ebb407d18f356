"""`riftbound lsp`, started as a subprocess and spoken to over stdio: initialize, didOpen with a
bad card, diagnostics with the right ranges, didChange, hover, completion, code action, shutdown."""
from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from lsp_client import Client  # noqa: E402

BAD = """\
name: Test Broken Forge
type: Unit
cost: {energy: 2}
might: 2
domains: [Fury]
text: When you play me, drwa 1.
---
name: Test Shield Bearer
type: Unit
cost: {energy: 3}
might: 3
domains: [Order]
text: |
  [Shield] (+1 [M] while I'm a defender.)
  When you play me, play a 1 [M] Recruit unit token here.
"""

FIXABLE = """\
name: Test Quick Study
type: Spell
cost: {energy: 1}
domains: [Mind]
text: "Draw 1.."
"""


@pytest.fixture(scope="module")
def client():
    started = Client()
    reply = started.initialize()
    capabilities = reply["result"]["capabilities"]
    assert capabilities["hoverProvider"] and capabilities["codeActionProvider"]
    assert "[" in capabilities["completionProvider"]["triggerCharacters"]
    yield started
    assert started.close() == 0


def _open(client, uri: str, text: str) -> list[dict]:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    return client.diagnostics(uri, 1)


def test_a_bad_card_gets_a_located_diagnostic(client, tmp_path):
    uri = (tmp_path / "bad.yaml").as_uri()
    diagnostics = _open(client, uri, BAD)
    assert [d["code"] for d in diagnostics] == ["RB001"]
    found = diagnostics[0]
    # "text: When you play me, drwa 1." : lint puts the finding on the misspelled word "drwa" (0-based 5:24-28)
    # and suggests the word of the lexicon it is one slip away from.
    assert found["range"] == {"start": {"line": 5, "character": 24}, "end": {"line": 5, "character": 28}}
    assert found["severity"] == 1 and "did you mean “draw”" in found["message"]
    assert "help:" in found["message"]


def test_an_edit_clears_it_and_a_load_error_is_located(client, tmp_path):
    uri = (tmp_path / "edit.yaml").as_uri()
    _open(client, uri, BAD)
    fixed = BAD.replace("drwa 1", "draw 1")
    typo = {"start": {"line": 5, "character": 24}, "end": {"line": 5, "character": 28}}   # "drwa"
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"range": typo, "text": "draw"}]})
    assert client.diagnostics(uri, 2) == []                      # an incremental edit, as editors send
    broken = fixed.replace("type: Unit\ncost: {energy: 2}", "type: Creature\ncost: {energy: 2}", 1)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": broken}]})
    [load] = client.diagnostics(uri, 3)
    assert load["code"] == "E008" and "type cannot be 'Creature'" in load["message"]
    assert load["range"]["start"] == {"line": 1, "character": 6}          # at the value the loader refuses


def test_a_text_that_parses_but_does_not_compile_is_reported_by_the_compiler(client, tmp_path):
    uri = (tmp_path / "compile.yaml").as_uri()
    text = BAD.replace("When you play me, drwa 1.", "When you play me, kill an enemy unti.")
    diagnostics = _open(client, uri, text)
    compiled = [d for d in diagnostics if d["code"] == "RB002"]      # lint's finding for a text that does not compile
    assert len(compiled) == 1 and len(diagnostics) == 1, diagnostics
    # "unti" is read as a name the compiler cannot place: line 6, 0-based characters 38-42.
    assert compiled[0]["range"] == {"start": {"line": 5, "character": 38}, "end": {"line": 5, "character": 42}}
    assert "did you mean “unit”" in compiled[0]["message"]
    assert "cannot read “unti” as a name or a tag" in compiled[0]["message"]


def test_hover_on_a_keyword_shows_its_rule_and_the_compiled_effect(client, tmp_path):
    uri = (tmp_path / "hover.yaml").as_uri()
    _open(client, uri, BAD)
    shield = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": 13, "character": 4}})
    value = shield["result"]["contents"]["value"]
    assert "**[Shield]** keyword (rule 814)" in value
    assert "Reminder text: *(+1 [M] while I'm a defender.)*" in value
    assert "**Compiles to:** [Shield]" in value
    token = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 14, "character": 35}})
    value = token["result"]["contents"]["value"]
    assert "**Recruit** token (rule 187.1): A 1 [M] Recruit token is" in value   # its definition (187)
    assert "**Compiles to:** When you play me, play a 1 [M] Recruit unit token here." in value
    assert "CreateTokens  [187.1, 439.2.c" in value              # the effect objects, with their rules
    action = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": 14, "character": 21}})
    value = action["result"]["contents"]["value"]
    assert "**CreateTokens** cites 187.1, 439.2.c" in value      # the action "play a ... token" (439)
    assert "- 439.2.c: " in value
    might = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 13, "character": 16}})
    assert "**[M]** (rule 135.2.e.3): Might is represented by" in might["result"]["contents"]["value"]
    outside = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                    "position": {"line": 0, "character": 2}})
    assert outside["result"] is None


def test_completion_offers_keywords_symbols_tokens_and_card_names(client, tmp_path):
    uri = (tmp_path / "complete.yaml").as_uri()
    text = BAD.replace("When you play me, drwa 1.", "When you play me, [Sh")
    _open(client, uri, text)
    reply = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": {"line": 5, "character": 27}})
    labels = [item["label"] for item in reply["result"]["items"]]
    assert labels == ["[Shield]"]
    item = reply["result"]["items"][0]
    assert item["textEdit"]["range"]["start"] == {"line": 5, "character": 24}
    assert "rule 814" in item["detail"]
    symbols = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                         "position": {"line": 5, "character": 25}})
    labels = {item["label"] for item in symbols["result"]["items"]}
    assert {"[M]", "[E]", "[>]", "[R]", "[A]", "[C]", "[Shield]", "[Tank]"} <= labels
    assert not {"[S]", "[T]"} & labels                        # the older shorthands are not offered
    text = BAD.replace("When you play me, drwa 1.", "Rumb")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": text}]})
    client.diagnostics(uri, 2)
    names = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": {"line": 5, "character": 10}})
    assert [i["label"] for i in names["result"]["items"]] == ["Rumble, Hotheaded", "Rumble, Scrapper"]
    recruit = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                         "position": {"line": 5, "character": 7}})
    assert "Recruit" in {i["label"] for i in recruit["result"]["items"]}


def test_a_code_action_applies_a_lint_fix(client, tmp_path):
    uri = (tmp_path / "fix.yaml").as_uri()
    diagnostics = _open(client, uri, FIXABLE)
    [finding] = diagnostics                                   # RB503: "." typed twice
    assert finding["code"] == "RB503" and finding["severity"] == 2
    assert finding["range"] == {"start": {"line": 4, "character": 13}, "end": {"line": 4, "character": 15}}
    reply = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": finding["range"],
                                                       "context": {"diagnostics": [finding]}})
    actions = reply["result"]
    quick = [a for a in actions if a["kind"] == "quickfix"]
    assert quick, actions
    edits = quick[0]["edit"]["changes"][uri]
    lines = FIXABLE.split("\n")
    for edit in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]),
                       reverse=True):
        start, end = edit["range"]["start"], edit["range"]["end"]
        assert start["line"] == end["line"] == 4
        line = lines[4]
        lines[4] = line[:start["character"]] + edit["newText"] + line[end["character"]:]
    assert lines[4] == 'text: "Draw 1."'
    whole = [a for a in actions if a["kind"] == "source.fixAll"]
    assert whole and whole[0]["edit"]["changes"][uri][0]["newText"].endswith('text: "Draw 1."\n')


def test_a_file_too_large_is_one_diagnostic(client, tmp_path):
    uri = (tmp_path / "huge.yaml").as_uri()
    [found] = _open(client, uri, "name: x\n" + "#" * (3 * 1024 * 1024))
    assert found["code"] == "E003" and "file is too large" in found["message"]


def test_columns_are_counted_in_utf16_units():
    from interpreter.lsp.server import from_utf16, utf16

    line = "text: \U0001F525 deal 2 to a unit."          # a character outside the BMP is two UTF-16 units
    assert utf16(line, 7) == 6 and utf16(line, 8) == 8
    assert from_utf16(line, 8) == 8 and from_utf16(line, 6) == 7
    assert from_utf16("ab", 10) == 3
