"""Testing the condition of an "If ..." instruction (359.3.e.14.a) against the game as it is now.

``CONDITIONS`` maps a condition kind the compiler gives to a pair: a static check (whether the
runtime reads that condition in the form the text gives) and a test ``holds(ctx, condition) ->
bool``. The static check is the one ``engine/runs.py`` uses, so a card counts as run only when its
condition is tested here. Every form a kind does not read (a "was" outside ``PAST_CONDITIONS``, a subject
other than "you" or the source) stays a gap, never a guess.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .additional_costs import paid_additional
from .selectors import COMPARE, candidates, matches, runs_selector
from .traits import location_of

# "two or more", "7+", "at most one", "exactly four": the comparison a quantity makes with a count
_QUANTITY = {"one": ">=", "a": ">=", "an": ">=", "at_least": ">=", "one_or_more": ">=", "at_most": "<=",
             "exactly": "=="}
# States of "If it is stunned": what the object shows now (the selectors read the same states)
_STATES = {"stunned": lambda o: o.stunned, "exhausted": lambda o: o.exhausted, "ready": lambda o: not o.exhausted,
           "buffed": lambda o: o.buffed, "damaged": lambda o: o.damage_total > 0,
           "empowered": lambda o: o.empowered,                                   # 441.2
           "attacking": lambda o: o.combat_role == "attacker", "defending": lambda o: o.combat_role == "defender"}


def _is_you(sel) -> bool:
    return sel is not None and sel.reference == "you"


def _counted(sel) -> bool:
    """A group whose size the runtime compares: a quantity it knows, a selector it can find."""
    return sel is not None and sel.reference is None and sel.quantity in _QUANTITY and runs_selector(sel)


def _count_holds(ctx, sel, found: list) -> bool:
    bound = sel.count if sel.count is not None else 1
    ctx.state.note(f"{len(found)} found, against {_QUANTITY[sel.quantity]} {bound}", "359.3.e.14.a")
    return COMPARE[_QUANTITY[sel.quantity]](len(found), bound)


# ---- "you control ..." ---------------------------------------------------------------
def _controls_runs(condition) -> bool:
    obj = condition.object
    return _is_you(condition.subject) and (_counted(obj) and obj.zone is None or _this_battlefield(obj))


def _this_battlefield(sel) -> bool:
    return sel is not None and sel.reference == "self" and sel.types == ("battlefield",)


def _controls_holds(ctx, condition) -> bool:
    """"If you control a Poro", "if you control two or more gear", "if you control this battlefield" (the
    battlefield's controller, 107.3)."""
    if _this_battlefield(condition.object):
        source = ctx.source()
        return source is not None and source.controller == ctx.player
    found = [o for o in candidates(ctx, condition.object) if o.controller == ctx.player]
    return _count_holds(ctx, condition.object, found)


# ---- "you have ..." ------------------------------------------------------------------
def _in_zone(sel):
    """"one or fewer cards in your hand": a hand named as a place is the zone the cards are in (108)."""
    if sel is not None and sel.location is not None and sel.location.kind == "hand" and sel.zone is None:
        return replace(sel, zone=sel.location, location=None)
    return sel


def _has_runs(condition) -> bool:
    obj = _in_zone(condition.object)
    if not _is_you(condition.subject) or not _counted(obj) or "rune" in obj.types:
        return False                                     # runes are counted in their own zone, not read yet
    return obj.zone is None or obj.zone.owner in (None, "you")


def _has_holds(ctx, condition) -> bool:
    """"If you have 7+ units here", "if you have one or fewer cards in your hand": your objects, or the
    cards of your zone, counted now."""
    obj = _in_zone(condition.object)
    found = candidates(ctx, obj)
    if obj.zone is None:
        found = [o for o in found if o.controller == ctx.player]
    else:
        found = [o for o in found if o.owner == ctx.player]
    return _count_holds(ctx, obj, found)


# ---- "there is ..." ------------------------------------------------------------------
def _exists_runs(condition) -> bool:
    return condition.subject is None and _counted(condition.object) and not condition.already


def _exists_holds(ctx, condition) -> bool:
    """"If there is a ready enemy unit here": at least as many such objects as the text asks."""
    return _count_holds(ctx, condition.object, candidates(ctx, condition.object))


# ---- "I am at a battlefield" ---------------------------------------------------------
def _is_at_runs(condition) -> bool:
    place = condition.place
    return condition.subject is not None and condition.subject.reference == "self" and condition.object is None \
        and place is not None and place.kind == "battlefield" and place.qualifiers in ((), ("a",)) \
        and place.owner is None and place.of is None and place.where is None and condition.value is None \
        and not place.alternatives


def _is_at_holds(ctx, condition) -> bool:
    """"If I am at a battlefield": where the source is now (a unit is at a battlefield or at its base, 124)."""
    source = ctx.source()
    where = location_of(ctx.state, source) if source is not None else None
    if where is not None and where[0] == "battlefield":
        ctx.there = where                                # "..., buff all other friendly units there"
        return True
    return False


# ---- "it is stunned", "it is a gear" --------------------------------------------------
def _about_one(sel) -> bool:
    """The subject of "If it is ...": one object the text named (the source, or a pronoun)."""
    return sel is not None and sel.reference in ("self", "it") and runs_selector(sel)


def _subject_now(ctx, condition):
    found = candidates(ctx, condition.subject)
    return found[0] if found else None


def _is_runs(condition) -> bool:
    return _about_one(condition.subject) and condition.object is None and condition.place is None \
        and condition.value in _STATES and not condition.alone     # "already": the state before the instruction


def _is_holds(ctx, condition) -> bool:
    """"If it is stunned, kill it": the state the object shows now; an object gone from the board is not."""
    obj = _subject_now(ctx, condition)
    return obj is not None and obj.zone[0] in ("base", "battlefield") and _STATES[condition.value](obj)


def _is_a_runs(condition) -> bool:
    obj = condition.object
    return _about_one(condition.subject) and obj is not None and obj.reference is None \
        and obj.quantity in ("one", "a", "an") and obj.count is None and obj.location is None \
        and obj.zone is None and not obj.filters and not obj.states and obj.relation is None \
        and obj.controller is None and not obj.other and bool(obj.types or obj.tags) and runs_selector(obj)


def _is_a_holds(ctx, condition) -> bool:
    """"If it's a gear, draw it": the card types and tags of the object now, wherever it is (a card on top of a
    deck has its printed characteristics)."""
    obj = _subject_now(ctx, condition)
    return obj is not None and matches(ctx, condition.object, obj)


# ---- "if you paid the additional cost" ------------------------------------------------
def _paid_runs(condition) -> bool:
    return _is_you(condition.subject) and condition.object is None and condition.value is None


def _paid_holds(ctx, condition) -> bool:
    """Whether the source was played with its additional cost paid (204.2, additional_costs.py)."""
    return paid_additional(ctx.state, ctx.source())


# ---- "if an opponent's score is within 3 points of the Victory Score" ---------------------
_SCORERS = {"you": lambda ctx: [ctx.player],
            "opponent": lambda ctx: [p for p in ctx.state.players if p != ctx.player]}


def _near_runs(condition) -> bool:
    sel = condition.subject
    return sel is not None and sel.types == ("score",) and sel.controller in _SCORERS \
        and isinstance(condition.value, int) and condition.object is None


def _near_holds(ctx, condition) -> bool:
    """Whether the score of you (or of any opponent) is at most N points short of the Victory Score, as it is
    now, increases included (194.2)."""
    state = ctx.state
    from .victory_score import points
    victory = points(state)                                            # 194.3.a
    scores = [state.players[p].points for p in _SCORERS[condition.subject.controller](ctx)]
    state.note(f"scores {scores} against a Victory Score of {victory}", "194.2")
    return any(victory - points <= condition.value for points in scores)


# ---- "if it's your turn", "if it's your Beginning Phase" -----------------------------------
def _turn_runs(condition) -> bool:
    return condition.subject is None and condition.object is None and condition.value in ("you", "opponent") \
        and condition.place is None and condition.whose is None and condition.duration is None


def _turn_holds(ctx, condition) -> bool:
    """Whether the turn is the player's (or an opponent's), and in the phase named now (315-317)."""
    state = ctx.state
    mine = state.turn_player == ctx.player
    in_phase = condition.during is None or state.phase == condition.during
    state.note(f"it is {state.turn_player}'s turn, {state.phase} phase", "315", "316", "317")
    return (mine if condition.value == "you" else not mine) and in_phase


CONDITIONS = {
    "turn": (_turn_runs, _turn_holds),
    "controls": (_controls_runs, _controls_holds),
    "has": (_has_runs, _has_holds),
    "exists": (_exists_runs, _exists_holds),
    "is_at": (_is_at_runs, _is_at_holds),
    "is": (_is_runs, _is_holds),
    "is_a": (_is_a_runs, _is_a_holds),
    "paid_additional_cost": (_paid_runs, _paid_holds),
    "near_victory": (_near_runs, _near_holds),
    # "if A or B": tested when each part is, holds when any one of them holds
    "either": (lambda c: all(_part_runs(part) for part in c.alternatives),
               lambda ctx, c: any(_part_holds(ctx, part) for part in c.alternatives)),
}


def condition_runs(effect: fx.Conditional) -> bool:
    """Whether the condition of ``effect`` is tested here: conditions of a known kind and form ("A and B":
    each part), about the game now or, for the forms of ``PAST_CONDITIONS``, how an object was; no "unless"."""
    return not effect.unless and _part_runs(effect.condition)


# Conditions about how an object was ("If I was [Mighty]", "if it had 3 [M] or less"): kind -> (runs, holds),
# read from its last known state by conditions_past.py
PAST_CONDITIONS: dict = {}


def _entry(condition):
    return (PAST_CONDITIONS if condition.past else CONDITIONS).get(condition.kind)


def _part_runs(condition) -> bool:
    entry = _entry(condition)
    return entry is not None and condition.than is None and entry[0](condition) \
        and (condition.also is None or _part_runs(condition.also))


def condition_holds(ctx, effect: fx.Conditional) -> bool | None:
    """Whether the condition holds now (its negation read: "if it's not ..."; "A and B": both), or None when it
    is not one that ``condition_runs`` accepts."""
    if not condition_runs(effect):
        return None
    return _part_holds(ctx, effect.condition)


def _part_holds(ctx, condition) -> bool:
    holds = _entry(condition)[1](ctx, condition)
    holds = not holds if condition.negated else holds
    return holds and (condition.also is None or _part_holds(ctx, condition.also))
