"""Cleanups (318-324): the corrective tasks of rule 323, repeated until nothing changes (322).

Done: the win check (323.1, 194.2), lethal damage (323.4-323.5, 142.4), losing control
of battlefields without units (323.6, 190.4.c), recalling gear at battlefields and
permanents in a base not their controller's (323.7, 149.3), removing hidden cards
where their controller lost control (323.7, 107.3.d), and the contested status
(323.11), combat designations (323.2, engine/combat.py), and opening staged showdowns and
combats (323.12-323.14, engine/staging.py).
"""
from __future__ import annotations

from . import actions
from .combat import assign_roles
from .event_watch import becomings
from .staging import open_staged
from .state import GameState
from .traits import lethal

MAX_PASSES = 50


def cleanup(state: GameState) -> None:
    """Run cleanups until one changes nothing (322). Not while the chain resolves (321)."""
    state.cleanup_due = False
    for number in range(MAX_PASSES):
        if not _one_pass(state, number == 0):
            return
    state.note("cleanup stopped after too many passes", "322")


def _one_pass(state: GameState, first: bool) -> bool:
    _win_check(state, first)
    before = len(state.log)
    assign_roles(state)                                                # 323.2
    _lethal_damage(state)
    _lose_control(state)
    _recall(state)
    _remove_hidden(state)
    _contested(state)
    open_staged(state)                                                 # 323.12-323.14
    becomings(state)                                                   # "becomes [Mighty]" (709)
    return len(state.log) != before


def _win_check(state: GameState, first: bool) -> None:
    """At least the victory score and more points than any other player (194.2, 323.1)."""
    if state.winner is not None:
        return
    from .victory_score import points
    score = points(state)                                                           # 194.3.a
    ranked = sorted(state.players.values(), key=lambda p: p.points, reverse=True)
    best = ranked[0]
    if best.points >= score and (len(ranked) == 1 or best.points > ranked[1].points):
        state.winner = best.name
        state.note(f"{best.name} wins with {best.points} points", state.rules.scoring["win_check"]["rule"], "323.1")
    elif best.points >= score and first:
        state.note("players tie at or above the victory score: play continues", state.rules.scoring["ties_play_on"]["rule"])


def _lethal_damage(state: GameState) -> None:
    """Units with lethal damage: their death triggers, then to their owners' trash (323.4, 323.5)."""
    dying = [obj for obj in state.board_objects() if obj.card_type == "unit" and lethal(state, obj)]
    from .replacement_events import die

    for obj in dying:
        state.note(f"{obj.name} has lethal damage ({obj.damage_total})", "142.4.b", "323.5")
    if dying:                                                          # one cleanup: simultaneous (373)
        die(state, dying, "dies and goes to", ("428.1.a.2",))


def _lose_control(state: GameState) -> None:
    """Control ends without units there, in an open state outside showdowns (190.4.c, 323.6)."""
    if state.chain:
        return
    for slot, battlefield in enumerate(state.battlefields):
        player = battlefield.controller
        if player is not None and not _units_of(state, slot, player) and not _ongoing_at(state, slot):
            battlefield.controller = None
            state.note(f"{player} has no units at {battlefield.name} and loses control of it",
                       *state.rules.control["control_lost"], "323.6")


def _recall(state: GameState) -> None:
    """Corrective recalls of RulesData.cleanup (gear at battlefields, 149.3), and permanents in a
    base other than their controller's (323.7)."""
    for obj in list(state.board_objects()):
        if obj.attached_to is not None:
            continue
        for entry in state.rules.cleanup:
            if entry["action"] == "recall" and obj.card_type == entry["type"] and obj.zone[0] == entry["frm"]:
                actions.change_zone(state, obj, ("base", obj.controller), why="is recalled to",
                                    rules=(entry["rule"], "323.7"))
                break
        else:
            if obj.zone[0] == "base" and obj.zone[1] != obj.controller:
                actions.change_zone(state, obj, ("base", obj.controller), why="is recalled to", rules=("323.7",))


def _remove_hidden(state: GameState) -> None:
    """Facedown cards where their controller no longer controls the battlefield (107.3.d, 323.7)."""
    for slot, battlefield in enumerate(state.battlefields):
        for card in list(state.objects(("facedown", slot))):
            if card.controller != battlefield.controller:
                actions.change_zone(state, card, ("trash", card.owner), why="is removed from its facedown zone to",
                                    rules=("107.3.d", "323.7"))


def _contested(state: GameState) -> None:
    """Remove contested without the contester's units (323.11); re-apply for others (323.11.a)."""
    for slot, battlefield in enumerate(state.battlefields):
        contester = battlefield.contested_by
        if contester is not None and not _ongoing_at(state, slot) and not _units_of(state, slot, contester):
            battlefield.contested_by, battlefield.staged = None, False
            state.note(f"{battlefield.name} is no longer contested", "323.11")
        if battlefield.contested_by is None:
            for unit in state.objects(("battlefield", slot)):
                if unit.card_type == "unit" and unit.controller != battlefield.controller:
                    battlefield.contested_by = unit.controller
                    state.note(f"{unit.controller} contests {battlefield.name}", "323.11.a")
                    break
        if battlefield.contested_by is not None and not battlefield.staged:
            battlefield.staged = True
            kind, rule = ("combat", "323.9") if _two_players_there(state, slot) else ("showdown", "323.8")
            state.note(f"a {kind} is staged at {battlefield.name}", rule)


def _ongoing_at(state: GameState, slot: int) -> bool:
    """Whether a showdown or combat is going on at that battlefield (323.6, 323.11)."""
    return state.showdown is not None and state.showdown.slot == slot


def _units_of(state: GameState, slot: int, player: str) -> list:
    return [o for o in state.objects(("battlefield", slot)) if o.card_type == "unit" and o.controller == player]


def _two_players_there(state: GameState, slot: int) -> bool:
    return len({o.controller for o in state.objects(("battlefield", slot)) if o.card_type == "unit"}) > 1
