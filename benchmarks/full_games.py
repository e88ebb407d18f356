"""Full games (interpreter/games): games per second, steps per second, winners and invariants broken.

Each game draws two legal decks of cards the runtime runs from the embedded pool by its seed, sets
up a Duel (110-118, 485) and plays heuristic (or random) players to a winner, a turn limit, or a
gap of the runtime that stops it; the invariants are checked after every step. The decks' cards
are compiled once (the check of which cards run), outside the timing.

Run: ``python benchmarks/full_games.py [GAMES] [SEED] [--random]`` (defaults 200, 1). Prints the
games and steps per second over the whole run and the median game's time, how many games were won,
stopped by a runtime gap (and the gaps), or cut by the turn limit, and the invariants broken.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

from interpreter import default_rules
from interpreter.decks.pool import card_pool
from interpreter.engine.card_pool import CardPool
from interpreter.engine.runs import card_gap
from interpreter.engine.setup import deck_cards
from interpreter.games.drawn_decks import draw_deck
from interpreter.games.game import play_game
from interpreter.games.players import PLAYERS


def main() -> None:
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    games, seed = (numbers + [200, 1][len(numbers):])[:2]
    kind = "random" if "--random" in sys.argv else "heuristic"
    pool, engine_pool, rules = card_pool(), CardPool(), default_rules()
    runs = {name: card_gap(card) is None for name, card in pool.items()}
    times, steps, outcomes, gaps, broken = [], 0, Counter(), Counter(), Counter()
    for n in range(games):
        rng = random.Random(seed + n)
        decks = [draw_deck(pool, lambda c: runs[c.name], rng) for _ in range(2)]
        cards = {name: deck_cards(deck, engine_pool) for name, deck in zip("AB", decks)}
        players = {name: PLAYERS[kind](random.Random((seed + n) * 2 + i)) for i, name in enumerate(cards)}
        start = time.perf_counter()
        result = play_game(rules, cards, players, rng)
        times.append(time.perf_counter() - start)
        steps += result.steps
        outcomes["won" if result.winner else "stopped" if result.stopped else "turn limit"] += 1
        if result.stopped:
            gaps[result.stopped] += 1
        broken.update(result.broken)
    total = sum(times)
    print(f"full games: {games} {kind} games from seed {seed} on the embedded card pool")
    print(f"games per second: {games / total:.2f}; steps per second: {steps / total:.0f}; "
          f"median game {statistics.median(times):.2f} s")
    print(f"won {outcomes['won']}, stopped by a runtime gap {outcomes['stopped']}, cut by the turn limit "
          f"{outcomes['turn limit']}")
    for gap, count in gaps.most_common(8):
        print(f"  {count:4d}  {gap}")
    print(f"invariants broken: {sum(broken.values())}" + "".join(f"\n  {k}: {v}" for k, v in sorted(broken.items())))


if __name__ == "__main__":
    main()
