""""Each player kills one of their units": an action each player does on objects they control;
"Each opponent reveals the top card of their Main Deck": on cards of their own zone.

The subject is each player (or each opponent) in turn order from the player of the effect (the
order of 191.x for simultaneous choices is kept as turn order); each of them chooses among the
objects they control (an answer given ahead, resolved for that player, else the first by arrival),
then the action is done to every chosen object at once (428: one kill, the deaths simultaneous).

"If you paid my additional cost, you don't kill a unit this way" after it leaves players out of that
linked instruction (359.3.e.14): ``pair_exemptions`` joins the two into one ``Exempted``, whose condition
is tested before anyone chooses, so that a player left out chooses nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx
from .action_run import PER_OBJECT
from .conditions import condition_holds
from .context import Context
from .selectors import as_yours, candidates, hand_of_each, players, players_read, runs_selector, select

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


# ---- "Each player chooses 2 units, 2 gear, 2 runes, and 2 cards in their hands. Recycle the rest." ----------
_OWN_KINDS = {"unit", "gear", "rune", "card"}


def each_chooses_own(effect) -> bool:
    """"Each player chooses 2 units, ... and 2 cards in their hands": each player chooses among what they
    control on the board (and the cards of their own hand), the rest kept for "the rest" after it."""
    subject = effect.subject if isinstance(effect, fx.GameAction) else None
    if subject is None or effect.action != "choose" or subject.quantity != "each" or subject.other \
            or subject.types != ("player",) or subject.reference is not None or not effect.objects:
        return False
    return all(sel.quantity in ("count", "one") and set(sel.types) <= _OWN_KINDS and sel.types
               and sel.controller is None and sel.relation is None and sel.reference is None and sel.zone is None
               and (sel.location is None or (sel.location.kind, sel.location.owner) == ("hands", "their"))
               and runs_selector(own(sel)) for sel in effect.objects)


def own(sel: fx.Selector) -> fx.Selector:
    """One group a player chooses from, as that player reads it: "cards in their hands" the cards of their own
    hand, "units" the units they control."""
    if sel.location is not None:
        return replace(sel, location=None, zone=fx.Place("hand", "you"))
    return replace(sel, controller="you")


def each_player_chooses(ctx: Context, effect: fx.GameAction) -> bool:
    """Each player in turn order from the player of the effect chooses, in each group, as many as it says (the
    answers given ahead, else the first by arrival, 355.5); "the rest" after it are the objects of those groups
    no player chose (kept as the group the rest is taken from, ``Context.looked``)."""
    state, order = ctx.state, ctx.state.order
    start = order.index(ctx.player)
    chosen, pool = [], []
    for player in order[start:] + order[:start]:
        chooser = Context(state, player, ctx.source_identity, ctx.here, each_chooses=True)   # 355.10.e
        for sel in effect.objects:
            pool += candidates(chooser, own(sel))
            picked = select(chooser, own(sel))
            state.note(f"{player} chooses {', '.join(o.name for o in picked) or 'nothing'}", "355.5")
            chosen += picked
    ctx.looked = [(o, o.zone, o.identity) for o in pool if all(o is not c for c in chosen)]
    ctx.last, ctx.chosen = list(chosen), list(chosen)
    return bool(chosen)


# ---- "Each player looks at the top 5 cards of their Main Deck, chooses one, then recycles the rest." ----------
@dataclass(frozen=True)
class EachDoes:
    """Instructions of one sentence whose subject is each player: each player in turn order does all of them as
    "you" ("their Main Deck": their own), with their own looks and choices; what each one chose is kept for a
    later "each player plays those cards" (``Context.each_chosen``)."""

    subject: fx.Selector
    effects: tuple
    rules: tuple = ("135.2.b",)


def _each_player(sel) -> bool:
    return sel is not None and sel.types == ("player",) and sel.quantity == "each" and sel.reference is None \
        and not sel.other and not sel.filters


def _done_by_each(effect, subject) -> bool:
    """An instruction of the run: a game action of that subject no other reading of "each player" takes ("each
    player discards their hand" is handlers_players')."""
    return isinstance(effect, fx.GameAction) and effect.subject == subject and not each_form(effect) \
        and not each_chooses_own(effect) and not any(hand_of_each(o) for o in effect.objects)


def pair_each_sequences(effects: tuple) -> tuple:
    """``effects`` with each run of two or more instructions done by "each player" joined into one ``EachDoes``."""
    out, position = [], 0
    effects = tuple(effects)
    while position < len(effects):
        effect = effects[position]
        subject = effect.subject if isinstance(effect, fx.GameAction) else None
        end = position
        while _each_player(subject) and end < len(effects) and _done_by_each(effects[end], subject):
            end += 1
        if end - position >= 2:
            out.append(EachDoes(subject, tuple(as_yours(e) for e in effects[position:end])))
            position = end
        else:
            out.append(effect)
            position += 1
    return tuple(out)


def run_each_does(ctx: Context, effect: EachDoes) -> bool:
    """Each player in turn order from the player of the effect does the instructions as "you" (135.2.b)."""
    from . import bus
    state, order = ctx.state, ctx.state.order
    start = order.index(ctx.player)
    done = False
    for player in order[start:] + order[:start]:
        acting = Context(state, player, ctx.source_identity, ctx.here, each_chooses=True)   # 355.10.e
        state.note(f"{player} does the instructions of each player", *effect.rules)
        done = bool(bus.perform("run_effects", acting, effect.effects)) or done
        ctx.each_chosen[player] = list(acting.chosen)
    return done


@dataclass(frozen=True)
class Exempted:
    """"Each player must kill one of their units. If <condition>, <players> don't kill a unit this way.": the
    each-player instruction ``done`` with the players ``left_out`` not doing it while the condition of the "If ..."
    holding the exemption (None: always) holds (359.3.e.14)."""

    done: fx.GameAction
    left_out: fx.Selector
    condition: fx.Conditional | None = None
    rules: tuple = ("359.3.e.14",)


def _exemption(effect) -> tuple[fx.GameAction, fx.Conditional | None] | None:
    """The "don't ... this way" instruction of ``effect`` (alone or as the one instruction of an "If ..."), and
    the "If ..." it stands under."""
    if isinstance(effect, fx.GameAction) and effect.action == "exempt":
        return effect, None
    if isinstance(effect, fx.Conditional) and not effect.otherwise and not effect.unless and len(effect.effects) == 1:
        inner = _exemption(effect.effects[0])
        return (inner[0], effect) if inner is not None and inner[1] is None else None
    return None


def pair_exemptions(effects: tuple) -> tuple:
    """``effects`` with each "don't ... this way" joined to the each-player instruction just before it doing
    that action; one with no such instruction before it is left as it is (an action with no handler: a gap)."""
    out = list(effects)
    for position in range(len(out) - 1, 0, -1):
        found = _exemption(out[position])
        done = out[position - 1]
        if found is not None and isinstance(done, fx.GameAction) and each_form(done) \
                and found[0].options[:1] == (done.action,) and players_read(found[0].subject):
            out[position - 1] = Exempted(done, found[0].subject, found[1])
            del out[position]
    return tuple(out)


def run_exempted(ctx: Context, effect: Exempted) -> bool:
    """Test the condition, then have each player not left out do the instruction (359.3.e.14)."""
    holds = True if effect.condition is None else condition_holds(ctx, effect.condition)
    left_out = set(players(ctx, effect.left_out)) if holds else set()
    if left_out:
        ctx.state.note(f"{', '.join(sorted(left_out))} don't {effect.done.action} this way", *effect.rules)
    return each_player_acts(ctx, effect.done, left_out)


def each_player_acts(ctx: Context, effect: fx.GameAction, left_out: set = frozenset()) -> bool:
    state, order = ctx.state, ctx.state.order
    start = order.index(ctx.player)
    chosen = []
    for player in order[start:] + order[:start]:
        if not _WHO[effect.subject.types[0]](ctx, player) or player in left_out:
            continue
        chooser = Context(state, player, ctx.source_identity, ctx.here, each_chooses=True)   # not targets (355.10.e)
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
