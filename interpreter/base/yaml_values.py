"""Plain values from YAML nodes, with bounded work and a located error for anything else.

Card and scenario files hold strings, whole numbers, decimals, booleans, null, lists and
mappings keyed by words. ``plain_value`` builds exactly those from a node graph that
``file_input.compose_yaml`` has already checked (size, aliases, depth): a tag of another kind
(``!!binary``, ``!!timestamp``, ``!custom``, ``!!python/...``), a scalar its tag cannot read
(``!!int abc``, ``!!bool maybe``), a number longer than ``MAX_DIGITS``, or a key that is a list
or a mapping is one ``InputError`` at the node. Nothing here calls PyYAML's constructors on
tags it does not know, so no YAML value can run code or raise an unexpected exception.
"""
from __future__ import annotations

import math
import re

import yaml

from .diagnostics import Diagnostic, InputError, line_of, mark_position

# No field of a card or a scenario needs a number this long; it bounds int() and float() work.
MAX_DIGITS = 18
_TAG = "tag:yaml.org,2002:"
_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
_NULLS = {"", "~", "null"}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9_]*)$")
_FLOAT = re.compile(r"[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+]?[0-9]+)?$")
_SPECIAL_FLOATS = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}


def plain_value(node, text: str, path: str, code: str = "E005"):
    """The Python value of ``node``: str, int, float, bool, None, list or dict (string keys)."""
    if isinstance(node, yaml.SequenceNode):
        _plain_tag(node, "seq", text, path, code)
        return [plain_value(item, text, path, code) for item in node.value]
    if isinstance(node, yaml.MappingNode):
        _plain_tag(node, "map", text, path, code)
        result = {}
        for key, item in node.value:
            result[mapping_key(key, text, path, code)] = plain_value(item, text, path, code)
        return result
    return scalar_value(node, text, path, code)


def _plain_tag(node, kind: str, text: str, path: str, code: str) -> None:
    if node.tag != _TAG + kind:
        raise node_error(node, text, path, code, f"the YAML tag {node.tag!r} is not supported here",
                         "expected plain values: strings, whole numbers, true/false, null, lists and mappings")


def mapping_key(node, text: str, path: str, code: str = "E005") -> str:
    """A mapping key: a scalar, read as the words written (``1:`` is the key "1")."""
    if not isinstance(node, yaml.ScalarNode) or node.tag not in (_TAG + "str", _TAG + "int", _TAG + "null",
                                                                 _TAG + "bool", _TAG + "float"):
        raise node_error(node, text, path, code, "a key must be a plain word, not a list or a mapping",
                         "expected a key such as name: written as a word")
    return node.value


def scalar_value(node, text: str, path: str, code: str = "E005"):
    """A scalar by its (resolved or explicit) tag; any other tag or an unreadable value is an error."""
    kind = node.tag[len(_TAG):] if node.tag.startswith(_TAG) else None
    raw = node.value
    if kind == "str":
        return raw
    if kind == "null" and raw.strip() in _NULLS | {"Null", "NULL"}:
        return None
    if kind == "bool" and raw.lower() in _BOOLS:
        return _BOOLS[raw.lower()]
    if kind == "int" and _INT.match(raw.strip()):
        return int(_bounded(node, text, path, code).replace("_", ""))
    if kind == "float":
        value = raw.strip().lower()
        if value in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[value]
        if _FLOAT.match(value) or _INT.match(value):
            return float(_bounded(node, text, path, code).replace("_", ""))
    if kind in ("str", "null", "bool", "int", "float"):
        raise node_error(node, text, path, code, f"{_shown(raw)} is not a valid !!{kind}",
                         f"expected a {_WORDS[kind]}, or the value in quotes as a string")
    raise node_error(node, text, path, code, f"the YAML tag {node.tag!r} is not supported here",
                     "expected plain values: strings, whole numbers, true/false, null, lists and mappings"
                     " (quote a value such as a date to keep it a string)")


_WORDS = {"str": "string", "null": "null (~ or nothing)", "bool": "true or false",
          "int": "whole number in decimal digits", "float": "decimal number"}


def _bounded(node, text: str, path: str, code: str) -> str:
    digits = sum(char.isdigit() for char in node.value)
    if digits > MAX_DIGITS:
        raise node_error(node, text, path, code, f"a number of {digits} digits is too long",
                         f"expected a number of at most {MAX_DIGITS} digits")
    return node.value.strip()


def _shown(raw: str) -> str:
    return repr(raw if len(raw) <= 40 else raw[:37] + "...")


def node_error(node, text: str, path: str, code: str, message: str, help: str) -> InputError:
    """One diagnostic at the start of ``node``."""
    line, column = mark_position(text, node.start_mark)
    return InputError(Diagnostic(code, message, path, line, column, line_of(text, line), help))
