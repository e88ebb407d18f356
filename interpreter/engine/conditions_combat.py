"""What a player did in the last combat this turn, for "if you assigned 5 or more excess damage to enemy
units" (registered into ``conditions.CONDITIONS``).

``combat._record`` keeps, as each player assigns combat damage (465.2.c), how much of it went past what was
lethal for the enemy units it was assigned to; the condition compares that with its number, and "that much"
after it is that amount (``Context.that_much``).
"""
from __future__ import annotations

from .conditions import CONDITIONS


def _excess_runs(condition) -> bool:
    """"if you assigned N or more excess damage to enemy units": your own assignment, to enemy units."""
    sel, objects = condition.subject, condition.object
    return sel is not None and sel.reference == "you" and isinstance(condition.value, int) \
        and objects is not None and objects.types == ("unit",) and objects.relation == "enemy" \
        and not (objects.filters or objects.states or objects.tags or objects.location or objects.reference)


def _excess_holds(ctx, condition) -> bool:
    excess = ctx.state.__dict__.get("excess_assigned", {}).get((ctx.state.turn_number, ctx.player), 0)
    ctx.that_much = excess
    ctx.state.note(f"{ctx.player} assigned {excess} excess combat damage to enemy units", "465.2.c")
    return excess >= condition.value


CONDITIONS.update({"excess_damage": (_excess_runs, _excess_holds)})
