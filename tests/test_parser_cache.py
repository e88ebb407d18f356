"""The pickled parser and the cache files: same parses as a fresh Lark, safe against bad files."""
from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

from lark import Lark

from conftest import ROOT
from interpreter.base import disk_cache
from interpreter.language.parse import PARSER_STARTS, grammar_source
from interpreter.language.parser_cache import cache_key, load_parser

TEXTS = [
    "When you play me, play a 1 [M] Recruit unit token here.",
    "[Shield 2] (+2 [M] while I'm a defender.)\nWhen I attack, deal 2 to an enemy unit here.",
    "Choose one —\n• Draw 1.\n• Channel 1 rune exhausted.",
    "When you play me, summon a Recruit.",          # does not parse: the error must match too
    "Play a 1 [M] Goblin unit token here.",
]
OPTIONS = dict(parser="lalr", lexer="contextual", start=list(PARSER_STARTS["cards"]), propagate_positions=True,
               maybe_placeholders=False, cache=True)

# Run in a child process: the parse of TEXTS by the parser from the cache folder, by a Lark
# built afresh, and whether the cache file was read (same inode) rather than rewritten.
_CHILD = """
import json, os, sys
from lark import Lark, Token
from interpreter.language.parse import PARSER_STARTS, grammar_source
from interpreter.language.parser_cache import load_parser
from interpreter.base import disk_cache
from interpreter.language.parser_cache import cache_key

def signature(parser, text):
    def walk(node):
        if isinstance(node, Token):
            return [node.type, str(node), node.start_pos, node.end_pos]
        return [node.data, node.meta.start_pos, node.meta.end_pos, [walk(child) for child in node.children]]
    try:
        return walk(parser.parse(text, start="card_text"))
    except Exception as error:
        return [type(error).__name__, getattr(error, "line", 0), getattr(error, "column", 0),
                sorted(getattr(error, "expected", None) or getattr(error, "allowed", None) or [])]

texts, options = json.loads(sys.argv[1]), json.loads(sys.argv[2])
path = disk_cache.cache_path("riftbound-parser", cache_key(grammar_source(), options))
before = os.stat(path).st_ino if path.exists() else None
cached = load_parser(grammar_source(), options)
fresh = Lark(grammar_source(), **options)
print(json.dumps({"read": before is not None and os.stat(path).st_ino == before,
                  "cached": [signature(cached, t) for t in texts], "fresh": [signature(fresh, t) for t in texts]}))
"""


def _child(cache_dir, hash_seed: str) -> dict:
    env = dict(os.environ, RIFTBOUND_CACHE_DIR=str(cache_dir), PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(TEXTS), json.dumps(OPTIONS)], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_parser_pickled_by_another_process_parses_like_a_fresh_one(tmp_path):
    # Different hash seeds: string hashes kept inside the pickle would be wrong in the reader.
    first = _child(tmp_path, "1")
    second = _child(tmp_path, "2")
    assert first["read"] is False and second["read"] is True
    assert second["cached"] == second["fresh"] == first["fresh"]
    assert second["cached"][0][0] == "card_text"
    assert second["cached"][3][0] == "UnexpectedToken"


def test_a_damaged_cache_file_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv(disk_cache.FOLDER_VARIABLE, str(tmp_path))
    key = cache_key(grammar_source(), OPTIONS)
    path = disk_cache.cache_path("riftbound-parser", key)
    path.write_bytes(pickle.dumps((key, "x"))[:-7])     # truncated
    parser = load_parser(grammar_source(), OPTIONS)
    assert isinstance(parser, Lark)
    assert parser.parse(TEXTS[0], start="card_text").data == "card_text"
    written = path.stat().st_ino
    assert isinstance(load_parser(grammar_source(), OPTIONS), Lark)
    assert path.stat().st_ino == written                # the rebuilt file was good: read, not rewritten


def test_the_key_follows_the_grammar_and_the_options():
    grammar = grammar_source()
    key = cache_key(grammar, OPTIONS)
    assert key == cache_key(grammar, dict(OPTIONS))
    assert key != cache_key(grammar + "\n// a comment", OPTIONS)
    assert key != cache_key(grammar, {**OPTIONS, "start": ["rule_statement"]})


def test_a_cache_file_with_another_key_or_not_a_pickle_reads_as_missing(tmp_path):
    path = tmp_path / "riftbound-test-k.pickle"
    disk_cache.write(path, "k", {"value": 1})
    assert disk_cache.read(path, "k") == {"value": 1}
    assert disk_cache.read(path, "other") is None
    path.write_bytes(b"not a pickle at all")
    assert disk_cache.read(path, "k") is None
    assert disk_cache.read(tmp_path / "missing.pickle", "k") is None


def test_writing_leaves_only_the_finished_file(tmp_path):
    path = tmp_path / "riftbound-test-k.pickle"
    disk_cache.write(path, "k", list(range(1000)))
    disk_cache.write(path, "k", lambda: None)           # cannot be pickled: nothing written, old file kept
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert disk_cache.read(path, "k") == list(range(1000))


def test_the_cache_folder_can_be_chosen(tmp_path, monkeypatch):
    monkeypatch.setenv(disk_cache.FOLDER_VARIABLE, str(tmp_path))
    assert disk_cache.cache_path("riftbound-parser", "abc") == tmp_path / "riftbound-parser-abc.pickle"
