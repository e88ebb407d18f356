"""The wheel ships grammar/, rules_data/ and cards/, and `riftbound` works outside the checkout."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import venv

import pytest

from conftest import ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the project's wheel installed (not the checkout)."""
    base = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(base / "dist"),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = (base / "dist").glob("*.whl")
    venv.EnvBuilder(with_pip=True).create(base / "venv")
    bin_dir = base / "venv" / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                   check=True, capture_output=True)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return bin_dir, elsewhere, wheel


def test_wheel_contains_the_data_folders(installed):
    import zipfile

    names = zipfile.ZipFile(installed[2]).namelist()
    for expected in ("interpreter/_data/grammar/common.lark", "interpreter/_data/rules_data/rules/100-199.yaml",
                     "interpreter/_data/cards/OGN/faithful-manufactor.yaml", "interpreter/schemas/compile.schema.json",
                     "interpreter/_data/docs/card-format.md"):
        assert expected in names


def test_command_runs_from_another_folder(installed):
    bin_dir, elsewhere, _ = installed
    result = subprocess.run([str(bin_dir / "riftbound"), "compile", "Create a 1 [M] Recruit token", "--format", "json"],
                            capture_output=True, text=True, cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    effect = json.loads(result.stdout)["results"][0]["abilities"][0]["effects"][0]
    assert effect["token"]["name"] == "Recruit"
    assert effect["created_to"]["rules"] == ["439.2.b.1"]


def test_installed_package_reads_its_own_data(installed):
    bin_dir, elsewhere, _ = installed
    code = "from interpreter.base.resources import cards_dir, grammar_dir; print(cards_dir()); print(grammar_dir())"
    result = subprocess.run([str(bin_dir / "python"), "-c", code], capture_output=True, text=True, cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    for line in result.stdout.splitlines():
        assert "_data" in line and str(ROOT) not in line
    pool = result.stdout.splitlines()[0]
    tokens = subprocess.run([str(bin_dir / "python"), "-m", "interpreter", "compile", f"{pool}/tokens", "--summary"],
                            capture_output=True, text=True, cwd=elsewhere)
    assert tokens.returncode == 0, tokens.stderr
    assert tokens.stdout.splitlines()[-1] == "compiled 4 of 4 cards (100.0%)"
    coverage = subprocess.run([str(bin_dir / "riftbound"), "coverage", pool, "--format", "json"],
                              capture_output=True, text=True, cwd=elsewhere)
    assert coverage.returncode == 0, coverage.stderr
    figures = json.loads(coverage.stdout)
    assert figures["cards"] == 769 and figures["compiled"] > 500
