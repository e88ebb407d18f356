"""A battlefield's triggered ability that names the player who chooses (190.6.c).

"When a player plays a spell, they may give a unit they control here +1 [M] this turn." (Abandoned Hall): the
ability says that the player of the event makes its choice, so that player controls it: they put it on the
chain and make every choice, whoever controls the battlefield (190.6.c). Inside it, "they" and "they control"
are that player: the ability is read with them as "you" (``as_controller``), and goes on the chain as theirs
(event_watch). Abilities of other objects keep their controller: "they may" there is another player's choice,
which stays a gap (effect_run).
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from interpreter.compiler import effects as fx
from .event_forms import player_actor


def _actor(ability) -> fx.Selector | None:
    """The player a triggered ability's event names ("a player", "an opponent"), or None."""
    trigger = ability.trigger if isinstance(ability, fx.TriggeredAbility) else None
    if trigger is None or not player_actor(trigger.actor) or trigger.actor.quantity not in ("one", "a", "an"):
        return None
    return trigger.actor


def chooser_form(ability) -> bool:
    """Whether the ability's "they may ..." names the player of its event as the one who chooses (190.6.c)."""
    actor = _actor(ability)
    return actor is not None and any(isinstance(e, fx.MayDo) and e.player is not None and e.player.reference == "they"
                                     and e.player.antecedent == actor for e in ability.effects)


def as_controller(ability):
    """The ability with the player of its event as "you": "they" is you, "a unit they control" a unit you
    control (190.6.c). The trigger itself is left as it is: it still watches any player's event."""
    actor = _actor(ability)
    return replace(ability, effects=tuple(_as_you(e, actor) for e in ability.effects))


def _as_you(value, actor):
    if isinstance(value, tuple):
        return tuple(_as_you(v, actor) for v in value)
    if not is_dataclass(value):
        return value
    if isinstance(value, fx.Selector) and value.antecedent == actor:
        if value.reference == "they":
            return replace(value, reference="you", antecedent=None)
        if value.controller in ("they", "their"):
            value = replace(value, controller="you", antecedent=None)
    changed = {f.name: _as_you(getattr(value, f.name), actor) for f in fields(value)}
    return replace(value, **{k: v for k, v in changed.items() if v is not getattr(value, k)})
