"""A card's cost changed by its own optional additional cost as it is played: "As you play this, you may spend a
buff as an additional cost. If you do, ignore this spell's cost." (356.1.b.1), "... If you do, reduce my cost
by [2]." (356.4).

The form read (``chosen_change``): an "As you play me" ability of exactly two sentences, an optional additional
cost the play pays (204.2, additional_costs.py), then "If you do," and a change of the card's own cost:
"ignore" sets its base Energy and Power costs to 0 (356.1.b.1; additional costs and increases still apply,
356.1.b.3), "reduce ... by" is a discount of Energy and Power applied with the other cost changes (356.4).
The play (``playing.play_card``) asks ``as_played`` once the player has chosen whether to pay the additional
cost; the sentence itself then does nothing more when the "as" ability is done (370.1.b.1:
``applied_as_played``, registered by handlers_as_played), and the static check reads the ability without it
(``without_change``). The card must have only that one optional additional cost, so that "if you do" names
the choice made.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .additional_costs import _additional_costs, _own_statement, _per_cost_of_paid, additional_runs
from .cost_changes import CostChange
from .cost_values import Cost

SELF_COST_CHANGES = ("ignore_cost", "reduce_cost")


def _self_change(effect) -> fx.GameAction | None:
    """The "ignore this spell's cost" / "reduce my cost by [2]" under an "If you do", or None."""
    inner = effect.effect if isinstance(effect, fx.IfYouDo) else None
    if not isinstance(inner, fx.GameAction) or inner.action not in SELF_COST_CHANGES:
        return None
    if len(inner.objects) != 1 or inner.objects[0].reference != "self" or inner.subject is not None \
            or inner.amount is not None or inner.modifications or inner.options or inner.place is not None:
        return None
    if inner.action == "ignore_cost":
        return None if inner.cost else inner
    fixed = inner.cost and all(c.kind == "energy" or c.kind == "power" and c.domain for c in inner.cost)
    return inner if fixed else None


def chosen_change(ability) -> fx.GameAction | None:
    """The change of its own cost an "As you play me" ability makes when its additional cost is paid, or None."""
    if not isinstance(ability, fx.TriggeredAbility) or ability.also or ability.limit is not None:
        return None
    trigger = ability.trigger
    if trigger.event != "play" or trigger.subject != "self" or tuple(trigger.qualifiers) != ("as",) \
            or trigger.condition is not None or trigger.place is not None or trigger.object is not None:
        return None
    if len(ability.effects) != 2:
        return None
    offer, change = ability.effects
    if not (isinstance(offer, fx.MayDo) and isinstance(offer.effect, fx.AdditionalCost)) \
            or offer.player is not None and offer.player.reference != "you":
        return None
    if not (offer.effect.optional and additional_runs(offer.effect)):
        return None
    return _self_change(change) or _per_paid_change(change, offer.effect)


def _per_paid_change(change, cost: fx.AdditionalCost) -> fx.GameAction | None:
    """"Reduce my cost by [O] for each buff you spend", "... by [Y] for each killed this way": a discount for each
    object the additional cost was paid with (356.4, 359.3.e.14), or None."""
    if not isinstance(change, fx.GameAction) or change.action != "reduce_cost" or len(change.objects) != 1 \
            or change.objects[0].reference != "self" or change.amount is None or change.amount.per is None \
            or change.amount.value not in (None, 1) or not change.cost or change.options or change.subject:
        return None
    if not all(c.kind == "energy" or c.kind == "power" and c.domain for c in change.cost):
        return None
    per, action = change.amount.per, getattr(cost.cost[0], "action", None)
    filters = [(f.kind, f.value) for f in per.filters]
    from .selectors import _acted_by                 # "killed this way" -> kill, from the rules' action forms
    paid = action == "spend_buff" and per.types == ("buff",) and filters == [("spent_by", "you")] \
        or not per.types and len(filters) == 1 and filters[0][0] == "this_way" and _acted_by(filters[0][1]) == action
    return change if paid and per.quantity in ("all", "each") and per.reference is None else None


def _times_paid(change, offer_cost, paid: list) -> int:
    """How many times a change applies: once, or once for each object its additional cost was paid with."""
    if change.amount is None or change.amount.per is None:
        return 1
    return sum(len(objects) for cost, objects in paid if cost == offer_cost)


def without_change(ability) -> tuple:
    """The instructions of an "as" ability the runtime checks: the cost change is applied by the play."""
    if chosen_change(ability) is None:
        return tuple(ability.effects)
    return tuple(ability.effects[:1])


def applied_as_played(ctx, effect) -> bool:
    """The cost change met as the "as" ability is done: already applied by the play (356.1.b), so nothing more
    happens; one the play does not read is refused."""
    source = ctx.source()
    if source is None or effect not in {chosen_change(a) for a in source.chars.abilities()}:
        from .errors import UnsupportedEffect
        raise UnsupportedEffect(f"GameAction {effect.action}: a change of a card's own cost outside the play")
    ctx.state.note("the card's cost was changed as it was played", "356.1.b", "370.1.b.1")
    return True


def as_played(state, obj, cost: Cost, base: Cost, paid: list) -> tuple[Cost, list]:
    """The cost of playing ``obj`` and the discounts to add, after its "If you do" cost change (356.1.b, 356.4);
    ``paid``: (the optional additional cost, the objects it was paid with) of each one paid."""
    offers = {c: a.effects[0].effect for a in obj.chars.abilities() if (c := chosen_change(a)) is not None}
    changes = list(offers)
    if not changes:
        return cost, []
    optional = [a for a in _additional_costs(obj) if a.optional]
    if len(optional) != 1:
        from .errors import UnsupportedEffect
        raise UnsupportedEffect(f"{obj.name}: “if you do” after more than one optional additional cost")
    if not paid:
        state.note(f"the additional cost of {obj.name} is not paid, so its cost is not changed", "359.3.e.14.a")
        return cost, []
    discounts = []
    for change in changes:
        if change.action == "ignore_cost":
            power = list(cost.power)
            for symbol in base.power:
                power.remove(symbol)
            cost = Cost(cost.energy - base.energy, power)
            state.note(f"{obj.name}'s base costs are set to 0: its cost is ignored", "356.1.b", "356.1.b.1",
                       "356.1.b.3")
        else:
            times = _times_paid(change, offers[change], paid)
            energy = times * sum(c.amount for c in change.cost if c.kind == "energy")
            power = tuple(c.domain for c in change.cost if c.kind == "power" for _ in range(c.amount * times))
            discounts.append(CostChange("less", energy, power, source=f"{obj.name}'s own text", rules=("356.4",)))
    return cost, discounts


# ---- "You may <cost> as an additional cost to play me. If you do, I cost [3] less / I enter ready." ------------
def linked(state, obj, paid: list) -> tuple[list, bool]:
    """The discounts and the ready entry the additional costs paid (with the objects they were paid with)
    give the card as it is played (356.4, 184.1, 359.3.e.14)."""
    discounts, ready = [], False
    for cost, objects in paid:
        for effect in cost.effects:
            change = _own_statement(effect, "cost_change")
            if change is not None:
                times = _times(change, cost, objects)
                energy = times * sum(c.amount for c in change.cost if c.kind == "energy")
                power = tuple(c.domain for c in change.cost if c.kind == "power" for _ in range(c.amount * times))
                discounts.append(CostChange("less", energy, power, source=f"{obj.name}'s own text (its additional "
                                            "cost is paid)", rules=("356.4", "359.3.e.14")))
            elif _own_statement(effect, "enter") is not None:
                ready = True
                state.note(f"{obj.name}'s additional cost is paid, so it enters ready", "184.1", "359.3.e.14")
    return discounts, ready


def _times(change, cost: fx.AdditionalCost, objects: list) -> int:
    """1, or the Energy cost / number of Power symbols of the object the cost was paid with (its printed cost,
    206)."""
    kind = _per_cost_of_paid(change.per, cost)
    if kind is None:
        return 1
    paid_with = objects[0] if objects else None
    if paid_with is None:
        return 0
    return paid_with.chars.energy or 0 if kind == "energy" else len(paid_with.chars.power)
