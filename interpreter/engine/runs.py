"""Which compiled abilities the runtime runs whole, and the first gap where it does not.

A card "runs" when every effect object of every text it carries has a handler in the runtime, in
the form its text gives: each game action in the actions table, each selector one the runtime can
find, each passive applied by the layer engine or the play, each trigger watched in that form,
each triggered keyword watched. ``coverage`` reports the count beside "compiled", and random play
draws its decks from such cards; both use this one check.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from interpreter.compiler import effects as fx
from . import bus
from .cost_changes import instruction_runs
from .effect_run import ACTIONS, SPELL_INSTRUCTIONS, runs
from .errors import UnsupportedEffect
from .handlers_each import each_form, theirs
from .layer_sources import passive_runs
from .passive_support import ability_gap, keyword_gap, keyworded_gap
from .selectors import players_read, runs_selector
from .trigger_support import condition_runs, trigger_gap

# Classes that only carry parts: they run when their parts do.
# Game actions whose subject is a player, found by ``selectors.players``.
_PLAYER_ACTIONS = {"draw", "discard", "score", "gain_xp", "win_game"}
_CONTAINERS = (fx.TriggeredAbility, fx.ActivatedAbility, fx.KeywordAbility, fx.PayCost, fx.TokenCharacteristics,
               fx.Keyword, fx.Trigger, fx.KeywordedAbility, fx.Mode, fx.ReplacementAbility)


_CHECKED_RESTRICTIONS = ("once_per_turn", "only_while", "only_if")


def first_gap(value) -> str | None:
    """Why the runtime would not run ``value`` (an effect object or a tuple of them) whole, or None."""
    if isinstance(value, tuple):
        return next((gap for gap in map(first_gap, value) if gap is not None), None)
    if isinstance(value, fx.Selector):
        return None if runs_selector(value) else "a selector the runtime cannot find yet"
    if isinstance(value, fx.Trigger) and not condition_runs(value):
        return "a trigger condition the runtime does not check yet"
    if not is_dataclass(value) or not hasattr(value, "rules"):
        return None
    if isinstance(value, fx.GameAction) and each_form(value):
        # "Each player kills one of their units": each player's choice is read as "one unit you control"
        value = replace(value, subject=None, objects=tuple(map(theirs, value.objects)))
    gap = _own_gap(value)
    if gap is not None:
        return gap
    if isinstance(value, fx.PassiveAbility):
        return None                                  # read by the layer engine and the play, not run
    if isinstance(value, fx.ReplacementAbility):     # done in place of the event by replacement_run (374)
        return first_gap(tuple(e.effect if isinstance(e, fx.Instead) else e for e in value.effects + value.then))
    if isinstance(value, fx.StaticEffect) and instruction_runs(value):
        return None                                  # its holder is read by the cost change (cost_changes.py)
    return next((gap for gap in (first_gap(getattr(value, f.name)) for f in fields(value) if f.name != "token")
                 if gap is not None), None)


def _own_gap(value) -> str | None:
    """The gap of the object itself, its parts aside."""
    name = type(value).__name__
    if isinstance(value, fx.PassiveAbility) and not passive_runs(value):
        return ability_gap(value) or "a passive ability the runtime does not apply yet"
    if isinstance(value, fx.Restriction):            # checked before activating (engine/restrictions.py, 377)
        return None if value.kind in _CHECKED_RESTRICTIONS else f"the restriction “{value.kind}” is not checked yet"
    if isinstance(value, fx.ReplacementAbility):
        from .replacements import replacement_gap
        return replacement_gap(value)
    if isinstance(value, fx.KeywordAbility) and value.paid and value.keyword.name == "Repeat":
        return "a Repeat cost written as instructions (“[Repeat] — Discard 1”) is not paid yet"
    if isinstance(value, fx.KeywordAbility):
        return keyword_gap(value.keyword)
    if isinstance(value, fx.KeywordedAbility):
        return _keyworded_gap(value)
    if isinstance(value, fx.TriggeredAbility):
        return trigger_gap(value)
    if isinstance(value, fx.GameAction) and value.action not in ACTIONS:
        return f"the game action “{value.action}” has no handler yet"
    if isinstance(value, fx.GameAction) and value.action in _PLAYER_ACTIONS and not players_read(value.subject):
        return "the player a sentence chose (“They discard 1”) is not tracked yet"
    # Parts that are not effects (a Destination, a Decision) are read by the handler of the effect holding them
    if isinstance(value, fx.Effect) and not isinstance(value, (fx.PassiveAbility, *_CONTAINERS)) \
            and not runs(value):
        return f"{name} in this form is not run yet"
    return None


def _keyworded_gap(value: fx.KeywordedAbility) -> str | None:
    """"[Legion] — When you play me, ...": the ability behind the keyword is made active by
    traits.active_abilities while the keyword's condition holds (135.2.e.7); its parts are checked as usual."""
    inner, name = value.ability, value.keyword.name
    if isinstance(inner, fx.ActivatedAbility):
        return f"an activated ability behind [{name}][>] cannot be activated yet"      # playing.activate
    if isinstance(inner, fx.SpellEffect):    # run_item runs the spell's own instructions, not those behind one
        return f"a spell instruction behind [{name}][>] is not run yet"
    if not isinstance(inner, (fx.TriggeredAbility, fx.PassiveAbility)):
        return f"a {type(inner).__name__} behind [{name}][>] is not run yet"
    return keyworded_gap(value)


@bus.performs("refuse_unrun")
def refuse_unrun(state, item) -> None:
    """Refuse a chain item before it resolves when the runtime would not run its effects whole, so that a
    refusal changes nothing (no draw before the gap is reached): the item stays on the chain, unresolved."""
    if item.obj is None:
        effects, name = tuple(item.effects), item.label
    else:
        abilities = item.obj.chars.abilities()
        effects, name = tuple(a for a in abilities if isinstance(a, SPELL_INSTRUCTIONS)), item.obj.name
    gap = first_gap(effects)
    if gap is not None:
        raise UnsupportedEffect(f"unsupported: {name}: {gap}")
