"""The command line: parse, compile (text and JSON against the schema), import."""
from __future__ import annotations

import json

import jsonschema
import pytest

from interpreter.cards.card_files import card_files
from interpreter.base.resources import cards_dir

from conftest import CORPUS, ROOT

SCHEMA = json.loads((ROOT / "interpreter" / "schemas" / "compile.schema.json").read_text(encoding="utf-8"))


def test_parse_prints_the_tree(run_cli):
    status, out, err = run_cli("parse", "Play a 1 [M] Recruit unit token here.", "--start", "effect_text")
    assert status == 0
    assert out.splitlines()[0] == "effect_text"
    assert "play" in out and "head_named" in out and "token_suffix" in out and "here" in out


def test_parse_a_card_file(run_cli):
    status, out, err = run_cli("parse", str(cards_dir() / "OGN" / "faithful-manufactor.yaml"))
    assert status == 0
    assert out.startswith("# Faithful Manufactor\ncard_text")
    assert "event_action" in out and "event_verb\tplay" in out


def test_compile_text_shows_effects_and_rules(run_cli):
    status, out, err = run_cli("compile", "Create a 1 [M] Recruit token")
    assert status == 0
    assert "CreateTokens  [187.1, 439.2.b.1, 143.4, 183, 439.4, 182, 439.4.a]" in out
    assert "created_to: zone=playable_location  [439.2.b.1]" in out
    assert "enters: value=exhausted  [143.4]" in out


def test_compile_json_matches_the_schema(run_cli):
    status, out, err = run_cli("compile", str(cards_dir()), "--format", "json")
    document = json.loads(out)
    jsonschema.validate(document, SCHEMA)
    summary = document["summary"]
    assert summary["cards"] == len(document["results"]) >= 765
    assert summary["compiled"] == sum(1 for r in document["results"] if r["compiled"])
    # Cards the grammar cannot read yet make the command exit 2, each with a located error.
    assert status == (0 if summary["compiled"] == summary["cards"] else 2)
    assert all(r["error"]["line"] >= 1 for r in document["results"] if not r["compiled"])
    manufactor = next(r for r in document["results"] if r["name"] == "Faithful Manufactor")
    (ability,) = manufactor["abilities"]
    assert ability["type"] == "TriggeredAbility" and ability["trigger"]["event"] == "play"
    (effect,) = ability["effects"]
    assert effect["type"] == "CreateTokens"
    assert effect["played_to"] == {"type": "Destination", "zone": "here", "player": None, "rules": ["184.2"]}
    assert effect["token"]["name"] == "Recruit" and effect["token"]["might"] == 1
    assert "439.2.c" in effect["rules"]


def test_compile_json_for_a_text_matches_the_schema(run_cli):
    status, out, err = run_cli("compile", "Add the Baron Pit battlefield token to the board", "--format", "json")
    assert status == 0
    document = json.loads(out)
    jsonschema.validate(document, SCHEMA)
    effect = document["results"][0]["abilities"][0]["effects"][0]
    assert effect["controller"] == {"type": "Decision", "value": None, "rules": ["439.4.b"]}


def test_schema_rejects_a_wrong_document():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"schema": "riftbound-compile/1", "results": [{"path": "x"}],
                             "summary": {"cards": 1, "compiled": 1}}, SCHEMA)


TOKEN_MAKERS = ["OGN/faithful-manufactor", "OGN/altar-to-unity", "OGN/machine-evangel", "OGN/sprite-call",
                "SFD/ferrous-forerunner", "UNL/frisky-hunter", "SFD/treasure-hunter", "OGN/herald-of-the-arcane",
                "OGN/noxian-drummer", "SFD/desert-s-call", "OGN/recruit", "OGN/sprite", "SFD/gold", "UNL/baron-pit",
                "UNL/bird", "UNL/brush", "UNL/reflection"]


@pytest.mark.parametrize("card", TOKEN_MAKERS)
def test_the_token_making_cards_of_the_pool_compile(run_cli, card):
    status, out, err = run_cli("compile", str(cards_dir() / f"{card}.yaml"), "--summary")
    assert status == 0, err
    assert out.splitlines()[-1] == "compiled 1 of 1 cards (100.0%)"


def test_the_rule_187_token_cards_compile(run_cli):
    status, out, err = run_cli("compile", str(cards_dir() / "tokens"), "--summary")
    assert status == 0, err
    assert out.splitlines()[-1] == "compiled 4 of 4 cards (100.0%)"


EMBEDDED_FROM_CORPUS = sorted(p for p in card_files(cards_dir()) if "tokens" not in p.parts)


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the checkout")
def test_import_reproduces_the_embedded_cards(run_cli, tmp_path):
    names = []
    for path in EMBEDDED_FROM_CORPUS:
        names += ["--name", next(line[6:] for line in path.read_text(encoding="utf-8").splitlines()
                                 if line.startswith("name: ")).strip("'\"")]
    status, out, err = run_cli("import", str(CORPUS), "--out", str(tmp_path), *names)
    assert status == 0
    for path in EMBEDDED_FROM_CORPUS:
        relative = path.relative_to(cards_dir())
        assert (tmp_path / relative).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), relative


def _registered(parser) -> list[str]:
    (commands,) = [action for action in parser._actions if action.dest == "command"]
    return list(commands.choices)


def test_each_command_registers_from_its_own_module_alone():
    from interpreter.cli.main import COMMAND_MODULES, argument_parser

    assert _registered(argument_parser()) == list(COMMAND_MODULES)
    assert _registered(argument_parser("no-such-command")) == list(COMMAND_MODULES)
    for name in COMMAND_MODULES:
        assert name in _registered(argument_parser(name))
    assert argument_parser("lint").parse_args(["lint", "x.yaml", "--format", "json"]).format == "json"


def test_help_and_unknown_commands_list_every_command(run_cli, capsys):
    with pytest.raises(SystemExit) as stop:
        run_cli("--help")
    out = capsys.readouterr().out
    assert stop.value.code == 0 and "lint" in out and "scenario" in out and "explain" in out
    with pytest.raises(SystemExit) as stop:
        run_cli("lnt", "x.yaml")
    assert stop.value.code == 2 and "invalid choice: 'lnt'" in capsys.readouterr().err
