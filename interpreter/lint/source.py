"""Reading card files for the linter: YAML card files and corpus JSONL, with bounded work.

Every text field of every card keeps a ``TextMap`` into its file, so findings point at
file positions and fixes edit file spans. Bad input raises ``InputError`` with one
diagnostic: missing or non-regular files, files over the size limit, binary or
non-UTF-8 bytes, invalid YAML or JSON, and YAML whose aliases would expand far beyond
the document (anchor "bombs") or refer to themselves. Aliases are never expanded
blindly: the expanded size is counted on the node graph first.

A card that cannot be read (not a mapping, an unknown field, a missing name or type)
does not stop the file: it becomes one of the file's ``problems`` and the other cards
are still linted. Every card keeps the file span of each of its field values
(``CardRecord.spans``), so rules over card fields point at the value they judge.
"""
from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.cards.card_files import CARD_FIELDS, CARD_TYPES, SUPERTYPES, card_files
from interpreter.base.diagnostics import Diagnostic, InputError, line_of
from interpreter.base.file_input import compose_yaml, input_error, read_source
from .textmap import TextMap, json_map, yaml_map

TEXT_FIELDS = ("text", "effect_text")
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
_STYLES = {"|": "literal", ">": "folded", "'": "single", '"': "double"}


@dataclass
class CardRecord:
    """A card as the linter sees it: fields, where it starts, and its texts mapped into the file."""

    fields: dict
    path: str
    line: int
    texts: dict[str, TextMap] = field(default_factory=dict)
    offset: int = 0                                      # file offset where the card starts
    spans: dict[tuple, tuple[int, int]] = field(default_factory=dict)   # key path -> file span of the value
    text_only: bool = False                              # a text given alone: no card fields to check

    def span(self, key: tuple) -> tuple[int, int]:
        """File span of the value at ``key`` (e.g. ``("cost", "power", 0)``), or of its nearest
        enclosing value, or the card's start."""
        for length in range(len(key), 0, -1):
            if key[:length] in self.spans:
                return self.spans[key[:length]]
        return self.offset, self.offset

    @property
    def name(self) -> str:
        return str(self.fields.get("name", "?"))

    @property
    def card_type(self) -> str | None:
        kind = self.fields.get("type")
        return kind.lower() if isinstance(kind, str) else None

    def ignored_codes(self) -> tuple[str, ...]:
        """Codes the card turns off with ``lint: {ignore: [CODE, ...]}``."""
        settings = self.fields.get("lint")
        codes = settings.get("ignore", ()) if isinstance(settings, dict) else ()
        return tuple(str(code) for code in codes) if isinstance(codes, (list, tuple)) else ()


@dataclass
class SourceFile:
    """A card file's text and its cards; ``kind`` is yaml or jsonl."""

    path: Path
    text: str
    kind: str
    cards: list[CardRecord]
    bom: bool = False
    mtime_ns: int = 0
    problems: list[Diagnostic] = field(default_factory=list)   # cards that could not be read
    _line_starts: list[int] | None = None

    @property
    def line_starts(self) -> list[int]:
        if self._line_starts is None:
            self._line_starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        return self._line_starts

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of file offset ``offset``."""
        index = bisect_right(self.line_starts, offset) - 1
        return index + 1, offset - self.line_starts[index] + 1

    def line_text(self, line: int) -> str:
        """The 1-based ``line`` without its line break ('' if absent)."""
        starts = self.line_starts
        if not 0 < line <= len(starts):
            return ""
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        return self.text[starts[line - 1]:end].rstrip("\r")


def load_source(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """Read and parse a card file for linting."""
    text, bom, mtime = read_source(path, max_bytes, "max-file-size in [tool.riftbound.lint]")
    return parse_source(path, text, bom, mtime)


def parse_source(path: Path, text: str, bom: bool = False, mtime: int = 0) -> SourceFile:
    """Cards of a file's text (YAML, or JSONL when the suffix is .jsonl)."""
    problems: list[Diagnostic] = []
    if path.suffix == ".jsonl":
        return SourceFile(path, text, "jsonl", _jsonl_cards(text, str(path), problems), bom, mtime, problems)
    return SourceFile(path, text, "yaml", _yaml_cards(text, str(path), problems), bom, mtime, problems)


def text_source(text: str, card_type: str | None = None) -> SourceFile:
    """A card text given on the command line, as a file of one card named ``<text>``."""
    fields = {"name": "<text>", "text": text}
    if card_type:
        fields["type"] = card_type
    starts = list(range(len(text)))
    text_map = TextMap(text, "literal", starts, [i + 1 for i in starts], 0)
    card = CardRecord(fields, "<text>", 1, {"text": text_map}, text_only=True)
    return SourceFile(Path("<text>"), text, "text", [card])


# ---- YAML -----------------------------------------------------------------------------
def _yaml_cards(text: str, path: str, problems: list[Diagnostic]) -> list[CardRecord]:
    cards = []
    for document in compose_yaml(text, path):           # a YAML syntax error stops the file
        items = document.value if isinstance(document, yaml.SequenceNode) else [document]
        for item in items:
            try:
                cards.append(_yaml_card(item, text, path))
            except InputError as error:                 # one bad card: the others are still read
                problems.append(error.diagnostic)
    return cards


def _yaml_card(node, text: str, path: str) -> CardRecord:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise input_error("E006", "a card must be a mapping", path, "expected fields such as name:, type: and text:",
                     line, node.start_mark.column + 1, line_of(text, line))
    constructor = yaml.SafeLoader("")
    fields, texts = {}, {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key not in CARD_FIELDS:
            key_line = key_node.start_mark.line + 1
            raise input_error("E007", f"unknown card field {key!r}", path, "expected one of: " + ", ".join(sorted(CARD_FIELDS)),
                         key_line, key_node.start_mark.column + 1, line_of(text, key_line))
        try:
            fields[key] = constructor.construct_object(value_node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError) as error:
            value_line = value_node.start_mark.line + 1
            problem = getattr(error, "problem", None) or str(error).splitlines()[0]
            raise input_error("E005", f"invalid YAML value for {key}: {problem}", path,
                         "expected plain YAML values (strings, numbers, lists, mappings)",
                         value_line, value_node.start_mark.column + 1, line_of(text, value_line)) from None
        if key in TEXT_FIELDS and isinstance(value_node, yaml.ScalarNode) and isinstance(fields[key], str):
            style = _STYLES.get(value_node.style or "", "plain")
            texts[key] = yaml_map(fields[key], text, value_node.start_mark.index, value_node.end_mark.index, style)
    record = CardRecord(fields, path, line, texts, node.start_mark.index, _value_spans(node))
    _check_card(record, node, text)
    return record


def _value_spans(node, key: tuple = (), depth: int = 3) -> dict[tuple, tuple[int, int]]:
    """File spans of the values below a mapping or sequence node, by key path (bounded depth)."""
    spans: dict[tuple, tuple[int, int]] = {}
    if isinstance(node, yaml.MappingNode):
        children = [(k.value, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]
    elif isinstance(node, yaml.SequenceNode):
        children = list(enumerate(node.value))
    else:
        return spans
    for name, child in children:
        path = key + (name,)
        spans[path] = (child.start_mark.index, child.end_mark.index)
        if depth > 1:
            spans.update(_value_spans(child, path, depth - 1))
    return spans


def _check_card(card: CardRecord, node, text: str) -> None:
    """Required fields and known types, located at the card (as ``interpreter.cards.card_files`` checks them)."""
    def fail(message: str, help: str) -> None:
        raise input_error("E008", message, card.path, help, card.line, node.start_mark.column + 1, line_of(text, card.line))
    if not isinstance(card.fields.get("name"), str):
        fail("a card needs a name", "expected name: followed by the card's name")
    if card.fields.get("type") not in CARD_TYPES:
        fail(f"{card.name}: unknown card type {card.fields.get('type')!r}", "expected one of " + ", ".join(CARD_TYPES))
    supertype = card.fields.get("supertype")
    if supertype is not None and supertype not in SUPERTYPES:
        fail(f"{card.name}: unknown supertype {supertype!r}", "expected one of " + ", ".join(SUPERTYPES))
    for key in TEXT_FIELDS:
        if not isinstance(card.fields.get(key) or "", str):
            fail(f"{card.name}: {key} must be a string", f"expected {key}: followed by the card's text")


# ---- JSONL ----------------------------------------------------------------------------
def _jsonl_cards(text: str, path: str, problems: list[Diagnostic]) -> list[CardRecord]:
    cards, offset = [], 0
    decoder = json.JSONDecoder()
    for number, raw in enumerate(text.split("\n"), start=1):
        line_start, offset = offset, offset + len(raw) + 1
        raw = raw.rstrip("\r")
        if not raw.strip():
            continue
        try:
            fields, keys, values = _json_object(raw, decoder)
        except (json.JSONDecodeError, RecursionError, ValueError) as error:
            column = getattr(error, "colno", 1)
            message = getattr(error, "msg", "nesting is too deep")
            problems.append(input_error("E005", f"invalid JSON: {message}", path,
                                        "expected one JSON card object a line", number, column, raw).diagnostic)
            continue
        if not isinstance(fields.get("name"), str):
            problems.append(input_error("E008", "a card needs a name", path, "expected a \"name\" field",
                                        number, 1, raw).diagnostic)
            continue
        texts = {key: json_map(fields[key], raw, line_start, keys[key])
                 for key in TEXT_FIELDS if isinstance(fields.get(key), str) and key in keys}
        spans = {(key,): (line_start + start, line_start + end) for key, (start, end) in values.items()}
        cards.append(CardRecord(fields, path, number, texts, line_start, spans))
    return cards


def _json_object(raw: str, decoder: json.JSONDecoder) -> tuple[dict, dict[str, int], dict[str, tuple[int, int]]]:
    """The object on a JSONL line, where each top-level string value's opening quote is, and the
    span of every top-level value."""
    fields, end = decoder.raw_decode(raw)
    if not isinstance(fields, dict):
        raise ValueError("a card must be a JSON object")
    if raw[end:].strip():
        raise json.JSONDecodeError("extra data after the card object", raw, end)
    keys: dict[str, int] = {}
    values: dict[str, tuple[int, int]] = {}
    at = _skip_space(raw, raw.index("{") + 1)
    while at < len(raw) and raw[at] == '"':
        key, at = json.decoder.scanstring(raw, at + 1)
        at = _skip_space(raw, _skip_space(raw, at) + 1)   # past the colon
        if raw[at] == '"':
            keys[key] = at
        start = at
        _, at = decoder.raw_decode(raw, at)
        values[key] = (start, at)
        at = _skip_space(raw, at)
        at = _skip_space(raw, at + 1) if raw[at: at + 1] == "," else at
    return fields, keys, values


def _skip_space(raw: str, at: int) -> int:
    while at < len(raw) and raw[at] in " \t\r\n":
        at += 1
    return at


def card_paths(paths: list[Path]) -> list[Path]:
    """Files named, and the card files below folders named, in a stable order."""
    found = []
    for path in paths:
        if path.is_dir():
            found.extend(card_files(path))
        else:
            found.append(path)
    return found
