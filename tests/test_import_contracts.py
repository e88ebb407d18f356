"""The house's import contracts (pyproject.toml, [tool.importlinter]) hold: stages import only
down the pipeline, the renderer and the linter never reach the runtime."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def test_import_contracts_are_kept():
    command = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(command), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
