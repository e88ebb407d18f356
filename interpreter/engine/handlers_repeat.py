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
from .action_run import ACTIONS
from .selectors import as_yours, candidates, players_who_chose, select
from .state import IllegalAction

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
    return _buffs_spent(each) or players_who_chose(each) \
        or each.quantity in _ALL and each.reference is None and "buff" not in each.types


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
    if players_who_chose(effect.each):
        return _for_each_player(ctx, effect)
    objects = list(select(ctx, effect.each))
    ctx.state.note(f"the instructions are done for each of {len(objects)} object(s)", "359.3.e.14")
    done = False
    for obj in objects:
        ctx.last = [obj]
        done = bool(bus.perform("run_effects", ctx, effect.effects)) or done
    return done


def _for_each_player(ctx, effect: fx.ForEach) -> bool:
    """"For each player that chooses Cards, you and that player each draw 1": the instructions once for each
    player, in turn order, who chose that word (``Context.words``), that player being "that player"."""
    word = effect.each.filters[0].value
    order = ctx.state.order
    start = order.index(ctx.player)
    who = [p for p in order[start:] + order[:start] if ctx.words.get(p) == word]
    ctx.state.note(f"the instructions are done for each player who chose {word}: {', '.join(who) or 'none'}",
                   "359.3.e.14")
    done = False
    for player in who:
        ctx.players_chosen[effect.each] = player
        done = bool(bus.perform("run_effects", ctx, effect.effects)) or done
    ctx.players_chosen.pop(effect.each, None)
    return done


def in_turn_order_runs(effect: fx.InTurnOrder) -> bool:
    """Each player's turn at the instructions: a "may" of each player ("each player may return ...") or an
    instruction with no subject of its own; or each player's choice of an object ("each other player chooses a
    unit you don't control that hasn't been chosen for this spell")."""
    return all(_each_players_part(part) for part in effect.effects) \
        or all(_each_chooses(part) for part in effect.effects)


def _each_chooses(part) -> bool:
    """"each (other) player chooses a unit ...": one object a player, chosen in turn."""
    subject = part.subject if isinstance(part, fx.GameAction) else None
    return subject is not None and part.action == "choose" and subject.types == ("player",) \
        and subject.quantity in _ALL and subject.reference is None and not subject.filters \
        and len(part.objects) == 1 and part.objects[0].reference is None


def _distinct(sel: fx.Selector) -> tuple[fx.Selector, bool]:
    """The phrase without "that hasn't been chosen for this spell", and whether it said so (355.5)."""
    kept = tuple(f for f in sel.filters if f.kind != "chosen_for")
    return replace(sel, filters=kept), len(kept) < len(sel.filters)


def _choose_in_turn(ctx, effect: fx.InTurnOrder, players: list) -> bool:
    """Each player in turn chooses one object of the phrase, read as the effect's player reads it ("a unit you
    don't control": not the spell's controller's); "that hasn't been chosen for this spell": none chosen
    before. Every object chosen is what "those units" means next (355.5, 359.3.e.14)."""
    chosen = []
    for part in effect.effects:
        sel, distinct = _distinct(part.objects[0])
        for player in players:
            if part.subject.other and player == ctx.player:
                continue
            found = [o for o in candidates(ctx, sel) if not (distinct and o in chosen)]
            answer = ctx.take("object")
            if answer is not None and answer not in found:
                raise IllegalAction("355.9.b", f"{answer.name} is not a valid choice for {player} here")
            picked = answer if answer is not None else (found[0] if found else None)
            ctx.state.note(f"{player} chooses {picked.name if picked else 'nothing'}", "355.5")
            chosen += [picked] if picked is not None else []
        ctx.named[part.objects[0]] = list(chosen)
    ctx.last, ctx.chosen = list(chosen), list(chosen)
    return bool(chosen)


def _each_players_part(part) -> bool:
    """"each player may return ...", or "each player plays those cards" (an action of theirs)."""
    player = part.player if isinstance(part, fx.MayDo) else part.subject if isinstance(part, fx.GameAction) else None
    return player is not None and player.types == ("player",) and player.quantity in _ALL \
        and not player.other and not player.filters and player.reference is None


def in_turn_order(ctx, effect: fx.InTurnOrder) -> bool:
    """Each player does the instructions as "you", from the next player in Turn Order, ending with the player of
    the effect (303.2.a): each one's choice is theirs ("may", the object chosen)."""
    order = ctx.state.order
    start = order.index(ctx.player)
    players = order[start + 1:] + order[:start + 1]
    if all(_each_chooses(part) for part in effect.effects):
        return _choose_in_turn(ctx, effect, players)
    me, done = ctx.player, False
    try:
        for player in players:
            ctx.player = player
            ctx.chosen = ctx.each_chosen.get(player, ctx.chosen)   # "those cards": what that player chose before
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
    """"each player may ...", "each player plays those cards", done by one player: that player's own."""
    if isinstance(part, fx.MayDo):
        return replace(part, player=None)
    return as_yours(part) if isinstance(part, fx.GameAction) and part.subject is not None else part


def checked_parts(effect):
    """For the static check of its parts (``engine/runs.py``): the instructions as one player does them
    (``in_turn_order``); "each buff spent" counted here, not found by the selectors (``for_each``)."""
    if isinstance(effect, fx.InTurnOrder) and all(_each_chooses(part) for part in effect.effects):
        return replace(effect, effects=tuple(replace(p, subject=None, objects=(_distinct(p.objects[0])[0],))
                                             for p in effect.effects))
    if isinstance(effect, fx.InTurnOrder):
        return replace(effect, effects=tuple(_as_mine(part) for part in effect.effects))
    if isinstance(effect, fx.ForEach) and (_buffs_spent(effect.each) or players_who_chose(effect.each)
                                           or _opponents_who_did(effect.each)):
        return replace(effect, each=None)
    if isinstance(effect, fx.MayDo) and you_and_each_opponent(effect.player):
        return replace(effect, player=None)               # each of them does it as "you" (``each_may``)
    return effect


def repeat_effects(ctx, effect: fx.GameAction) -> bool:
    """"Repeat this gear's play effect": the instructions of the source's play effects (383.4.a; its conquer,
    hold, attack or defend effects, 383.4.c-f) are done again now, as part of this ability; what they choose is
    chosen anew. The source may have left the board ("[Deathknell][>] Repeat ..."): its abilities are read from
    the object it became (``state.became``)."""
    source = ctx.state.became(ctx.source_identity)
    event = effect.options[0]
    repeated = [ability for ability in (source.chars.abilities() if source is not None else ())
                if isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == event
                and ability.trigger.subject == "self"]
    if not repeated:
        ctx.state.note(f"no {event} effect to repeat: the instruction does nothing", "359.3.e.11")
        return False
    done = False
    for ability in repeated:
        ctx.state.note(f"{source.name}'s {event} effect is repeated", "383.4.a")
        done = bool(bus.perform("run_effects", ctx, ability.effects)) or done
    return done


def repeat_runs(effect: fx.GameAction) -> bool:
    """Only the source's own effects are repeated yet ("this gear's", "my"): they are checked with its card;
    another object's ("its play effect") would be known only as the game goes."""
    return effect.objects[0].reference == "self"


ACTIONS["repeat_effects"] = repeat_effects
HANDLERS = {"ForEach": for_each, "InTurnOrder": in_turn_order}
RUNS = {"ForEach": for_each_runs, "InTurnOrder": in_turn_order_runs}
