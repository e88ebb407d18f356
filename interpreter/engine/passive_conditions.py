"""Conditions of "While ..." and "If ..." passives (364.3.a) beyond the holder's own status.

``layer_sources.condition_test`` reads the source's own status ("While I'm buffed"); this module
reads the other forms, each as an existence test on the layer view (478.1.a) or, for what the
view does not hold, on this turn's records (``turn_records``):

- "While you have 8+ runes", "While you have another unit here": your objects counted (364.1);
- "If you've discarded a card / gained XP / spent at least [A][A] this turn";
- "While I'm attacking or defending alone", "while I'm attacking with another unit" (740.2.a);
- "While you control this battlefield": a battlefield's passive while it has a controller (190.6);
- "While your score is within 3 points of the Victory Score" (the Victory Score now, 194.3.a);
- "While a friendly unit defends alone, it gets +2 [M]": the condition names who the statement
  applies to ("it"), so it is read as the passive's holder (``per_object``, ``meeting``).

Any other form is not readable, so ``passive_support`` names it as a gap.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import turn_records
from .selectors import COMPARE

_QUANTITY = {"one": ">=", "a": ">=", "an": ">=", "at_least": ">=", "one_or_more": ">=", "at_most": "<=",
             "exactly": "==", "count": ">="}          # "two cards": at least two
ROLES = {"attacking": "attacker", "defending": "defender"}       # the role a state of combat is (124.2)
_RECORDED = {"discard_this_turn": "discarded", "gained_xp_this_turn": "gained_xp"}


def _you(sel) -> bool:
    return sel is not None and sel.reference == "you"


def _self(sel) -> bool:
    return sel is not None and sel.reference == "self"


def _plain(condition) -> bool:
    return not condition.negated and not condition.past and condition.also is None and condition.than is None


# ---- which forms are read ---------------------------------------------------------------
def readable(condition: fx.Condition) -> bool:
    """Whether ``test`` (or, for a condition about "it", ``meeting``) reads this condition."""
    if not _plain(condition):
        return False
    kind = condition.kind
    if kind == "has":
        return _you(condition.subject) and _counted(condition.object) and condition.place is None
    if kind in _RECORDED:
        obj = condition.object
        return _you(condition.subject) and condition.value is None and (
            obj is None or obj.types in ((), ("card",)) and obj.reference is None and obj.quantity in _QUANTITY
            and not (obj.filters or obj.states or obj.tags or obj.location or obj.zone))
    if kind == "spent_this_turn":
        obj = condition.object
        spell = obj is not None and obj.types == ("spell",) and obj.quantity in ("one", "a", "an") \
            and obj.reference is None and not (obj.filters or obj.states or obj.tags or obj.location or obj.zone)
        return _you(condition.subject) and (obj is None or spell and all(c.kind == "energy" for c in condition.cost)) \
            and bool(condition.cost) and len({c.kind for c in condition.cost}) == 1 \
            and condition.cost[0].kind in ("energy", "power")
    if kind == "is" and _self(condition.subject):
        return _role_value(condition) is not None
    return controls_me(condition) or _near_victory(condition) or per_object(condition)


def _near_victory(condition: fx.Condition) -> bool:
    """"While your score is within 3 points of the Victory Score", "... an opponent's score ..." (194.3.a)."""
    sel = condition.subject
    return condition.kind == "near_victory" and sel is not None and sel.types == ("score",) \
        and sel.controller in ("you", "opponent") and isinstance(condition.value, int) and condition.object is None \
        and condition.place is None


def controls_me(condition: fx.Condition) -> bool:
    """"While you control this battlefield": the source's controller is "you" (190.6.a), so the condition holds
    while the battlefield has a controller at all; uncontrolled, the turn player stands in (190.6.b) and does
    not control it."""
    obj = condition.object
    return condition.kind == "controls" and _you(condition.subject) and _self(obj) and _plain(condition) \
        and obj.types in ((), ("battlefield",)) and condition.value is None and condition.place is None


def _counted(sel) -> bool:
    from .layer_sources import supported
    return sel is not None and sel.reference is None and sel.quantity in _QUANTITY and sel.zone is None \
        and supported(sel) and sel.relation is None and sel.controller is None


def _role_value(condition) -> tuple | None:
    """"alone", "attacking or defending alone", "defending alone", "attacking" with another unit: (roles, alone,
    with another), read from the condition's state fields; None for another value."""
    if condition.place is not None or condition.keyword is not None or condition.already:
        return None
    alone = condition.alone or condition.value == "alone"
    states = condition.states or ((condition.value,) if isinstance(condition.value, str) and condition.value != "alone"
                                  else ())
    if not states and not alone or any(state not in ROLES for state in states):
        return None
    roles = tuple(ROLES[state] for state in states)
    other = condition.object
    with_other = other is not None and other.other and other.types == ("unit",) and other.quantity in ("one", "a", "an") \
        and not (other.filters or other.states or other.tags or other.location or other.relation)
    if other is not None and not with_other or alone and with_other or not roles and not alone:
        return None
    return roles, alone, with_other


def per_object(condition: fx.Condition) -> bool:
    """"While a friendly unit defends alone, it ...", "While a unit here is defending alone, it ...": a
    condition about units the passive describes, each of which it applies to while it meets the condition."""
    from .layer_sources import supported
    subject = condition.subject
    if not _plain(condition) or subject is None or subject.reference is not None or subject.types != ("unit",) \
            or subject.quantity not in ("one", "a", "an") or not supported(subject) or condition.object is not None:
        return False
    if condition.kind == "defends":
        return condition.value == "alone" and condition.place is None
    return condition.kind == "is" and _role_value(condition) is not None


# ---- the tests --------------------------------------------------------------------------
def test(state, obj, condition: fx.Condition):
    """An existence test ``view -> bool`` for the passive of ``obj``, or None when the form is not read."""
    if not readable(condition) or per_object(condition):
        return None
    oid, player = obj.oid, obj.controller
    if condition.kind == "has":
        return _has(state, obj, condition.object)
    if controls_me(condition):                                  # 190.6.a
        controlled = obj.controller is not None
        return lambda view: controlled
    if _near_victory(condition):                                # the scores as they are now (194.3.a)
        from .victory_score import points
        victory, you = points(state), obj.controller
        who = [you] if condition.subject.controller == "you" else [p for p in state.order if p != you]
        near = you is not None and any(victory - state.players[p].points <= condition.value for p in who)
        return lambda view: near
    if condition.kind in _RECORDED:
        bound = condition.object.count if condition.object is not None and condition.object.count else 1
        done = turn_records.count(state, _RECORDED[condition.kind], player)
        return lambda view: done >= bound
    if condition.kind == "spent_this_turn" and condition.object is not None:   # "... to play a spell this turn"
        bound = sum(c.amount for c in condition.cost)
        met = any(paid >= bound for paid in turn_records.details(state, "spell_energy", player))
        return lambda view: met
    if condition.kind == "spent_this_turn":
        return _spent(state, player, condition.cost)
    roles, alone, with_other = _role_value(condition)
    return lambda view: oid in view and _in_role(view, view[oid], roles, alone, with_other)


def _has(state, obj, sel: fx.Selector):
    """"While you have 8+ runes", "While you have another unit here": your objects that fit, counted (364.1)."""
    from .traits import location_of
    oid, player, location = obj.oid, obj.controller, location_of(state, obj)
    bound, op = (sel.count if sel.count is not None else 1), _QUANTITY[sel.quantity]

    def holds(view) -> bool:
        mine = view[oid] if oid in view else None
        found = [t for t in view.traits.values() if t.controller == player and _fits(sel, t, mine, oid, location)]
        return COMPARE[op](len(found), bound)
    return holds


def _fits(sel, t, mine, oid, location) -> bool:
    from .layer_sources import matches
    if "rune" in sel.types:                 # runes are in their controller's base, not a location of units (161)
        return t.card_type == "rune" and (not sel.other or t.oid != oid)
    return matches(sel, t, mine, oid, location)


def _spent(state, player, cost) -> callable:
    """"If you've spent at least [A][A] this turn": the Energy, or the Power of that domain ([A]: any), paid
    this turn (357.1, 444.1)."""
    if cost[0].kind == "energy":
        done, bound = turn_records.count(state, "spent_energy", player), sum(c.amount for c in cost)
        return lambda view: done >= bound
    wanted = {}
    for c in cost:
        wanted[c.domain] = wanted.get(c.domain, 0) + c.amount
    specific = {d: n for d, n in wanted.items() if d not in (None, "A")}
    total = turn_records.count(state, "spent_power", player)
    ok = total >= sum(wanted.values()) and all(turn_records.count(state, "spent_power", player, d) >= n
                                               for d, n in specific.items())
    return lambda view: ok


def _in_role(view, t, roles, alone: bool, with_other: bool) -> bool:
    """In one of ``roles`` (323.2); alone: no other friendly unit at its location (740.2.a); with another: a
    friendly unit beside it in the same role."""
    if roles and t.role not in roles:
        return False
    if t.zone is None or t.zone[0] not in ("base", "battlefield"):
        return False
    friends = [o for o in view.traits.values() if o.oid != t.oid and o.card_type == "unit"
               and o.controller == t.controller and o.zone == t.zone]
    if alone:
        return not friends
    if with_other:
        return any(o.role == t.role for o in friends)
    return True


def meeting(state, obj, condition: fx.Condition):
    """``affects(view)`` for a statement about "it" under a per-object condition: the units the condition
    describes, as seen from the passive's source, that meet it now."""
    from .layer_sources import matches
    from .traits import location_of
    oid, location = obj.oid, location_of(state, obj)
    if condition.kind == "defends":
        roles, alone, with_other = ("defender",), True, False
    else:
        roles, alone, with_other = _role_value(condition)

    def affects(view) -> list:
        mine = view[oid] if oid in view else None
        return [t.oid for t in view.traits.values() if matches(condition.subject, t, mine, oid, location)
                and _in_role(view, t, roles, alone, with_other)]
    return affects
