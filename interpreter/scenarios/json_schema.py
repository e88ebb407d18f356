"""The JSON Schema of scenario files (``interpreter/schemas/scenario.schema.json``), built from
the same tables the loader checks with (``scenarios.load`` keys, ``scenarios.schema`` value
types) and the card schema for inline cards, so the published schema and the loader agree.

Regenerate with ``python -m interpreter.scenarios.json_schema``; a test checks the file is current.
"""
from __future__ import annotations

import json
from pathlib import Path

from interpreter.cards.fields import card_schema
from .load import ASSERTIONS, BARE_STEPS, GIVEN_KEYS, PHASE_NAMES, PLAYER_KEYS, STEP_KEYS, TOP_KEYS
from .schema import (ASSERTION_FIELDS, ASSERTION_VALUE, MAX_COUNT, OBJECT_FIELDS, POWER_LETTERS, SIDE_FIELDS,
                     STEP_FIELDS, STEP_VALUE)

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"
_POOL = {"type": "object", "additionalProperties": False, "properties": {
    "energy": {"type": "integer", "minimum": -MAX_COUNT, "maximum": MAX_COUNT},
    "power": {"type": "array", "items": {"enum": list(POWER_LETTERS)}}}}
_KINDS = {
    "str": {"type": "string"}, "int": {"type": "integer", "minimum": -MAX_COUNT, "maximum": MAX_COUNT},
    "bool": {"type": "boolean"}, "list": {"type": "array"}, "map": {"type": "object"}, "null": {"type": "null"},
    "player": {"type": "string"}, "any": {},
    "players_int": {"type": "object", "additionalProperties": {"type": "integer", "minimum": -MAX_COUNT,
                                                                "maximum": MAX_COUNT}},
    "players_pool": {"type": "object", "additionalProperties": _POOL},
}


def value_schema(spec: str) -> dict:
    """The schema of a loader type name such as ``int|null``."""
    options = [_KINDS[kind] for kind in spec.split("|")]
    return options[0] if len(options) == 1 else {"anyOf": options}


def _object_entry(fields: dict) -> dict:
    return {"anyOf": [{"type": "string"}, {"type": "null"}, {
        "type": "object", "additionalProperties": False,
        "properties": {key: value_schema(spec) for key, spec in fields.items()}}]}


def _side() -> dict:
    properties = {key: value_schema(spec) for key, spec in SIDE_FIELDS.items() if key in PLAYER_KEYS}
    entry = _object_entry(OBJECT_FIELDS)
    for key, spec in SIDE_FIELDS.items():
        if spec.startswith("list"):
            properties[key] = {"anyOf": [{"type": "array", "items": entry}, {"type": "null"}]}
    properties["battlefield"] = {"type": "object", "additionalProperties": {
        "anyOf": [{"type": "array", "items": entry}, {"type": "null"}]}}
    properties["pool"] = _POOL
    properties["runes"] = {"anyOf": [{"type": "array"}, {"type": "object", "additionalProperties": False,
                                                         "properties": {"ready": _KINDS["int"],
                                                                        "exhausted": _KINDS["int"]}}]}
    return {"type": "object", "additionalProperties": False, "properties": properties}


def _given() -> dict:
    properties = {"players": {"type": "array", "items": {"type": "string"}}, "turn": {"type": "string"},
                  "battlefields": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "object"}]}},
                  "phase": {"enum": list(PHASE_NAMES)}}
    assert set(properties) == GIVEN_KEYS
    return {"type": "object", "properties": properties, "additionalProperties": {"$ref": "#/$defs/side"}}


def _step(kind: str) -> dict:
    properties = {kind: value_schema(STEP_VALUE.get(kind, "str")), "by": value_schema(STEP_FIELDS["by"])}
    properties.update({key: value_schema(STEP_FIELDS[key]) for key in sorted(STEP_KEYS[kind])})
    if kind == "check":
        properties[kind] = {"type": "array", "items": {"$ref": "#/$defs/assertion"}}
    return {"type": "object", "required": [kind], "additionalProperties": False, "properties": properties}


def _assertion(kind: str) -> dict:
    properties = {kind: value_schema(ASSERTION_VALUE.get(kind, "str"))}
    properties.update({key: value_schema(ASSERTION_FIELDS[key]) for key in sorted(ASSERTIONS[kind])})
    return {"type": "object", "required": [kind], "additionalProperties": False, "properties": properties}


def scenario_schema() -> dict:
    """The JSON Schema of one scenario document (DESIGN.md section 5)."""
    card = {key: value for key, value in card_schema().items() if not key.startswith("$") and key != "title"}
    top = {"name": {"type": "string"}, "rules": {"type": "array", "minItems": 1, "items": {"type": "string"}},
           "cards": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/card"},            # inline, or a path
                                                           {"type": "string", "pattern": r"\.ya?ml$"}]}},
           "given": {"$ref": "#/$defs/given"},
           "when": {"type": "array", "items": {"$ref": "#/$defs/step"}},
           "then": {"type": "array", "items": {"$ref": "#/$defs/assertion"}}, "pending": {"type": "string"}}
    assert set(top) == TOP_KEYS
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://riftbound-rules/schemas/scenario.schema.json",
        "title": "Riftbound scenario",
        "description": "One document of a scenario file (YAML, one or more documents). Generated from "
                       "interpreter/scenarios/load.py and schema.py by interpreter/scenarios/json_schema.py.",
        "type": "object", "required": ["name", "rules"], "additionalProperties": False, "properties": top,
        "$defs": {
            "card": card, "given": _given(), "side": _side(),
            "step": {"anyOf": [{"enum": sorted(BARE_STEPS)}] + [_step(kind) for kind in STEP_KEYS]},
            "assertion": {"anyOf": [_assertion(kind) for kind in ASSERTIONS]},
        },
    }


def schema_text() -> str:
    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover
    SCHEMA_PATH.parent.mkdir(exist_ok=True)
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
