"""Carrying out what a replacement effect does instead (370.1.b): heal, exhaust, recall, kill, ...

"It" and "that unit" are the object whose event was replaced; "me" and "this" the source.
A kill the replacement does is a new event that the replacements already applied to the
event it came from cannot apply to again (370.2). A token the replacement plays inherits
the modifications of the play it replaced, such as "exhausted" (375).
"""
from __future__ import annotations

from dataclasses import replace as with_fields

from . import actions, bus
from interpreter.compiler import effects as fx
from .events import GameEvent
from .equipment_texts import equipment_meant
from .state import GameObject, GameState, token_characteristics


def run_instructions(state: GameState, replacement, event: GameEvent) -> None:
    """Run each instruction of ``replacement`` for ``event``, in order."""
    applied = event.applied | {replacement.key}
    for effect in replacement.instructions:
        _run(state, replacement, event, _unwrap(effect), applied)


def _unwrap(effect):
    while isinstance(effect, (fx.Instead, fx.MayDo, fx.IfYouDo)):
        effect = effect.effect
    return effect


def _run(state, replacement, event, effect, applied) -> None:
    if isinstance(effect, fx.CreateTokens):
        _play_tokens(state, replacement, event, effect, applied)
        return
    if not isinstance(effect, fx.GameAction):
        state.note(f"{type(effect).__name__} in a replacement is not carried out yet", "370.1.b")
        return
    if effect.action == "draw":
        actions.draw(state, replacement.controller, effect.amount.value if effect.amount else 1)
        return
    for target in _targets(state, replacement, event, effect):
        if target.zone[0] not in ("base", "battlefield") and effect.action != "banish":
            state.note(f"{target.name} has left the board: “{effect.action}” does nothing to it", "359.3.f.2.a")
            continue
        _act(state, effect.action, target, applied, replacement.controller)
        if effect.action == "recall" and _exhausted_after(effect):
            actions.exhaust(state, target, rules=("455", "414"))


def _exhausted_after(effect) -> bool:
    """"Recall that unit exhausted": the grammar gives "exhausted" as a state of the selector today;
    it is the state the unit is left in (Zhonya's Hourglass, printed text)."""
    return "exhausted" in effect.options or any("exhausted" in sel.states for sel in effect.objects)


def _targets(state, replacement, event, effect) -> list[GameObject]:
    found = []
    for sel in effect.objects:
        if sel.reference == "self":
            found.append(replacement.source)
        elif sel.reference == "equipment":          # "kill Guardian Angel instead": the Equipment (136.2.d)
            found.extend(equipment_meant(state, replacement.source, sel))
        elif sel.tags or sel.names:
            found.extend(o for o in state.board_objects() if o.controller == replacement.controller
                         and (o.name in sel.names or sel.tags and set(sel.tags) <= set(o.chars.tags)))
        elif event.obj is not None:
            found.append(event.obj)                                     # it / that unit
    return [o for o in found if o.zone[0] in ("base", "battlefield", "trash")]


def _act(state: GameState, action: str, obj: GameObject, applied: frozenset, player: str) -> None:

    if action == "kill":
        if obj.zone[0] in ("base", "battlefield"):
            bus.perform("die", state, [obj], "is killed and goes to", ("428.2", "370.2"), applied)
    elif action == "heal":
        if obj.card_type == "unit":
            actions.heal(state, obj)
    elif action == "exhaust":
        actions.exhaust(state, obj)
    elif action == "recall":
        if obj.zone != ("base", obj.controller):
            actions.recall(state, obj)
    elif action == "banish":
        actions.banish(state, obj)
    else:
        state.note(f"the action {action} in a replacement is not carried out yet", "370.1.b")


def _play_tokens(state, replacement, event, effect: fx.CreateTokens, applied) -> None:
    """Play the replacing tokens with what the replaced play said about them (375)."""

    original = event.fields.get("effect")
    if original is not None and effect.action == "play":
        if original.enters.value != effect.enters.value:
            state.note(f"the replacing tokens inherit “{original.enters.value}” from the play they replace",
                       state.rules.replacement["replacement_inherits"])
        effect = with_fields(effect, enters=original.enters, granted=effect.granted + original.granted)
    chars = token_characteristics(effect.token)
    location = event.fields.get("location") or ("base", replacement.controller)
    before = state.__dict__.get("replacing", frozenset())
    state.replacing = applied
    try:
        for _ in range(effect.count):
            bus.perform("play_token", state, replacement.controller, chars, effect, location, effect.granted)
    finally:
        state.replacing = before
