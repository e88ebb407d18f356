"""The modules that import one another (compile_*, render_*) each import first, in a fresh process.

The compile modules import one another (a condition compiles the instruction it names; a
clause compiles its condition); a module that only worked when another had loaded first
would break a user's ``from interpreter.compile_conditions import condition``.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

MODULES = sorted(p.stem for p in (ROOT / "interpreter").glob("*.py") if p.stem.startswith(("compile", "render")))


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_first_in_a_fresh_process(module):
    done = subprocess.run([sys.executable, "-c", f"import interpreter.{module}"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"interpreter.{module}: {done.stderr.strip().splitlines()[-1:]}"
