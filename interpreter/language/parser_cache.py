"""A pickle of the built Lark parser in the temp folder, so a start-up does not rebuild it.

Lark's own cache (``cache=True``) keeps the parse tables in Lark's serialised form, and
every start turns that form back into objects in Python and builds the contextual
lexer's per-state lexers: about 0.2 s for the card parser. Pickling the finished
``Lark`` object instead (taken before its first parse, so no compiled scanner is in it)
loads in under a tenth of that. Lark's cache stays on: it is what a miss here builds from.
The pickle depends on Lark's internals, so the Lark version is part of the key, and a
file that fails to load in any way is rebuilt.

The file is keyed by a hash of the grammar text, the start rules, the Lark options and
the Lark and Python versions; ``disk_cache`` reads it with care and writes it atomically.
Equal entries of the parse table are shared before pickling (``_share_actions``). Three
things of a Lark object do not survive a plain pickle, and are handled here:
modules (the ``re`` module the lexers hold) are stored by name; the parser's ``Shift``
and ``Reduce`` actions are compared by identity, so they are stored as references to
Lark's own; a grammar ``Rule`` keeps a hash of its strings, which differs between
processes, so it is rebuilt through its constructor.
"""
from __future__ import annotations

import hashlib
import importlib
import pickle
import sys
import types

import lark
from lark import Lark
from lark.grammar import Rule
from lark.parsers.lalr_analysis import Reduce, Shift

from interpreter.base import disk_cache

_VERSION = "riftbound-parser/2"
_ACTIONS = {"Shift": Shift, "Reduce": Reduce}


class _ParserPickler(pickle.Pickler):
    """Pickles a Lark object: modules and parser actions by reference, rules by constructor."""

    def persistent_id(self, obj):
        if isinstance(obj, types.ModuleType):
            return ("module", obj.__name__)
        if obj is Shift or obj is Reduce:
            return ("action", obj.name)
        return None

    def reducer_override(self, obj):
        if type(obj) is Rule:
            return Rule, (obj.origin, obj.expansion, obj.order, obj.alias, obj.options)
        return NotImplemented


class _ParserUnpickler(pickle.Unpickler):
    """Reads what ``_ParserPickler`` wrote; only the ``re`` module is restored by name."""

    def persistent_load(self, pid):
        kind, name = pid
        if kind == "module" and name in ("re", "regex"):
            return importlib.import_module(name)
        if kind == "action":
            return _ACTIONS[name]
        raise pickle.UnpicklingError(f"unexpected reference {pid!r}")


def cache_key(grammar: str, options: dict) -> str:
    """A hash of everything the built parser depends on."""
    digest = hashlib.sha256(_VERSION.encode())
    for part in (lark.__version__, sys.version, repr(sorted(options.items())), grammar):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def load_parser(grammar: str, options: dict) -> Lark:
    """The Lark parser of ``grammar`` with ``options``: the pickled one if it is good, else built and stored."""
    key = cache_key(grammar, options)
    shipped = disk_cache.shipped_path("riftbound-parser", key)     # built when the wheel was (hatch_build.py)
    found = disk_cache.read(shipped, key, _ParserUnpickler) if shipped is not None else None
    if isinstance(found, Lark):
        return found
    path = disk_cache.cache_path("riftbound-parser", key)
    found = disk_cache.read(path, key, _ParserUnpickler)
    if isinstance(found, Lark):
        return found
    built = Lark(grammar, **options)
    _share_actions(built)
    disk_cache.write(path, key, built, _ParserPickler)
    return built


def _share_actions(parser: Lark) -> None:
    """Make equal (action, argument) pairs of the parse table one tuple each.

    NOTE: the table holds some 60,000 such pairs but only a few thousand different ones;
    shared, they are pickled once, which halves the file and its loading time. The pairs
    are read-only, so sharing them changes nothing in how the parser runs.
    """
    table = getattr(getattr(parser.parser, "parser", None), "_parse_table", None)
    shared: dict = {}
    for actions in getattr(table, "states", {}).values():
        for token, pair in actions.items():
            actions[token] = shared.setdefault(pair, pair)
