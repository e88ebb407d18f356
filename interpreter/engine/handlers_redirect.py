"""A card sent elsewhere than the trash by the instruction that moves it: "Counter a spell. Return it to its
owner's hand instead of putting it in their trash." (425.1, 367, 390.3).

``pair_redirects`` reads a sequence of instructions: a counter followed by an "instead of putting it in their
trash" whose replacing instruction puts "it" into a zone of its owner becomes one ``Redirected``, done at the
counter's place. It chooses the cards, marks each, before it is cleared from the chain, to go to that zone
instead of the trash (``leaves_chain_to``, read by actions.change_zone), then counters them: the card never
reaches the trash.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx
from . import bus
from .context import Context
from .selectors import select

# The zones the replacing instruction may name, by its game action and place (the owner's: 108.7, 124)
_ZONES = {("return_to_hand", "hand"): "hand", ("put", "hand"): "hand", ("banish", None): "banishment"}


@dataclass(frozen=True, slots=True)
class Redirected:
    """The counter ``done``, the countered cards going to their owner's ``zone`` instead of the trash."""

    done: fx.GameAction
    zone: str
    rules: tuple = ("425.1", "367")


def _redirect_zone(effect, done: fx.GameAction) -> str | None:
    """The zone of "<put it there> instead of putting it in their trash" after ``done``, or None."""
    if not isinstance(effect, fx.Instead) or effect.replaced is None:
        return None
    instead, replaced = effect.effect, effect.replaced
    if not isinstance(instead, fx.GameAction) or not isinstance(replaced, fx.GameAction):
        return None
    if replaced.action != "put" or replaced.place is None or replaced.place.kind != "trash":
        return None
    if len(instead.objects) != 1 or instead.objects[0].reference != "it" \
            or instead.objects[0].antecedent not in done.objects or instead.subject is not None \
            or instead.amount is not None or instead.options or instead.modifications:
        return None
    place = instead.place.kind if instead.place is not None else None
    if instead.place is not None and instead.place.owner not in ("its_owners", "their", None):
        return None
    return _ZONES.get((instead.action, place))


def pair_redirects(effects: tuple) -> tuple:
    """``effects`` with each counter joined to the "instead of putting it in their trash" right after it."""
    out, position = [], 0
    while position < len(effects):
        effect = effects[position]
        following = effects[position + 1] if position + 1 < len(effects) else None
        zone = None
        if isinstance(effect, fx.GameAction) and effect.action == "counter" and len(effect.objects) == 1:
            zone = _redirect_zone(following, effect)
        if zone is not None:
            out.append(Redirected(effect, zone))
            position += 2
        else:
            out.append(effect)
            position += 1
    return tuple(out)


def run_redirected(ctx: Context, effect: Redirected) -> bool:
    """Choose the cards to counter (355.5), mark each to go to its owner's zone instead of the trash, then
    counter them (425.1.a.1, 367)."""
    done = effect.done
    chosen = [o for o in select(ctx, done.objects[0]) if o.zone[0] == "chain"]
    for card in chosen:
        card.leaves_chain_to = effect.zone
        ctx.state.note(f"{card.name} will go to its owner's {effect.zone} instead of the trash", *effect.rules)
    ctx.last = chosen
    back = fx.Selector("the", reference="it", antecedent=done.objects[0])
    return bool(bus.perform("run_effects", ctx, (replace(done, objects=(back,)),)))
