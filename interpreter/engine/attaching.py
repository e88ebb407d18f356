"""Attaching (434) and the play effect of [Weaponmaster] (821), read from its definition in the rules data.

The meaning of 821.1.c is kept as data ("when I am played, you may attach an equipment you control to
me for its equip cost less [A]", with its finer points 821.1.c.2-821.1.c.6 as statements of the keyword):
``trigger_watch.played`` puts an ``EquipOnPlay`` (triggers.py) on the chain for each keyword whose meaning is
``equip_on_play`` (each instance triggers on its own, 821.1.c.7), and ``equip_on_play`` resolves it: the
controller may choose an Equipment they control; its Equip cost, reduced by the symbol the meaning names
(only that part, 821.1.c.3), is paid and the Equipment is attached to the unit, without activating the
Equip ability (821.1.c.6). An Equipment without an Equip cost, or a cost that cannot be paid, stays where
it is (821.1.c.4, 821.1.c.5).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import payments
from .actions import change_zone, require
from .cost_values import Cost
from .costs import plan_payment, pay
from .happenings import happen
from .state import GameObject, GameState, IllegalAction
from .triggers import EquipOnPlay


def attach(state: GameState, gear: GameObject, unit: GameObject, player: str | None = None) -> bool:
    """Attach ``gear`` to ``unit`` (434): it goes to the unit's location (434.4), detached from any other
    card first (434.1.f); attaching it to its current top-most card changes nothing (434.1.g). An attach
    is announced to the general watch as done by ``player`` (the gear's controller by default); returns
    whether it happened."""
    require(state.is_board(gear.zone) and state.is_board(unit.zone), "434.1", "only cards on the board attach")
    if gear.attached_to == unit.identity:
        state.note(f"{gear.name} is already attached to {unit.name}: nothing additional happens", "434.1.g", "434.1.h")
        return False
    if gear.zone != unit.zone:
        change_zone(state, gear, unit.zone, why="moves with its attachment to", rules=("434.4",))
    gear.attached_to = unit.identity
    state.note(f"{gear.name} is attached to {unit.name}", "434.1", "434.1.f")
    state.cleanup_due = True
    happen(state, "attach", player or gear.controller, (gear,), at=unit, rules=("434",))   # event_watch
    return True


def equip_on_play(ctx, effect: EquipOnPlay) -> bool:
    """Resolve a [Weaponmaster] trigger (821.1.c): choose, pay, attach, or leave the Equipment where it is."""
    state, unit = ctx.state, ctx.source()
    if unit is None or not state.is_board(unit.zone):
        state.note(f"the unit with [{effect.keyword}] is no longer on the board: nothing is attached", "821.1.c.5")
        return False
    candidates = [o for o in state.board_objects() if o.controller == ctx.player and "Equipment" in o.chars.tags]
    if not candidates or not ctx.take("yes_no", True):                 # "you may choose" (821.1.c)
        state.note(f"{ctx.player} attaches no Equipment with [{effect.keyword}]", "821.1.c")
        return False
    gear = ctx.take("object", candidates[0])
    require(gear in candidates, "821.1.c", f"{getattr(gear, 'name', gear)} is not an Equipment {ctx.player} controls")
    found = _equip_cost(gear)
    if found is None:
        state.note(f"{gear.name} has no Equip cost, so it cannot be paid: it stays where it is", "821.1.c.4")
        return False
    cost, parts = _reduced(found[0], effect.reduced_by), found[1]
    try:
        plan = plan_payment(state, ctx.player, cost, gear.chars.domains, "821.1.c.5")
    except IllegalAction as refused:
        state.note(f"{gear.name}'s Equip cost cannot be paid ({refused}): it stays where it is", "821.1.c.5")
        return False
    planned = [payments.plan(ctx, part) for part in parts]          # "Kill a friendly unit": whole (203.3)
    if any(p is None for p in planned):
        state.note(f"{gear.name}'s Equip cost cannot be paid in full: it stays where it is", "821.1.c.5", "203.3")
        return False
    pay(state, ctx.player, plan)
    for action_cost in planned:
        payments.make(ctx, action_cost)
    state.note(f"{ctx.player} pays {gear.name}'s Equip cost, reduced by {effect.reduced_by}; the Equip ability is "
               "not activated", "821.1.c.2", "821.1.c.3", "821.1.c.6")
    attach(state, gear, unit)
    ctx.last = [gear]
    return True


def _equip_cost(gear: GameObject) -> tuple[Cost, tuple] | None:
    """The cost printed with the gear's [Equip] (818.1.c): its Energy and Power, and its parts that are game
    actions ("[Equip] — [Y], Kill a friendly unit", paid by payments.py); None without one. A cost with more
    than Energy, Power and such actions is not paid this way yet."""
    from .errors import UnsupportedEffect
    for ability in gear.chars.abilities():
        if not (isinstance(ability, fx.KeywordAbility) and ability.keyword.name == "Equip"):
            continue
        symbols = [c for part in ability.paid if isinstance(part, fx.PayCost) for c in part.costs] \
            if ability.paid else list(ability.cost)
        parts = tuple(part for part in ability.paid if not isinstance(part, fx.PayCost))
        if not symbols and not parts:
            continue
        if any(c.kind not in ("energy", "power") for c in symbols) or not all(map(payments.payment_form, parts)):
            raise UnsupportedEffect("an Equip cost with more than Energy, Power and payments (818.1.c.3)")
        return Cost(sum(c.amount for c in symbols if c.kind == "energy"),
                    [c.domain for c in symbols if c.kind == "power" for _ in range(c.amount)]), parts
    return None


def _reduced(cost: Cost, symbol: str) -> Cost:
    """The cost less one ``symbol`` ("[A]"), when the cost has it; otherwise unchanged (821.1.c.3)."""
    letter = symbol.strip("[]")
    power = list(cost.power)
    if letter in power:
        power.remove(letter)
    return Cost(cost.energy, power)
