"""Conditions of "If ..." instructions about how one object was (359.3.e.14.a), read from its last known state.

"If I was [Mighty]" (a Deathknell), "Kill a unit. If it was an enemy unit, ...", "Then, if it had 3 [M] or less,
..." ask about an object that may have just left the board: it is then a new object (124.1), and the condition
reads it as it last was there (``last_known``). An object still on the board is read as it is now. Registered
into ``conditions.PAST_CONDITIONS``; a past form not read here (a group, "was dealt damage") stays a gap.
"""
from __future__ import annotations

from dataclasses import replace

from . import last_known
from .conditions import PAST_CONDITIONS, _STATES, _about_one, _is_a_runs
from .selectors import COMPARE, candidates, matches
from .traits import might_of, mighty_threshold

_MIGHTY = "[Mighty]"
_MIGHT_FILTERS = ("might",)


def _was(ctx, condition) -> tuple | None:
    """(the object as it was, its Might then) for the condition's subject, or None when there is none."""
    sel = condition.subject
    if sel.reference == "self":
        source = ctx.source()
        if source is None:                                   # a Deathknell: the source has died (808)
            return last_known.known_by_identity(ctx.state, ctx.source_identity)
        found = [source]
    else:                                                    # "it": a token that died has ceased to exist (186.1)
        found = candidates(ctx, sel) or [o for o in ctx.last if o.zone[0] == "ceased"]
    if not found:
        return None
    obj = found[0]
    return last_known.last_known(ctx.state, obj) or (obj, might_of(ctx.state, obj))


def _noted(ctx, was, holds: bool, what: str) -> bool:
    ctx.state.note(f"{was[0].name} {'was' if holds else 'was not'} {what} as it last was", "124", "359.3.e.14.a")
    return holds


# ---- "If I was [Mighty]", "if it was stunned" ----------------------------------------------
def _was_state_runs(condition) -> bool:
    return _about_one(condition.subject) and condition.object is None and condition.place is None \
        and (condition.value in _STATES or condition.value == _MIGHTY)


def _was_state_holds(ctx, condition) -> bool:
    """Whether the object showed that state, or had the Might of [Mighty] (706), as it last was."""
    was = _was(ctx, condition)
    if was is None:
        return False
    if condition.value == _MIGHTY:
        holds = was[1] is not None and was[1] >= mighty_threshold(ctx.state.rules)
    else:
        holds = _STATES[condition.value](was[0])
    return _noted(ctx, was, holds, condition.value)


# ---- "If it was an enemy unit" --------------------------------------------------------------
def _was_a_runs(condition) -> bool:
    obj = condition.object
    return obj is not None and obj.relation in (None, "friendly", "enemy") \
        and _is_a_runs(replace(condition, object=replace(obj, relation=None)))


def _was_a_holds(ctx, condition) -> bool:
    """Its card types and tags, and whose it was (its controller then: friendly or enemy, 191)."""
    was = _was(ctx, condition)
    holds = was is not None and matches(ctx, condition.object, was[0])
    return was is not None and _noted(ctx, was, holds, "one of those")


# ---- "if it had 3 [M] or less" -----------------------------------------------------------------
def _had_runs(condition) -> bool:
    obj = condition.object
    return _about_one(condition.subject) and obj is not None and obj.reference is None and not obj.types \
        and bool(obj.filters) and all(f.kind in _MIGHT_FILTERS and f.op in COMPARE for f in obj.filters) \
        and not obj.states and obj.location is None and obj.zone is None and condition.place is None


def _had_holds(ctx, condition) -> bool:
    """Whether its Might as it last was on the board compares so (143.2)."""
    was = _was(ctx, condition)
    if was is None or was[1] is None:
        return False
    holds = all(COMPARE[f.op](was[1], f.value) for f in condition.object.filters)
    return _noted(ctx, was, holds, f"within the bound, with {was[1]} Might")


PAST_CONDITIONS.update({
    "is": (_was_state_runs, _was_state_holds),
    "is_a": (_was_a_runs, _was_a_holds),
    "with": (_had_runs, _had_holds),
})
