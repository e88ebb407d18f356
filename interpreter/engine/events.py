"""Events (370.1.a): the moment a game action or a change of state happens, before it happens.

A ``GameEvent`` is built for an action that replacement effects may change, and is
handed to ``replacements`` before the action is done (370.1.c). Events share a ``cause``
only when one game action made them all (370.1.a.2): the deaths of one cleanup, the
kills of one "kill all". ``applied`` carries the keys of the replacement effects already
applied to this event or to the event it replaced, so none applies twice (370.2).

Who decides the order of competing replacement effects is ``chooser`` (372).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from .state import GameObject, GameState

_CAUSES = itertools.count(1)


def new_cause() -> int:
    """A fresh cause number: the events of one game action share it (370.1.a.2)."""
    return next(_CAUSES)


@dataclass
class GameEvent:
    """One event a replacement effect may change: its kind, the object or player acted on, its details."""

    kind: str                                   # die | enter | play_token | play | reveal
    obj: GameObject | None = None
    player: str | None = None                   # the player acted on, when no object is (372.1)
    cause: int = 0
    fields: dict = field(default_factory=dict)  # enter: location, ready; play_token: chars, enters, count
    applied: frozenset = frozenset()            # 370.2: replacement keys already applied

    def describe(self, state: GameState) -> str:
        what = self.obj.name if self.obj is not None else (self.fields.get("name") or self.player or "?")
        if self.kind == "enter" and self.fields.get("location") is not None:
            where = state.location_name(self.fields["location"])
            return f"{what} entering at {where} {'ready' if self.fields.get('ready') else 'exhausted'}"
        return {"die": f"the death of {what}", "play_token": f"{what} being played", "play": f"{what} being played",
                "reveal": f"{what} being revealed"}.get(self.kind, f"{self.kind} of {what}")


def chooser(state: GameState, event: GameEvent) -> tuple[str, str]:
    """Who orders the replacement effects on ``event``, and the rule that says so (372)."""
    obj = event.obj
    if obj is not None and obj.zone[0] == "battlefield_zone" and obj.controller is None:
        return state.turn_player, "372.2"                                # uncontrolled battlefield
    if obj is not None and obj.controller is not None:
        return obj.controller, "372"
    if event.player is not None:
        return event.player, "372.1"
    return state.turn_player, "372.2"
