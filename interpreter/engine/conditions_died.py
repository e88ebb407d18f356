"""How a unit died, for the "If I died alone" of its Deathknell (808), registered into ``conditions.CONDITIONS``.

A unit is alone when there are no other friendly units at the same location (740.2.a); ``trigger_watch.dying``
notes this as the unit dies, before it and the units dying with it leave the board, so the instruction reads
the board as it was at the death, not as it is when the Deathknell resolves.
"""
from __future__ import annotations

from .conditions import CONDITIONS


def _died_runs(condition) -> bool:
    """"If I died alone", "If I didn't die alone": about the source itself, alone the only manner read."""
    sel = condition.subject
    return sel is not None and sel.reference == "self" and condition.value == "alone" \
        and condition.object is None and condition.place is None


def _died_holds(ctx, condition) -> bool:
    """Whether the source was alone as it died (740.2.a); a source that has not died was not alone then."""
    noted = ctx.state.__dict__.get("died_alone", {})
    was_alone = bool(noted.get(ctx.source_identity, False))
    ctx.state.note(f"it was {'alone' if was_alone else 'not alone'} as it died", "740.2.a", "808")
    return was_alone


CONDITIONS.update({"died": (_died_runs, _died_holds)})
