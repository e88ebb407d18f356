"""Bonus Damage (712-715): the extra damage passives give to the deal actions of spells and abilities.

"Your spells and abilities deal 1 Bonus Damage" (a permanent's, or an attached Equipment's effect
text, 136.2.c), "Spells and abilities deal 1 Bonus Damage to units here" (a battlefield's; its first
printing says "affecting units here", and both add it to the damage dealt to a unit there, as the
reminder text of the second says), and "The next spell you play this turn deals 1 Bonus Damage" (kept
by ``turn_statements`` for the spell it claimed as it was played, 391): every instance that applies is
summed and added once (714, 715); only a positive total is added (714.1, 714.2). ``form_read`` is the
static check of the passive forms.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx

DEALERS = {"spell", "ability"}


def _amount(s: fx.StaticEffect) -> int | None:
    mods = s.modifications
    if len(mods) != 1 or mods[0].kind != "damage" or not isinstance(mods[0].amount, int) or mods[0].measure:
        return None
    return mods[0].amount


def _units_here(sel) -> bool:
    return sel is not None and sel.types == ("unit",) and sel.location is not None and sel.location.kind == "here" \
        and not sel.filters and sel.relation is None and sel.reference is None and not sel.states and not sel.tags


def _to_units_here(s: fx.StaticEffect) -> bool:
    """"affecting units here" (a filter of the dealers) or "to units here" (whom it is dealt to)."""
    filters = s.holder.filters
    if s.by is not None:
        return not filters and _units_here(s.by)
    return len(filters) == 1 and filters[0].kind == "affecting" and _units_here(filters[0].of)


def form_read(s: fx.StaticEffect) -> bool:
    h = s.holder
    if _amount(s) is None or not h.types or not set(h.types) <= DEALERS or h.reference is not None \
            or h.states or h.tags or h.relation or h.location or h.zone or s.place is not None:
        return False
    if h.controller == "you":
        return not h.filters and s.by is None
    return h.controller is None and _to_units_here(s)


def _statements(state):
    """(source, controller, statement) of every active Bonus Damage statement: of the board and the
    battlefields, an attached Equipment's effect text among the unit's (136.2.c, traits.all_abilities)."""
    from .layer_sources import active_statements
    for source in state.battlefields + state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind == "bonus_damage":
                yield source, source.controller, statement


def total(ctx, unit) -> int:
    """The Bonus Damage added to the damage a deal action of ``ctx`` deals to ``unit`` (714: summed, 714.1:
    never negative)."""
    from .traits import location_of
    from . import turn_statements
    state, found = ctx.state, 0
    for source, controller, statement in _statements(state):
        if not form_read(statement):
            continue
        if statement.holder.controller == "you" and controller == ctx.player:
            found += _amount(statement)
        elif statement.holder.controller is None:
            here = location_of(state, source)
            if here is not None and location_of(state, unit) == here:
                found += _amount(statement)
    found += turn_statements.claimed_bonus(state, ctx.source())
    if found > 0:
        state.note(f"{found} Bonus Damage is added to the damage dealt to {unit.name}", "713", "714", "715")
    return max(found, 0)
