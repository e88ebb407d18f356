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
from .additional_costs import _additional_costs, additional_runs
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
    return _self_change(change)


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


def as_played(state, obj, cost: Cost, base: Cost, paid: bool) -> tuple[Cost, list]:
    """The cost of playing ``obj`` and the discounts to add, after its "If you do" cost change (356.1.b, 356.4)."""
    changes = [c for c in map(chosen_change, obj.chars.abilities()) if c is not None]
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
            energy = sum(c.amount for c in change.cost if c.kind == "energy")
            power = tuple(c.domain for c in change.cost if c.kind == "power" for _ in range(c.amount))
            discounts.append(CostChange("less", energy, power, source=f"{obj.name}'s own text", rules=("356.4",)))
    return cost, discounts
