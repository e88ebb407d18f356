"""Priority (312) and passing it: who may act now, and what a pass does.

With a chain, priority starts with the controller of its newest item (312.2.c) and goes
round in turn order as players pass (312.2.d); when every player has passed in sequence the
newest item resolves (339.1). In a showdown open state the player with focus has priority
(312.2.b, 313.2) and a pass is a pass of focus (347.2). In a neutral open state the turn
player has priority; passing it ends the phase (305): in the Main Phase that ends the turn
(316.9). While combat damage is being assigned nobody has priority (312.1.b).

``settle`` carries out what follows a step without a player's decision: a due cleanup,
the combat cleanup once combat damage is dealt (466.1), focus passing when a chain a player
started has closed (346), and the rest of a combat once its chain is empty (466.2).
"""
from __future__ import annotations

from . import combat, showdown, staging
from .cleanup import cleanup
from .playing import resolve_top
from .state import GameState, IllegalAction
from .turn import continue_turn, end_turn

MAX_ROUNDS = 50


def holder(state: GameState) -> str | None:
    """The player with priority now, or None."""
    if state.chain:
        length, passed = state.chain_passes
        first = state.chain[-1].controller
        if length != len(state.chain):
            passed = 0
        index = state.order.index(first) if first in state.order else 0
        return state.order[(index + passed) % len(state.order)]
    if state.combat is not None and state.combat.stage != "showdown":
        return None
    if state.showdown is not None:
        return state.showdown.focus
    return state.turn_player


def pass_priority(state: GameState, player: str) -> None:
    """``player`` passes (338.1.b, 347.2, 305); refused when they do not hold priority."""
    who = holder(state)
    if who is None:
        raise IllegalAction("312.1.b", "no player has priority now: combat damage is being assigned")
    if state.chain:
        if player != who:
            raise IllegalAction("312.1", f"{player} does not have priority: {who} has it")
        length, passed = state.chain_passes
        passed = passed + 1 if length == len(state.chain) else 1
        state.chain_passes = (len(state.chain), passed)
        state.note(f"{player} passes priority", "338.1.b", "339.2")
        if passed >= len(state.order):
            state.note("every player passed in sequence: the newest item resolves", "339.1", "340.1")
            state.chain_passes = (0, 0)
            resolve_top(state)
            cleanup(state)                                             # 319.5
        return
    if state.showdown is not None:
        staging.pass_focus(state, player)
        return
    if player != who:
        raise IllegalAction("312.2.a", f"{player} does not have priority: the turn player {who} has it")
    state.note(f"{player} passes in a neutral open state: the {state.phase} phase ends", "305", "316.9")
    if state.phase == "main":
        end_turn(state)
    else:
        continue_turn(state)


def settle(state: GameState) -> None:
    """What the rules carry out after a step with nobody deciding (DESIGN.md section 5)."""
    for _ in range(MAX_ROUNDS):
        if state.cleanup_due:
            cleanup(state)
        if state.combat is not None and state.combat.stage == "dealt":
            cleanup(state)                                             # 466.1: kills first (323.4, 323.5)
            combat.combat_cleanup(state)
            continue
        if state.chain or state.winner is not None:
            return
        if state.showdown is not None and state.showdown.acted:
            showdown.chain_closed(state)
            continue
        if state.combat is not None and state.combat.stage == "result":
            combat.finish(state)
            continue
        return
