""""Each player kills one of their units": an action each player does on objects they control;
"Each opponent reveals the top card of their Main Deck": on cards of their own zone.

The subject is each player (or each opponent) in turn order from the player of the effect (the
order of 191.x for simultaneous choices is kept as turn order); each of them chooses among the
objects they control (an answer given ahead, resolved for that player, else the first by arrival),
then the action is done to every chosen object at once (428: one kill, the deaths simultaneous).
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .action_run import PER_OBJECT
from .context import Context
from .selectors import runs_selector, select

_WHO = {"player": lambda ctx, p: True, "opponent": lambda ctx, p: p != ctx.player}


def each_form(effect: fx.GameAction) -> bool:
    """Whether ``effect`` is "each player/opponent <acts on> one of their <objects>"."""
    subject = effect.subject
    if subject is None or subject.quantity != "each" or subject.types not in (("player",), ("opponent",)) \
            or subject.reference is not None or subject.other or effect.action not in PER_OBJECT \
            or len(effect.objects) != 1 or effect.amount is not None or effect.modifications \
            or effect.options not in ((), ("must",)):          # "each opponent must kill ...": the same action
        return False
    sel = effect.objects[0]
    if _their_zone(sel):
        return runs_selector(theirs(sel))
    return sel.controller == "their" and sel.quantity in ("one_of", "one") and runs_selector(theirs(sel))


def _their_zone(sel: fx.Selector) -> bool:
    """"the top card of their Main Deck": the cards of the acting player's own zone (107.1: a zone of a player)."""
    return sel.zone is not None and sel.zone.owner == "their" and sel.controller is None and sel.reference is None


def theirs(sel: fx.Selector) -> fx.Selector:
    """"one of their units" as the choosing player reads it: one unit they control; "the top card of their Main
    Deck": the top card of their own."""
    if _their_zone(sel):
        return replace(sel, zone=replace(sel.zone, owner="you"))
    return replace(sel, controller="you", quantity="one")


def each_player_acts(ctx: Context, effect: fx.GameAction) -> bool:
    state, order = ctx.state, ctx.state.order
    start = order.index(ctx.player)
    chosen = []
    for player in order[start:] + order[:start]:
        if not _WHO[effect.subject.types[0]](ctx, player):
            continue
        chooser = Context(state, player, ctx.source_identity, ctx.here)
        picked = select(chooser, theirs(effect.objects[0]))
        if not _their_zone(effect.objects[0]):                 # the top card of a deck is no choice
            state.note(f"{player} chooses {', '.join(o.name for o in picked) or 'nothing'}", "355.5")
        chosen += [(player, o) for o in picked]
    if not chosen:
        state.note(f"nothing to {effect.action}", "359.3.e.11")
        return False
    if effect.action == "kill":
        from . import actions
        actions.kill_all(state, [o for _, o in chosen], ctx.player)      # 428: killed at the same time
    else:
        for player, obj in chosen:
            PER_OBJECT[effect.action](state, obj, Context(state, player, ctx.source_identity, ctx.here))
    ctx.last = [o for _, o in chosen]
    if effect.action == "reveal":                     # "... Then recycle the rest": the cards revealed (424)
        ctx.looked = [(o, o.zone, o.identity) for o in ctx.last]
    return True
