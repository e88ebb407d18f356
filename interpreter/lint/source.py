"""Reading card files for the linter: YAML card files and corpus JSONL, with bounded work.

Every text field of every card keeps a ``TextMap`` into its file, so findings point at
file positions and fixes edit file spans. Bad input raises ``InputError`` with one
diagnostic: missing or non-regular files, files over the size limit, binary or
non-UTF-8 bytes, invalid YAML or JSON, and YAML whose aliases would expand far beyond
the document (anchor "bombs") or refer to themselves. Aliases are never expanded
blindly: the expanded size is counted on the node graph first.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.cards.card_files import TEXT_FIELDS, card_files, card_values, check_json_card, jsonl_objects
from interpreter.base.diagnostics import mark_position
from interpreter.base.file_input import compose_yaml, read_source
from interpreter.cards.textmap import TextMap, json_map

DEFAULT_MAX_BYTES = 2 * 1024 * 1024


@dataclass
class CardRecord:
    """A card as the linter sees it: fields, where it starts, and its texts mapped into the file."""

    fields: dict
    path: str
    line: int
    texts: dict[str, TextMap] = field(default_factory=dict)

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
    if path.suffix == ".jsonl":
        return SourceFile(path, text, "jsonl", _jsonl_cards(text, str(path)), bom, mtime)
    return SourceFile(path, text, "yaml", _yaml_cards(text, str(path)), bom, mtime)


# ---- YAML and JSONL: the card loader's reading and field checks (interpreter.cards) -----
def _yaml_cards(text: str, path: str) -> list[CardRecord]:
    cards = []
    for document in compose_yaml(text, path):
        items = document.value if isinstance(document, yaml.SequenceNode) else [document]
        for item in items:
            fields, texts = card_values(item, text, path)
            cards.append(CardRecord(fields, path, mark_position(text, item.start_mark)[0], texts))
    return cards


def _jsonl_cards(text: str, path: str) -> list[CardRecord]:
    cards = []
    for number, line_start, raw, fields, values in jsonl_objects(text, path):
        check_json_card(fields, values, raw, number, path)
        texts = {key: json_map(fields[key], raw, line_start, values[key][0])
                 for key in TEXT_FIELDS if isinstance(fields.get(key), str) and key in values}
        cards.append(CardRecord(fields, path, number, texts))
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
