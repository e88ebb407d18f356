"""Instructions done once per object or once per player: "For each friendly unit, ..." and "For each buff
spent, ..." (``ForEach``), "Starting with the next player, each player ..." (``InTurnOrder``).

``ForEach`` does its instructions once for each object its phrase names now, each time with that object as
"it" (359.3.e.14); "for each buff spent" counts the buffs the instruction before spent (702.2.b), one time
each. ``InTurnOrder`` has each player do the instructions as "you", one after the other in Turn Order from
the next player (303.2.a, 115.1.c), the player of the effect last. ``HANDLERS`` and ``RUNS`` are read by
``effect_run`` (the handler and its static check).
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from . import bus
from .selectors import select

_ALL = ("all", "each")


def _buffs_spent(sel: fx.Selector) -> bool:
    """"each buff spent": the buffs the instruction before spent."""
    return sel.types == ("buff",) and [f.kind for f in sel.filters] == ["spent"] and sel.reference is None \
        and sel.quantity in _ALL and sel.controller is None and sel.location is None and sel.zone is None


def _opponents_who_did(sel: fx.Selector) -> bool:
    """"each opponent who did": the opponents who did the "may" before (``each_may``)."""
    return sel is not None and sel.types == ("opponent",) and [f.kind for f in sel.filters] == ["did"] \
        and sel.quantity in _ALL + ("each",) and sel.reference is None and not sel.other


def for_each_runs(effect: fx.ForEach) -> bool:
    """The phrases read: "each buff spent", "each opponent who did", or every object of a phrase the selectors
    find ("each friendly unit"; the phrase itself is checked with the effect's parts)."""
    each = effect.each
    if _opponents_who_did(each):
        return True
    return _buffs_spent(each) or each.quantity in _ALL and each.reference is None and "buff" not in each.types


def for_each(ctx, effect: fx.ForEach) -> bool:
    """The instructions once per object named, that object being "it" each time (359.3.e.14)."""
    if _opponents_who_did(effect.each):
        did = [p for p in ctx.players_did if p in ctx.state.opponents(ctx.player)]
        ctx.state.note(f"{len(did)} opponent(s) did: the instructions are done {len(did)} time(s)", "359.3.e.14")
        return any([bus.perform("run_effects", ctx, effect.effects) for _ in did])
    if _buffs_spent(effect.each):
        spent = len(ctx.acted.get("spend_buff", []))
        ctx.state.note(f"{spent} buff(s) spent: the instructions are done {spent} time(s)", "702.2.b")
        return any([bus.perform("run_effects", ctx, effect.effects) for _ in range(spent)])
    objects = list(select(ctx, effect.each))
    ctx.state.note(f"the instructions are done for each of {len(objects)} object(s)", "359.3.e.14")
    done = False
    for obj in objects:
        ctx.last = [obj]
        done = bool(bus.perform("run_effects", ctx, effect.effects)) or done
    return done


def in_turn_order_runs(effect: fx.InTurnOrder) -> bool:
    """Each player's turn at the instructions: a "may" of each player ("each player may return ...") or an
    instruction with no subject of its own."""
    return all(_each_players_part(part) for part in effect.effects)


def _each_players_part(part) -> bool:
    if isinstance(part, fx.MayDo):
        player = part.player
        return player is not None and player.types == ("player",) and player.quantity in _ALL \
            and not player.other and not player.filters and player.reference is None
    return False


def in_turn_order(ctx, effect: fx.InTurnOrder) -> bool:
    """Each player does the instructions as "you", from the next player in Turn Order, ending with the player of
    the effect (303.2.a): each one's choice is theirs ("may", the object chosen)."""
    order = ctx.state.order
    start = order.index(ctx.player)
    players = order[start + 1:] + order[:start + 1]
    me, done = ctx.player, False
    try:
        for player in players:
            ctx.player = player
            ctx.state.note(f"{player}'s turn at the instruction", "303.2.a")
            mine = tuple(_as_mine(part) for part in effect.effects)
            done = bool(bus.perform("run_effects", ctx, mine)) or done
    finally:
        ctx.player = me
    return done


# ---- "you and each opponent may ..." -------------------------------------------------------------------
def you_and_each_opponent(sel) -> bool:
    """"you and each opponent" as the players of a "may"."""
    alternatives = sel.alternatives if sel is not None else ()
    return sel is not None and len(alternatives) == 2 and alternatives[0].reference == "you" \
        and alternatives[1].types == ("opponent",) and alternatives[1].quantity in _ALL \
        and not alternatives[1].filters and not alternatives[1].other


def each_may(ctx, effect: fx.MayDo) -> bool:
    """"You and each opponent may play a Gold gear token": each of them in Turn Order from you (303.2.a) chooses
    for themself and does it as "you"; who did is kept for "for each opponent who did" (``for_each``)."""
    order = ctx.state.order
    start = order.index(ctx.player)
    me, did = ctx.player, []
    try:
        for player in order[start:] + order[:start]:
            ctx.player = player
            answer = ctx.take("yes_no", True)
            ctx.state.note(f"{player} chooses {'to' if answer else 'not to'} do an optional instruction", "135.2.b",
                           "303.2.a")
            if answer and bus.perform("run_effects", ctx, (effect.effect,)):
                did.append(player)
    finally:
        ctx.player = me
    ctx.players_did = did
    ctx.did = me in did
    return bool(did)


def _as_mine(part):
    """"each player may ...", done by one player: that player's own "may"."""
    return replace(part, player=None) if isinstance(part, fx.MayDo) else part


def checked_parts(effect):
    """For the static check of its parts (``engine/runs.py``): the instructions as one player does them
    (``in_turn_order``); "each buff spent" counted here, not found by the selectors (``for_each``)."""
    if isinstance(effect, fx.InTurnOrder):
        return replace(effect, effects=tuple(_as_mine(part) for part in effect.effects))
    if isinstance(effect, fx.ForEach) and (_buffs_spent(effect.each) or _opponents_who_did(effect.each)):
        return replace(effect, each=None)
    if isinstance(effect, fx.MayDo) and you_and_each_opponent(effect.player):
        return replace(effect, player=None)               # each of them does it as "you" (``each_may``)
    return effect


HANDLERS = {"ForEach": for_each, "InTurnOrder": in_turn_order}
RUNS = {"ForEach": for_each_runs, "InTurnOrder": in_turn_order_runs}
