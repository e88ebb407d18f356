"""Choosing among bullet modes ("Choose one — • ... • ...") and among options ("draw 1 or channel 1 rune").

The player of the effect chooses (191.2.b, 191.4.d): the answer given ahead is the number of the mode
or option, counted from 1 (``choose: ["2"]``); without one the documented default takes the first.
A spell's modes are chosen as it is played (355.3, engine/modes.py); an ability's, as it resolves. Forms a choice does not cover yet stay gaps:
more than one mode, "one you haven't chosen this turn" (a history not kept), a mode picked by a
characteristic ("based on its domain").
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus
from .context import Context
from .modes import next_mode, pick


def modal_runs(effect: fx.ModalAbility) -> bool:
    """Whether ``effect`` is a plain "Choose one —" the player picks from."""
    return effect.choose == 1 and effect.limit is None and effect.based_on is None \
        and all(mode.label is None for mode in effect.modes)


def modal(ctx: Context, effect: fx.ModalAbility) -> bool:
    """"Choose one —": the chosen mode's instructions are done, the others are not."""
    index = next_mode(ctx.state, ctx.source_identity)       # chosen as the spell was played (355.3)
    if index is None:
        index = pick(ctx, len(effect.modes), "mode", "355.3")
    mode = effect.modes[index]
    return bool(bus.perform("run_effects", ctx, mode.effects))


def choice(ctx: Context, effect: fx.Choice) -> bool:
    """"Draw 1 or channel 1 rune exhausted": the chosen option is done."""
    option = effect.options[pick(ctx, len(effect.options), "option", "191.2.b")]
    return bool(bus.perform("run_effects", ctx, (option,)))
