"""Helpers shared by the command modules: telling texts from paths, reading cards, exit codes.

One exit-code policy for every command (docs/command-line.md):
  0  success;
  1  findings or failures: a card or a text that does not parse or compile, a card whose
     rendering does not round-trip, a failing scenario, a lint finding;
  2  input or usage errors: a path that does not exist, a malformed file (invalid YAML, an
     unknown field), a bad option; one diagnostic on stderr, never a traceback.
A text given on the command line is judged as a card's text is: not compiling is a failure.
"""
from __future__ import annotations

import sys
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError

_PATH_SUFFIXES = (".yaml", ".yml", ".jsonl", ".json")
START_CHOICES = ("card_text", "effect_text", "token_definition", "rule_statement")


def source_kind(source: str) -> str:
    """'path' for an existing file or folder or what looks like one, else 'text'."""
    if not source.strip():
        return "text"
    path = Path(source)
    if "\n" not in source and len(source) < 4096 and (path.exists() or path.is_symlink()):   # a link loop is a path
        return "path"
    if "\n" not in source and (source.endswith(_PATH_SUFFIXES) or source.endswith(("/", "\\"))):
        raise InputError(Diagnostic("E003", "no such file or folder", source, 1, 1,
                                    help="expected an existing card file, folder, or a card text in quotes"))
    return "text"


SUCCESS, FAILURES, INPUT_ERROR = 0, 1, 2
CARD_TYPES = ("Unit", "Spell", "Gear", "Rune", "Legend", "Battlefield")


def add_type_option(command) -> None:
    """``--type TYPE``: the card type a TEXT is read as (any case: unit, Unit)."""
    command.add_argument("--type", choices=CARD_TYPES, type=str.capitalize, default=None, dest="card_type",
                         help="for a TEXT: the card type it is read as (default: none)")


def failed(diagnostic) -> int:
    """Print a failure's diagnostic on stderr; the exit code of a failure."""
    print(diagnostic.format(), file=sys.stderr)
    return FAILURES


def text_failed(error) -> int:
    """A TEXT argument that does not parse or compile is a failure (1); an empty one is a usage
    error, and a problem located in another file (the rules data the text is read with) an input
    error: both raised on (2)."""
    if error.diagnostic.code == "E001" or error.diagnostic.path != "<text>":
        raise error
    return failed(error.diagnostic)


def rules_data_option(command) -> None:
    """``--rules-data DIR``: read and compile with another rules folder (a new set's actions and keywords)."""
    command.add_argument("--rules-data", metavar="DIR",
                         help="a rules_data folder whose actions, keywords and vocabulary the language reads "
                              "(default: the shipped one)")


def use_rules_data(folder: str | None) -> None:
    """Make ``folder`` the rules data of this run; a missing folder or a malformed entry is an input error."""
    if not folder:
        return
    if not Path(folder).is_dir():
        raise InputError(Diagnostic("E003", "no such folder", folder, 1, 1, help="expected a rules_data folder"))
    from interpreter.rules.data import use_rules_folder

    use_rules_folder(Path(folder))


def cards_of(source: str):
    from interpreter.cards.card_files import card_files, load_cards

    path = Path(source)
    files = card_files(path) if path.is_dir() else [path]
    return [card for file in files for card in load_cards(file)]
