"""`riftbound rule ID` reads the card pool's rule citations from a cache keyed by content:
the cached answer equals a fresh compile, and a broken cache file is rebuilt."""
from __future__ import annotations

import tempfile
from pathlib import Path

from interpreter import default_rules
from interpreter.base.resources import rules_data_dir
from interpreter.rules.cache import pickled
from interpreter.coverage.usage import _compiled_usages, _pool_key, effect_usages


def test_cached_citations_equal_a_fresh_compile_of_the_pool():
    rules = default_rules()
    cached = effect_usages(rules)
    assert cached == _compiled_usages(rules)
    recruit = [usage.what for cited, usage in cached if cited == "187.1"]
    assert recruit and all(": " in what for what in recruit)


def test_a_broken_cache_file_is_rebuilt():
    key = "test-" + _pool_key(rules_data_dir())[:8]
    path = Path(tempfile.gettempdir()) / f"riftbound-test-{key}.pickle"
    path.write_bytes(b"not a pickle")
    try:
        assert pickled("riftbound-test", key, lambda: [("187.1", "rebuilt")], list) == [("187.1", "rebuilt")]
        assert pickled("riftbound-test", key, lambda: ["not called"], list) == [("187.1", "rebuilt")]
    finally:
        path.unlink(missing_ok=True)

