"""The prevent instructions (437): "Prevent all spell and ability damage this turn." and the delayed "The next
time that unit would be dealt damage this turn, prevent it." (390.3), kept by damage_prevention.py."""
from __future__ import annotations

from .action_run import ACTIONS
from .context import Context
from .damage_prevention import SOURCES, delayed_prevention, keep, prevention_form
from .errors import UnsupportedEffect


def prevent_damage(ctx: Context, effect) -> bool:
    """All damage of the sources named (spells and abilities; none named: every damage) to every unit, this
    turn (437.1.b.1.b)."""
    if not prevention_form(effect):
        raise UnsupportedEffect("GameAction prevent_damage: only “all ... damage this turn” is kept yet")
    noncombat_only = set(effect.options) == SOURCES
    keep(ctx.state, None, combat=not noncombat_only, noncombat=True, once=False,
         what="all spell and ability damage" if noncombat_only else "all damage")
    return True


def prevent_next(ctx: Context, effect) -> bool:
    """"The next time that unit would be dealt damage this turn, prevent it": on the unit named before (390.3)."""
    if not delayed_prevention(effect):
        raise UnsupportedEffect("Delayed: a prevention in this form is not kept yet")
    units = [o for o in ctx.last if o.zone[0] in ("base", "battlefield")]
    for unit in units:
        keep(ctx.state, unit.identity, combat=True, noncombat=True, once=True,
             what=f"the next damage that would be dealt to {unit.name}")
    return bool(units)


ACTIONS["prevent_damage"] = prevent_damage
