"""The end of a turn and the start of the next (315-317), with cleanups between phases (319.2).

End of turn: heal all units, "this turn" effects expire, stuns end, pools empty (317.2).
Start of turn: ready everything (315.1.b), Temporary kills before scoring (816.1.b),
hold every battlefield controlled (315.2.b.2, 469.2), channel 2 runes (315.3.b), draw
1 (315.4.b), then the main phase empties the pools (316.3).

NOTE: nobody acts in the phases a scenario skips through, so each phase's chain is
resolved before the next phase begins.
"""
from __future__ import annotations

from . import actions, triggers
from .cleanup import cleanup
from .playing import resolve_top
from .scoring import score
from .state import GameState


def end_turn(state: GameState) -> None:
    from .effect_run import run_at_end_of_turn
    run_at_end_of_turn(state)                                          # 317.1.a
    _settle(state)
    _expire(state)
    cleanup(state)
    index = state.order.index(state.turn_player)
    state.turn_player = state.order[(index + 1) % len(state.order)]    # 317.3
    state.turn_number += 1
    state.note(f"turn {state.turn_number}: {state.turn_player} is the turn player", "317.3")
    start_turn(state)


def _expire(state: GameState) -> None:
    for obj in state.board_objects():
        if obj.card_type == "unit":
            obj.damage = []
            obj.stunned = False                                        # 423.1.a.2
        obj.might_this_turn = 0
        obj.granted = [g for g in obj.granted if g[2] != "this turn"]
    heal = [t["rule"] for t in state.rules.might["heal_times"] if t["time"] == "end_turn"]
    state.note("all units heal; “this turn” effects expire; stuns end", "317.2.b", *heal, "317.2.c", "423.1.a.2")
    _empty_pools(state, "end_turn", "317.2.d")
    for player in state.players.values():
        player.cards_played = player.tokens_played = 0
        player.scored = set()
        player.finalized = []


def _empty_pools(state: GameState, time: str, rule: str) -> None:
    """Pools empty at the times RulesData.rune_pool names (167)."""
    for player in state.players.values():
        player.energy, player.power = 0, []
    rules = [e["rule"] for e in state.rules.rune_pool["empties"] if e["time"] == time]
    state.note("every rune pool empties", rule, *rules)


def _settle(state: GameState) -> None:
    while state.chain and state.winner is None:
        resolve_top(state)
        cleanup(state)
    cleanup(state)


def _stays_exhausted(state: GameState, obj) -> bool:
    """"I can't be readied": the Awaken Step readies everything else (315.1.b, 364)."""
    from .layer_sources import cannot_be

    forbidding = cannot_be(state, "ready", obj)
    if forbidding is not None:
        state.note(f"{forbidding} does not let {obj.name} be readied", "364")
    return forbidding is not None


def start_turn(state: GameState) -> None:
    player = state.turn_player
    values = state.runtime["turn_start"]
    for obj in state.board_objects() + [b for b in state.battlefields]:
        if obj.controller == player and obj.exhausted and not _stays_exhausted(state, obj):
            obj.exhausted = False
    state.note(f"{player} readies everything they control", "315.1.b")
    _settle(state)
    for obj in triggers.temporary(state, player):
        state.note(f"{obj.name} has Temporary", "816.1.b")
        actions.kill(state, obj)
    _settle(state)
    for slot, battlefield in enumerate(state.battlefields):
        if battlefield.controller == player:
            state.note(f"scoring step: {player} controls {battlefield.name}", "315.2.b.2")
            score(state, player, slot, "hold")
    _settle(state)
    actions.channel(state, player, values["channel"] + state.extra_channel.pop(player, 0))   # 315.3.b, 485.7
    actions.draw(state, player, values["draw"])
    _settle(state)
    _empty_pools(state, "start_main_phase", "316.3")
    from .effect_run import run_at_main_phase
    run_at_main_phase(state)                                           # "at the start of your next Main Phase"
