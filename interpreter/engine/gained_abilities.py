"""Activated abilities that objects gain from passives (477.2): "Units here have "[E]: Gain 1 XP."",
"While you control this battlefield, friendly legends have "[E]: Attach an Equipment ...""

A quoted ability a passive gives is one of the holder's own abilities while the passive applies (364,
477.2): its controller activates it like a printed one, after the printed ones (``playing.activate``),
and "me" in it is the holder. ``gained`` finds them now; ``activated_form`` is the static check of the
forms read here (``passive_support`` uses it). A gained passive or triggered ability is not read here
(a gained passive would change the layers that decide who has it, 478).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def activated_form(statement: fx.StaticEffect) -> bool:
    """Whether every change of ``statement`` is a quoted activated ability, and ``_holds`` reads its holder."""
    from .layer_sources import supported
    holder = statement.holder
    return bool(statement.modifications) and statement.per is None \
        and all(m.kind == "ability" and isinstance(m.ability, fx.ActivatedAbility) for m in statement.modifications) \
        and holder.reference is None and (_legends(holder) or supported(holder))


def _legends(holder: fx.Selector) -> bool:
    """"friendly legends": the legends in the legend zones (a zone the layer view does not select from)."""
    return holder.types == ("legend",) and holder.relation in (None, "friendly") and holder.controller is None \
        and not (holder.filters or holder.states or holder.location or holder.zone or holder.tags or holder.names
                 or holder.alternatives or holder.other or holder.keywords_with or holder.keywords_without)


def _holds(state, source, holder: fx.Selector, obj) -> bool:
    """Whether ``obj`` is one of the objects the passive's holder names, seen from ``source``."""
    from .layer_sources import holder_test, resolve_state
    if _legends(holder):
        return obj.zone[0] == "legend" and obj.card_type == "legend" \
            and (holder.relation is None or obj.controller == source.controller)
    affects, _selective = holder_test(state, source, holder)
    return obj.oid in affects(resolve_state(state).view)


def gained(state, obj) -> list[fx.ActivatedAbility]:
    """The activated abilities passives that apply now give ``obj``, by their sources' order of arrival."""
    from .layer_sources import active_statements
    found = []
    sources = [s for s in state.battlefields + state.board_objects() if _may_give(s)]
    for source in sorted(sources, key=lambda o: o.arrival):
        for statement in active_statements(state, source):
            if statement.kind == "modify" and activated_form(statement) and _holds(state, source, statement.holder, obj):
                found.extend(m.ability for m in statement.modifications)
    return found


def _may_give(source) -> bool:
    """Whether a passive of ``source`` gives a quoted ability at all (before testing its conditions)."""
    from .traits import abilities_of
    for ability in abilities_of(source):
        if isinstance(ability, fx.PassiveAbility):
            for statement in ability.effects:
                inner = statement.effects if isinstance(statement, fx.Conditional) else (statement,)
                if any(isinstance(s, fx.StaticEffect) and any(m.kind == "ability" for m in s.modifications)
                       for s in inner):
                    return True
    return False
