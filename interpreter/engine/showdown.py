"""Showdowns (341-348): a window at a contested battlefield where players take turns with focus.

A showdown staged at a battlefield (323.8) opens in a cleanup of a neutral open state
(323.12, 344.2); the player who applied Contested gains focus (345) and with it priority
(313.2). The player with focus plays an Action or Reaction (347.1), after which focus passes
once the chain it started closes (347.1.b, 346), or passes (347.2). When every player has
passed in sequence the showdown closes (347.2.a, 348): a non-combat showdown lets the only
player with units there establish control (348.2.a), a combat showdown goes on with the
combat damage step (348.1). Opening and closing showdowns is engine/staging.py's, since it
starts and ends combats (engine/combat.py); this module is below both.

A chain opened by a triggered ability does not move focus (346.1): only a player's own
play or activation during the showdown marks ``acted``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .state import GameState, IllegalAction


@dataclass
class Showdown:
    """The showdown in progress: where, who has focus, who contested, whether it is a combat's."""

    slot: int
    focus: str
    contester: str
    combat: bool = False
    passes: int = 0                  # players who passed in sequence (347.2.a)
    acted: bool = False              # the focus player started the current chain (347.1.b)


def next_player(state: GameState, player: str) -> str:
    """The next player in turn order (303.2.a)."""
    index = state.order.index(player)
    return state.order[(index + 1) % len(state.order)]


def players_there(state: GameState, slot: int) -> set[str]:
    """The controllers of the units at a battlefield."""
    return {o.controller for o in state.objects(("battlefield", slot)) if o.card_type == "unit"}


def check_destination(state: GameState, player: str, slot: int) -> None:
    """With more than two players, a battlefield with a combat staged or going on is no destination for the
    units of a player not in it who has no units there (462.1)."""
    present = players_there(state, slot)
    fighting = {state.combat.attacker, state.combat.defender} if state.combat is not None and \
        state.combat.slot == slot else (present if len(present) > 1 else set())
    if fighting and player not in fighting and player not in present:
        raise IllegalAction("462.1", f"a combat between {' and '.join(sorted(fighting))} is staged or going on at "
                            f"{state.battlefields[slot].name}: {player}'s units cannot move there")


def check_focus(state: GameState, player: str) -> None:
    """In a showdown open state only the player with focus takes discretionary actions (313.1, 313.4)."""
    current = state.showdown
    if current is not None and not state.chain and player != current.focus:
        raise IllegalAction("313.4", f"{player} does not have focus: {current.focus} has it in this showdown")


def acted(state: GameState, player: str) -> None:
    """The player with focus played a card or an ability: the passes in sequence start again (347.1)."""
    current = state.showdown
    if current is not None:
        current.passes = 0
        current.acted = True


def chain_closed(state: GameState) -> None:
    """The chain a player's play started has closed: focus passes to the next player (346, 347.1.b)."""
    current = state.showdown
    if current is None or not current.acted or state.chain:
        return
    current.acted = False
    current.focus = next_player(state, current.focus)
    state.note(f"the chain closed: focus passes to {current.focus}", "346", "347.1.b", "313.2")
