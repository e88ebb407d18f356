"""A cache of the parsed rule book, so start-up does not parse every rules statement again.

The key is a hash of everything the parsed book depends on: the rules files, the grammar,
and the modules that read them. A changed byte anywhere gives a new key; a cache file
that cannot be read is ignored and rebuilt. Files are written through a temporary file
and a rename, so a cache is never half-written. Only files this module wrote are read.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from .parse import grammar_source
from .rules_book import INDEX_FILE, RuleBook

_MODULES = ("rules_book.py", "rule_statements.py", "transform_statements.py", "transform.py", "nodes.py")
_VERSION = b"rule-book/1"


def load_book(folder: Path) -> RuleBook:
    """The RuleBook of ``folder``, from the cache when its sources are unchanged."""
    folder = Path(folder)
    key = _key(folder)
    path = Path(tempfile.gettempdir()) / f"riftbound-rules-{key}.pickle"
    book = _read(path)
    if book is None:
        book = RuleBook(folder)
        _write(path, book)
    return book


def _key(folder: Path) -> str:
    digest = hashlib.sha256(_VERSION)
    rules = folder / "rules"
    files = sorted(rules.glob("*.yaml")) if rules.is_dir() else []
    for path in [*files, rules / INDEX_FILE]:
        digest.update(str(path).encode())
        digest.update(path.read_bytes() if path.exists() else b"-")
    digest.update(grammar_source().encode())
    here = Path(__file__).resolve().parent
    for name in _MODULES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:32]


def _read(path: Path) -> RuleBook | None:
    try:
        with path.open("rb") as stream:
            book = pickle.load(stream)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    return book if isinstance(book, RuleBook) else None


def _write(path: Path, book: RuleBook) -> None:
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(book, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except OSError:
        pass  # no cache: the next start parses again
