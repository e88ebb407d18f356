""""At the start of each player's Beginning Phase, that player ...": the player whose phase begins.

A phase belongs to the turn of the Turn Player (304), and the abilities that trigger as it starts take place
in it (315.2.a.1), so "that player" of such a trigger is the Turn Player as it resolves. ``the_phase_player``
keeps that player for the phrase, as a "Choose an opponent." keeps the one chosen (``Context.players_chosen``,
read by ``selectors.players``); ``as_chosen`` is the static side, read by ``engine/runs.py``: the phrase is
checked as one naming a player the text has chosen.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from interpreter.compiler import effects as fx
from .traits import active_abilities


def phase_trigger(ability) -> bool:
    """"At the start of each player's <phase>": a trigger on the start of a phase of any player."""
    return isinstance(ability, fx.TriggeredAbility) and ability.trigger.event.startswith("start_of_") \
        and ability.trigger.subject == "each_player" and not ability.also


def _each_player(sel) -> bool:
    return isinstance(sel, fx.Selector) and sel.quantity == "each" and sel.types == ("player",) \
        and sel.reference is None and not sel.other and not sel.filters


def _that_players(value) -> set:
    """The "each player" phrases that a "that player" of ``value`` refers back to."""
    found = set()
    if isinstance(value, tuple):
        for part in value:
            found |= _that_players(part)
    elif isinstance(value, fx.Selector) and value.reference == "that" and _each_player(value.antecedent):
        found.add(value.antecedent)
    elif is_dataclass(value):
        for f in fields(value):
            found |= _that_players(getattr(value, f.name))
    return found


def _swap(value, old, new):
    """``value`` with each selector ``old`` replaced by ``new``."""
    if value == old:
        return new
    if isinstance(value, tuple):
        return tuple(_swap(part, old, new) for part in value)
    if is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: _swap(getattr(value, f.name), old, new) for f in fields(value)}
        return replace(value, **changed) if any(changed[k] is not getattr(value, k) for k in changed) else value
    return value


def as_chosen(ability) -> tuple | None:
    """For the static check: the ability with each "that player" read as a player chosen before, and those
    players' phrases; None when ``ability`` is not such a trigger."""
    if not phase_trigger(ability):
        return None
    named = _that_players(ability.effects)
    if not named:
        return None
    effects = ability.effects
    for each in named:
        effects = _swap(effects, each, replace(each, quantity="one"))
    return replace(ability, effects=effects), tuple(replace(each, quantity="one") for each in named)


def phase_ability(state, source, effects: tuple):
    """The phase trigger of ``source`` whose instructions are ``effects`` (a chain item's), or None."""
    if source is None:
        return None
    return next((a for a in active_abilities(state, source)
                 if phase_trigger(a) and tuple(a.effects) == tuple(effects)), None)


def the_phase_player(ctx, source, effects: tuple) -> None:
    """Keep the Turn Player as "that player" of a phase trigger of ``source`` whose instructions resolve (304)."""
    ability = phase_ability(ctx.state, source, effects)
    for each in _that_players(ability.effects) if ability is not None else ():
        ctx.players_chosen[each] = ctx.state.turn_player
        ctx.state.note(f"“that player” is {ctx.state.turn_player}, whose phase began", "304", "315.2.a.1")
