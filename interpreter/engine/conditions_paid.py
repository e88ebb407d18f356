"""What was paid to play a card and what was assigned in a combat, for the conditions of "If ..." instructions
(359.3.e.14.a) that ask about them, registered into ``conditions.CONDITIONS``.

- "When you play a spell, if you spent [4] or more, ..." (``spent``): the Energy paid for the cost of the card
  whose play triggered the ability (357.1); ``turn_records.note_paid`` keeps it per card as the play pays it.
- "When you conquer, if you assigned 3 or more excess damage, ..." (``excess_damage``): combat damage assigned
  to a unit beyond what is lethal for it, which the assigner may do only when no further unit remains to be
  assigned damage (465.2.c.4); ``turn_records.note_assigned`` keeps each player's excess of the latest combat of the turn.
- "If I didn't conquer this turn" (``did_conquer``): a unit conquers with its controller when it is at the
  battlefield they conquer (466.5.d, the units a "When I conquer" trigger sees); ``turn_records.note_conquerors`` keeps them.

A form they do not read (a power cost, another player's payment, "this combat") stays a gap, never a guess.
"""
from __future__ import annotations

from . import turn_records
from .conditions import CONDITIONS, _is_you
from .errors import UnsupportedEffect


# ---- "if you spent [4] or more" ------------------------------------------------------------------
def _spent_runs(condition) -> bool:
    return _is_you(condition.subject) and condition.object is None and bool(condition.cost) \
        and all(c.kind == "energy" for c in condition.cost) and condition.value is None


def _spent_holds(ctx, condition) -> bool:
    """Whether the card whose play triggered the ability was paid at least that much Energy (357.1)."""
    paid = [turn_records.energy_paid(ctx.state, identity) for identity in ctx.about]
    paid = [energy for energy in paid if energy is not None]
    if not paid:
        raise UnsupportedEffect("“if you spent ...” outside an ability triggered by playing a card")
    bound = sum(c.amount for c in condition.cost)
    ctx.state.note(f"{paid[0]} Energy was spent to play the card, against {bound}", "357.1")
    return paid[0] >= bound


# ---- "if you assigned 3 or more excess damage" -----------------------------------------------------
def _excess_runs(condition) -> bool:
    """"if you assigned 3 or more excess damage", "... to enemy units": combat damage goes to enemy units (465.2)."""
    objects = condition.object
    enemies = objects is None or objects.types == ("unit",) and objects.relation == "enemy" and not (
        objects.filters or objects.states or objects.tags or objects.location or objects.reference)
    return _is_you(condition.subject) and isinstance(condition.value, int) and enemies and condition.place is None


def _excess_holds(ctx, condition) -> bool:
    """Whether you assigned at least that much damage beyond lethal in the latest combat of this turn."""
    excess = turn_records.excess_assigned(ctx.state, ctx.player)
    ctx.state.note(f"{ctx.player} assigned {excess} excess damage, against {condition.value}", "465.2.c.4")
    ctx.paid_amount = excess                         # "..., you may deal that much" (runs.COUNTING)
    return excess >= condition.value


# ---- "if I didn't conquer this turn" -------------------------------------------------------------
def _conquered_runs(condition) -> bool:
    sel = condition.subject
    return sel is not None and sel.reference == "self" and condition.duration == "this_turn" and condition.value is None \
        and condition.object is None and condition.place is None


def _conquered_holds(ctx, condition) -> bool:
    """Whether the source (an Equipment's "I": the unit it is attached to, 136.2.c) conquered this turn."""
    source = ctx.source()
    unit = _unit_of(ctx.state, source)
    done = unit is not None and turn_records.conquered(ctx.state, unit)
    ctx.state.note(f"{unit.name if unit else 'no unit'} {'conquered' if done else 'did not conquer'} this turn",
                   "466.5.d")
    return done


def _unit_of(state, source):
    """The unit the text's "I" is: the source, or the unit an Equipment is attached to (136.2.c)."""
    if source is None or source.card_type == "unit":
        return source
    holder = getattr(source, "attached_to", None)
    return state.by_identity(holder) if holder is not None else None


CONDITIONS.update({
    "spent": (_spent_runs, _spent_holds),
    "excess_damage": (_excess_runs, _excess_holds),
    "did_conquer": (_conquered_runs, _conquered_holds),
})
