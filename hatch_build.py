"""Wheel build hook: ship the built parser tables and the parsed rule book inside the wheel.

Building the LALR tables of the grammar (and parsing every statement of rules_data with them) takes
seconds; a checkout keeps the result in the temp folder after its first run (parser_cache,
rules/cache.py). An installed wheel would pay that on its first command, so the build makes those
cache files once, in a child process of the build environment, and ships them as
``interpreter/_data/caches/``. They are keyed like the temp-folder files (grammar and lexicon text,
Lark and Python versions): when the installing environment differs, the key misses and the first
run builds them as before. Editable installs read the checkout and skip this.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_BUILD = ("from interpreter.language.parse import parser; parser('cards'); parser('statements'); "
          "from interpreter.rules.data import default_rules; default_rules()")


class CustomBuildHook(BuildHookInterface):
    """Adds the cache files to the wheel (target ``wheel``, not editable)."""

    def initialize(self, version, build_data):
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        out = root / "build" / "riftbound-caches"
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        # the checkout first, then the build environment's own path (pip's isolated build puts lark and pyyaml
        # there through PYTHONPATH, so it must be kept, not replaced)
        path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, RIFTBOUND_CACHE_DIR=str(out), PYTHONPATH=path)
        subprocess.run([sys.executable, "-c", _BUILD], check=True, cwd=root, env=env)
        for path in out.glob("riftbound-*.pickle"):
            build_data["force_include"][str(path)] = f"interpreter/_data/caches/{path.name}"
