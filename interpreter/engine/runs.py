"""Which compiled abilities the runtime runs whole, and the first gap where it does not.

A card "runs" when every effect object of every text it carries has a handler in the runtime, in
the form its text gives: each game action in the actions table, each selector one the runtime can
find, each passive applied by the layer engine or the play, each trigger watched in that form,
each triggered keyword watched. ``coverage`` reports the count beside "compiled", and random play
draws its decks from such cards; both use this one check.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from interpreter.compiler import effects as fx
from .effect_run import ACTIONS, runs
from .layer_sources import passive_runs
from .passive_support import ability_gap, keyword_gap
from .selectors import players_read, runs_selector
from .trigger_support import condition_runs, trigger_gap

# Classes that only carry parts: they run when their parts do.
# Game actions whose subject is a player, found by ``selectors.players``.
_PLAYER_ACTIONS = {"draw", "discard", "score", "gain_xp", "win_game"}
_CONTAINERS = (fx.TriggeredAbility, fx.ActivatedAbility, fx.KeywordAbility, fx.PayCost, fx.TokenCharacteristics,
               fx.Keyword, fx.Trigger)


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
    gap = _own_gap(value)
    if gap is not None:
        return gap
    if isinstance(value, fx.PassiveAbility):
        return None                                  # read by the layer engine and the play, not run
    return next((gap for gap in (first_gap(getattr(value, f.name)) for f in fields(value) if f.name != "token")
                 if gap is not None), None)


def _own_gap(value) -> str | None:
    """The gap of the object itself, its parts aside."""
    name = type(value).__name__
    if isinstance(value, fx.PassiveAbility) and not passive_runs(value):
        return ability_gap(value) or "a passive ability the runtime does not apply yet"
    if isinstance(value, fx.KeywordAbility):
        return keyword_gap(value.keyword)
    if isinstance(value, fx.TriggeredAbility):
        return trigger_gap(value)
    if isinstance(value, fx.GameAction) and value.action not in ACTIONS:
        return f"the game action “{value.action}” has no handler yet"
    if isinstance(value, fx.GameAction) and value.action in _PLAYER_ACTIONS and not players_read(value.subject):
        return "the player a sentence chose (“They discard 1”) is not tracked yet"
    if not isinstance(value, (fx.PassiveAbility, *_CONTAINERS)) and not runs(value):
        return f"{name} in this form is not run yet"
    return None
