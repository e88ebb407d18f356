"""The "attach" and "detach" game actions as instructions (434, 435): "Attach that Equipment to that unit",
"attach it to a unit you control here", "If it's an Equipment, you may detach it."

An instruction names the card attached first and the card it goes on second (434.1.a.1). Attaching is done
by ``attaching.attach`` (the location follows the top-most card, 434.4; attaching to the current one does
nothing, 434.1.g); it is announced to the general event watch as an "attach" by the instruction's player,
the top-most card as the happening's ``at`` ("When you attach an Equipment to me"). Detaching unlinks the
card where it is (435.4); the cleanup recalls a gear left at a battlefield (435.4.a).
"""
from __future__ import annotations

from .action_run import ACTIONS, _nothing
from .attaching import attach as attach_to
from .context import Context
from .selectors import select


def _first(ctx: Context, sel) -> object | None:
    found = select(ctx, sel) if sel is not None else []
    return found[0] if found else None


def attach(ctx: Context, effect) -> bool:
    """Attach the first object named to the second (434.2.a: only as an effect directs); with either missing, or
    not on the board, the instruction does nothing (359.3.e.11)."""
    state = ctx.state
    if len(effect.objects) != 2:
        return _nothing(ctx, effect)
    gear = _first(ctx, effect.objects[0])
    unit = _first(ctx, effect.objects[1])
    if gear is None or unit is None or gear is unit or not (state.is_board(gear.zone) and state.is_board(unit.zone)):
        return _nothing(ctx, effect)
    if unit.card_type != "unit" or gear.card_type != "gear":
        state.note(f"{gear.name} cannot be attached to {unit.name}: an Equipment attaches to a unit", "434.1", "716")
        return _nothing(ctx, effect)
    ctx.last = [gear]
    return attach_to(state, gear, unit, ctx.player)       # 434.1.h: attached already, nothing additional happens


def detach(ctx: Context, effect) -> bool:
    """Detach the card named (from the card named second, when the text names one): a card attached to nothing,
    or to another card, is left as it is (435.1.a.1)."""
    state = ctx.state
    gear = _first(ctx, effect.objects[0]) if effect.objects else None
    unit = _first(ctx, effect.objects[1]) if len(effect.objects) > 1 else None
    if gear is None or gear.attached_to is None or (unit is not None and gear.attached_to != unit.identity):
        state.note("the card named is not attached there: detaching it does nothing", "435.1.a.1")
        return _nothing(ctx, effect)
    top = state.by_identity(gear.attached_to)
    gear.attached_to = None                               # 435.1.b: it stays where the top-most card is (435.4)
    state.note(f"{gear.name} is detached from {top.name if top is not None else 'its card'}", "435.1.b", "435.4")
    state.cleanup_due = True                              # 435.4.a: a gear at a battlefield is recalled
    ctx.last = [gear]
    return True


ACTIONS["attach"] = attach
ACTIONS["detach"] = detach
