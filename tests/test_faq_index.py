"""The FAQ index (tests/scenarios/faq_index.yaml) covers every ruling of the seed FAQ, and its scenarios run.

Each of the 50 rulings has an entry with its first words and the scenarios that run it. Every scenario the
index names exists and passes, or is pending with its reason (a ruling the runtime cannot run yet). The two
rulings about game setup, which scenarios start after, are run by tests at the end of this file. When the
seed file is at hand (``RIFTBOUND_SEEDS`` or ``../shared/seeds`` beside the checkout), the first words are
checked against it, ruling by ruling.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from interpreter.scenarios.load import load_scenarios
from interpreter.scenarios.run import run_scenario

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "scenarios"
INDEX = yaml.safe_load((FOLDER / "faq_index.yaml").read_text(encoding="utf-8"))["rulings"]
SEED_NAME = "004_68c97f98a3abac22.txt"


def _seed_rulings() -> list[str] | None:
    for folder in (os.environ.get("RIFTBOUND_SEEDS"), ROOT.parent / "shared" / "seeds", "/work/shared/seeds"):
        if folder and (Path(folder) / SEED_NAME).is_file():
            text = (Path(folder) / SEED_NAME).read_text(encoding="utf-8")
            return [part.strip() for part in text.split("Ruling:")[1:]]
    return None


def _scenarios(entry: dict) -> list:
    found = []
    for ref in entry["scenarios"]:
        if "test" in ref:                               # a ruling about setup, run by a test of this file
            continue
        scenarios = load_scenarios(FOLDER / ref["file"])
        if "name" in ref:
            scenarios = [s for s in scenarios if s.name == ref["name"]]
            assert scenarios, f"ruling {entry['ruling']}: no scenario named {ref['name']!r} in {ref['file']}"
        found.extend(scenarios)
    return found


def test_the_index_covers_all_fifty_rulings_in_order():
    assert [entry["ruling"] for entry in INDEX] == list(range(1, 51))
    words = [entry["words"] for entry in INDEX]
    assert len(set(words)) == 50 and all(len(w.split()) >= 5 for w in words)
    assert all(entry["scenarios"] for entry in INDEX)


def test_the_first_words_are_those_of_the_seed_rulings():
    rulings = _seed_rulings()
    if rulings is None:
        pytest.skip("the seed FAQ is not beside this checkout")
    assert len(rulings) == 50
    for entry, ruling in zip(INDEX, rulings):
        assert " ".join(ruling.split()).startswith(entry["words"]), entry["ruling"]


def test_the_tests_the_index_names_are_in_this_file():
    named = [ref["test"] for entry in INDEX for ref in entry["scenarios"] if "test" in ref]
    assert named and all(name in globals() and name.startswith("test_") for name in named)


@pytest.mark.parametrize("entry", INDEX, ids=lambda e: f"ruling_{e['ruling']:02d}")
def test_each_ruling_runs(entry):
    if all("test" in ref for ref in entry["scenarios"]):
        return                                          # run as the tests named (setup)
    results = [run_scenario(scenario) for scenario in _scenarios(entry)]
    assert all(r.status in ("pass", "pending") for r in results), [r.reasons for r in results]
    assert all(r.scenario.pending for r in results if r.status == "pending")
    if not any(r.status == "pass" for r in results):
        pytest.skip(f"ruling {entry['ruling']} is pending: " + results[0].scenario.pending)


def test_most_rulings_run_and_only_named_gaps_wait():
    passing = [e for e in INDEX if any(s.pending is None for s in _scenarios(e))
               or all("test" in ref for ref in e["scenarios"])]
    assert len(passing) >= 36
    for entry in INDEX:
        if entry not in passing:
            scenarios = _scenarios(entry)
            assert all(s.pending and len(s.pending) > 30 for s in scenarios), entry["ruling"]


# ---- rulings about game setup, which scenarios start after: run by the setup itself -----------------------
def _setup_log(seed: int):
    import random

    from interpreter import default_rules
    from interpreter.decks.deck_file import load_deck
    from interpreter.engine.card_pool import CardPool
    from interpreter.engine.setup import deck_cards, set_up

    pool = CardPool()
    decks = {"A": deck_cards(load_deck(ROOT / "tests" / "decks" / "loose-cannon.yaml"), pool),
             "B": deck_cards(load_deck(ROOT / "tests" / "decks" / "herald-of-the-arcane.yaml"), pool)}
    state = set_up(default_rules(), decks, random.Random(seed))
    return state, [event.rules for event in state.log]


def _first(log, rule: str) -> int:
    return next(index for index, rules in enumerate(log) if rule in rules)


@pytest.mark.parametrize("seed", [1, 2])
def test_setup_reveals_legends_champions_and_battlefields_before_turn_order_then_mulligans(seed):
    """Ruling 35: legends, then champions, then battlefields are revealed; then 1st/2nd; then mulligans."""
    _state, log = _setup_log(seed)
    assert _first(log, "111") < _first(log, "112") < _first(log, "113") < _first(log, "115") < _first(log, "117.1")


def test_turn_order_is_chosen_after_the_battlefields_which_are_face_up():
    """Ruling 37: the battlefields are on the board face up before the turn order is chosen."""
    state, log = _setup_log(3)
    assert _first(log, "113") < _first(log, "115")
    assert len(state.battlefields) == 2 and not any(b.facedown for b in state.battlefields)
