"""Discounts that apply to one component of a play's cost: its optional additional costs (356.4.c).

"Optional additional costs you pay cost [1] or [A] less" and "While you control this battlefield,
friendly [Repeat] costs cost [1] less" are passives of a board object about a component of the
cost, not about the card: as the play adds an optional additional cost it chose to pay (the
Accelerate cost, 805.1.a; a Repeat cost, 820.1; a "you may pay ... as an additional cost", 356.2.b),
the discount is applied to that component at once, before the discounts of the whole cost
(356.4.c, 356.4.d), and it cannot take the component below 0 (356.4.f, 356.6).

"[1] or [A] less" lets the player choose; the deterministic default takes off a Power symbol when
the component has one (paying it would recycle a rune), else [1] of its Energy.

``statement_read`` is the static check ``cost_changes.statement_runs`` asks; ``discounted`` is what
``playing.play_card`` calls for each component it adds.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .cost_values import Cost

COMPONENTS = ("accelerate", "repeat", "optional")     # the optional additional costs a play adds (356.2.b)


def _component_of(holder: fx.Selector) -> set | None:
    """Which components a holder names: "optional additional costs you pay" (all of them), "friendly [Repeat]
    costs" (a Repeat cost); None for any other holder."""
    if holder.types != ("cost",) or holder.reference is not None or holder.location is not None \
            or holder.zone is not None or holder.names or holder.tags or holder.alternatives or holder.other:
        return None
    filters = [(f.kind, f.value) for f in holder.filters]
    if holder.states == ("optional", "additional") and not holder.keywords_with and filters == [("paid_by", "you")] \
            and holder.relation is None and holder.controller is None:
        return set(COMPONENTS)
    if holder.keywords_with == ("Repeat",) and not holder.states and not filters \
            and (holder.relation == "friendly" or holder.controller == "you"):
        return {"repeat"}
    return None


def statement_read(statement) -> bool:
    """Whether a cost change is a component discount in a form ``discounted`` applies."""
    return isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change" \
        and statement.value in ("less", "less_either") and _component_of(statement.holder) is not None \
        and statement.per is None and statement.duration is None and not statement.minimum \
        and bool(statement.cost) and all(c.kind in ("energy", "power") for c in statement.cost)


def about_a_component(statement) -> bool:
    """A cost change whose holder is a component of a cost (read here, never as a change of the card's cost)."""
    return isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change" \
        and statement.holder.types == ("cost",)


def discounted(state, player: str, card, component: Cost, kind: str, location: tuple | None = None) -> Cost:
    """``component`` (one of COMPONENTS) after the discounts of the board's passives that apply to it (356.4.c);
    ``location``: where the card is played."""
    for source, statement in _active(state, player, card, location):
        if kind not in _component_of(statement.holder):
            continue
        component = _apply(component, statement)
        state.note(f"{source.name}: the {kind} cost of {card.name} costs {fx.symbols_text(statement.cost)} less"
                   + (" (one of them, the Power where there is one)" if statement.value == "less_either" else ""),
                   "356.4.c", "356.4.f", "356.6")
    return component


def _apply(component: Cost, statement: fx.StaticEffect) -> Cost:
    energy, power = component.energy, list(component.power)
    parts = list(statement.cost)
    if statement.value == "less_either":               # "[1] or [A] less": one of the two (the default above)
        powers = [c for c in parts if c.kind == "power"]
        parts = powers[:1] if powers and power else [c for c in parts if c.kind == "energy"][:1]
    for part in parts:
        if part.kind == "energy":
            energy = max(energy - part.amount, 0)                                  # 356.6
        else:
            for _ in range(part.amount):
                _take(power, part.domain or "A")
    return Cost(energy, power)


def _take(power: list, symbol: str) -> None:
    for letter in sorted(power, key=lambda p: p == "A"):
        if symbol == "A" or letter in (symbol, "A"):
            power.remove(letter)
            return


def _active(state, player: str, card, location):
    """(source, statement) of the component discounts that work now for ``player``'s play: passives of the board
    objects and battlefields ``player`` controls, a "While ..." one while its condition holds (364.3.a)."""
    from .cost_changes import ACTIVE
    from .traits import abilities_of
    sources = [o for o in state.board_objects() + list(state.battlefields) if o.zone[0] in ACTIVE]
    for source in sources:
        if source is card or source.controller != player:
            continue
        for ability in abilities_of(source):
            for statement in ability.effects if isinstance(ability, fx.PassiveAbility) else ():
                yield from _statements(state, player, card, source, statement, location)


def _statements(state, player, card, source, statement, location):
    from .cost_changes import Play, condition_holds
    if isinstance(statement, fx.Conditional):
        if statement.unless or statement.otherwise:
            return
        inner = [s for s in statement.effects if statement_read(s)]
        if inner and condition_holds(Play(state, player, card, location, card.zone[0]), source, statement.condition):
            yield from ((source, s) for s in inner)
    elif statement_read(statement):
        yield source, statement
