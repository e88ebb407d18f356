"""Additional costs of playing a card (131, 204.2, 356.2).

Optional ones ("You may pay [B] as an additional cost to play me"): an optional additional cost of
Energy and Power is added to the cost of the play when its player chooses to pay it (an answer given
ahead, ``choose:``; without one the documented default of a "may": pay it when the whole cost can be
paid). A card played so remembers it, for "if you paid the additional cost" (``paid_additional``).
An optional cost of another kind is refused before anything happens: the card is not played with
its cost skipped.

Mandatory ones ("As an additional cost to play me, kill a friendly unit"): paid as the card is
played, with its base cost (357); a card whose additional cost can't be paid can't be played. Its
instructions run as the payment: a choice they need comes from the answers given with the play.
"You may play me to its battlefield" after one: a battlefield where an object the cost could be paid
with is becomes a valid play location (355.2.b); played there only by that permission, the cost is paid
with an object there.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus
from .actions import require
from .context import Context
from .cost_values import Cost, fixed_cost
from .costs import plan_payment
from .restricted_pool import Purpose
from .errors import UnsupportedEffect
from . import payments
from .state import GameObject, GameState, IllegalAction


# ---- optional additional costs of Energy and Power (204.2) ------------------------------
def additional_runs(effect: fx.AdditionalCost, spell: bool = False) -> bool:
    """Whether the play pays this additional cost: an optional one of one payment of Energy and Power, or
    a mandatory one whose instructions are game actions with nothing else inside (``check_payable``)."""
    if effect.condition is not None and not offer_condition_read(effect.condition):
        return False                 # a condition of the offer not tested yet
    if not effect.optional:
        return (not effect.effects or to_its_battlefield(effect)) and effect.condition is None \
            and all(isinstance(part, fx.GameAction) for part in effect.cost)
    return all(linked_read(e, effect) or spell and instruction_after(e) for e in effect.effects) \
        and len(effect.cost) == 1 \
        and (fixed_cost(effect.cost[0]) is not None or payments.payment_form(effect.cost[0]))


# ---- "If you do, I cost [3] less", "If you do, I enter ready": what paying an optional one gives ---------
def instruction_after(effect) -> bool:
    """An instruction after a spell's optional additional cost ("If you do, draw 2. Otherwise, draw 1."): done as
    the spell resolves, "if you do" asking whether the cost was paid (204.2.a); a statement about the card is not."""
    inner = effect.effect if isinstance(effect, fx.IfYouDo) else effect
    return not isinstance(inner, (fx.StaticEffect, fx.PassiveAbility))


def _own_statement(effect, kind: str):
    """The statement about the card itself under the "If you do" linked to its additional cost, or None."""
    inner = effect.effect if isinstance(effect, fx.IfYouDo) else None
    if not isinstance(inner, fx.StaticEffect) or inner.kind != kind or inner.holder.reference != "self" \
            or inner.duration is not None or inner.modifications or inner.by is not None:
        return None
    return inner


def _per_cost_of_paid(per, cost: fx.AdditionalCost) -> str | None:
    """"for each Energy it costs" / "for each Power it costs", "it" the object the additional cost was paid
    with: "energy" or "power"; None for any other "for each"."""
    if per is None or per.types not in (("energy",), ("power",)) or len(per.filters) != 1:
        return None
    of = per.filters[0].of if per.filters[0].kind == "in_cost_of" else None
    paid_with = cost.cost[0].objects[0] if cost.cost and getattr(cost.cost[0], "objects", ()) else None
    if of is None or of.reference != "it" or paid_with is None or of.antecedent != paid_with:
        return None
    return per.types[0]


def linked_read(effect, cost: fx.AdditionalCost) -> bool:
    """The results linked to an optional additional cost that the play applies when it is paid (359.3.e.14):
    "If you do, I cost [3] less" (356.4), "... [1] less for each Energy it costs" (it: what the cost was paid
    with), "If you do, I enter ready" (184.1)."""
    change = _own_statement(effect, "cost_change")
    if change is not None:
        fixed = change.cost and all(c.kind == "energy" or c.kind == "power" and c.domain for c in change.cost)
        return change.value == "less" and bool(fixed) and not change.minimum \
            and (change.per is None or _per_cost_of_paid(change.per, cost) is not None)
    entry = _own_statement(effect, "enter")
    return entry is not None and entry.value == "ready" and entry.place is None


# ---- "If you've played a spell this turn, you may pay ... as an additional cost" -----------------------
def offer_condition_read(condition: fx.Condition) -> bool:
    """The conditions of an optional additional cost tested as the card is played: "If you've played a <type>
    this turn" (its player's cards finalized this turn, 359.1)."""
    sel = condition.object
    return condition.kind == "play_this_turn" and not condition.negated and condition.subject is not None \
        and condition.subject.reference == "you" and sel is not None and sel.reference is None \
        and sel.quantity in ("one", "a", "an") and len(sel.types) == 1 and not sel.filters and not sel.tags \
        and sel.relation is None and sel.controller is None and sel.location is None and not sel.states


def offered(state: GameState, player: str, obj: GameObject, ability: fx.AdditionalCost) -> bool:
    """Whether the optional additional cost may be paid now: its condition holds as the card is played (204.2)."""
    condition = ability.condition
    if condition is None:
        return True
    kind = condition.object.types[0]
    played = [o for o in state.players[player].finalized if o is not obj and o.card_type == kind]
    state.note(f"{player} has {'' if played else 'not '}played a {kind} this turn, so the additional cost of "
               f"{obj.name} is {'' if played else 'not '}offered", "204.2", "359.1")
    return bool(played)


def _additional_costs(obj: GameObject) -> list:
    """The card's additional costs: an ability of its own, or an instruction of its text ("You may pay [1] as
    an additional cost to play me.")."""
    found = []
    for ability in obj.chars.abilities():
        # a spell's instructions, and those of an "As you play me, ..." ability (done as the card is played)
        as_played = isinstance(ability, fx.TriggeredAbility) and "as" in ability.trigger.qualifiers
        parts = ability.effects if isinstance(ability, fx.SpellEffect) or as_played else (ability,)
        for part in parts:
            if isinstance(part, fx.MayDo) and isinstance(part.effect, fx.AdditionalCost):
                part = part.effect if part.player is None or part.player.reference == "you" else None
            if isinstance(part, fx.AdditionalCost):
                found.append(part)
    return found


def already_paid(ctx, effect: fx.AdditionalCost) -> bool:
    """An additional cost met as an instruction of a spell's text: paid (or not) as the spell was played, so
    nothing is done now (204.2.a)."""
    ctx.state.note("the additional cost was decided as the card was played", "204.2.a")
    paid = paid_additional(ctx.state, ctx.source())
    after = tuple(e for e in effect.effects if not linked_read(e, effect))
    if after:                            # "If you do, draw 2. Otherwise, draw 1.": asked of the payment (359.3.e.14)
        ctx.did = ctx.done_last = paid
        bus.perform("run_effects", ctx, after)
    return paid


def check_additional(obj: GameObject) -> None:
    """Refuse, before anything changes, a card whose optional additional cost the play would not pay
    (a mandatory one is checked by ``check_payable``)."""
    for ability in _additional_costs(obj):
        if ability.optional and not additional_runs(ability, obj.card_type == "spell"):
            raise UnsupportedEffect(f"unsupported: {obj.name}: an additional cost in this form is not paid yet (204.2)")


def choose_additional(state: GameState, player: str, obj: GameObject, cost: Cost, paid: list | None = None) \
        -> Cost | None:
    """The optional additional cost the player pays on top of ``cost``, or None when they do not (204.2.a);
    each cost chosen is added to ``paid`` as (the cost, the objects it is paid with: none)."""
    extra = None
    for ability in (a for a in _additional_costs(obj) if a.optional and fixed_cost(a.cost[0]) is not None
                    and offered(state, player, obj, a)):
        wanted = fixed_cost(ability.cost[0])
        ctx = Context(state, player, obj.identity)
        if state.answers and ctx.peek("yes_no") is not None:
            pays = bool(ctx.take("yes_no"))
        else:
            pays = _affordable(state, player, obj, cost.add(extra or Cost()).add(wanted))
        state.note(f"{player} chooses {'to' if pays else 'not to'} pay the additional cost of {obj.name}",
                   "204.2", "135.2.b")
        if pays:
            extra = (extra or Cost()).add(wanted)
            if paid is not None:
                paid.append((ability, []))
    return extra


def choose_action_costs(state: GameState, player: str, obj: GameObject, paid: list | None = None) -> list:
    """The optional additional costs that are game actions ("You may spend 3 XP as an additional cost to play
    me") the player pays, each checked whole and its objects chosen now, before anything changes (203.3,
    payments.py); the default of a "may": pay it when it can be paid (204.2.a)."""
    planned = []
    for ability in (a for a in _additional_costs(obj) if a.optional and fixed_cost(a.cost[0]) is None
                    and offered(state, player, obj, a)):
        ctx = Context(state, player, obj.identity)
        wants = bool(ctx.take("yes_no")) if state.answers else True
        plan = payments.plan(ctx, ability.cost[0]) if wants else None
        state.note(f"{player} chooses {'to' if plan is not None else 'not to'} pay the additional cost of "
                   f"{obj.name}", "204.2", "135.2.b")
        if plan is not None:
            planned.append(plan)
            if paid is not None:
                paid.append((ability, list(plan.objects)))
    return planned


def pay_action_costs(state: GameState, player: str, obj: GameObject, planned: list) -> None:
    """Do the additional costs chosen by ``choose_action_costs`` as the card is played (357); the card
    remembers it, for "if you paid the additional cost"."""
    for plan in planned:
        payments.make(Context(state, player, obj.identity), plan)
        state.note(f"{player} pays the additional cost to play {obj.name}", "204.2", "357")


def _affordable(state: GameState, player: str, obj: GameObject, total: Cost) -> bool:
    try:
        plan_payment(state, player, total, obj.chars.domains, purpose=Purpose("play", obj))
    except IllegalAction:
        return False
    return True


def mark_paid(state: GameState, obj: GameObject) -> None:
    """Remember that the object as played now (its identity, 124) had its additional cost paid."""
    state.__dict__.setdefault("paid_additional", set()).add(obj.identity)


def paid_additional(state: GameState, obj: GameObject | None) -> bool:
    """"If you paid the additional cost": whether this object was played with it paid."""
    return obj is not None and obj.identity in state.__dict__.get("paid_additional", set())


# ---- mandatory additional costs (131) ---------------------------------------------------
def mandatory_costs(obj: GameObject) -> list[fx.AdditionalCost]:
    """The additional costs the card's text requires to play it (131)."""
    return [a for a in obj.chars.abilities() if isinstance(a, fx.AdditionalCost) and not a.optional]


def check_payable(costs: list[fx.AdditionalCost]) -> None:
    """Refuse a cost the runtime can't pay as a payment: one with choices or results inside it."""
    for cost in costs:
        if cost.effects and not to_its_battlefield(cost) \
                or not all(isinstance(part, fx.GameAction) for part in cost.cost):
            raise IllegalAction("131", "this additional cost is not paid by the runtime yet "
                                       "(an optional part or a result inside the cost)")


def pay_additional(state: GameState, player: str, obj: GameObject, costs: list[fx.AdditionalCost],
                   there: tuple | None = None) -> tuple:
    """Pay each additional cost by doing its instructions (131, 357); none done refuses the play. ``there``:
    the battlefield the card is played to by "You may play me to its battlefield": paid with an object there.
    Returns what the costs' phrases named, (selector, objects) pairs: "the killed unit" later in the text
    (359.3.e.14)."""
    named = {}
    for cost in costs:            # the instructions run through the bus: playing sits below the effect handlers
        parts = _paid_there(cost) if there is not None and to_its_battlefield(cost) else cost.cost
        ctx = Context(state, player, obj.identity, there)
        require(bus.perform("run_effects", ctx, parts), "131", f"the additional cost to play {obj.name} can't be paid")
        state.note(f"{player} pays the additional cost to play {obj.name}", "131", "357")
        named.update(ctx.named)
    return tuple((sel, tuple(objects)) for sel, objects in named.items())


# ---- "As an additional cost to play me, kill a Bird you control. You may play me to its battlefield." -------
def to_its_battlefield(cost: fx.AdditionalCost) -> bool:
    """Whether the only result of the mandatory ``cost`` is "You may play me to its battlefield (even if you
    don't have other units there)", "its" the one object the cost is paid with (355.2.b)."""
    if cost.optional or len(cost.effects) != 1 or _paid_with(cost) is None:
        return False
    inner = cost.effects[0].effect if isinstance(cost.effects[0], fx.MayDo) else None
    return isinstance(inner, fx.GameAction) and inner.action == "play" and inner.place is not None \
        and inner.place.kind == "battlefield" and inner.place.owner == "its" and not inner.place.qualifiers \
        and len(inner.objects) == 1 and inner.objects[0].reference == "self" and not inner.cost \
        and not inner.options and inner.subject is None


def _paid_with(cost: fx.AdditionalCost):
    """The selector of the one object the cost's one instruction acts on ("kill a Bird you control")."""
    if len(cost.cost) != 1 or not isinstance(cost.cost[0], fx.GameAction) or len(cost.cost[0].objects) != 1:
        return None
    sel = cost.cost[0].objects[0]
    return sel if sel.quantity in ("one", "a", "an") and sel.location is None and sel.reference is None else None


def _paid_there(cost: fx.AdditionalCost) -> tuple:
    """The cost's instruction on an object at the battlefield the card is played to ("here" of the payment)."""
    from dataclasses import replace
    action = cost.cost[0]
    return (replace(action, objects=(replace(action.objects[0], location=fx.Place("here")),)),)


def its_battlefields(state: GameState, player: str, obj: GameObject) -> list[tuple]:
    """The battlefields "You may play me to its battlefield" makes valid play locations: those where an object
    the additional cost could be paid with is now (355.2.b)."""
    from .selectors import candidates
    found = []
    for cost in mandatory_costs(obj):
        if to_its_battlefield(cost):
            ctx = Context(state, player, obj.identity, None)
            found += [o.zone for o in candidates(ctx, _paid_with(cost)) if o.zone[0] == "battlefield"]
    return list(dict.fromkeys(found))
