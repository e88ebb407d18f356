"""The modules that import one another (the compiler's and the renderer's) each import first,
in a fresh process.

The compiler's modules import one another (a condition compiles the instruction it names; a
clause compiles its condition), and so do the renderer's; a module that only worked when
another had loaded first would break a user's ``from interpreter.compiler.conditions import condition``.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

MODULES = sorted(f"{package}.{p.stem}" for package in ("compiler", "render")
                 for p in (ROOT / "interpreter" / package).glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_first_in_a_fresh_process(module):
    done = subprocess.run([sys.executable, "-c", f"import interpreter.{module}"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"interpreter.{module}: {done.stderr.strip().splitlines()[-1:]}"
