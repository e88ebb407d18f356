"""The JSON Schema generated from the effect classes: current, typed, and true of the whole pool."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from interpreter.cards.card_files import card_files, load_cards
from interpreter.cli.compile_cmd import _result_data
from interpreter.compiler import schema, vocabulary
from interpreter.compiler.pipeline import compile_card
from interpreter.compiler.serialize import to_data
from interpreter.rules.data import default_rules

ROOT = Path(__file__).resolve().parent.parent
ALLOWED_OPEN = set(vocabulary.OPEN_STRINGS) | {"path"}


@pytest.fixture(scope="module")
def document() -> dict:
    return schema.build_schema()


@pytest.fixture(scope="module")
def pool() -> list[dict]:
    return [_result_data(compile_card(card), to_data) for path in card_files(ROOT / "cards") for card in load_cards(path)]


def test_the_checked_in_schema_is_current():
    written = schema.SCHEMA_PATH.read_text(encoding="utf-8")
    assert written == schema.schema_text(), "run: python -m interpreter.compiler.schema"


def test_every_effect_class_and_value_set_has_a_definition(document):
    defs = document["$defs"]
    for cls in schema.effect_classes():
        assert defs[cls.__name__]["description"], cls.__name__
        assert defs[cls.__name__]["properties"]["type"] == {"const": cls.__name__}
    for name in vocabulary.DESCRIPTIONS:
        assert defs[name]["enum"] == list(vocabulary.members(getattr(vocabulary, name)))
    assert defs["CreateTokens"]["x-rules"][:2] == ["439", "439.2.c"]
    assert defs["KeywordName"]["x-rules"] == ["800", "829"]


def _strings(node, path="#"):
    """Every sub-schema that allows a string, with where it is."""
    if isinstance(node, dict):
        kinds = node.get("type")
        if kinds == "string" or (isinstance(kinds, list) and "string" in kinds):
            yield path, node
        for key, value in node.items():
            yield from _strings(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _strings(value, f"{path}/{index}")


def test_no_string_is_free_but_names_tags_rule_ids_and_text(document):
    free = [path for path, node in _strings(document)
            if not ({"enum", "const", "pattern"} & set(node)) and node.get("x-kind") not in ALLOWED_OPEN]
    assert free == []
    kinds = {node.get("x-kind") for _, node in _strings(document) if "x-kind" in node}
    assert kinds <= ALLOWED_OPEN


def test_the_whole_pool_validates(document, pool):
    assert len(pool) > 700
    jsonschema.Draft202012Validator(document).validate({"schema": schema.SCHEMA_ID, "results": pool,
                                                        "summary": {"cards": len(pool), "compiled": len(pool)}})


def test_every_text_of_a_card_is_in_the_json(pool):
    fields = {text["field"] for result in pool for text in result["texts"]}
    assert fields == set(schema.CARD_TEXT_FIELDS)
    equipment = [r for r in pool if any(t["field"] == "effect_text" for t in r["texts"])]
    current = [r for r in pool if any(t["field"] == "text_riot_gallery_2026_03" for t in r["texts"])]
    assert len(equipment) == 27 and len(current) >= 40
    assert all(t["compiled"] for r in equipment + current for t in r["texts"])


def test_an_equipment_effect_text_compiles_as_the_units_text(pool):
    boneshiver = next(r for r in pool if r["name"] == "Boneshiver")
    effect = next(t for t in boneshiver["texts"] if t["field"] == "effect_text")
    ability = effect["abilities"][0]
    assert ability["type"] == "TriggeredAbility"
    assert ability["trigger"]["event"] == "conquer" and ability["trigger"]["subject"] == "self"
    assert ability["effects"][0]["action"] == "channel"


def test_a_wrong_value_is_refused(document):
    validator = jsonschema.Draft202012Validator(document)
    place = {"type": "Place", "kind": "the moon", "owner": None, "qualifiers": [], "of": None, "where": None,
             "alternatives": []}
    assert not validator.evolve(schema={"$ref": "#/$defs/Place", "$defs": document["$defs"]}).is_valid(place)
    place["kind"] = "base"
    assert validator.evolve(schema={"$ref": "#/$defs/Place", "$defs": document["$defs"]}).is_valid(place)


def test_value_sets_named_by_the_rules_agree_with_the_rules_data():
    rules = default_rules()
    assert set(vocabulary.members(vocabulary.KeywordName)) == set(rules.keywords)
    assert set(rules.actions) <= set(vocabulary.members(vocabulary.Action))
    assert set(vocabulary.members(vocabulary.Action)) - set(rules.actions) == set(vocabulary.COMPILER_ACTIONS)
    assert {symbol.strip("[]") for symbol in rules.power_symbols} == set(vocabulary.members(vocabulary.DomainSymbol))


def test_packed_words_only_go_down():
    """No member packs two facts or a phrase into one word (12 at the start of the fourth session, 0 now)."""
    packed = sum(len(words) for words in vocabulary.composite_members().values())
    assert packed <= COMPOSITE_CEILING, vocabulary.composite_members()


COMPOSITE_CEILING = 0
