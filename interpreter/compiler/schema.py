"""The JSON Schema of ``compile --format json``, generated from the effect classes.

Every dataclass of ``effects`` becomes a definition named after the class: its docstring
is the description, the rule ids it cites are listed under ``x-rules``, each field is a
property typed from its annotation, with the field's comment as its description. Every
value set of ``vocabulary`` becomes an ``enum`` definition. Open strings carry ``x-kind``
(name, tag, rule_id, text, path) so a test can check that nothing else is a free string.

``python -m interpreter.compiler.schema`` rewrites ``interpreter/schemas/compile.schema.json``;
``tests/test_meaning_schema.py`` checks that the file is current.
"""
from __future__ import annotations

import inspect
import io
import json
import re
import sys
import tokenize
import types
import typing
from dataclasses import fields, is_dataclass
from pathlib import Path

from interpreter.language.nodes import Span
from . import effects, vocabulary

SCHEMA_ID = "riftbound-compile/1"
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "compile.schema.json"
CARD_TEXT_FIELDS = ("text", "effect_text", "text_riot_gallery_2026_03")   # printed, equipment (136), current wording
_RULE_ID = re.compile(r"(?<![\d.])(\d{3}(?:\.[0-9a-z]+)*)(?:-(\d{3}))?")


def effect_classes() -> list[type]:
    """Every dataclass defined in ``effects``, in source order."""
    found = [value for value in vars(effects).values()
             if isinstance(value, type) and is_dataclass(value) and value.__module__ == effects.__name__]
    return sorted(found, key=lambda cls: inspect.getsourcelines(cls)[1])


def build_schema(lexicon=None) -> dict:
    """The whole schema document; the value sets the rules name come from ``lexicon`` (a rules_data
    folder's, ``interpreter.language.lexicon.load_lexicon``), the shipped rules data's when None."""
    sets = vocabulary.value_sets(lexicon)
    defs = {"rule_id": {"type": "string", "pattern": r"^[0-9]{3}(\.[0-9a-z]+)*$", "x-kind": "rule_id",
                        "description": "A rule id of the Core Rules."},
            "span": _span_schema()}
    for name, description in vocabulary.DESCRIPTIONS.items():
        defs[name] = _enum_schema(description, sets[name])
    classes = effect_classes()
    for cls in classes:
        defs[cls.__name__] = _class_schema(cls)
    kinds = [cls.__name__ for cls in classes if issubclass(cls, effects.Effect) and cls is not effects.Effect]
    # told apart by `type` first, so only the one matching class is checked in depth
    defs["AnyEffect"] = {"description": "Any effect or ability object, told apart by `type`.", "type": "object",
                         "required": ["type"], "properties": {"type": {"enum": kinds}},
                         "allOf": [{"if": {"properties": {"type": {"const": kind}}},
                                    "then": {"$ref": f"#/$defs/{kind}"}} for kind in kinds]}
    defs.update(_envelope_defs())
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "riftbound compile --format json",
            "description": "Effect objects compiled from card text. Every object names its class in `type`; "
                           "effects carry `span` (where in the text) and `rules` (the rule ids that decided "
                           "them). Generated from interpreter/compiler/effects.py and vocabulary.py.",
            "type": "object", "required": ["schema", "results", "summary"], "additionalProperties": False,
            "properties": {"schema": {"const": SCHEMA_ID},
                           "summary": {"type": "object", "required": ["cards", "compiled"],
                                       "additionalProperties": False,
                                       "properties": {"cards": {"type": "integer", "minimum": 0},
                                                      "compiled": {"type": "integer", "minimum": 0}}},
                           "results": {"type": "array", "items": {"$ref": "#/$defs/result"}}},
            "$defs": defs}


def cited_rules(text: str) -> list[str]:
    """The rule ids a docstring or comment cites, in order, once each ("367-375" gives both ends)."""
    found = []
    for match in _RULE_ID.finditer(text or ""):
        for rule in match.groups():
            if rule and rule not in found:
                found.append(rule)
    return found


def _enum_schema(description: str, allowed: tuple[str, ...]) -> dict:
    schema = {"description": description, "enum": list(allowed)}
    rules = cited_rules(description)
    if rules:
        schema["x-rules"] = rules
    return schema


def _class_schema(cls: type) -> dict:
    doc = inspect.cleandoc(cls.__doc__ or "")
    comments = _field_comments(cls)
    hints = typing.get_type_hints(cls, vars(effects), include_extras=True)
    properties = {"type": {"const": cls.__name__}}
    for f in fields(cls):
        prop = _type_schema(hints[f.name])
        if comments.get(f.name):
            prop = {"description": comments[f.name], **prop}
        properties[f.name] = prop
    schema = {"type": "object", "description": doc}
    rules = cited_rules(doc + " " + " ".join(comments.values()))
    if rules:
        schema["x-rules"] = rules
    schema.update({"required": list(properties), "additionalProperties": False, "properties": properties})
    return schema


def _field_comments(cls: type) -> dict[str, str]:
    """The comment written after each field of a class's source."""
    comments = {}
    source = inspect.getsource(cls)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            line = token.line.strip()
            match = re.match(r"(\w+)\s*:", line)
            if match and match.group(1) not in comments:
                comments[match.group(1)] = token.string.lstrip("# ").strip()
    return comments


_ALIASES = {getattr(vocabulary, name): name for name in vocabulary.DESCRIPTIONS}


def _type_schema(hint) -> dict:
    """A JSON Schema for one annotation."""
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint == vocabulary.RuleId:
        return {"$ref": "#/$defs/rule_id"}
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return {"type": "string", "x-kind": typing.get_args(hint)[1]}
    if origin is typing.Literal:
        if hint in _ALIASES:
            return {"$ref": f"#/$defs/{_ALIASES[hint]}"}
        return {"enum": list(typing.get_args(hint))}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(arg) for arg in typing.get_args(hint)]}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(hint)[0])}
    if hint is Span:
        return {"$ref": "#/$defs/span"}
    if hint is effects.Effect:
        return {"$ref": "#/$defs/AnyEffect"}
    if isinstance(hint, type) and is_dataclass(hint):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    raise TypeError(f"no schema for the annotation {hint!r}")


def _span_schema() -> dict:
    return {"type": ["object", "null"], "description": "Where in the text an object came from (1-based).",
            "required": ["line", "column", "end_line", "end_column"], "additionalProperties": False,
            "properties": {key: {"type": "integer", "minimum": 1}
                           for key in ("line", "column", "end_line", "end_column")}}


def _envelope_defs() -> dict:
    """One card's result: where it is, each of its texts and what each compiled to."""
    error = {"type": ["object", "null"], "required": ["code", "message", "line", "column", "help"],
             "additionalProperties": False,
             "properties": {"code": {"type": "string", "pattern": "^E[0-9]{3}$"},
                            "message": {"type": "string", "x-kind": "text"},
                            "help": {"type": "string", "x-kind": "text"},
                            "line": {"type": "integer"}, "column": {"type": "integer"}}}
    abilities = {"type": ["array", "null"], "items": {"$ref": "#/$defs/AnyEffect"}}
    card_text = {"type": "object", "description": "One text of a card and what it compiled to.",
                 "required": ["field", "text", "compiled", "abilities", "error"], "additionalProperties": False,
                 "properties": {"field": {"enum": list(CARD_TEXT_FIELDS),
                                          "description": "text: as printed; effect_text: an Equipment's effect "
                                                         "text (136); text_riot_gallery_2026_03: the current "
                                                         "official wording (errata)."},
                                "text": {"type": "string", "x-kind": "text"},
                                "compiled": {"type": "boolean"}, "abilities": abilities, "error": error}}
    card_types = [None] + [kind for kind in ("Unit", "Spell", "Gear", "Rune", "Legend", "Battlefield")]
    result = {"type": "object", "required": ["path", "line", "name", "type", "compiled", "abilities", "error"],
              "additionalProperties": False,
              "properties": {"path": {"type": "string", "x-kind": "path"},
                             "line": {"type": "integer", "minimum": 1},
                             "name": {"type": ["string", "null"], "x-kind": "name"},
                             "type": {"enum": card_types},
                             "compiled": {"type": "boolean"}, "abilities": abilities, "error": error,
                             "texts": {"type": "array", "items": {"$ref": "#/$defs/card_text"}}}}
    return {"result": result, "card_text": card_text}


def schema_text() -> str:
    """The schema as written to its file."""
    return json.dumps(build_schema(), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    """Rewrite the checked-in schema file."""
    from interpreter.base.files import write_atomically
    write_atomically(SCHEMA_PATH, schema_text())
    print(f"wrote {SCHEMA_PATH}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
