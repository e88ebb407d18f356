"""Helpers shared by the command modules: telling texts from paths, reading cards."""
from __future__ import annotations

from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError

_PATH_SUFFIXES = (".yaml", ".yml", ".jsonl", ".json")
START_CHOICES = ("card_text", "effect_text", "token_definition", "rule_statement")


def source_kind(source: str) -> str:
    """'path' for an existing file or folder or what looks like one, else 'text'."""
    if not source.strip():
        return "text"
    path = Path(source)
    if "\n" not in source and len(source) < 4096 and path.exists():
        return "path"
    if "\n" not in source and (source.endswith(_PATH_SUFFIXES) or source.endswith(("/", "\\"))):
        raise InputError(Diagnostic("E003", "no such file or folder", source, 1, 1,
                                    help="expected an existing card file, folder, or a card text in quotes"))
    return "text"


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
