"""Properties of the linter over generated card texts: no crash, spans inside the text, fixes settle."""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.lint.config import LintConfig
from interpreter.lint.engine import card_findings
from interpreter.lint.fixer import fix_source
from interpreter.lint.source import parse_source

PIECES = ["[S]", "[T]", "[1]", "[M]", "[E]", "[ADD]", "[Legion]", "[Deathknell]", "Hidden", "Assault 2", " — ", " - ",
          " – ", "(", ")", '"', "“", "”", "’", "'", "it", "If you do, ", "may buff two units", "a 2 [M] Recruit unit token",
          "card", "token", "here", "me", "this", ".", ",", "\n", " ", "\\", "é", "Play two ", "[Shield 3] (+1 [M] while I'm a defender.)"]
CONFIG = LintConfig(select=("ALL", "RB206")).resolve()


def texts():
    return st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts(), st.sampled_from(["Unit", "Gear", "Spell"]), st.booleans())
def test_rules_stay_in_bounds_and_fixes_settle(text, kind, jsonl):
    content = json.dumps({"name": "Fuzz", "type": kind, "text": text}) + "\n" if jsonl else \
        f"name: Fuzz\ntype: {kind}\ntext: {json.dumps(text)}\n"
    source = parse_source(Path("fuzz.jsonl" if jsonl else "fuzz.yaml"), content)
    for _, finding in card_findings(source.cards[0], CONFIG):
        assert 0 <= finding.start <= finding.end <= len(text)
        for edit in finding.fix.edits if finding.fix else ():
            assert 0 <= edit.start <= edit.end <= len(text)
    fixed, _ = fix_source(source, CONFIG, unsafe=True)
    again, count = fix_source(fixed, CONFIG, unsafe=True)
    assert (again.text, count) == (fixed.text, 0)
