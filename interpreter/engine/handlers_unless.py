"""Instructions done "unless" another player accepts a price: "Counter a spell unless its controller pays [2].",
"Deal 6 to it unless its controller has you draw 2." (359.3.e.14.a, 203).

The instruction's objects are chosen first (355.5), since "its controller" is the controller of what it names;
that player then chooses whether to pay the price (the next answer given ahead; by default they pay when they
can, as a "may" is done when possible). A price paid, the instruction is not done; a price refused or one that
cannot be paid (203.3), it is. Read prices: Energy and Power paid by that player ("pays [2]", 444) and "has you
draw N" (413, the effect's player draws). Any other "unless" stays a gap.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from . import actions, bus
from .action_run import _targets
from .context import Context
from .cost_values import Cost
from .costs import pay, plan_payment
from .state import IllegalAction

_PRICES = ("pays", "has_you_draw")


def unless_runs(effect) -> bool:
    """"... unless its controller pays [2]" / "has you draw 2", about what the one instruction names."""
    if not isinstance(effect, fx.Conditional) or not effect.unless or effect.otherwise or len(effect.effects) != 1:
        return False
    condition, action = effect.condition, effect.effects[0]
    chooser = condition.subject
    return condition.kind in _PRICES and not condition.negated and condition.also is None and not condition.past \
        and chooser is not None and chooser.types == ("controller",) and chooser.controller == "its" \
        and isinstance(action, fx.GameAction) and len(action.objects) == 1 and _price_read(condition)


def _price_read(condition) -> bool:
    if condition.kind == "has_you_draw":
        return isinstance(condition.value, int) and not condition.cost
    return bool(condition.cost) and all(c.kind == "energy" or c.kind == "power" and c.domain
                                        for c in condition.cost)


def run_unless(ctx: Context, effect: fx.Conditional) -> bool:
    """Choose what the instruction names, let its controller choose to pay, then do it unless they paid."""
    action = effect.effects[0]
    named = _targets(ctx, action)                                   # 355.5: chosen before the price is offered
    if not named:
        ctx.state.note(f"nothing to {action.action}: the instruction does as much as it can", "359.3.e.11")
        return False
    chooser = named[0].controller or named[0].owner
    if _price_paid(ctx, effect.condition, chooser):
        ctx.state.note(f"{chooser} paid: the instruction is not done", "359.3.e.14.a")
        ctx.did = False
        return False
    ctx.last = named
    back = fx.Selector("the", reference="it", antecedent=action.objects[0])
    ctx.did = bool(bus.perform("run_effects", ctx, (replace(action, objects=(back,)),)))
    return ctx.did


def _price_paid(ctx: Context, condition, chooser: str) -> bool:
    """Whether ``chooser`` chooses to pay the price and does (203.3: one that cannot be paid is not)."""
    state = ctx.state
    theirs = Context(state, chooser, ctx.source_identity)
    if condition.kind == "has_you_draw":
        if not theirs.take("yes_no", True):
            state.note(f"{chooser} does not let {ctx.player} draw", "359.3.e.14.a")
            return False
        state.note(f"{chooser} has {ctx.player} draw {condition.value}", "413")
        actions.draw(state, ctx.player, condition.value)
        return True
    cost = Cost(sum(c.amount for c in condition.cost if c.kind == "energy"),
                [c.domain for c in condition.cost if c.kind == "power" for _ in range(c.amount)])
    try:
        plan = plan_payment(state, chooser, cost, (), rule="444.2")
    except IllegalAction as short:
        state.note(f"{chooser} cannot pay: {short.message}", "203.3")
        return False
    if not theirs.take("yes_no", True):
        state.note(f"{chooser} chooses not to pay", "359.3.e.14.a")
        return False
    pay(state, chooser, plan)                                            # 444.1
    return True
