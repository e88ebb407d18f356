"""Deck files: a YAML mapping naming a deck's Champion Legend, Chosen Champion, Main Deck, Rune
Deck and Battlefields (103), each entry keeping its position for diagnostics.

    legend: Loose Cannon            # 103.1
    champion: Jinx, Rebel           # 103.2.a; counts as one card of the Main Deck
    main: {Get Excited!: 3, ...}    # 103.2: card name -> copies
    runes: {Fury Rune: 6, Chaos Rune: 6}   # 103.3
    battlefields: [The Grand Plaza, Altar to Unity, Zaun Warrens]   # 103.4
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic, InputError, line_of
from interpreter.base.file_input import compose_yaml, read_source

MAX_DECK_BYTES = 1024 * 1024
MAX_COPIES = 1000                       # far beyond any rule; bounds the work of a typo like 3000000
FIELDS = ("name", "legend", "champion", "main", "runes", "battlefields")


@dataclass(frozen=True)
class Entry:
    """One card named by a deck, how many copies, and where the file names it."""

    name: str
    count: int
    line: int
    column: int


@dataclass
class Deck:
    """A deck as its file gives it."""

    path: str
    text: str
    name: str | None = None
    legend: Entry | None = None
    champion: Entry | None = None
    main: list[Entry] = field(default_factory=list)
    runes: list[Entry] = field(default_factory=list)
    battlefields: list[Entry] = field(default_factory=list)
    line: int = 1

    def diagnostic(self, code: str, message: str, line: int, column: int, help: str = "") -> Diagnostic:
        return Diagnostic(code, message, self.path, line, column, line_of(self.text, line), help)


def load_deck(path: Path) -> Deck:
    """The deck of a file; a file that is not a deck raises one located InputError (E060-E062)."""
    text, _bom, _mtime = read_source(path, MAX_DECK_BYTES)
    documents = compose_yaml(text, str(path))
    deck = Deck(str(path), text)
    if len(documents) != 1 or not isinstance(documents[0], yaml.MappingNode):
        node = documents[0] if documents else None
        _fail(deck, "E060", "a deck file holds one mapping", node,
              "expected legend:, champion:, main:, runes: and battlefields:")
    root = documents[0]
    deck.line = root.start_mark.line + 1
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key not in FIELDS:
            _fail(deck, "E061", f"unknown deck field {key!r}", key_node, "expected one of: " + ", ".join(FIELDS))
        _read_field(deck, key, value_node)
    return deck


def _read_field(deck: Deck, key: str, node) -> None:
    if key == "name":
        deck.name = _scalar(deck, node, "the deck's name")
    elif key in ("legend", "champion"):
        setattr(deck, key, _entry(deck, node, 1))
    elif key == "battlefields":
        if not isinstance(node, yaml.SequenceNode):
            _fail(deck, "E062", "battlefields: must be a list of battlefield names", node,
                  "expected battlefields: [Name, Name, Name]")
        deck.battlefields = [_entry(deck, item, 1) for item in node.value]
    else:
        setattr(deck, key, _counted(deck, key, node))


def _counted(deck: Deck, key: str, node) -> list[Entry]:
    """``{name: copies}``, or a list of names (one copy each)."""
    if isinstance(node, yaml.SequenceNode):
        return [_entry(deck, item, 1) for item in node.value]
    if not isinstance(node, yaml.MappingNode):
        _fail(deck, "E062", f"{key}: must map card names to copies", node, f"expected {key}: {{Card Name: 3, ...}}")
    entries = []
    for name_node, count_node in node.value:
        count_text = _scalar(deck, count_node, "a number of copies")
        if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_COPIES:
            _fail(deck, "E062", f"{count_text!r} is not a number of copies", count_node,
                  f"expected a whole number from 1 to {MAX_COPIES}")
        entries.append(_entry(deck, name_node, int(count_text)))
    return entries


def _entry(deck: Deck, node, count: int) -> Entry:
    name = _scalar(deck, node, "a card name")
    return Entry(name, count, node.start_mark.line + 1, node.start_mark.column + 1)


def _scalar(deck: Deck, node, what: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or not str(node.value).strip():
        _fail(deck, "E062", f"expected {what} here", node, f"write {what} as plain text")
    return str(node.value).strip()


def _fail(deck: Deck, code: str, message: str, node, help: str) -> None:
    line, column = (node.start_mark.line + 1, node.start_mark.column + 1) if node is not None else (1, 1)
    raise InputError(deck.diagnostic(code, message, line, column, help))
