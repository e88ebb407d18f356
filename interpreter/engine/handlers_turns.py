"""The "take a turn" game action (735): "Take a turn after this one." gives the effect's player an Additional
Turn right after the current one (turn_queue.py)."""
from __future__ import annotations

from .action_run import ACTIONS
from .context import Context
from .turn_queue import add_turn


def take_turn(ctx: Context, effect) -> bool:
    """An Additional Turn for the player of the effect (735); who else would take it is refused by
    effect_run._subject_gap before this runs."""
    add_turn(ctx.state, ctx.player)
    return True


ACTIONS["take_turn"] = take_turn
