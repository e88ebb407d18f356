"""Effects that last "until I leave the board": "You control it until I leave the board." (390.5.b).

Such an effect is a delayed linked ability whose window is as long as its source is on the board (390.5,
390.5.b): the game action is done now, and undone as the source leaves the board (a permanent that leaves
is a new object, 124.1, so the window closes with it). Only game actions the runtime can undo are read
(``_UNDO``: control goes back to the player who had it, 127.1); any other stays a gap.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus
from .happenings import Happening

_KEY = "until_source_leaves"


def _restore_control(state, obj, before: str) -> None:
    """Control goes back to the player who had it before the effect (127.1, 390.5.b)."""
    if obj.controller == before:
        return
    obj.controller = before
    state.note(f"control of {obj.name} returns to {before}: the effect's window has closed", "390.5.b", "127.1")
    state.cleanup_due = True


# game action -> (what it is done with: a thing to remember of the object, how it is undone)
_UNDO = {"take_control": (lambda obj: obj.controller, _restore_control)}


def until_leaves(effect) -> bool:
    """"... until I leave the board": game actions on what the instruction before named, each one undone."""
    trigger = effect.trigger if isinstance(effect, fx.Delayed) else None
    return effect.when == "until" and trigger is not None and trigger.event == "leave" \
        and trigger.subject == "self" and set(trigger.qualifiers) == {"the_board"} and trigger.actor is None \
        and bool(effect.effects) and all(_undone(e) for e in effect.effects)


def _undone(action) -> bool:
    return isinstance(action, fx.GameAction) and action.action in _UNDO and action.subject is None \
        and bool(action.objects) and all(s.reference in ("it", "them", "that") for s in action.objects) \
        and action.duration is None and not action.modifications and action.place is None


def keep_until(ctx, effect) -> bool:
    """Do the game actions now on what the instruction before named, and remember how to undo each as the
    source leaves the board; a source already gone opens no window (390.5.b)."""
    state, source = ctx.state, ctx.source()
    if source is None or not state.is_board(source.zone):
        state.note("the source is no longer on the board: the effect's window is already closed", "390.5.b")
        return False
    targets = [o for o in ctx.last if state.is_board(o.zone)]
    done = False
    for action in effect.effects:
        before = [(obj, _UNDO[action.action][0](obj)) for obj in targets]
        ctx.last = list(targets)
        done = bool(bus.perform("run_effects", ctx, (action,))) or done
        state.__dict__.setdefault(_KEY, []).extend((source.identity, obj.identity, action.action, was)
                                                   for obj, was in before)
    ctx.last = targets
    return done


@bus.subscribe("happened")
def source_left(state, happening: Happening) -> None:
    """As a source leaves the board, undo what it did "until I leave the board" (390.5.b)."""
    if happening.event != "leave":
        return
    gone = {o.identity for o in happening.objects}
    kept = state.__dict__.get(_KEY, [])
    due = [k for k in kept if k[0] in gone]
    if not due:
        return
    state.__dict__[_KEY] = [k for k in kept if k[0] not in gone]
    for _source, identity, action, before in due:
        obj = state.by_identity(identity)
        if obj is not None and state.is_board(obj.zone):
            _UNDO[action][1](state, obj, before)
