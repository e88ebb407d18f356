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

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.cards.card_files import (TEXT_FIELDS, CardFields, card_files, card_values, check_json_card, json_line,
                                         jsonl_line_parts)
from interpreter.base.diagnostics import Diagnostic, InputError, mark_position
from interpreter.base.file_input import compose_yaml, read_source
from interpreter.cards.textmap import TextMap, json_map

DEFAULT_MAX_BYTES = 2 * 1024 * 1024


@dataclass
class CardRecord(CardFields):
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


# ---- YAML and JSONL: the card loader's reading and field checks (interpreter.cards) -----
def _yaml_cards(text: str, path: str, problems: list[Diagnostic]) -> list[CardRecord]:
    cards = []
    for document in compose_yaml(text, path):           # a YAML syntax error stops the file
        items = document.value if isinstance(document, yaml.SequenceNode) else [document]
        for item in items:
            try:                                        # one bad card: the others are still read
                fields, texts = card_values(item, text, path)
            except InputError as error:
                problems.append(error.diagnostic)
                continue
            line = mark_position(text, item.start_mark)[0]
            cards.append(CardRecord(fields, path, line, texts, item.start_mark.index, _value_spans(item)))
    return cards


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


def _jsonl_cards(text: str, path: str, problems: list[Diagnostic]) -> list[CardRecord]:
    cards = []
    for number, line_start, raw in jsonl_line_parts(text):
        try:                                            # one bad line: the others are still read
            fields, values = json_line(raw, number, path)
            check_json_card(fields, values, raw, number, path)
        except InputError as error:
            problems.append(error.diagnostic)
            continue
        texts = {key: json_map(fields[key], raw, line_start, values[key][0])
                 for key in TEXT_FIELDS if isinstance(fields.get(key), str) and key in values}
        spans = {(key,): (line_start + start, line_start + end) for key, (start, end) in values.items()}
        cards.append(CardRecord(fields, path, number, texts, line_start, spans))
    return cards


def card_paths(paths: list[Path]) -> list[Path]:
    """Files named, and the card files below folders named, in a stable order."""
    found = []
    for path in paths:
        if path.is_dir():
            found.extend(card_files(path))
        else:
            found.append(path)
    return found
