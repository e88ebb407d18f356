"""``riftbound play [DECK_A DECK_B] [--seed N] [--games N]``: full games from setup to a winner.

With no decks, each game draws two legal decks of cards the runtime runs from the embedded pool by
its seed. Prints a line a game (the winner, the points, the turns and steps, refusals and the
invariants broken); ``--log`` prints each game's log, every line with the rules that decided it.
Exit 0 when no invariant broke, 1 otherwise; 2 for a deck file that is not a legal deck.
"""
from __future__ import annotations

import json
import random
from pathlib import Path


def register(commands) -> None:
    command = commands.add_parser("play", help="full games between two players, from setup to a winner")
    command.add_argument("decks", nargs="*", metavar="DECK.yaml", help="two deck files (default: drawn by the seed)")
    command.add_argument("--seed", type=int, default=1, help="the first game's seed (game N uses seed + N - 1)")
    command.add_argument("--games", type=int, default=1, help="how many games")
    command.add_argument("--players", choices=("random", "heuristic"), default="heuristic")
    command.add_argument("--max-turns", type=int, default=100, help="a game still running after this many turns "
                         "ends with no winner")
    command.add_argument("--log", action="store_true", help="print each game's log with its rules")
    command.add_argument("--format", choices=("text", "json"), default="text")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError

    if len(args.decks) not in (0, 2):
        raise InputError(Diagnostic("E064", f"{len(args.decks)} deck files given", "<command line>", 1, 1,
                                    help="expected two deck files, or none to draw two decks by the seed"))
    for name, value, low, high in (("--games", args.games, 1, 100_000), ("--max-turns", args.max_turns, 1, 10_000)):
        if not low <= value <= high:
            raise InputError(Diagnostic("E064", f"{name} {value} is out of range", "<command line>", 1, 1,
                                        help=f"expected a whole number from {low} to {high}"))
    known: dict[str, bool] = {}                       # whether each card runs, found once for all the games
    results = [_one(args, args.seed + n, known) for n in range(args.games)]
    if args.format == "json":
        print(json.dumps([_data(seed, result, decks) for seed, result, decks in results], indent=2))
    broken = sum(sum(result.broken.values()) for _, result, _ in results)
    if args.format == "text":
        won = sum(1 for _, result, _ in results if result.winner)
        stopped = sum(1 for _, result, _ in results if result.stopped)
        print(f"{len(results)} game(s): {won} won, {stopped} stopped by a gap of the runtime, "
              f"{len(results) - won - stopped} without a winner by the turn limit; invariants broken: {broken}")
    return 1 if broken else 0


def _one(args, seed: int, known: dict[str, bool]):
    from interpreter import default_rules
    from interpreter.decks.construction import Checker
    from interpreter.decks.deck_file import load_deck
    from interpreter.decks.pool import card_pool
    from interpreter.engine.card_pool import CardPool
    from interpreter.engine.setup import deck_cards
    from interpreter.games.game import play_game
    from interpreter.games.players import PLAYERS

    rng = random.Random(seed)
    decks = _decks(args, rng, card_pool(), Checker, load_deck, known)
    pool = CardPool()
    cards = {name: deck_cards(deck, pool) for name, deck in zip(("A", "B"), decks)}
    players = {name: PLAYERS[args.players](random.Random(seed * 2 + n)) for n, name in enumerate(cards)}
    result = play_game(default_rules(), cards, players, rng, args.max_turns)
    if args.format == "text":
        _print(seed, result, decks, args.log)
    return seed, result, decks


def _decks(args, rng, pool, checker_class, load_deck, known: dict[str, bool]) -> list:
    from interpreter.base.diagnostics import InputError

    if not args.decks:
        from interpreter.engine.runs import card_gap
        from interpreter.games.drawn_decks import draw_deck

        def runs(card) -> bool:
            if card.name not in known:
                known[card.name] = card_gap(card) is None
            return known[card.name]
        return [draw_deck(pool, runs, rng) for _ in range(2)]
    decks = [load_deck(Path(path)) for path in args.decks]
    checker = checker_class(pool)
    for deck in decks:
        findings = checker.check(deck)
        if findings:
            raise InputError(findings[0])
    return decks


def _print(seed: int, result, decks, log: bool) -> None:
    if log:
        for event in result.state.log:
            print(f"  {event.text}" + (f"  [{', '.join(event.rules)}]" if event.rules else ""))
    score = ", ".join(f"{name} {points}" for name, points in result.points.items())
    outcome = f"{result.winner} wins" if result.winner else (f"stopped ({result.stopped})" if result.stopped
                                                              else "no winner")
    names = " vs ".join(deck.name or deck.path for deck in decks)
    print(f"game seed {seed}: {outcome} ({score}) after {result.turns} turns, {result.steps} steps; {names}; "
          f"refused {result.refused}, unsupported {sum(result.unsupported.values())}, "
          f"invariants broken {sum(result.broken.values())}")


def _data(seed: int, result, decks) -> dict:
    return {"seed": seed, "winner": result.winner, "points": result.points, "turns": result.turns,
            "steps": result.steps, "refused": result.refused, "unsupported": result.unsupported,
            "broken": result.broken, "stopped": result.stopped, "decks": [deck.name or deck.path for deck in decks]}
