"""Activated abilities that objects gain from passives (477.2): "Units here have "[E]: Gain 1 XP."",
"While you control this battlefield, friendly legends have "[E]: Attach an Equipment ..."", "I have all
[E] abilities of all friendly legends, units, and gear."

A quoted ability a passive gives is one of the holder's own abilities while the passive applies (364,
477.2): its controller activates it like a printed one, after the printed ones (``playing.activate``),
and "me" in it is the holder. ``gained`` finds them now; ``activated_form`` is the static check of the
forms read here (``passive_support`` uses it). A gained passive or triggered ability is not read here
(a gained passive would change the layers that decide who has it, 478).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def activated_form(statement: fx.StaticEffect) -> bool:
    """Whether every change of ``statement`` is a quoted activated ability, and ``_holds`` reads its holder;
    or "I have all [E] abilities of ..." (``_copied``)."""
    from .layer_sources import supported
    holder = statement.holder
    if statement.place is not None or statement.by is not None or statement.duration is not None:
        return False                          # "... here", "... this turn": not read here
    if _copied(statement) is not None:
        return True
    return bool(statement.modifications) and statement.per is None \
        and all(m.kind == "ability" and isinstance(m.ability, fx.ActivatedAbility) for m in statement.modifications) \
        and holder.reference is None and (_legends(holder) or supported(holder))


def _copied(statement: fx.StaticEffect) -> fx.Selector | None:
    """"I have all [E] abilities of all friendly legends, units, and gear": the objects whose activated
    abilities with [E] in their cost the source has; None for any other form."""
    mods = statement.modifications
    if statement.holder.reference != "self" or statement.per is not None or len(mods) != 1 or mods[0].kind != "abilities":
        return None
    measure = mods[0].measure
    of = measure.of if measure is not None and measure.kind == "exhaust_abilities" else None
    plain = of is not None and of.relation == "friendly" and of.controller is None and bool(of.types) \
        and set(of.types) <= {"legend", "unit", "gear"} and not (of.filters or of.states or of.location or of.zone
                                                                 or of.tags or of.names or of.reference or of.alternatives)
    return of if plain else None


def _exhaust_abilities(state, source, of: fx.Selector) -> list[fx.ActivatedAbility]:
    """The printed activated abilities with [E] in their cost of the friendly objects ``of`` names, the source
    aside (its own are its own); gained ones are not copied again."""
    found = []
    for obj in sorted(state.board_objects(), key=lambda o: o.arrival):
        if obj is source or obj.card_type not in of.types or obj.controller != source.controller \
                or obj.zone[0] not in ("base", "battlefield", "legend"):          # a facedown card shows none (124.2)
            continue
        found.extend(a for a in printed_activated(obj) if _exhausts(a))
    return found


def printed_activated(obj) -> list:
    """The activated abilities of an object's own text in order, and those its keywords are short for ("[Empower]
    [5]" is "[5]: Empower this. ...", 827.1.c.1), each where its keyword is."""
    from .traits import abilities_of
    found = []
    for ability in abilities_of(obj):
        if isinstance(ability, fx.ActivatedAbility):
            found.append(ability)
        elif isinstance(ability, fx.KeywordAbility):
            found.extend(part for part in ability.definition if isinstance(part, fx.ActivatedAbility))
    return found


def _exhausts(ability: fx.ActivatedAbility) -> bool:
    return any(isinstance(c, fx.PayCost) and any(part.kind == "exhaust" for part in c.costs) for c in ability.costs)


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
            if statement.kind != "modify" or not activated_form(statement):
                continue
            if _copied(statement) is not None:
                if source is obj:
                    found.extend(_exhaust_abilities(state, source, _copied(statement)))
            elif _holds(state, source, statement.holder, obj):
                found.extend(m.ability for m in statement.modifications)
    return found


def quoted(ability: fx.PassiveAbility) -> tuple:
    """The quoted activated abilities a passive gives (to be checked as abilities that run; the abilities "all
    [E] abilities of ..." copies are checked on their own cards)."""
    found = []
    for statement in ability.effects:
        inner = statement.effects if isinstance(statement, fx.Conditional) else (statement,)
        found += [m.ability for s in inner if isinstance(s, fx.StaticEffect) and s.kind == "modify" and activated_form(s)
                  for m in s.modifications if m.ability is not None]
    return tuple(found)


def _may_give(source) -> bool:
    """Whether a passive of ``source`` gives a quoted ability at all (before testing its conditions)."""
    from .traits import abilities_of
    for ability in abilities_of(source):
        if isinstance(ability, fx.PassiveAbility):
            for statement in ability.effects:
                inner = statement.effects if isinstance(statement, fx.Conditional) else (statement,)
                if any(isinstance(s, fx.StaticEffect) and any(m.kind in ("ability", "abilities") for m in s.modifications)
                       for s in inner):
                    return True
    return False
