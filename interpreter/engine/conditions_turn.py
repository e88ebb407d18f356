"""Conditions of "If ..." instructions about the turn now (359.3.e.14.a), registered into ``conditions.CONDITIONS``.

- "If it's your turn", "if it's an opponent's turn" (``turn``): whose turn it is, the turn player's (314).
- "If it's your Beginning Phase", "if it's an opponent's Main Phase" (``phase``): the turn player's phase of the
  turn as it is now (315-317), read by the turn structure of the state.
"""
from __future__ import annotations

from .conditions import CONDITIONS


def _whose(ctx, yours: bool) -> bool:
    """Whether the turn is yours (or, not yours, an opponent's: a duel has one opponent)."""
    mine = ctx.state.turn_player == ctx.player
    return mine if yours else not mine


def _turn_runs(condition) -> bool:
    return condition.value in ("you", "opponent") and condition.subject is None and condition.object is None \
        and condition.place is None


def _turn_holds(ctx, condition) -> bool:
    holds = _whose(ctx, condition.value == "you")
    ctx.state.note(f"it is {ctx.state.turn_player}'s turn", "314")
    return holds


def _phase_runs(condition) -> bool:
    sel = condition.subject
    return isinstance(condition.value, str) and sel is not None \
        and (sel.reference == "you" or sel.reference is None and sel.types == ("opponent",)) \
        and condition.object is None and condition.place is None


def _phase_holds(ctx, condition) -> bool:
    """Whether it is that player's turn and that phase of it now (315-317)."""
    state = ctx.state
    holds = _whose(ctx, condition.subject.reference == "you") and state.phase == condition.value
    state.note(f"it is {state.turn_player}'s {state.phase} phase", "315", "316", "317")
    return holds


CONDITIONS.update({"turn": (_turn_runs, _turn_holds), "phase": (_phase_runs, _phase_holds)})
