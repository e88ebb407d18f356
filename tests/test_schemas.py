"""The published JSON Schemas of card and scenario files: current with the loaders' tables, met by
every card of the pool and every scenario of the tests, and each bad field refused by the loader with
a located diagnostic as well as by the schema."""
from __future__ import annotations

import glob
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from interpreter.base.diagnostics import InputError
from interpreter.cards import fields as card_fields
from interpreter.cards.card_files import load_cards
from interpreter.scenarios import json_schema as scenario_json
from interpreter.scenarios.load import load_scenarios

ROOT = Path(__file__).resolve().parent.parent
CARD_SCHEMA = json.loads(card_fields.SCHEMA_PATH.read_text(encoding="utf-8"))
SCENARIO_SCHEMA = json.loads(scenario_json.SCHEMA_PATH.read_text(encoding="utf-8"))
CARDS = jsonschema.Draft202012Validator(CARD_SCHEMA)
SCENARIOS = jsonschema.Draft202012Validator(SCENARIO_SCHEMA)


def test_schema_files_are_generated_from_the_tables():
    assert card_fields.SCHEMA_PATH.read_text(encoding="utf-8") == card_fields.schema_text()
    assert scenario_json.SCHEMA_PATH.read_text(encoding="utf-8") == scenario_json.schema_text()
    jsonschema.Draft202012Validator.check_schema(CARD_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(SCENARIO_SCHEMA)


def _documents(pattern: str):
    for path in sorted(glob.glob(str(ROOT / pattern), recursive=True)):
        with open(path, encoding="utf-8") as stream:
            for document in yaml.safe_load_all(stream):
                if document is not None:
                    yield path, document


def test_every_card_of_the_pool_meets_the_card_schema():
    cards = [(path, card) for path, document in _documents("cards/**/*.yaml")
             for card in (document if isinstance(document, list) else [document])]
    assert len(cards) >= 765
    problems = [(path, error.message) for path, card in cards for error in CARDS.iter_errors(card)]
    assert problems == []


def _not_scenarios(path: str) -> bool:
    """Card files a scenario includes by path and index files, which `scenario run` does not read as scenarios."""
    return path.endswith((".cards.yaml", "_index.yaml"))


def test_every_test_scenario_meets_the_scenario_schema():
    documents = [(path, d) for path, d in _documents("tests/scenarios/**/*.yaml") if not _not_scenarios(path)]
    assert len(documents) > 100
    problems = [(path, list(error.absolute_path), error.message[:120]) for path, document in documents
                for error in SCENARIOS.iter_errors(document)]
    assert problems == []


def test_card_files_included_by_scenarios_meet_the_card_schema():
    cards = [(path, card) for path, document in _documents("tests/scenarios/**/*.cards.yaml")
             for card in (document if isinstance(document, list) else [document])]
    assert cards
    assert [(path, error.message) for path, card in cards for error in CARDS.iter_errors(card)] == []


CARD_HEAD = "name: Test Card\ntype: Unit\n"
# (field lines after the head, line, column, words of the message)
BAD_CARD_FIELDS = [
    ("cost: 2\n", 3, 7, "cost must be a mapping"),
    ("cost: {energy: x}\n", 3, 16, "cost.energy must be a whole number"),
    ("cost: {energy: 3, power: [X]}\n", 3, 27, "cost.power[0] cannot be 'X'"),
    ("cost: [1, 2]\n", 3, 7, "cost must be a mapping"),
    ("cost: {energy: 1000}\n", 3, 16, "outside 0..99"),
    ("might: three\n", 3, 8, "might must be a whole number or null"),
    ("might: -1\n", 3, 8, "outside 0..99"),
    ("domains: Fury\n", 3, 10, "domains must be a list"),
    ("tags: [Poro, [Dog]]\n", 3, 14, "tags[1] must be a string"),
    ("supertype: Hero\n", 3, 12, "supertype cannot be 'Hero'"),
    ("text: [Draw 1.]\n", 3, 7, "text must be a string or null"),
    ("lint: {ignore: RB001}\n", 3, 16, "lint.ignore must be a list"),
    ("rarity: 3\n", 3, 9, "rarity must be a string"),
]


@pytest.mark.parametrize("lines, line, column, words", BAD_CARD_FIELDS)
def test_a_bad_card_field_is_located_and_refused_by_the_schema(tmp_path, lines, line, column, words):
    path = tmp_path / "card.yaml"
    path.write_text(CARD_HEAD + lines, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_cards(path)
    diagnostic = caught.value.diagnostic
    assert (diagnostic.path, diagnostic.line, diagnostic.column) == (str(path), line, column)
    assert diagnostic.code == "E008" and words in diagnostic.message and diagnostic.help
    assert caught.value.diagnostic.format().startswith(f"{path}:{line}:{column}: E008 ")
    assert not CARDS.is_valid(yaml.safe_load(CARD_HEAD + lines))


@pytest.mark.parametrize("line, column, words", [
    ('{"name": "X", "type": "Unit", "text": 5}', 39, "text must be a string or null"),
    ('{"name": "X", "type": "Hero"}', 23, "type cannot be 'Hero'"),
    ('{"name": "X", "type": "Unit", "might": "2"}', 40, "might must be a whole number"),
    ('{}', 1, "a card needs name:"),
    ('{"type": "Unit"}', 1, "a card needs name:"),
])
def test_a_bad_jsonl_field_is_located_at_its_value(tmp_path, line, column, words):
    path = tmp_path / "cards.jsonl"
    path.write_text('{"name": "Fine", "type": "Spell", "text": "Draw 1."}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_cards(path)
    diagnostic = caught.value.diagnostic
    assert (diagnostic.line, diagnostic.column) == (2, column) and words in diagnostic.message
    assert not CARDS.is_valid(json.loads(line))


SCENARIO_HEAD = 'name: x\nrules: ["100"]\n'
BAD_SCENARIO_FIELDS = [
    ("given: {A: {runes: {ready: 99999999999999999999999}}}\nthen: [{winner: null}]\n", 3, 28, "ready runes"),
    ("when: [{draw: 1000000000}]\nthen: [{winner: null}]\n", 3, 15, "the value of draw:"),
    ("when: [{draw: !!int abc}]\nthen: [{winner: null}]\n", 3, 15, "the value of draw: must be a whole number"),
    ("cards: [{name: T, type: Gear, cost: three}]\nthen: [{winner: null}]\n", 3, 37, "cost must be a mapping"),
    ("cards: [{name: T, type: Gear, cost: {energy: x}}]\nthen: [{winner: null}]\n", 3, 46,
     "cost.energy must be a whole number"),
    ("when: [{? [a, b] : 1}]\nthen: [{winner: null}]\n", 3, 11, "a key must be a plain word"),
]


@pytest.mark.parametrize("body, line, column, words", BAD_SCENARIO_FIELDS)
def test_a_bad_scenario_field_is_located_and_refused_by_the_schema(tmp_path, body, line, column, words):
    path = tmp_path / "case.yaml"
    path.write_text(SCENARIO_HEAD + body, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_scenarios(path)
    diagnostic = caught.value.diagnostic
    assert (diagnostic.line, diagnostic.column) == (line, column), diagnostic.format()
    assert words in diagnostic.message and diagnostic.help
    try:
        document = yaml.safe_load(SCENARIO_HEAD + body)
    except (yaml.YAMLError, ValueError):
        return                                   # PyYAML itself cannot build it: nothing for the schema to see
    assert not SCENARIOS.is_valid(json.loads(json.dumps(document, default=str)))
