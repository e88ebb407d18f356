"""More conditions of "If ..." instructions (359.3.e.14.a), registered into ``conditions.CONDITIONS``.

- "If you can't, ..." (``you_did``): whether the instruction before it did something.
- "If you couldn't channel 2 runes this way, ..." (``channel_this_way``): how many runes the channel before it
  channeled (430).
- "If an enemy unit is alone here", "if there's an enemy unit alone at that battlefield" (``is`` ... alone): a
  unit with no other friendly unit at its location (740.2.a).
- "If this kills it, ..." (``kills``): the damage just dealt is lethal to what it named (142.4).
- "if your units have all of the following tags among them — Bird, Cat, ..." (``has_all_tags``): each tag
  named is a tag of at least one of the objects (143.1.b).

Each has a static check read by ``engine/runs.py`` through ``conditions.condition_runs``; a form it does not
read stays a gap.
"""
from __future__ import annotations

from .conditions import CONDITIONS, _is_runs, _is_holds
from .selectors import candidates, runs_selector
from .traits import lethal, location_of, tags_of


def _you_or_none(sel) -> bool:
    return sel is None or sel.reference == "you"


# ---- "If you can't, draw 1." ----------------------------------------------------------------
def _did_runs(condition) -> bool:
    return _you_or_none(condition.subject) and condition.object is None and condition.value is None \
        and condition.place is None


def _did_holds(ctx, condition) -> bool:
    """Whether the previous instruction of the text did something (``Context.done_last``, effect_run)."""
    ctx.state.note(f"the instruction before was {'done' if ctx.done_last else 'not done'}", "359.3.e.14.a")
    return ctx.done_last


# ---- "If you couldn't channel 2 runes this way, ..." --------------------------------------------
def _channeled_runs(condition) -> bool:
    return _you_or_none(condition.subject) and condition.object is None and isinstance(condition.value, int) \
        and condition.place is None


def _channeled_holds(ctx, condition) -> bool:
    """Whether the channel before it channeled that many runes: the runes it acted on (``ctx.last``, 430)."""
    channeled = [o for o in ctx.last if o.card_type == "rune"]
    ctx.state.note(f"{len(channeled)} rune(s) were channeled this way, against {condition.value}", "430")
    return len(channeled) >= condition.value


# ---- "If an enemy unit is alone here" ---------------------------------------------------------
_ALONE_PLACES = {"here": ((),), "battlefield": (("that",),), "there": ((),)}


def _alone_runs(condition) -> bool:
    sel, place = condition.subject, condition.place
    return condition.value == "alone" and condition.object is None and sel is not None \
        and sel.reference is None and sel.quantity in ("one", "a", "an") and sel.count is None \
        and sel.location is None and runs_selector(sel) \
        and place is not None and place.qualifiers in _ALONE_PLACES.get(place.kind, ()) \
        and place.owner is None and place.of is None and place.where is None


def alone(state, obj) -> bool:
    """A unit is alone when there are no other friendly units at the same location (740.2.a)."""
    where = location_of(state, obj)
    return where is not None and not any(
        other is not obj and other.card_type == "unit" and other.controller == obj.controller
        and location_of(state, other) == where for other in state.board_objects())


def _alone_holds(ctx, condition) -> bool:
    """Whether one of the units the subject names is alone at the place: here (the battlefield of the
    ability), or the battlefield the text named before ("that battlefield", "there")."""
    where = ctx.here if condition.place.kind == "here" else (ctx.there or ctx.here)
    if where is None:
        ctx.state.note("no place is named for “alone”: the condition does not hold", "359.3.f.2.a")
        return False
    found = [o for o in candidates(ctx, condition.subject) if location_of(ctx.state, o) == where]
    lonely = [o for o in found if alone(ctx.state, o)]
    ctx.state.note(f"{', '.join(o.name for o in lonely) or 'no such unit'} alone there", "740.2.a")
    return bool(lonely)


def _is_or_alone_runs(condition) -> bool:
    return _alone_runs(condition) or _is_runs(condition)


def _is_or_alone_holds(ctx, condition) -> bool:
    return _alone_holds(ctx, condition) if _alone_runs(condition) else _is_holds(ctx, condition)


# ---- "If this kills it, draw 1." ----------------------------------------------------------------
def _kills_runs(condition) -> bool:
    sel, obj = condition.subject, condition.object
    return sel is not None and sel.reference == "self" and obj is not None and obj.reference in ("it", "them") \
        and condition.value is None and condition.place is None


def _kills_holds(ctx, condition) -> bool:
    """Whether the damage this dealt is lethal to what it named: marked damage that will make it die in the
    cleanup after (142.4.a-b; a unit that already left the board died)."""
    named = list(ctx.last)
    dying = [o for o in named if o.zone[0] not in ("base", "battlefield") or lethal(ctx.state, o)]
    ctx.state.note(f"{', '.join(o.name for o in dying) or 'nothing'} has lethal damage", "142.4.a", "142.4.b")
    return bool(named) and len(dying) == len(named)


# ---- "if your units have all of the following tags among them — Bird, Cat, Dog, and Poro" ----------
def _all_tags_runs(condition) -> bool:
    sel, tags = condition.subject, condition.object
    return sel is not None and sel.reference is None and runs_selector(sel) and tags is not None \
        and bool(tags.tags) and not tags.types and tags.reference is None and condition.place is None \
        and condition.value is None


def _all_tags_holds(ctx, condition) -> bool:
    """Whether each tag named is a tag of one of the objects at least (143.1.b): among them, not each one."""
    present = {tag for obj in candidates(ctx, condition.subject) for tag in tags_of(ctx.state, obj)}
    missing = [tag for tag in condition.object.tags if tag not in present]
    ctx.state.note(f"tags missing among them: {', '.join(missing) or 'none'}", "143.1.b")
    return not missing


CONDITIONS.update({
    "has_all_tags": (_all_tags_runs, _all_tags_holds),
    "kills": (_kills_runs, _kills_holds),
    "you_did": (_did_runs, _did_holds),
    "channel_this_way": (_channeled_runs, _channeled_holds),
    "is": (_is_or_alone_runs, _is_or_alone_holds),
})
