"""Holders of a cost change that name one play among the plays of a turn (356.4), and a condition on
when in this turn a unit died (364.3.a).

"The first friendly non-token gear played each turn costs [1] less": the change applies to a play
when the card fits the holder read without "first", and its player has finalized no other card
that fits it this turn (``PlayerState.finalized``, kept per turn, 419.4.b). ``first_known`` is the
static check ``cost_changes`` asks; any other ordinal or a holder it does not read keeps its gap.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx


def first_known(holder: fx.Selector) -> fx.Selector | None:
    """The holder read without "first ... each turn", when it is in that form; None otherwise."""
    each_turn = [f for f in holder.filters if f.kind == "played_each_turn"]
    if holder.states != ("first",) or len(each_turn) != 1 or holder.quantity not in ("the", "one") \
            or holder.location is not None or holder.count is not None:
        return None
    rest = tuple(f for f in holder.filters if f.kind != "played_each_turn")
    if ("not", "token") not in [(f.kind, f.value) for f in rest] and holder.token is not True:
        return None          # tokens played are not kept in ``finalized``: only a holder without them is read
    return replace(holder, quantity="all", states=(), filters=rest)


def first_holds(play, holder: fx.Selector, holds) -> bool:
    """Whether ``play`` is the first this turn of the cards the holder names: it fits the holder, and no card its
    player finalized earlier this turn does. ``holds(play, plain_holder)`` is the cost code's own test."""
    plain = first_known(holder)
    if not holds(play, plain):
        return False
    earlier = [card for card in play.state.players[play.player].finalized if card is not play.card]
    return not any(holds(replace(play, card=card), plain) for card in earlier)


def died_in_phase(play, subject: fx.Selector, phase: str) -> bool:
    """"If a friendly unit died during your Beginning Phase this turn" (315, 364.3.a): the phase is this turn's,
    so "your" holds only on the turn of the player playing the card; the deaths are counted by the unit's
    controller as it died (turn_records, "unit_died")."""
    from . import turn_records
    state, player = play.state, play.player
    if state.turn_player != player:
        return False
    whose = {"friendly": [player], "enemy": state.opponents(player)}.get(subject.relation, list(state.order))
    return any(turn_records.count(state, "unit_died", who, phase) for who in whose)
