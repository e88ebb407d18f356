"""Random legal play keeps the runtime's invariants (the benchmark's checks, few steps, not timed)."""
from __future__ import annotations

import importlib.util

import pytest

from conftest import ROOT


def _benchmark():
    spec = importlib.util.spec_from_file_location("random_play", ROOT / "benchmarks" / "random_play.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_breaks_no_invariant(seed):
    _seconds, broken, counts = _benchmark().play(800, seed)
    assert broken == {}
    assert counts["done"] > 50 and counts["refused"] > 0 and counts["unsupported"] == 0
