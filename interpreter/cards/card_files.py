"""Card files (DESIGN.md section 4): YAML cards with positions kept for diagnostics.

A file holds one card a document, or a list of cards. Also reads corpus JSONL (one card a
line). Both go through the same bounded reading (``base.file_input``, ``base.yaml_values``)
and the same check of every field by type (``cards.fields``), so a bad value is one located
diagnostic whatever the format. Each card keeps a ``TextSource`` for its texts: the exact
file position of every character, so a compile error points at the spot in the file for
plain, quoted and folded scalars and JSON strings alike.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic, InputError, at_offset, line_of, mark_position
from interpreter.base.file_input import compose_yaml, read_source
from interpreter.base.yaml_values import mapping_key, plain_value
from .fields import CARD_FIELDS, CARD_TYPES, SUPERTYPES, FieldError, check_fields  # noqa: F401 (re-exported)
from .textmap import TextMap, json_map, yaml_map

MAX_FILE_BYTES = 10 * 1024 * 1024
# The fields that hold card text: as printed, an Equipment's effect text (136), the current official wording.
TEXT_FIELDS = ("text", "effect_text", "text_riot_gallery_2026_03")
STYLES = {"|": "literal", ">": "folded", "'": "single", '"': "double"}


@dataclass(frozen=True)
class TextSource:
    """Maps a position in a card's text back to the file it was read from."""

    path: str
    file_text: str
    text_map: TextMap

    def locate(self, line: int, column: int) -> tuple[int, int]:
        """File line and column of 1-based ``line``/``column`` in the text (lines end at "\\n")."""
        value = self.text_map.value
        offset, start = 0, 0
        for _ in range(line - 1):
            newline = value.find("\n", start)
            if newline < 0:
                break
            start = newline + 1
        offset = min(start + column - 1, len(value))
        return at_offset(self.file_text, self.text_map.file_offset(offset))

    def diagnostic(self, code: str, message: str, line: int, column: int, help: str = "") -> Diagnostic:
        file_line, file_column = self.locate(line, column)
        return Diagnostic(code, message, self.path, file_line, file_column, line_of(self.file_text, file_line), help)


class CardFields:
    """What every reader's card record says of its ``fields``: the name and the card type."""

    fields: dict

    @property
    def name(self) -> str:
        return str(self.fields.get("name", "?"))

    @property
    def card_type(self) -> str | None:
        kind = self.fields.get("type")
        return kind.lower() if isinstance(kind, str) else None


@dataclass
class Card(CardFields):
    """One card as read from a file: its fields and where its texts are."""

    fields: dict
    path: str
    line: int
    sources: dict[str, TextSource] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.fields.get("text") or ""


def read_text_file(path: Path) -> str:
    """A file's text; missing, non-regular, too large, binary or non-UTF-8 files raise InputError."""
    text, _bom, _mtime = read_source(path, MAX_FILE_BYTES)
    return text


def load_cards(path: Path) -> list[Card]:
    """Every card of a YAML card file or a corpus JSONL file."""
    text = read_text_file(path)
    if path.suffix == ".jsonl":
        return _jsonl_cards(text, str(path))
    return _yaml_cards(text, str(path))


def card_files(folder: Path) -> list[Path]:
    """The card files below ``folder``, in a stable order; a folder that cannot be walked
    (a symbolic link loop, no permission) is one located error."""
    try:
        return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml", ".jsonl") and p.is_file())
    except (OSError, RuntimeError) as error:   # RuntimeError: pathlib's "Symlink loop" (Python < 3.13)
        raise InputError(Diagnostic("E003", f"cannot read the folder: {error}", str(folder), 1, 1,
                                    help="expected a folder of card files without symbolic link loops")) from None


def _yaml_cards(text: str, path: str) -> list[Card]:
    cards = []
    for document in compose_yaml(text, path):            # anchor bombs and deep nesting refused
        items = document.value if isinstance(document, yaml.SequenceNode) else [document]
        cards.extend(card_from_node(item, text, path) for item in items)
    return cards


def card_from_node(node, text: str, path: str) -> Card:
    """A card from its YAML mapping node, every field checked by type (``cards.fields``)."""
    fields, texts = card_values(node, text, path)
    sources = {key: TextSource(path, text, text_map) for key, text_map in texts.items()}
    return Card(fields, path, mark_position(text, node.start_mark)[0], sources)


_card_from_node = card_from_node   # the scenario loader's name for it


def card_values(node, text: str, path: str) -> tuple[dict, dict[str, TextMap]]:
    """The checked fields of a card node and the ``TextMap`` of each text scalar in the file."""
    line, column = mark_position(text, node.start_mark)
    if not isinstance(node, yaml.MappingNode):
        raise InputError(Diagnostic("E006", "a card must be a mapping", path, line, column,
                                    line_of(text, line), "expected fields such as name:, type: and text:"))
    fields, texts, nodes = {}, {}, {}
    for key_node, value_node in node.value:
        key = mapping_key(key_node, text, path, "E007")
        if key not in CARD_FIELDS:
            raise _at(key_node, text, path, "E007", f"unknown card field {key!r}",
                      "expected one of: " + ", ".join(sorted(CARD_FIELDS)))
        if key in fields:
            raise _at(key_node, text, path, "E007", f"card field {key!r} is given twice", "expected each field given once")
        fields[key], nodes[key] = plain_value(value_node, text, path), value_node
        if key in TEXT_FIELDS and isinstance(fields[key], str):
            style = STYLES.get(value_node.style or "", "plain")
            texts[key] = yaml_map(fields[key], text, value_node.start_mark.index, value_node.end_mark.index, style)
    try:
        check_fields(fields)
    except FieldError as error:
        raise _at(_node_at(node, nodes, error.path), text, path, "E008", _named(fields, error.message),
                  error.help) from None
    return fields, texts


def _node_at(card_node, nodes: dict, path: tuple):
    """The node a field path leads to (as far as it goes)."""
    if not path or path[0] not in nodes:
        return card_node
    node = nodes[path[0]]
    for step in path[1:]:
        if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        elif isinstance(node, yaml.MappingNode):
            found = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == step]
            if not found:
                break
            node = found[0][1]
    return node


def _named(fields: dict, message: str) -> str:
    name = fields.get("name")
    return f"{name}: {message}" if isinstance(name, str) and name and not message.startswith("a card needs") else message


def _at(node, text: str, path: str, code: str, message: str, help: str) -> InputError:
    line, column = mark_position(text, node.start_mark)
    return InputError(Diagnostic(code, message, path, line, column, line_of(text, line), help))


# ---- JSONL ----------------------------------------------------------------------------
def _jsonl_cards(text: str, path: str) -> list[Card]:
    cards = []
    for number, line_start, raw, fields, values in jsonl_objects(text, path):
        check_json_card(fields, values, raw, number, path)
        sources = {key: TextSource(path, text, json_map(fields[key], raw, line_start, values[key][0]))
                   for key in TEXT_FIELDS if isinstance(fields.get(key), str) and key in values}
        cards.append(Card(fields, path, number, sources))
    return cards


def jsonl_objects(text: str, path: str):
    """(line number, offset of the line, the line, its object, the span of each top-level value)."""
    for number, line_start, raw in jsonl_line_parts(text):
        yield (number, line_start, raw) + json_line(raw, number, path)


def jsonl_line_parts(text: str):
    """(line number, offset of the line, the line without its line break) of every non-blank line."""
    offset = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line_start, offset = offset, offset + len(raw) + 1
        raw = raw.rstrip("\r")
        if raw.strip():
            yield number, line_start, raw


def json_line(raw: str, number: int, path: str) -> tuple[dict, dict[str, tuple[int, int]]]:
    """The card object of one JSONL line and the span of each top-level value on the line."""
    try:
        return _json_object(raw, json.JSONDecoder())
    except (json.JSONDecodeError, RecursionError, ValueError) as error:
        column = getattr(error, "colno", 1)
        message = getattr(error, "msg", None) or ("nesting is too deep" if isinstance(error, RecursionError)
                                                  else str(error))
        raise InputError(Diagnostic("E005", f"invalid JSON: {message}", path, number, column, raw,
                                    "expected one JSON card object a line")) from None


def check_json_card(fields: dict, values: dict, raw: str, number: int, path: str) -> None:
    """The same field check as a YAML card's, located at the key of the bad field."""
    try:
        check_fields(fields)
    except FieldError as error:
        column = values.get(error.path[0], (0, 0))[0] + 1 if error.path else 1
        code = "E007" if error.message.startswith("unknown card field") else "E008"
        raise InputError(Diagnostic(code, _named(fields, error.message), path, number, column, raw,
                                    error.help)) from None


def _json_object(raw: str, decoder: json.JSONDecoder) -> tuple[dict, dict[str, tuple[int, int]]]:
    """The object on a JSONL line, and the span of each top-level value on the line.

    NOTE: Python's JSON reader takes integers of any length (bounded by the line's length and
    ``sys.int_max_str_digits``); field checks bound the values that matter."""
    fields, end = decoder.raw_decode(raw, _skip_space(raw, 0))
    if not isinstance(fields, dict):
        raise ValueError("a card must be a JSON object")
    if raw[end:].strip():
        raise json.JSONDecodeError("extra data after the card object", raw, end)
    values: dict[str, tuple[int, int]] = {}
    at = _skip_space(raw, raw.index("{") + 1)
    while at < len(raw) and raw[at] == '"':
        key, at = json.decoder.scanstring(raw, at + 1)
        at = _skip_space(raw, _skip_space(raw, at) + 1)   # past the colon
        start = at
        _, at = decoder.raw_decode(raw, at)
        values[key] = (start, at)
        at = _skip_space(raw, at)
        at = _skip_space(raw, at + 1) if raw[at: at + 1] == "," else at
    return fields, values


def _skip_space(raw: str, at: int) -> int:
    while at < len(raw) and raw[at] in " \t\r\n":
        at += 1
    return at
