"""Scoring (467-471): holding and conquering battlefields, once per battlefield per turn.

A score gains up to one point (471.1); a conquer one point short of the victory score
gains the final point only when the player scored every battlefield this turn, and
draws a card instead otherwise (471.1.b). Then the battlefield's score abilities
trigger (471.2).
"""
from __future__ import annotations

from . import actions, bus, turn_records
from .happenings import happen
from .state import GameState


def score(state: GameState, player: str, slot: int, how: str, was_open: bool = False, attackers: tuple = (),
          was_uncontrolled: bool = False) -> None:
    """``player`` scores the battlefield in ``slot`` by ``how`` (hold or conquer); ``was_open``: a conquer of a
    battlefield that was open, unoccupied and uncontrolled, before the player took it (170.11.c);
    ``was_uncontrolled``: nobody controlled it before (170.11.b); ``attackers``: the units that attacked in the
    combat the conquer comes from (466.5.d)."""
    battlefield = state.battlefields[slot]
    if how == "conquer" and was_open:                                  # "When I conquer an open battlefield"
        state.__dict__.setdefault("open_conquests", set()).add((state.turn_number, player, slot))
    if how == "conquer" and (was_open or was_uncontrolled):            # "... a battlefield that was uncontrolled"
        state.__dict__.setdefault("uncontrolled_conquests", set()).add((state.turn_number, player, slot))
    if how == "conquer":                                               # "When I conquer after an attack"
        state.__dict__.setdefault("attack_conquests", {})[(state.turn_number, player, slot)] = frozenset(attackers)
    from .passive_statements import score_here_forbidden
    forbidding = score_here_forbidden(state, player, slot)
    if forbidding is not None:
        state.note(f"{forbidding}: {player} can't score {battlefield.name} yet", "468", "364")
        return
    if how == "conquer":                                               # "a battlefield you conquered this turn"
        conquered = state.__dict__.setdefault("conquered_this_turn", {})
        conquered.setdefault((player, state.turn_number), set()).add(slot)
        turn_records.note_conquerors(state, [o for o in state.objects(("battlefield", slot))      # "If I didn't conquer"
                                if o.card_type == "unit" and o.controller == player])
    scored = state.players[player].scored
    if battlefield.identity in scored:
        state.note(f"{player} already scored {battlefield.name} this turn", "470")
        return
    scored.add(battlefield.identity)
    state.note(f"{player} {'holds' if how == 'hold' else 'conquers'} {battlefield.name}",
               "469.2" if how == "hold" else "469.1")
    from .victory_score import points
    victory = points(state)                                            # 194.3, 194.3.a
    everything = all(b.identity in scored for b in state.battlefields)
    if how == "conquer" and state.players[player].points >= victory - 1 and not everything:
        state.note(f"{player} has not scored every battlefield this turn: draws instead of the final point",
                   "471.1.b.1")
        actions.draw(state, player, 1)
    else:
        actions.gain_points(state, player, 1, "471.1")
        if how == "hold":                                # "for each point you scored from holding this turn"
            held = state.__dict__.setdefault("points_held_this_turn", {})
            held[(player, state.turn_number)] = held.get((player, state.turn_number), 0) + 1
    bus.publish("scored", state, player, slot, how)           # hold and conquer triggers (471.2)
    for event in (how, "score"):                              # "When an opponent scores" (event_watch.py)
        happen(state, event, player, place=("battlefield", slot), at=battlefield)
