"""The queue of turns (736-738): turn order repeats; an Additional Turn ("Take a turn after this one", 735) is
inserted after the current turn without changing the turn order.

Additional turns wait in ``state.additional_turns`` in the order the effects made them (738: each new one goes
first, right after the current turn). When the current turn ends, the first one waiting is taken; once none is
left, the queue goes on from the last turn taken in turn order (737).
"""
from __future__ import annotations


def add_turn(state, player: str) -> None:
    """Insert an Additional Turn of ``player`` right after the current turn (735, 738)."""
    state.__dict__.setdefault("additional_turns", []).insert(0, player)
    state.note(f"{player} will take an additional turn after this one", "735", "738")


def next_turn_player(state) -> str:
    """Who takes the next turn: the first Additional Turn waiting, else the next player in turn order after
    the last turn taken in that order (317.3, 737)."""
    waiting = state.__dict__.get("additional_turns", [])
    regular = state.__dict__.get("regular_turn_player")
    if waiting:
        if regular is None:                          # the current turn is one of the turn order
            state.__dict__["regular_turn_player"] = state.turn_player
        player = waiting.pop(0)
        state.note(f"{player} takes an additional turn; the turn order does not change", "737")
        return player
    last = regular if regular is not None else state.turn_player
    state.__dict__["regular_turn_player"] = None
    return state.order[(state.order.index(last) + 1) % len(state.order)]
