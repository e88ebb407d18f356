"""Which compiled cards the runtime runs whole (engine/runs.py), and `coverage` reporting it."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

from interpreter import compile_text
from interpreter.engine.runs import first_gap


def test_a_spell_the_runtime_handles_has_no_gap():
    assert first_gap(compile_text("Draw 1.", card_type="spell")) is None


def test_a_trigger_on_two_events_is_a_named_gap():
    gap = first_gap(compile_text("When I move or die, draw 1.", card_type="unit"))
    assert gap is not None and "more than one event" in gap


def test_a_game_action_without_a_handler_names_the_action(monkeypatch):
    from interpreter.engine import runs

    monkeypatch.setattr(runs, "ACTIONS", {})
    assert first_gap(compile_text("Draw 1.", card_type="spell")) == "the game action “draw” has no handler yet"


def test_coverage_json_reports_runs_beside_compiled(tmp_path):
    (tmp_path / "cards.yaml").write_text(
        "- {name: Quick Study, type: Spell, cost: {energy: 1}, text: 'Draw 1.'}\n"
        "- {name: Two Minds, type: Unit, might: 2, cost: {energy: 2}, text: 'When I move or die, draw 1.'}\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "interpreter", "coverage", str(tmp_path), "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    data = json.loads(done.stdout)
    assert (data["cards"], data["compiled"], data["runs"]) == (2, 2, 1)
    assert data["by_type"]["spell"] == {"cards": 1, "compiled": 1, "runs": 1}
    assert data["by_type"]["unit"] == {"cards": 1, "compiled": 1, "runs": 0}
    assert [gap["name"] for gap in data["run_gaps"]] == ["Two Minds"]
