"""Costs that are game actions other than paying resources: "spend 3 XP", "discard 1", "kill a friendly unit",
"spend a buff", "exhaust me", "recycle another friendly unit", "banish this" (201-203).

A cost is paid whole or not at all (203.3): ``plan`` checks, before anything changes, that the action can be
done in full now and chooses what it is done to (answers given ahead, ``choose:``; without them the first
objects by arrival that can pay it); ``make`` then does it. Used by "[do X] to [do Y]" (handlers_pay.py) and by
the optional additional costs of a play (additional_costs.py). Any other form is not a payment the runtime
makes (``payment_form`` is False), never guessed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx
from . import actions
from .context import Context
from .selectors import candidates, matches, runs_selector
from .state import GameObject, IllegalAction

_BOARD = ("base", "battlefield", "legend")


def _mine_on_board(ctx: Context, obj: GameObject) -> bool:
    return obj.zone[0] in _BOARD and obj.controller == ctx.player


# What each action on objects needs of an object to pay with it, and how it is done
_ON_OBJECTS = {
    "exhaust": (lambda ctx, o: _mine_on_board(ctx, o) and not o.exhausted,                 # 414, 203.1
                lambda ctx, objs: [actions.exhaust(ctx.state, o, rules=("414", "203.1")) for o in objs]),
    "kill": (lambda ctx, o: o.zone[0] in _BOARD and o.card_type in ("unit", "gear"),         # 428.2.a
             lambda ctx, objs: actions.kill_all(ctx.state, objs, ctx.player)),
    "spend_buff": (lambda ctx, o: _mine_on_board(ctx, o) and o.buffed,                       # 702.2.b.1-2
                   lambda ctx, objs: [actions.spend_buff(ctx.state, o, ctx.player) for o in objs]),
    "banish": (lambda ctx, o: o.zone[0] in _BOARD + ("hand", "trash")                        # 427.1
               and not (o.zone[0] == "legend" or o.card_type == "legend"),
               lambda ctx, objs: [actions.banish(ctx.state, o) for o in objs]),
    "recycle": (lambda ctx, o: o.zone[0] in _BOARD + ("hand", "trash") and not o.token        # 416.1
                and ctx.state.rules.recycle.get(o.card_type) is not None,
                lambda ctx, objs: [actions.recycle(ctx.state, o) for o in objs]),
}
_ALL = ("all", "each", "every")
# Actions that take a number from the player: spending XP (730.2), discarding from the hand (422)
_COUNTED = ("spend_xp", "discard")


@dataclass
class Planned:
    """A payment checked possible now: the objects it is done to, or the number it takes."""

    action: str
    objects: list
    count: int = 0


def _count(payment) -> int | None:
    amount = payment.amount
    if amount is None:
        return 1
    if amount.kind == "count" and amount.per is None and isinstance(amount.value, int):
        return amount.value
    return None


def _one_selector(payment) -> fx.Selector | None:
    """The one group of objects the payment acts on: the source, or a number of objects chosen."""
    if len(payment.objects) != 1:
        return None
    sel = payment.objects[0]
    if sel.reference == "self" or payment.action == "spend_buff" and _its_buff(sel):
        return sel
    if sel.reference is None and sel.quantity in ("one", "a", "an", "count", "any_number") + _ALL \
            and not sel.alternatives and runs_selector(sel):
        return sel
    return None


def _its_buff(sel) -> bool:
    """"spend its buff": the buff of the unit "it" names (the one a "For each friendly unit" is at, 702.2.b)."""
    return sel.quantity == "the" and sel.controller == "its" and not sel.types and sel.reference is None \
        and sel.antecedent is not None and not sel.filters and not sel.states and sel.location is None


def _from_hand(sel) -> bool:
    """"a card", "a unit card" discarded: cards of your hand (422.1), not a place elsewhere."""
    return sel is not None and sel.reference is None and sel.location is None \
        and (sel.zone is None or sel.zone.kind == "hand" and sel.zone.owner in (None, "you"))


def payment_form(payment) -> bool:
    """Whether ``payment`` is a game action this module pays in full or not at all (its parts all read)."""
    if not isinstance(payment, fx.GameAction) or payment.subject is not None or payment.modifications \
            or payment.options or payment.place is not None or payment.duration is not None or payment.cost:
        return False
    if payment.action == "discard" and payment.objects:
        return payment.amount is None and _from_hand(_one_selector(payment))      # "discard a card"
    if payment.action in _COUNTED:
        return not payment.objects and _count(payment) is not None
    sel = _one_selector(payment)
    # "recycle 3 cards from your trash": a number said once more as the amount is the same number
    same_number = payment.amount is None or sel is not None and _count(payment) == (sel.count or 1)
    return payment.action in _ON_OBJECTS and same_number and sel is not None


def plan(ctx: Context, payment: fx.GameAction) -> Planned | None:
    """What the payment would be done to, chosen now; None (noted) when it cannot be done in full (203.3)."""
    state, action = ctx.state, payment.action
    if action == "spend_xp":
        count, have = _count(payment), state.players[ctx.player].xp
        if have < count:
            state.note(f"{ctx.player} has only {have} XP and cannot spend {count}", "203.3")
            return None
        return Planned(action, [], count)
    if action == "discard":
        hand = [o for o in state.objects(("hand", ctx.player)) if o.identity != ctx.source_identity]
        if payment.objects:                                          # "discard a unit card": of that kind
            sel = replace(payment.objects[0], zone=None)
            return _chosen(ctx, payment, [o for o in hand if matches(ctx, sel, o)], sel.count or 1)
        return _chosen(ctx, payment, hand, _count(payment))
    sel = _one_selector(payment)
    usable = _ON_OBJECTS[action][0]
    if _its_buff(sel):                       # the unit "it" is: its own buff, or no payment (203.3)
        return _chosen(ctx, payment, [o for o in ctx.last if usable(ctx, o)], 1)
    if sel.quantity == "any_number":         # "spend any number of buffs": those answered, by default every one
        return _any_number(ctx, payment, [o for o in candidates(ctx, sel) if usable(ctx, o)])
    if sel.quantity in _ALL:                 # "exhaust your legends": every one, and at least one (203.3)
        every = candidates(ctx, sel)
        if not every or not all(usable(ctx, o) for o in every):
            state.note(f"the cost ({action} all of them) cannot be paid in full", "203.3")
            return None
        return Planned(action, every, len(every))
    found = [o for o in candidates(ctx, sel) if usable(ctx, o)]
    return _chosen(ctx, payment, found, 1 if sel.reference == "self" else sel.count or 1)


def _chosen(ctx: Context, payment: fx.GameAction, found: list, wanted: int) -> Planned | None:
    """``wanted`` of the objects ``found``: the answers given ahead that are objects (each a valid choice,
    355.9.b), else the first by arrival; None when there are too few to pay in full (203.3)."""
    if len(found) < wanted:
        ctx.state.note(f"the cost ({payment.action}) cannot be paid in full: {len(found)} of {wanted} available",
                       "203.3")
        return None
    chosen = []
    while len(chosen) < wanted and isinstance(answer := ctx.peek("object"), GameObject):
        if answer not in found or answer in chosen:
            raise IllegalAction("355.9.b", f"{answer.name} can't pay this cost")
        chosen.append(ctx.take("object"))
    chosen += [o for o in found if o not in chosen][:wanted - len(chosen)]
    return Planned(payment.action, chosen, wanted)


def _any_number(ctx: Context, payment: fx.GameAction, found: list) -> Planned:
    """"any number of ...": the objects answered ahead (each a valid choice, 355.9.b), else all that can pay;
    none is a number too (the payment is then made of nothing)."""
    chosen = []
    while isinstance(answer := ctx.peek("object"), GameObject):
        if answer not in found or answer in chosen:
            raise IllegalAction("355.9.b", f"{answer.name} can't pay this cost")
        chosen.append(ctx.take("object"))
    chosen = chosen or list(found)
    ctx.state.note(f"{len(chosen)} chosen to {payment.action.replace('_', ' ')}", "203")
    return Planned(payment.action, chosen, len(chosen))


def make(ctx: Context, planned: Planned) -> None:
    """Do the payment planned (201-203): spend the XP, discard the cards, act on the objects chosen."""
    state = ctx.state
    if planned.action == "spend_xp":
        state.players[ctx.player].xp -= planned.count
        state.note(f"{ctx.player} spends {planned.count} XP", "730.2", "203.1")
        return
    if planned.action == "discard":
        for card in planned.objects:
            actions.discard(state, card)                                 # 422.1
        return
    _ON_OBJECTS[planned.action][1](ctx, planned.objects)
