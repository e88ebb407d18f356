"""The fields of a card, by type: one table that both the loaders' checks and the published
JSON Schema (``interpreter/schemas/card.schema.json``) come from.

``FIELDS`` gives each field a JSON Schema fragment, written with the few keywords ``check``
understands (type, enum, minimum, maximum, maxLength, minLength, items, properties,
required, additionalProperties, anyOf). ``check_fields`` checks a card's plain values
against it and calls ``locate(path)`` for the position of a bad value, so a YAML card and a
JSONL card get the same check and a located diagnostic each. Only type and shape are checked
here, with the common-sense numeric bounds below; what a value means for the game (a domain
identity, Might on a spell) is for the linter.
"""
from __future__ import annotations

import json
from pathlib import Path

CARD_TYPES = ("Unit", "Spell", "Gear", "Rune", "Legend", "Battlefield")
SUPERTYPES = ("Champion", "Signature", "Token", "Basic")
# Power as domain letters (135.2.e.4-6): R G B O P Y, A for any domain, C for the card's own.
POWER_LETTERS = ("R", "G", "B", "O", "P", "Y", "A", "C")
# Printed numbers stay far below this (the pool's largest cost and Might are 12).
MAX_STAT = 99
MAX_NAME = 200
MAX_TEXT = 20_000

_STRING = {"type": "string", "maxLength": MAX_TEXT}
_OPTIONAL_STRING = {"type": ["string", "null"], "maxLength": MAX_TEXT}
_WORDS = {"type": "array", "items": {"type": "string", "maxLength": MAX_NAME}}
_STAT = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_STAT}
_RECORDS = {"type": "array", "items": {"type": "object"}}
_POWER = {"type": "array", "items": {"enum": list(POWER_LETTERS)}}

# Field -> schema; the card format's own fields first (DESIGN.md section 4), then the corpus
# fields an imported or JSONL card may carry.
FIELDS: dict[str, dict] = {
    "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
    "type": {"enum": list(CARD_TYPES)},
    "supertype": {"enum": [*SUPERTYPES, None]},
    "cost": {"type": "object", "additionalProperties": False, "properties": {
        "energy": {"type": "integer", "minimum": 0, "maximum": MAX_STAT}, "power": _POWER}},
    "might": _STAT,
    "domains": _WORDS,
    "tags": _WORDS,
    "text": _OPTIONAL_STRING,
    "effect_text": _OPTIONAL_STRING,
    "might_bonus": {"type": ["integer", "null"], "minimum": -MAX_STAT, "maximum": MAX_STAT},
    "lint": {"type": "object", "additionalProperties": False, "properties": {"ignore": _WORDS}},
    "set": _STRING, "id": _STRING, "rarity": _STRING, "legend_champion": _OPTIONAL_STRING,
    "text_riot_gallery_2026_03": _OPTIONAL_STRING, "source": _STRING,
    "printings": _WORDS, "sets": _WORDS, "keywords": _WORDS,
    "errata": _RECORDS, "alt_printed_texts": _RECORDS,
    "collector_number": {"type": ["integer", "null"], "minimum": 0, "maximum": 99_999},
    # corpus JSONL only (cards.jsonl's README)
    "set_name": _STRING, "domain_letters": _WORDS, "cost_energy": _STAT,
    "cost_power": {"anyOf": [{"type": "null"}, _POWER, {"type": "object", "required": ["raw"], "properties": {
        "raw": {"type": "integer", "minimum": 0, "maximum": MAX_STAT}, "domains": _POWER, "note": _STRING}}]},
    "full_name": _STRING, "name_in_source": _STRING, "name_riot_gallery": _STRING,
    "effect_text_source": _STRING, "keywords_unbracketed": _WORDS, "note": _STRING,
}
REQUIRED = ("name", "type")
CARD_FIELDS = frozenset(FIELDS)
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "card.schema.json"


class FieldError(Exception):
    """A value that does not fit its schema: the path to it and what was expected."""

    def __init__(self, path: tuple, message: str, help: str):
        super().__init__(message)
        self.path, self.message, self.help = path, message, help


def check_fields(fields: dict) -> None:
    """Raise ``FieldError`` for the first field of ``fields`` that does not fit ``FIELDS``."""
    for key in fields:
        if key not in FIELDS:
            raise FieldError((key,), f"unknown card field {key!r}", "expected one of: " + ", ".join(sorted(FIELDS)))
    for key in REQUIRED:
        if fields.get(key) is None:
            raise FieldError((), f"a card needs {key}:", f"expected {key}: " + (
                "followed by the card's name" if key == "name" else "one of " + ", ".join(CARD_TYPES)))
    for key, value in fields.items():
        check(value, FIELDS[key], (key,))


def check(value, schema: dict, path: tuple) -> None:
    """``value`` against one schema fragment (the subset of JSON Schema that ``FIELDS`` uses)."""
    if "anyOf" in schema:
        if not any(_fits(value, option, path) for option in schema["anyOf"]):
            raise FieldError(path, f"{_name(path)} has the wrong shape", f"expected {_expected(schema)}")
        return
    if "enum" in schema and value not in schema["enum"]:
        raise FieldError(path, f"{_name(path)} cannot be {_shown(value)}",
                         "expected one of: " + ", ".join("null" if v is None else str(v) for v in schema["enum"]))
    kinds = schema.get("type")
    if kinds is not None and not any(_is(value, kind) for kind in ([kinds] if isinstance(kinds, str) else kinds)):
        raise FieldError(path, f"{_name(path)} must be {_expected(schema)}, not {_shown(value)}",
                         f"write {_name(path)} as {_expected(schema)}")
    _check_bounds(value, schema, path)
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            check(item, schema["items"], path + (index,))
    if isinstance(value, dict):
        _check_object(value, schema, path)


def _check_bounds(value, schema: dict, path: tuple) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            raise FieldError(path, f"{_name(path)} is {_shown(value)}, outside {low}..{high}",
                             f"expected a whole number from {low} to {high}")
    if isinstance(value, str):
        if len(value) > schema.get("maxLength", len(value)):
            raise FieldError(path, f"{_name(path)} is {len(value)} characters long",
                             f"expected at most {schema['maxLength']} characters")
        if len(value) < schema.get("minLength", 0):
            raise FieldError(path, f"{_name(path)} is empty", f"expected {_name(path)} written out")


def _check_object(value: dict, schema: dict, path: tuple) -> None:
    properties = schema.get("properties", {})
    for key in schema.get("required", ()):
        if key not in value:
            raise FieldError(path, f"{_name(path)} needs {key}:", f"expected {key}: in {_name(path)}")
    for key, item in value.items():
        if key in properties:
            check(item, properties[key], path + (key,))
        elif schema.get("additionalProperties") is False:
            raise FieldError(path + (key,), f"unknown key {key!r} in {_name(path)}",
                             "expected one of: " + ", ".join(properties))


def _fits(value, schema: dict, path: tuple) -> bool:
    try:
        check(value, schema, path)
    except FieldError:
        return False
    return True


def _is(value, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, {"string": str, "array": list, "object": dict, "null": type(None),
                              "boolean": bool, "number": (int, float)}[kind])


_KIND_WORDS = {"string": "a string", "integer": "a whole number", "array": "a list", "object": "a mapping",
               "null": "null", "boolean": "true or false", "number": "a number"}


def _expected(schema: dict) -> str:
    if "anyOf" in schema:
        return " or ".join(_expected(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(str(v) for v in schema["enum"])
    kinds = schema.get("type", [])
    words = " or ".join(_KIND_WORDS[kind] for kind in ([kinds] if isinstance(kinds, str) else kinds))
    if "items" in schema and "enum" in schema["items"]:
        words += " of " + ", ".join(schema["items"]["enum"])
    elif "items" in schema:
        words += " of " + _expected(schema["items"]).replace("a ", "", 1) + "s"
    return words


def _name(path: tuple) -> str:
    if not path:
        return "the card"
    return "".join([str(path[0])] + [f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:]])


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card_schema() -> dict:
    """The JSON Schema of a card (what ``SCHEMA_PATH`` holds; regenerate with
    ``python -m interpreter.cards.fields``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://riftbound-rules/schemas/card.schema.json",
        "title": "Riftbound card",
        "description": "One card of a card file (YAML, one card a document or a list of them) or of a "
                       "corpus JSONL line. Generated from interpreter/cards/fields.py.",
        "type": "object", "required": list(REQUIRED), "additionalProperties": False,
        "properties": FIELDS,
    }


def schema_text() -> str:
    return json.dumps(card_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover
    SCHEMA_PATH.parent.mkdir(exist_ok=True)
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
