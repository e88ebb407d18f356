"""Card files (DESIGN.md section 4): YAML cards with positions kept for diagnostics.

A file holds one card a document, or a list of cards. Each card keeps the file
position of its text, so a compile error points at the exact spot in the file.
Also reads corpus JSONL (one card a line).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic, InputError, line_of
from interpreter.base.file_input import compose_yaml, read_source

CARD_TYPES = ("Unit", "Spell", "Gear", "Rune", "Legend", "Battlefield")
SUPERTYPES = ("Champion", "Signature", "Token", "Basic")
# Fields of the card format, plus the corpus fields an imported card may carry.
CARD_FIELDS = {
    "name", "type", "supertype", "cost", "might", "domains", "tags", "text", "effect_text", "might_bonus",
    "lint", "set", "id", "printings", "sets", "rarity", "keywords", "legend_champion", "errata",
    "text_riot_gallery_2026_03", "alt_printed_texts", "collector_number", "source",
}
MAX_FILE_BYTES = 10 * 1024 * 1024
# The fields that hold card text: as printed, an Equipment's effect text (136), the current official wording.
TEXT_FIELDS = ("text", "effect_text", "text_riot_gallery_2026_03")


@dataclass(frozen=True)
class TextSource:
    """Maps a position in a card's text back to the file it was read from."""

    path: str
    file_text: str
    first_line: int          # 1-based file line of the text's first line
    first_column: int        # 1-based file column of the text's first character
    block: bool              # a block scalar: later lines start at their own indentation

    def locate(self, line: int, column: int) -> tuple[int, int]:
        if line == 1 or not self.block:
            return self.first_line + line - 1, (self.first_column + column - 1 if line == 1 else column)
        file_line = self.first_line + line - 1
        raw = line_of(self.file_text, file_line)
        return file_line, len(raw) - len(raw.lstrip(" ")) + column

    def diagnostic(self, code: str, message: str, line: int, column: int, help: str = "") -> Diagnostic:
        file_line, file_column = self.locate(line, column)
        return Diagnostic(code, message, self.path, file_line, file_column, line_of(self.file_text, file_line), help)


@dataclass
class Card:
    """One card as read from a file: its fields and where its texts are."""

    fields: dict
    path: str
    line: int
    sources: dict[str, TextSource] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.fields.get("name", "?"))

    @property
    def card_type(self) -> str | None:
        kind = self.fields.get("type")
        return kind.lower() if isinstance(kind, str) else None

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
    """The card files below ``folder``, in a stable order."""
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml", ".jsonl") and p.is_file())


def _yaml_cards(text: str, path: str) -> list[Card]:
    cards = []
    for document in compose_yaml(text, path):            # anchor bombs refused (file_input)
        items = document.value if isinstance(document, yaml.SequenceNode) else [document]
        cards.extend(_card_from_node(item, text, path) for item in items)
    return cards


def _card_from_node(node, text: str, path: str) -> Card:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise InputError(Diagnostic("E006", "a card must be a mapping", path, line, node.start_mark.column + 1,
                                    line_of(text, line), "expected fields such as name:, type: and text:"))
    constructor = yaml.SafeLoader("")
    fields, sources = {}, {}
    for key_node, value_node in node.value:
        key = key_node.value
        if key not in CARD_FIELDS:
            key_line = key_node.start_mark.line + 1
            raise InputError(Diagnostic("E007", f"unknown card field {key!r}", path, key_line,
                                        key_node.start_mark.column + 1, line_of(text, key_line),
                                        "expected one of: " + ", ".join(sorted(CARD_FIELDS))))
        fields[key] = constructor.construct_object(value_node, deep=True)
        if key in TEXT_FIELDS and isinstance(value_node, yaml.ScalarNode):
            sources[key] = _text_source(value_node, text, path)
    card = Card(fields, path, line, sources)
    _check_card(card, node, text)
    return card


def _text_source(node: yaml.ScalarNode, text: str, path: str) -> TextSource:
    mark = node.start_mark
    if node.style in ("|", ">"):
        first_line = mark.line + 2
        raw = line_of(text, first_line)
        return TextSource(path, text, first_line, len(raw) - len(raw.lstrip(" ")) + 1, True)
    quoted = 1 if node.style in ('"', "'") else 0
    return TextSource(path, text, mark.line + 1, mark.column + 1 + quoted, False)


def _check_card(card: Card, node, text: str) -> None:
    """Required fields and known types, located at the card."""
    def fail(message: str, help: str) -> None:
        raise InputError(Diagnostic("E008", message, card.path, card.line, node.start_mark.column + 1,
                                    line_of(text, card.line), help))
    if not isinstance(card.fields.get("name"), str):
        fail("a card needs a name", "expected name: followed by the card's name")
    if card.fields.get("type") not in CARD_TYPES:
        fail(f"{card.name}: unknown card type {card.fields.get('type')!r}", "expected one of " + ", ".join(CARD_TYPES))
    supertype = card.fields.get("supertype")
    if supertype is not None and supertype not in SUPERTYPES:
        fail(f"{card.name}: unknown supertype {supertype!r}", "expected one of " + ", ".join(SUPERTYPES))
    if not isinstance(card.fields.get("text") or "", str):
        fail(f"{card.name}: text must be a string", "expected text: followed by the card's rules text")


def _jsonl_cards(text: str, path: str) -> list[Card]:
    cards = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            fields = json.loads(raw)
        except json.JSONDecodeError as error:
            raise InputError(Diagnostic("E005", f"invalid JSON: {error.msg}", path, number, error.colno, raw,
                                        "expected one JSON card object a line")) from None
        if not isinstance(fields, dict):
            raise InputError(Diagnostic("E006", "a card must be a JSON object", path, number, 1, raw,
                                        "expected one JSON card object a line"))
        sources = {key: JsonTextSource(path, text, number, 1, False, raw, fields[key])
                   for key in TEXT_FIELDS if isinstance(fields.get(key), str)}
        cards.append(Card(fields, path, number, sources))
    return cards


@dataclass(frozen=True)
class JsonTextSource(TextSource):
    """A text inside one JSONL line: positions map through the JSON string escapes."""

    raw: str = ""
    value: str = ""

    def locate(self, line: int, column: int) -> tuple[int, int]:
        lines = self.value.split("\n")
        offset = sum(len(part) + 1 for part in lines[: line - 1]) + column - 1
        ascii_only = "\\u" in self.raw
        key_at = self.raw.find(json.dumps(self.value, ensure_ascii=ascii_only)[:12])
        if key_at < 0:
            return self.first_line, 1
        escaped = json.dumps(self.value[:offset], ensure_ascii=ascii_only)
        return self.first_line, key_at + len(escaped)
