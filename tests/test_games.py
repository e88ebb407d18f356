"""Full games (`riftbound play`): from setup to a winner, with the invariants checked after every step."""
from __future__ import annotations

import json
import random
import subprocess
import sys

from conftest import ROOT

from interpreter import default_rules
from interpreter.decks.construction import Checker
from interpreter.decks.pool import card_pool
from interpreter.engine.runs import card_gap
from interpreter.games.drawn_decks import draw_deck


def _runs(card) -> bool:
    return card_gap(card) is None


def test_drawn_decks_are_legal_and_of_cards_that_run():
    pool = card_pool()
    known = {}
    runs = lambda card: known.setdefault(card.name, _runs(card))      # noqa: E731
    for seed in (1, 2):
        deck = draw_deck(pool, runs, random.Random(seed))
        assert Checker(pool).check(deck) == []
        assert sum(e.count for e in deck.main) + 1 == 40 and sum(e.count for e in deck.runes) == 12
        assert all(runs(pool[e.name]) for e in deck.main)


def test_a_seeded_game_is_played_to_a_winner_and_replays_the_same():
    def play():
        done = subprocess.run([sys.executable, "-m", "interpreter", "play", "--seed", "1", "--format", "json"],
                              cwd=ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)[0]
    game, again = play(), play()
    assert game == again
    assert game["winner"] in ("A", "B") and game["points"][game["winner"]] >= default_rules().scoring["victory_score"]["points"]
    assert game["broken"] == {} and game["stopped"] is None


def test_play_takes_two_deck_files_and_refuses_one():
    decks = [str(ROOT / "tests" / "decks" / name) for name in ("loose-cannon.yaml", "herald-of-the-arcane.yaml")]
    done = subprocess.run([sys.executable, "-m", "interpreter", "play", decks[0]], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "E064" in done.stderr
    done = subprocess.run([sys.executable, "-m", "interpreter", "play", *decks, "--log", "--max-turns", "3"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "[111]" in done.stdout and "[115, 115.1.b.1]" in done.stdout      # the log cites the setup rules
