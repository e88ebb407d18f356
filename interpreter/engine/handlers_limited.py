"""The limited game actions that only effects direct (440-443): Burn, Empower, Disempower, Skip.

Burn moves cards from the top of a player's Main Deck to their trash, as many as it can, burning out
when the deck runs dry and then burning the rest (440.4, 431). Empower gives objects on the board the
Empowered status, a binary state an Empowered object does not gain twice (441.1.a-c); Disempower takes
it away and does nothing to an object that lacks it (442.1.a.1). Skip replaces a procedure of the turn
with nothing (443.2): "Skip your Draw Phase" is kept until that player's next Draw Phase, which then does
not happen, and nothing triggers on it (443.2.a). Skipping an event other than a phase ("skip the next
time that unit would move") is a replacement the runtime does not keep yet: ``skip_runs`` says so,
so the static check refuses it by name.
"""
from __future__ import annotations

from . import actions
from .action_run import ACTIONS, _nothing, _targets, amount_of
from .errors import Unsupported
from .selectors import players


def burn(ctx, effect) -> bool:
    """Burn X (440.2): the top X cards of the player's Main Deck go to their trash (440.1)."""
    count, burned = amount_of(ctx, effect.amount), []
    for player in players(ctx, effect.subject):
        for _ in range(count):
            deck = ctx.state.objects(("deck", player))
            if not deck:
                actions.burn_out(ctx.state, player)                        # 440.4, 431.1.b
                deck = ctx.state.objects(("deck", player))
                if not deck:
                    continue                                               # 431.3: an empty deck stays empty
            card = deck[0]
            actions.change_zone(ctx.state, card, ("trash", player), why="is burned to", rules=("440.1",))
            burned.append(card)
    ctx.last = burned
    return bool(burned)


def empower(ctx, effect) -> bool:
    """Empower objects (441.1): each becomes Empowered, unless it already is (441.1.b, 441.1.c)."""
    return _set_empowered(ctx, effect, True, ("is already Empowered: nothing more happens", "441.1.c"),
                          ("becomes Empowered", "441.1", "441.2.a"))


def disempower(ctx, effect) -> bool:
    """Disempower objects (442.1): the Empowered status is removed; one not Empowered is left as it is."""
    return _set_empowered(ctx, effect, False, ("is not Empowered: disempowering it does nothing", "442.1.a.1"),
                          ("is no longer Empowered", "442.1"))


def _set_empowered(ctx, effect, value: bool, unchanged: tuple, changed: tuple) -> bool:
    """The Empowered status (a binary state, 441.1.a) set to ``value`` on each chosen object, with the log's
    words and rules for an object that already has that value and for one that changes."""
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    for obj in targets:
        words, *rules = unchanged if obj.empowered == value else changed
        obj.empowered = value
        ctx.state.note(f"{obj.name} {words}", *rules)
    ctx.last = targets
    return True


def skip_runs(effect) -> bool:
    """Whether ``skip`` keeps this skip: a phase of a player's turn ("Skip your Draw Phase")."""
    from interpreter.rules.data import default_rules

    return _phase(effect, default_rules()) is not None and not effect.objects


def skip(ctx, effect) -> bool:
    """Skip a phase (443.1.a): the player's next such phase is replaced with nothing (443.2, 443.4)."""
    phase = _phase(effect, ctx.state.rules)
    if phase is None or effect.objects:
        raise Unsupported("skipping an event that is not a phase of the turn")
    for player in players(ctx, effect.subject):
        ctx.state.skipped_phases.append((player, phase))
        ctx.state.note(f"{player}'s next {phase} phase will be skipped", "443.1.a", "443.4")
    return True


def skips_phase(state, phase: str) -> bool:
    """Whether the turn player's ``phase`` is skipped now: the skip is used up (443.2, 443.2.a)."""
    key = (state.turn_player, phase)
    if key not in state.skipped_phases:
        return False
    state.skipped_phases.remove(key)
    state.note(f"{state.turn_player}'s {phase} phase is skipped: it is replaced with nothing", "443.2", "443.2.a")
    return True


def _phase(effect, rules) -> str | None:
    """The phase a skip names (its option "draw_phase" is the Draw Phase of the turn statements, 315.4)."""
    phases = [part["name"] for part in rules.turn["parts"]["turn"] if part["part"] == "phase"]
    named = [phase for phase in phases if f"{phase}_phase" in effect.options]
    return named[0] if len(named) == 1 else None


ACTIONS.update(burn=burn, empower=empower, disempower=disempower, skip=skip)
