"""Choosing a player ("Choose an opponent. They reveal their hand.", "Choose a player. They discard 1."), and the
player a later sentence names by "they", "that player" or "their" (355.5, 359.3.e.14).

The player of the effect chooses among the players the phrase allows (each player, or each opponent), in turn
order from the next player (the order of 191.x choices); the answer given ahead is the player's name
(``choose: ["B"]``), else the first of that order. The chosen player is kept in ``Context.players_chosen``
under the phrase that chose it, where ``selectors.players`` and ``selectors.candidates`` find it again.
``chosen_by`` is the static side: which phrases of a sentence choose a player, so that ``engine/runs.py``
counts a "they" as read only after a choice of its player.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .action_run import ACTIONS, PER_OBJECT
from .context import Context
from .selectors import hand_of_each, names_a_player
from .state import IllegalAction

_choose_objects = ACTIONS["choose"]


def chosen_by(effect) -> tuple:
    """The phrases ``effect`` chooses a player with ("Choose an opponent.", or the subject of "An opponent
    reveals their hand."): none for any other effect."""
    if isinstance(effect, fx.GameAction) and effect.action == "choose" and effect.subject is None \
            and effect.objects and all(names_a_player(sel) for sel in effect.objects):
        return tuple(effect.objects)
    if isinstance(effect, fx.GameAction) and _acting_opponent(effect.subject):
        return (effect.subject,)
    return ()


def _acting_opponent(subject) -> bool:
    """"An opponent reveals their hand": a sentence whose subject is one opponent, whom "they" means later."""
    return names_a_player(subject) and subject.types == ("opponent",)


def name_subject(ctx: Context, effect) -> None:
    """Keep the opponent a sentence's subject names ("An opponent reveals their hand.") for "their hand" and
    "they" after it: the first opponent in turn order (a duel has one)."""
    if isinstance(effect, fx.GameAction) and _acting_opponent(effect.subject) \
            and effect.subject not in ctx.players_chosen:
        opponents = ctx.state.opponents(ctx.player)
        if opponents:
            ctx.players_chosen[effect.subject] = opponents[0]


def _choosable(ctx: Context, sel: fx.Selector) -> list[str]:
    order = ctx.state.order
    start = order.index(ctx.player)
    players = order[start + 1:] + order[:start + 1]               # from the next player, the chooser last
    return [p for p in players if p != ctx.player] if "opponent" in sel.types else players


def each_chooses_word(effect) -> bool:
    """"Each other player chooses Cards or Runes": each player (but you, with "other") chooses one of the words."""
    subject = effect.subject if isinstance(effect, fx.GameAction) else None
    return subject is not None and effect.action == "choose" and not effect.objects and len(effect.options) > 1 \
        and subject.types == ("player",) and subject.quantity == "each" and subject.reference is None \
        and not subject.filters


def _each_chooses_word(ctx: Context, effect: fx.GameAction) -> bool:
    """Each such player in turn order chooses a word (the answers given ahead, else the first listed), kept for
    "each player that chooses Cards" (355.5)."""
    order = ctx.state.order
    start = order.index(ctx.player)
    for player in order[start:] + order[:start]:
        if effect.subject.other and player == ctx.player:
            continue
        answer = ctx.take("word")
        if answer is not None and answer not in effect.options:
            raise IllegalAction("355.9.b", f"{answer!r} is not one of {', '.join(effect.options)}")
        ctx.words[player] = answer if answer is not None else effect.options[0]
        ctx.state.note(f"{player} chooses {ctx.words[player]}", "355.5")
    return True


def choose(ctx: Context, effect: fx.GameAction) -> bool:
    """"Choose an opponent.": the player chosen is kept for "they" and "their" later (355.5); objects are chosen
    as before (action_run.choose)."""
    if each_chooses_word(effect):
        return _each_chooses_word(ctx, effect)
    sels = chosen_by(effect)
    if not sels:
        return _choose_objects(ctx, effect)
    for sel in sels:
        allowed = _choosable(ctx, sel)
        if not allowed:
            ctx.state.note("no player to choose", "359.3.e.11")
            return False
        answer = ctx.peek("word")
        if answer in ctx.state.players:
            ctx.take("word")
            if answer not in allowed:
                raise IllegalAction("355.9.b", f"{answer} is not a valid choice here")
        picked = answer if answer in allowed else allowed[0]
        ctx.players_chosen[sel] = picked
        ctx.state.note(f"{ctx.player} chooses {picked}", "355.5")
    return True


def they_act(effect) -> bool:
    """"Choose an opponent. They move a unit they control to ...": an action on objects done by a player an
    earlier phrase chose, who chooses the objects (355.5) as "you"."""
    subject = effect.subject if isinstance(effect, fx.GameAction) else None
    return subject is not None and subject.reference in ("they", "that") and names_a_player(subject.antecedent) \
        and (effect.action in PER_OBJECT or effect.action == "move")


def as_them(effect: fx.GameAction) -> fx.GameAction:
    """The action as the chosen player does it: no subject, and "a unit they control" read as "a unit you
    control"."""
    chooser = effect.subject.antecedent

    def yours(sel: fx.Selector) -> fx.Selector:
        return replace(sel, controller="you", antecedent=None) \
            if sel.controller == "they" and sel.antecedent == chooser else sel
    return replace(effect, subject=None, objects=tuple(map(yours, effect.objects)))


def chosen_player_acts(ctx: Context, effect: fx.GameAction, handler) -> bool:
    """Do ``effect`` (``they_act``) as the player chosen earlier in the text, everything else kept (what was
    moved, where: "the same battlefield")."""
    me = ctx.player
    ctx.player = ctx.players_chosen[effect.subject.antecedent] if effect.subject.antecedent in ctx.players_chosen \
        else _unchosen(effect)
    try:
        return handler(ctx, as_them(effect))
    finally:
        ctx.player = me


def _unchosen(effect):
    raise IllegalAction("355.5", f"“{effect.subject.reference}” names a player no phrase before chose")


def each_own_hand(effect) -> bool:
    """"Each player discards their hand": the subject is the players whose hands the objects are."""
    return isinstance(effect, fx.GameAction) and effect.subject is not None and len(effect.objects) == 1 \
        and hand_of_each(effect.objects[0]) and effect.objects[0].antecedent == effect.subject \
        and effect.action in _EACH_OWN


def _each_does(action):
    def run(ctx: Context, effect: fx.GameAction) -> bool:
        """Each player in turn order from the player of the effect does it to their own hand (191.x)."""
        if not each_own_hand(effect):
            return action(ctx, effect)
        order, done = ctx.state.order, False
        start = order.index(ctx.player)
        for player in order[start:] + order[:start]:
            if "opponent" in effect.subject.types and player == ctx.player:
                continue
            acting = Context(ctx.state, player, ctx.source_identity, ctx.here)
            done = bool(action(acting, replace(effect, subject=None))) or done
        return done
    return run


_EACH_OWN = ("discard", "reveal", "recycle")
for _name in _EACH_OWN:
    ACTIONS[_name] = _each_does(ACTIONS[_name])

ACTIONS["choose"] = choose
