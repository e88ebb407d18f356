"""Deck construction (101-103): `riftbound deck check` on deck files, each finding located and citing its rule."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT

from interpreter.decks.construction import Checker, limits
from interpreter.decks.deck_file import load_deck
from interpreter.decks.pool import card_pool

LEGAL = ROOT / "tests" / "decks" / "loose-cannon.yaml"


@pytest.fixture(scope="module")
def checker():
    return Checker(card_pool())


def _deck(tmp_path, text: str):
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _variant(tmp_path, old: str, new: str):
    return _deck(tmp_path, LEGAL.read_text(encoding="utf-8").replace(old, new))


def _codes(checker, path) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in checker.check(load_deck(path))]


def test_the_example_deck_is_legal(checker):
    assert checker.check(load_deck(LEGAL)) == []


def test_the_numbers_come_from_the_rules_data():
    values = limits("duel")
    assert values.main_deck_min == (40, "103.2") and values.copies_max == (3, "103.2.b")
    assert values.rune_deck == (12, "103.3.a") and values.battlefields == (3, "485.4.a")


def test_a_short_main_deck(checker, tmp_path):
    path = _variant(tmp_path, "  Noxus Hopeful: 1\n", "")
    findings = checker.check(load_deck(path))
    assert [f.code for f in findings] == ["DK004"]
    assert "39 cards" in findings[0].message and "103.2" in findings[0].message


def test_copies_count_the_chosen_champion(checker, tmp_path):
    path = _variant(tmp_path, "  Jinx, Rebel: 2\n", "  Jinx, Rebel: 3\n")     # 3 + the champion (103.2.b.1)
    findings = checker.check(load_deck(path))
    assert [(f.code, f.line) for f in findings] == [("DK005", 6)]
    assert "4 copies of Jinx, Rebel" in findings[0].message


def test_a_card_outside_the_domain_identity(checker, tmp_path):
    path = _variant(tmp_path, "  Noxus Hopeful: 1\n", "  Discipline: 1\n")
    findings = checker.check(load_deck(path))
    assert [f.code for f in findings] == ["DK006"]
    assert "103.1.b" in findings[0].message and findings[0].line == 19


def test_an_unknown_card_suggests_a_name(checker, tmp_path):
    path = _variant(tmp_path, "  Noxus Hopeful: 1\n", "  Noxus Hopefull: 1\n")
    findings = checker.check(load_deck(path))
    assert [(f.code, f.line, f.column) for f in findings][:1] == [("DK001", 19, 3)]
    assert "Noxus Hopeful" in findings[0].help


def test_the_champion_must_be_a_champion_unit_with_the_legends_tag(checker, tmp_path):
    signature = _variant(tmp_path, "champion: Jinx, Rebel", "champion: Super Mega Death Rocket!")
    assert ("DK002", 4) in _codes(checker, signature)
    other = _variant(tmp_path, "champion: Jinx, Rebel", "champion: Darius, Trifarian")
    assert ("DK003", 4) in _codes(checker, other)


def test_runes_battlefields_and_signatures(checker, tmp_path):
    path = _variant(tmp_path, "  Chaos Rune: 6\n", "  Chaos Rune: 5\n")
    assert _codes(checker, path) == [("DK008", 21)]
    path = _variant(tmp_path, "[Altar to Unity, Aspirant's Climb, Back-Alley Bar]", "[Altar to Unity, Altar to Unity]")
    assert _codes(checker, path) == [("DK009", 23), ("DK010", 23)]
    path = _variant(tmp_path, "  Noxus Hopeful: 1\n", "  Noxus Hopeful: 1\n  Fury Rune: 1\n")
    assert ("DK002", 20) in _codes(checker, path)


def test_the_command_exits_by_the_policy(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "interpreter", "deck", "check", *args], cwd=ROOT,
                              capture_output=True, text=True, check=False)
    legal = run(str(LEGAL), "--format", "json")
    assert legal.returncode == 0 and json.loads(legal.stdout)[0]["legal"] is True
    short = run(str(_variant(tmp_path, "  Noxus Hopeful: 1\n", "")))
    assert short.returncode == 1 and "DK004" in short.stdout and "Traceback" not in short.stderr
    bad = run(str(_deck(tmp_path, "legend: [a, b]\n")))
    assert bad.returncode == 2 and "E062" in bad.stderr and "deck.yaml:1:9" in bad.stderr
    unknown = run(str(_deck(tmp_path, "legend: X\nsideboard: []\n")))
    assert unknown.returncode == 2 and "E061" in unknown.stderr and ":2:1:" in unknown.stderr
    mode = run(str(LEGAL), "--mode", "chess")
    assert mode.returncode == 2 and "E063" in mode.stderr
