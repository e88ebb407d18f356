"""A cache of the parsed rule book, so start-up does not parse every rules statement again
(and ``pickled``, the same kind of cache for other values derived from the shipped files).

Only the shipped rules_data folder is cached (other folders, such as modified copies in
tests, are parsed each time). The cache file is named by a hash of everything the parsed
book depends on: the rules files, the grammar, and the modules that read them; a changed
byte anywhere gives a new file. An identical copy elsewhere (an installed wheel) shares the
file; its paths are moved to the copy's folder on loading. ``disk_cache`` reads and writes
the file: one that cannot be read is ignored and rebuilt, and a cache is never half-written.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from interpreter.base import disk_cache
from interpreter.language.parse import grammar_source
from interpreter.base.resources import rules_data_dir
from .book import INDEX_FILE, RuleBook

_MODULES = ("rules/book.py", "language/rule_statements.py", "language/transform_statements.py",
            "language/transform_turn.py", "language/transform.py", "language/nodes.py")
_VERSION = b"rule-book/2"


def load_book(folder: Path) -> RuleBook:
    """The RuleBook of ``folder``, from the cache when it is the shipped folder and unchanged."""
    folder = Path(folder)
    if not is_shipped(folder):
        return RuleBook(folder)
    book = pickled("riftbound-rules", _key(folder), lambda: RuleBook(folder), RuleBook)
    return rebased(book, folder)


def is_shipped(folder: Path) -> bool:
    """Whether ``folder`` is the rules_data shipped with the project (the only one cached)."""
    return Path(folder).resolve() == rules_data_dir().resolve()


def pickled(prefix: str, key: str, build, kind: type):
    """The value stored under ``key`` in the temp folder (a file ``prefix-key.pickle``), or
    ``build()`` written there when there is none, it is unreadable, or it is not a ``kind``."""
    shipped = disk_cache.shipped_path(prefix, key)     # built when the wheel was (hatch_build.py)
    value = disk_cache.read(shipped, key) if shipped is not None else None
    if isinstance(value, kind):
        return value
    path = disk_cache.cache_path(prefix, key)
    value = disk_cache.read(path, key)
    if not isinstance(value, kind):
        value = build()
        disk_cache.write(path, key, value)
    return value


def rules_key(folder: Path) -> str:
    """The content hash of a rules_data folder's rule book (the rule-book cache's key)."""
    return _key(Path(folder))


def rebased(book: RuleBook, folder: Path) -> RuleBook:
    """The book with its file paths moved to ``folder`` (an identical copy elsewhere, e.g. a wheel)."""
    old, new = str(book.folder), str(folder)
    if old == new:
        return book
    book.folder = folder
    book.files = [new + name[len(old):] if name.startswith(old) else name for name in book.files]
    for rule_id, entry in book.entries.items():
        book.entries[rule_id] = replace(entry, where=_moved(entry.where, old, new),
                                        statement_wheres=tuple(_moved(w, old, new) for w in entry.statement_wheres))
    return book


def _moved(where, old: str, new: str):
    return replace(where, path=new + where.path[len(old):]) if where.path.startswith(old) else where


def _key(folder: Path) -> str:
    """A hash of the content the book depends on (not of where it lies)."""
    digest = hashlib.sha256(_VERSION)
    rules = folder / "rules"
    files = sorted(rules.glob("*.yaml")) if rules.is_dir() else []
    for path in [*files, rules / INDEX_FILE]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes() if path.exists() else b"-")
    data_files = sorted(p.name for p in folder.glob("*.yaml")) if folder.is_dir() else []
    digest.update(" ".join(data_files).encode())  # `data:` names one of them (book._data_file)
    digest.update(grammar_source().encode())
    here = Path(__file__).resolve().parent.parent  # interpreter/
    for name in _MODULES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:32]
