"""Random legal play on the embedded card pool: steps per second and invariants broken.

Two players with decks drawn from cards/ (units, gear, spells), basic runes and two
battlefields take random actions: play a card (accelerated when it can be), activate
abilities, hide, standard moves, resolve the chain, end the turn, and the game actions
effects can cause (damage, kill, recall, buff, stun, take control, replace with a
token, swap back, return to hand, banish, recycle). Refused actions must leave the
state unchanged. After every step the invariants are checked: every object in exactly
one zone, no token outside the board or the chain, owners unchanged, as many cards as
at the start. Prints the median steps per second over RUNS runs.

Run: ``python benchmarks/random_play.py [STEPS] [RUNS] [SEED] [--detail]`` (defaults 3000, 5, 1);
``--detail`` counts each kind of action done and refused, by the rule that refused it.
``--games [GAMES] [SEED]`` plays full games by the rules instead, from setup to a winner, and prints
full games and steps per second: the measure of ``benchmarks/full_games.py``, which it runs.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from interpreter.engine import actions, combat
from interpreter.engine.card_pool import CardPool
from interpreter.engine.cleanup import cleanup
from interpreter.compiler.compile import compiler
from interpreter.base.diagnostics import InputError
from interpreter.engine.errors import UnsupportedEffect
from interpreter.engine.state import token_characteristics
from interpreter.engine.playing import activate, hide, play_card, playable_locations, resolve_top
from interpreter.engine.priority import holder, pass_priority, settle
from interpreter.engine.replace_action import replace, swap_back
from interpreter.rules.data import default_rules
from interpreter.engine.invariants import Invariants, fingerprint
from interpreter.engine.state import Characteristics, GameState, IllegalAction
from interpreter.engine.traits import abilities_of, keywords_of
from interpreter.engine.turn import end_turn

PLAYERS = ("A", "B")
DECK_SIZE = 24
DOMAINS = "RGBOPY"
TOKENS = ("Recruit", "Mech", "Bird", "Sprite", "Brush", "Baron Pit")


def runnable(card) -> bool:
    """A card whose text compiles and whose every effect the runtime has a handler for (engine/runs.py)."""
    from interpreter.engine.runs import card_gap

    return card_gap(card) is None


def new_game(rng: random.Random) -> GameState:
    """A fresh game in A's main phase: decks, runes, battlefields, legends, opening hands."""
    pool = CardPool()
    state = GameState(default_rules(), list(PLAYERS), "A")
    main = [c for c in pool.cards.values() if c.card.card_type in ("unit", "gear", "spell")
            and c.card.fields.get("supertype") != "Token" and runnable(c.card)]
    battlefields = [c for c in pool.cards.values() if c.card.card_type == "battlefield"
                    and c.card.fields.get("supertype") != "Token"]
    for slot in range(2):
        chars = battlefields[slot].characteristics() if slot < len(battlefields) else \
            Characteristics("Open Field", "battlefield")
        state.battlefields.append(state.new_object(chars, PLAYERS[slot], None, ("battlefield_zone", None)))
    legend = pool.get("Herald of the Arcane")
    for player in PLAYERS:
        for _ in range(DECK_SIZE):
            state.new_object(rng.choice(main).characteristics(), player, player, ("deck", player))
        for _ in range(12):
            letter = rng.choice(DOMAINS)
            chars = Characteristics(f"{letter} Rune", "rune", domains=(letter,), supertype="Basic")
            state.new_object(chars, player, player, ("rune_deck", player))
        if legend is not None:
            state.new_object(legend.characteristics(), player, player, ("legend", player))
        actions.draw(state, player, 4)
        actions.channel(state, player, 3)
    state.log.clear()
    return state


def candidates(state: GameState, rng: random.Random) -> list:
    """Actions worth trying now, as (label, function) pairs; the rules decide if they are legal."""
    found = []
    if state.chain:
        found.append(("resolve", lambda: resolve_top(state)))
    else:
        found.append(("end_turn", lambda: end_turn(state)))
    if holder(state) is not None:
        found.append(("pass", lambda: pass_priority(state, holder(state))))
    for player in PLAYERS:
        for card in list(state.objects(("hand", player))):
            found.extend(_plays(state, player, card))
            found.append(("hide", lambda p=player, c=card: hide(state, p, c, rng.randrange(len(state.battlefields)))))
        for slot in range(len(state.battlefields)):
            for card in state.objects(("facedown", slot)):
                found.append(("play hidden", lambda p=player, c=card: play_card(state, p, c, None)))
    board = state.board_objects()
    for obj in board:
        found.extend(_object_actions(state, obj, rng))
    return found


def _plays(state, player, card):
    locations = playable_locations(state, player) if card.card_type == "unit" else [None]
    plays = [("play", lambda p=player, c=card, w=where: play_card(state, p, c, w)) for where in locations]
    if "Accelerate" in keywords_of(state, card):
        plays.append(("play accelerated", lambda p=player, c=card: play_card(state, p, c, None, accelerate=True)))
    return plays


def _object_actions(state, obj, rng):
    found = []
    if any(type(a).__name__ == "ActivatedAbility" for a in abilities_of(obj)):
        found.append(("activate", lambda: activate(state, obj.controller, obj, 1)))
    if obj.card_type == "unit":
        other = rng.choice([("base", obj.controller)] + [("battlefield", s) for s in range(len(state.battlefields))])
        found += [("standard move", lambda: actions.move(state, obj, other, standard=True)),
                  ("damage", lambda: actions.deal_damage(state, obj, rng.randint(1, 3), rng.choice(PLAYERS))),
                  ("buff", lambda: actions.buff(state, obj)), ("stun", lambda: actions.stun(state, obj)),
                  ("take control", lambda: actions.take_control(state, obj, rng.choice(PLAYERS)))]
    if obj.card_type in ("unit", "gear"):
        found += [("kill", lambda: actions.kill(state, obj)), ("recall", lambda: actions.recall(state, obj)),
                  ("return to hand", lambda: actions.return_to_hand(state, obj)),
                  ("banish", lambda: actions.banish(state, obj)), ("recycle", lambda: actions.recycle(state, obj)),
                  ("replace", lambda: replace(state, obj, _token(rng.choice(TOKENS[:4])), obj.controller))]
    if obj.token:
        found.append(("swap back", lambda: swap_back(state, obj)))
    return found


def _token(name: str) -> Characteristics:
    return token_characteristics(compiler().token(name, None))


def play(steps: int, seed: int) -> tuple[float, dict, dict]:
    """Run ``steps`` random actions; returns (seconds, invariants broken, action counts)."""
    rng = random.Random(seed)
    state = new_game(rng)
    invariants = Invariants(state)
    counts = {"done": 0, "refused": 0, "games": 1, "unsupported": 0}
    start = time.perf_counter()
    for _ in range(steps):
        if state.winner is not None or len(state.log) > 5000:
            state = new_game(rng)
            invariants = Invariants(state)
            counts["games"] += 1
        label, action = rng.choice(candidates(state, rng))
        before = fingerprint(state)
        try:
            action()
            if state.cleanup_due and not state.chain:
                cleanup(state)
            settle(state)
            while combat.awaiting(state) is not None:                  # the default assignment (465.2.c)
                combat.assign(state, combat.awaiting(state), None)
                settle(state)
            counts["done"] += 1
            counts[f"done {label}"] = counts.get(f"done {label}", 0) + 1
        except IllegalAction as refused:
            counts["refused"] += 1
            counts[f"refused {label} ({refused.rule})"] = counts.get(f"refused {label} ({refused.rule})", 0) + 1
            invariants.expect(fingerprint(state) == before, f"refused {label} changed the state")
        except (UnsupportedEffect, InputError) as gap:
            counts["unsupported"] += 1
            counts[f"unsupported {label}: {gap}"] = counts.get(f"unsupported {label}: {gap}", 0) + 1
        invariants.check(state)
    return time.perf_counter() - start, invariants.broken, counts


def main() -> None:
    if "--games" in sys.argv:                        # full games (interpreter/games): benchmarks/full_games.py
        import runpy
        from pathlib import Path

        sys.argv = [sys.argv[0]] + [a for a in sys.argv[1:] if a != "--games"]
        runpy.run_path(str(Path(__file__).with_name("full_games.py")), run_name="__main__")
        return
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    steps, runs, seed = (numbers + [3000, 5, 1][len(numbers):])[:3]
    rates, broken, totals = [], {}, {}
    for run in range(runs):
        seconds, run_broken, counts = play(steps, seed + run)
        rates.append(steps / seconds)
        for key, value in run_broken.items():
            broken[key] = broken.get(key, 0) + value
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    print(f"random play: {steps} steps x {runs} runs on the embedded card pool")
    print(f"steps per second (median): {statistics.median(rates):.0f}")
    print(f"actions done {totals['done']}, refused {totals['refused']}, unsupported {totals['unsupported']}, "
          f"games {totals['games']}")
    print(f"invariants broken: {sum(broken.values())}" + "".join(f"\n  {k}: {v}" for k, v in sorted(broken.items())))
    if "--detail" in sys.argv:
        for key, value in sorted(totals.items()):
            print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
