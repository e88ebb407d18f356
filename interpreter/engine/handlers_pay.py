"""Costs within instructions: "[do X] to [do Y]" (201-204.3), and the "pay" game action (444).

``PayToDo`` does its payment as the price of its result: when the payment is impossible, it is not
paid and the result is not done (203.3); when it is paid, the result follows (203). The payments
run here are paying resources (444), exhausting the source ("exhaust me", 414) and killing the
source on the board ("kill this", 428); anything else stays a gap (``payment_runs``), never a guess.
When such a cost is the first part of a triggered ability, it is paid as the ability is finalized
(204.3.a): ``finalize_cost`` is what the chain calls when a triggered ability goes on it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx
from . import actions, bus
from .context import Context
from .costs import plan_payment, pay
from .cost_values import Cost
from .additional_costs import fixed_cost
from .errors import Unsupported
from .state import ChainItem, GameState, IllegalAction
from .action_run import ACTIONS
from . import payments

# Actions a payment may be, each on the source itself on the board ("exhaust me", "kill this")
_ON_SOURCE = {"exhaust": lambda s, o, p: actions.exhaust(s, o, rules=("414", "203.1")),
              "kill": lambda s, o, p: actions.kill(s, o, p)}


def payment_runs(payment) -> bool:
    """Whether the runtime pays ``payment`` in the form the text gives."""
    if not isinstance(payment, fx.GameAction) or payment.subject is not None or payment.modifications:
        return False
    if payment.action != "pay" and payments.payment_form(payment):
        return True                                   # "spend 3 XP", "discard 1", "kill a friendly unit" (payments.py)
    if payment.action == "pay":
        return fixed_cost(payment) is not None or any_amount_unit(payment) is not None
    return payment.action in _ON_SOURCE and len(payment.objects) == 1 and payment.objects[0].reference == "self" \
        and payment.amount is None and not payment.options


def payable(ctx: Context, payment: fx.GameAction):
    """How the payment would be made, or None when it is impossible now (203.3)."""
    state = ctx.state
    if payment.action != "pay" and payments.payment_form(payment) and not _on_source(payment):
        return payments.plan(ctx, payment)            # chosen and checked whole before anything changes (203.3)
    if payment.action == "pay" and any_amount_unit(payment) is not None:
        return _any_amount_plan(ctx, payment)
    if payment.action == "pay":
        source = ctx.source()
        domains = tuple(source.chars.domains) if source is not None else ()
        try:
            return plan_payment(state, ctx.player, fixed_cost(payment), domains, rule="444.2")
        except IllegalAction as short:
            state.note(f"the cost cannot be paid: {short.message}", "203.3")
            return None
    source = ctx.source()
    on_board = source is not None and (source.zone[0] in ("base", "battlefield", "legend"))
    if not on_board or (payment.action == "exhaust" and source.exhausted) or source.controller != ctx.player:
        state.note(f"the cost ({payment.action} the source) cannot be paid", "203.3")
        return None
    return source


# ---- "Pay any amount of [A]", "Pay any amount of Energy" (444.1) -------------------------------------
@dataclass(frozen=True, slots=True)
class AnyAmount:
    """How much of one resource a "Pay any amount of ..." pays, and the payment of it."""

    amount: int
    plan: object


def any_amount_unit(payment: fx.GameAction) -> Cost | None:
    """One of the resource a "Pay any amount of ..." names: one Energy ("of Energy") or one Power of one
    symbol ("of [A]"); None for any other form."""
    if payment.amount is None or payment.amount.kind != "any" or payment.objects or payment.modifications:
        return None
    if not payment.cost and tuple(payment.options) == ("energy",):
        return Cost(1, [])
    if not payment.options and len(payment.cost) == 1 and payment.cost[0].kind == "power" \
            and payment.cost[0].amount == 1 and payment.cost[0].domain:
        return Cost(0, [payment.cost[0].domain])
    return None


def _any_amount_plan(ctx: Context, payment: fx.GameAction) -> AnyAmount:
    """The amount the player pays (an answer given ahead, a number; by default the most they can pay, a
    "may" taken as far as it goes) and its payment; 0 is an amount too (444.2: nothing is paid then)."""
    unit, state = any_amount_unit(payment), ctx.state
    source = ctx.source()
    domains = tuple(source.chars.domains) if source is not None else ()
    most = _most_payable(state, ctx.player, unit, domains)
    wanted = ctx.take("number") if ctx.peek("number") is not None else most
    amount = max(0, min(int(wanted), most))
    state.note(f"{ctx.player} chooses to pay {amount} (at most {most} can be paid)", "444.1", "444.2")
    total = Cost(unit.energy * amount, list(unit.power) * amount)
    return AnyAmount(amount, plan_payment(state, ctx.player, total, domains, rule="444.2"))


def _most_payable(state: GameState, player: str, unit: Cost, domains: tuple) -> int:
    """The largest number of ``unit`` the player could pay now, from the pool and their runes."""
    most = 0
    while True:
        try:
            plan_payment(state, player, Cost(unit.energy * (most + 1), list(unit.power) * (most + 1)), domains)
        except IllegalAction:
            return most
        most += 1


def _on_source(payment: fx.GameAction) -> bool:
    """"exhaust me", "kill this": paid by the source on the board (``_ON_SOURCE``)."""
    return payment.action in _ON_SOURCE and len(payment.objects) == 1 and payment.objects[0].reference == "self" \
        and payment.amount is None and not payment.options


def make_payment(ctx: Context, payment: fx.GameAction, how) -> None:
    """Pay ``payment`` the way ``payable`` planned it (444.1, 203)."""
    if isinstance(how, payments.Planned):
        payments.make(ctx, how)
        ctx.last = list(how.objects)                  # "spend a buff to ready it": what the cost was paid with
        if len(payment.objects) == 1:                 # "... the unit you recycled" later in the text
            ctx.named[payment.objects[0]] = list(how.objects)
        return
    if isinstance(how, AnyAmount):
        pay(ctx.state, ctx.player, how.plan)                           # 444.1
        ctx.paid_amount = how.amount                                   # "that much"
        return
    if payment.action == "pay":
        pay(ctx.state, ctx.player, how)                                # 444.1
    else:
        _ON_SOURCE[payment.action](ctx.state, how, ctx.player)


@bus.performs("pay_price")
def pay_price(ctx: Context, payment: fx.GameAction) -> bool:
    """Pay ``payment`` now when it can be paid (a replacement's price, 371.2); False, with nothing paid, when
    it cannot (203.3)."""
    how = payable(ctx, payment)
    if how is None:
        return False
    make_payment(ctx, payment, how)
    return True


def pay_to_do(ctx: Context, effect: fx.PayToDo) -> bool:
    """"Exhaust me to draw 1": pay, then do; an impossible payment means neither (203.3)."""
    how = payable(ctx, effect.payment)
    if how is None:
        ctx.did = False
        return False
    make_payment(ctx, effect.payment, how)
    ctx.state.note("the cost is paid, so its linked effect is done", "203")
    ctx.did = bus.perform("run_effects", ctx, (paid_play(ctx, effect.payment, effect.result),))
    return True


def paid_play(ctx: Context, payment, result):
    """"You may pay [R] to play me": the resources paid are the way the card is played, in place of its cost
    (seed 004 ruling 31: an alternative way to play it, as "play it for [R]" replaces its base cost, 356.1.a);
    additional costs still apply (356.1.b.3). Any other linked effect as it is."""
    if not (isinstance(result, fx.GameAction) and result.action == "play" and isinstance(payment, fx.GameAction)
            and payment.action == "pay" and "ignore_cost" not in result.options):
        return result
    ctx.state.note("the cost paid is the way the card is played: its base cost is not paid again", "356.1.a")
    return replace(result, options=tuple(result.options) + ("ignore_cost",))


def pay_action(ctx: Context, effect: fx.GameAction) -> bool:
    """"Pay [1]" as an instruction of its own: paid if possible, else ignored (444.2)."""
    if not payment_runs(effect):
        raise Unsupported("paying any amount, or something other than Energy and Power")
    how = payable(ctx, effect)
    if how is None:
        return False
    make_payment(ctx, effect, how)
    return True


def add_action(ctx: Context, effect: fx.GameAction) -> bool:
    """"[Add] that much [A]", "[Add] that much Energy": the amount of the resource named, to the pool (429.1)."""
    from .action_run import amount_of
    if effect.objects or effect.subject is not None or len(effect.options) != 1:
        raise Unsupported("adding anything but an amount of one resource")
    amount = amount_of(ctx, effect.amount)
    if amount < 1:
        ctx.state.note("nothing to add", "429.1")
        return False
    option = effect.options[0]
    actions.add_resources(ctx.state, ctx.player, amount if option == "energy" else 0,
                          () if option == "energy" else (option,) * amount)
    return True


ACTIONS["pay"] = pay_action
ACTIONS["add"] = add_action


# ---- 204.3.a: a cost within the first instruction of a triggered ability ------------------
@dataclass(frozen=True, slots=True)
class PaidCost:
    """The linked effect of a cost already paid as its ability was finalized (204.3.a): done when the ability
    resolves, and what a following "If you do" asks about (359.3.e.14.a)."""

    result: object
    named: tuple = ()           # (selector, objects) the payment named: "the unit you recycled" (359.3.e.14)
    rules: tuple = ("204.3.a",)
    payment: object = None              # the cost that was paid ("pay [R]" of "pay [R] to play me")


def paid_cost(ctx: Context, effect: PaidCost) -> bool:
    ctx.named.update({sel: list(objects) for sel, objects in effect.named})
    ctx.did = bool(bus.perform("run_effects", ctx, (paid_play(ctx, effect.payment, effect.result),)))
    return ctx.did


def leading_cost(effects: tuple):
    """The PayToDo that opens a triggered ability's instructions ("you may exhaust me to ..."), and whether
    it is optional; (None, False) when the ability does not open with one."""
    first = effects[0] if effects else None
    mine = isinstance(first, fx.MayDo) and (first.player is None or first.player.reference == "you")
    if mine and isinstance(first.effect, fx.PayToDo):
        return first.effect, True
    if isinstance(first, fx.PayToDo):
        return first, False
    return None, False


@bus.performs("finalize_cost")
def finalize_cost(state: GameState, item: ChainItem) -> bool:
    """Pay the cost that opens a triggered ability as it is finalized (204.3.a); the item then holds the linked
    effect in place of the "[do X] to [do Y]". Returns False when the cost is not paid: the ability is not
    finalized and leaves nothing on the chain."""
    cost, optional = leading_cost(item.effects)
    if cost is None or not payment_runs(cost.payment):
        return True
    ctx = Context(state, item.controller, item.source_identity, item.here)
    if optional and not ctx.take("yes_no", True):
        state.note(f"{item.controller} chooses not to pay the cost of {item.label}", "204.3.a", "135.2.b")
        return False
    how = payable(ctx, cost.payment)
    if how is None:
        return False
    make_payment(ctx, cost.payment, how)
    state.note(f"the cost of {item.label} is paid as it is finalized", "204.3.a")
    item.effects = (PaidCost(cost.result, tuple(ctx.named.items()), payment=cost.payment),) + tuple(item.effects[1:])
    return True
