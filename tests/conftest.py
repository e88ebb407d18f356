"""Shared helpers for the tests: paths and running the command line in-process."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.cli import main

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"
CORPUS = ROOT.parent / "shared" / "corpus" / "cards.jsonl"


@pytest.fixture
def run_cli(capsys):
    """Run ``riftbound ARGS`` in-process; returns (exit code, stdout, stderr)."""
    def run(*args: str):
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err
    return run
