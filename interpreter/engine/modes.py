"""Modes chosen as a spell is played (355.3): "Choose one —" of a spell's own instructions.

The player answers with the number of each mode, counted from 1, in the order of the choices of the
play (``choose:``); without an answer the documented default takes the first mode. With [Repeat]
each execution has its own choice (820.2.a). The choices wait, by the spell's identity, for the
execution that reads them (handlers_modes.modal).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .context import Context
from .state import GameObject, GameState, IllegalAction


NO_MODE = -1          # kept for an execution whose every mode was excluded: it does none of them


def spell_modals(obj: GameObject) -> list[fx.ModalAbility]:
    """The "Choose one —" instructions of a spell's own text, in order."""
    if obj.card_type != "spell":
        return []
    return [e for a in obj.chars.abilities() for e in (a.effects if isinstance(a, fx.SpellEffect) else (a,))
            if isinstance(e, fx.ModalAbility)]


def pick(ctx: Context, count: int, what: str, rule: str, excluded: frozenset = frozenset()) -> int | None:
    """The 0-based index the player picks among ``count``: a number answered ahead, else the first; never one
    of ``excluded`` ("one you haven't chosen this turn": such an answer is not a valid choice, 355.9.b). None
    when every one is excluded (nothing can be chosen)."""
    allowed = [i for i in range(count) if i not in excluded]
    if not allowed:
        ctx.state.note(f"{ctx.player} has no {what} left to choose", "359.3.e.11")
        return None
    answer = ctx.peek("word")
    if answer is not None and str(answer).isdigit() and 1 <= int(answer) <= count:
        ctx.take("word")
        index = int(answer) - 1
        if index in excluded:
            raise IllegalAction("355.9.b", f"{what} {index + 1} was chosen before and can't be chosen again")
    else:
        index = allowed[0]
    ctx.state.note(f"{ctx.player} chooses {what} {index + 1} of {count}", "191.2.b", rule)
    return index


def choose_modes(state: GameState, player: str, obj: GameObject, executions: int) -> list[int]:
    """The mode of every "Choose one —" of the spell, for each execution (355.3, 820.2.a)."""
    ctx = Context(state, player, obj.identity)
    chosen, before = [], {}
    for _ in range(executions):
        for number, modal in enumerate(spell_modals(obj)):
            # "Choose one you haven't chosen before/this turn": not a mode an earlier execution of this play chose
            excluded = frozenset(before.get(number, ())) if modal.limit is not None else frozenset()
            index = pick(ctx, len(modal.modes), "mode", "355.3", excluded)
            chosen.append(NO_MODE if index is None else index)
            before.setdefault(number, set()).add(index)
    return chosen


def keep_modes(state: GameState, obj: GameObject, chosen: list[int]) -> None:
    if chosen:
        state.__dict__.setdefault("chosen_modes", {})[obj.identity] = list(chosen)


def next_mode(state: GameState, identity: int | None) -> int | None:
    """The next mode chosen for the spell ``identity`` as it was played, or None when none waits."""
    waiting = state.__dict__.get("chosen_modes", {}).get(identity)
    return waiting.pop(0) if waiting else None
