"""Opening staged showdowns and combats in a cleanup (323.12-323.14), passing focus and closing showdowns (347, 348).

This module sits above engine/showdown.py (the showdown's state and focus) and engine/combat.py
(the steps of combat), and starts or ends them.
"""
from __future__ import annotations

from . import combat
from .happenings import happen
from .scoring import score
from .showdown import Showdown, next_player, players_there
from .state import GameState, IllegalAction


def open_staged(state: GameState) -> None:
    """Steps 9 and 10 of a cleanup (323.12-323.14): open a staged showdown or combat."""
    if state.chain:
        return
    current = state.showdown
    if current is not None:
        if not current.combat and len(players_there(state, current.slot)) > 1:
            combat.begin(state, current.slot)                          # 323.14, 344.1, 460.1
        return
    staged = [slot for slot, b in enumerate(state.battlefields) if b.staged and b.contested_by is not None]
    if not staged:
        return
    alone = [slot for slot in staged if len(players_there(state, slot)) < 2]
    slot = (alone or staged)[0]                 # 323.12 comes before 323.13; the turn player's pick: the first (461.1)
    battlefield = state.battlefields[slot]
    contester = battlefield.contested_by
    if len(players_there(state, slot)) > 1:
        combat.begin(state, slot)                                      # 323.13, 461.3
        return
    state.showdown = Showdown(slot, contester, contester)
    state.note(f"a showdown opens at {battlefield.name}; {contester} applied Contested and gains focus",
               "323.12", "344.2", "345", "313.2")
    happen(state, "begin", contester, place=("battlefield", slot), at=battlefield, rules=("344.2",))


def pass_focus(state: GameState, player: str) -> None:
    """The player with focus passes (347.2); after everyone in sequence, the showdown closes (347.2.a)."""
    current = state.showdown
    if player != current.focus:
        raise IllegalAction("347", f"{player} cannot pass: {current.focus} has focus in this showdown")
    current.passes += 1
    if current.passes >= len(state.order):
        state.note(f"{player} passes; every player has passed in sequence", "347.2.a", "348")
        close(state)
        return
    current.focus = next_player(state, player)
    state.note(f"{player} passes; focus passes to {current.focus}", "347.2.b", "313.2")


def close(state: GameState) -> None:
    """The showdown closes (348): a combat goes on to its damage step; otherwise control (348.2)."""
    current = state.showdown
    if current.combat:
        combat.damage_step(state)                                      # 348.1
        return
    state.showdown = None
    slot = current.slot
    battlefield = state.battlefields[slot]
    state.note(f"the showdown at {battlefield.name} closes", "348")
    present = players_there(state, slot)
    battlefield.contested_by, battlefield.staged = None, False
    state.cleanup_due = True
    if len(present) == 1 and battlefield.controller not in present:
        (player,) = present
        was_open = battlefield.controller is None          # no combat: nobody held it and no enemy unit was there
        battlefield.controller = player
        state.note(f"{player} establishes control of {battlefield.name}", "348.2.a",
                   *state.rules.control["control_established"])
        score(state, player, slot, "conquer", was_open)                # 348.2.a.1, 170.11.c
