"""Finds the project's data folders (grammar/, rules_data/, cards/).

In a checkout they sit beside the package; in an installed wheel they are
shipped inside it as ``interpreter/_data/`` (see pyproject.toml).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # interpreter/


@cache
def data_dir(name: str) -> Path:
    """The folder ``name`` (grammar, rules_data or cards), wheel copy first."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"data folder {name!r} is neither in the package nor beside it")


def shipped_caches_dir() -> Path | None:
    """The cache files shipped in an installed wheel (``interpreter/_data/caches/``), or None."""
    folder = _PACKAGE / "_data" / "caches"
    return folder if folder.is_dir() else None


def grammar_dir() -> Path:
    return data_dir("grammar")


def rules_data_dir() -> Path:
    return data_dir("rules_data")


def cards_dir() -> Path:
    return data_dir("cards")
