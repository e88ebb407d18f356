"""Choosing among bullet modes ("Choose one — • ... • ...") and among options ("draw 1 or channel 1 rune").

The player of the effect chooses (191.2.b, 191.4.d): the answer given ahead is the number of the mode
or option, counted from 1 (``choose: ["2"]``); without one the documented default takes the first it may.
A spell's modes are chosen as it is played (355.3, engine/modes.py); an ability's, as it resolves.
"Choose one you haven't chosen this turn" (or "before") excludes the modes the same object chose, kept by
object (a new object remembers nothing, 124) and, for "this turn", by turn. "Do one of the following based
on its domain:" picks the mode whose label is that characteristic of the object named (387.1.b). Forms a
choice does not cover yet stay gaps: more than one mode, a label on a mode the player chooses.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus
from .context import Context
from .modes import NO_MODE, next_mode, pick
from .selectors import candidates, runs_selector


# How a mode is picked by a characteristic ("Do one of the following based on its domain:", 387.1.b): the
# values of the object named, each matched against the labels of the modes
_BASED_ON = {"domain": lambda obj: [f"[{letter}]" for letter in obj.chars.domains],
             "type": lambda obj: [obj.card_type]}
_LIMITS = (None, "not_chosen_this_turn", "not_chosen_before")


def modal_runs(effect: fx.ModalAbility) -> bool:
    """Whether ``effect`` is a "Choose one —" the player picks from (a mode not chosen this turn or before, when
    the text says so), or one whose mode a characteristic of an object the text named picks."""
    if effect.choose != 1 or effect.limit not in _LIMITS:
        return False
    if effect.based_on is not None:
        measure = effect.based_on
        return effect.limit is None and measure.kind in _BASED_ON and measure.of is not None \
            and runs_selector(measure.of) and all(mode.label is not None for mode in effect.modes)
    return all(mode.label is None for mode in effect.modes)


def modal(ctx: Context, effect: fx.ModalAbility) -> bool:
    """"Choose one —": the chosen mode's instructions are done, the others are not."""
    if effect.based_on is not None:
        return _based_on(ctx, effect)
    index = next_mode(ctx.state, ctx.source_identity)       # chosen as the spell was played (355.3)
    if index is None:
        index = pick(ctx, len(effect.modes), "mode", "355.3", _chosen_before(ctx, effect))
        _remember(ctx, effect, index)
    if index is None or index == NO_MODE:
        return False
    mode = effect.modes[index]
    return bool(bus.perform("run_effects", ctx, mode.effects))


def _history_key(ctx: Context, effect: fx.ModalAbility):
    """Where the modes an object chose are kept: by the object (a new object remembers nothing, 124), and the turn
    for "this turn"."""
    turn = ctx.state.turn_number if effect.limit == "not_chosen_this_turn" else None
    return (ctx.source_identity, effect.span, turn)


def _chosen_before(ctx: Context, effect: fx.ModalAbility) -> frozenset:
    if effect.limit is None:
        return frozenset()
    return frozenset(ctx.state.__dict__.get("modes_chosen", {}).get(_history_key(ctx, effect), ()))


def _remember(ctx: Context, effect: fx.ModalAbility, index: int | None) -> None:
    if effect.limit is not None and index is not None:
        ctx.state.__dict__.setdefault("modes_chosen", {}).setdefault(_history_key(ctx, effect), set()).add(index)


def _based_on(ctx: Context, effect: fx.ModalAbility) -> bool:
    """"Do one of the following based on its domain:": the mode whose label is a value of the object named
    (its domain, its card type) is done; nobody chooses (387.1.b). None matching: nothing is done."""
    found = candidates(ctx, effect.based_on.of)
    values = _BASED_ON[effect.based_on.kind](found[0]) if found else []
    matching = [mode for mode in effect.modes if str(mode.label).lower() in [str(v).lower() for v in values]]
    ctx.state.note(f"the mode is picked by its {effect.based_on.kind}: "
                   f"{', '.join(map(str, values)) or 'none'}", "387.1.b")
    if not matching:
        ctx.state.note("no mode matches, so none is done", "359.3.e.11")
        return False
    return bool(bus.perform("run_effects", ctx, matching[0].effects))


def choice(ctx: Context, effect: fx.Choice) -> bool:
    """"Draw 1 or channel 1 rune exhausted": the chosen option is done."""
    option = effect.options[pick(ctx, len(effect.options), "option", "191.2.b")]
    return bool(bus.perform("run_effects", ctx, (option,)))
