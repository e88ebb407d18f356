"""A card's own permission to be played from a zone other than the hand, for a cost of its own.

"You may play me from your trash for [3][R]" (and "[Legion][>] You may play me from your trash for
[3][R]", active while its Legion condition holds, 812.1.c, as traits.active_abilities says) is a passive the card has wherever it is:
while the card is in the zone it names, its owner may play it from there (355.2.b, as [Flow] does,
829.1.b), and the cost it names replaces the card's cost (the alternate cost of 829.1.c.1). Only the
timing and the zone change; every other rule of the play still applies (829.1.b.2).

``statement_read`` is the static check ``passive_support`` asks; ``permission`` is what
``playing.zone_permission`` uses as the card is played. Permissions to play from the hand (an
alternate cost the player would choose over the printed one) are not read here, so they keep their gap.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx

ZONES = ("trash",)                  # the zones this permission is read for (not the hand: see above)


def _play_of(statement) -> fx.GameAction | None:
    """The "play me from <zone> for <cost>" of a ``MayDo`` passive statement, or None."""
    if not isinstance(statement, fx.MayDo) or statement.player is None or statement.player.reference != "you":
        return None
    action = statement.effect
    if not isinstance(action, fx.GameAction) or action.action != "play" or len(action.objects) != 1:
        return None
    if action.amount is not None or action.place is not None or action.modifications or action.options \
            or action.duration is not None or action.subject is not None or action.keyword_cost is not None:
        return None
    (me,) = action.objects
    zone = me.zone
    if me.reference != "self" or zone is None or zone.kind not in ZONES or zone.owner not in (None, "you") \
            or zone.qualifiers or zone.where is not None:
        return None
    return action if all(c.kind in ("energy", "power") for c in action.cost) else None


def statement_read(statement) -> bool:
    """Whether the runtime applies this passive statement as a permission to play the card from a zone, or from
    the hand for a cost of its own."""
    return _play_of(statement) is not None or _hand_play(statement) is not None


# ---- "[If ...,] you may play me for [B]": a cost of its own, from the hand (356.1.a) ----------------------
def _hand_play(statement) -> tuple | None:
    """(the condition or None, the play action) of "If you've spent [4] or more to play a spell this turn, you may
    play me for [B]": the card's base costs replaced by that cost as it is played from the hand (356.1.a), a
    choice of its player; None for any other form."""
    from .passive_conditions import per_object, readable
    condition = None
    if isinstance(statement, fx.Conditional) and not statement.otherwise and not statement.unless \
            and len(statement.effects) == 1:
        condition, statement = statement.condition, statement.effects[0]
        if not readable(condition) or per_object(condition):
            return None
    if not isinstance(statement, fx.MayDo) or statement.player is None or statement.player.reference != "you":
        return None
    action = statement.effect
    if not isinstance(action, fx.GameAction) or action.action != "play" or len(action.objects) != 1 \
            or action.amount is not None or action.place is not None or action.modifications or action.options \
            or action.duration is not None or action.subject is not None or action.keyword_cost is not None:
        return None
    me = action.objects[0]
    if me.reference != "self" or me.zone is not None or me.location is not None or not action.cost \
            or not all(c.kind in ("energy", "power") for c in action.cost):
        return None
    return condition, action


def hand_permission(state, obj, player: str) -> fx.GameAction | None:
    """The play action of an active "you may play me for [B]" of ``obj`` in ``player``'s hand whose condition
    holds now (its ``cost`` replaces the base costs, 356.1.a), or None."""
    if obj.owner != player or obj.zone[0] != "hand":
        return None
    from .layer_sources import resolve_state
    from .passive_conditions import test
    from .traits import active_abilities
    for ability in active_abilities(state, obj):
        for statement in ability.effects if isinstance(ability, fx.PassiveAbility) else ():
            found = _hand_play(statement)
            if found is None:
                continue
            condition, action = found
            if condition is None or test(state, obj, condition)(resolve_state(state).view):
                return action
    return None


def permission(state, obj, player: str) -> fx.GameAction | None:
    """The play action of an active permission that lets ``player`` play ``obj`` from the zone it is in now
    (its ``cost`` is the alternate cost, 829.1.c.1), or None."""
    if obj.owner != player:
        return None
    from .traits import active_abilities
    for ability in active_abilities(state, obj):          # behind [Legion][>] / [Level N][>] only while it holds
        for statement in ability.effects if isinstance(ability, fx.PassiveAbility) else ():
            action = _play_of(statement)
            if action is not None and action.objects[0].zone.kind == obj.zone[0]:
                return action
    return None

