"""A later sentence that widens where an earlier instruction plays a card: "You may play one. Then recycle
the rest. If the played card is a unit, you may play it here." (355.2.b, 419.3).

``pair_played_here`` reads a sequence of instructions: an "If the played card is a unit, you may play it
here" whose "the played card" is the card an earlier play instruction plays is joined to that instruction
into one ``PlayedHere``. The card is played once, by the earlier instruction; a unit may then be played to
the battlefield "here" names (where the source is) besides the places a unit may be played to anyway.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from . import bus
from .context import Context


@dataclass(frozen=True, slots=True)
class PlayedHere:
    """The play instruction ``play`` (a "may" or not), a unit it plays may go "here" too (355.2.b)."""

    play: fx.Effect
    rules: tuple = ("355.2.b", "419.3")


def _play_of(effect) -> fx.GameAction | None:
    inner = effect.effect if isinstance(effect, fx.MayDo) else effect
    return inner if isinstance(inner, fx.GameAction) and inner.action == "play" and len(inner.objects) == 1 \
        and inner.place is None else None


def _here_for_units(effect, played: fx.Selector) -> bool:
    """"If the played card is a unit, you may play it here", "the played card" the one ``played`` names."""
    if not isinstance(effect, fx.Conditional) or effect.otherwise or effect.unless or len(effect.effects) != 1:
        return False
    test = effect.condition
    about = test.subject
    if test.kind != "is_a" or test.negated or test.past or test.also is not None or about is None \
            or about.antecedent != played or test.object is None or test.object.types != ("unit",):
        return False
    again = _play_of(effect.effects[0]) or _play_to_here(effect.effects[0])
    return again is not None and again.objects[0].reference == "it" and _said_here(again)


def _play_to_here(effect) -> fx.GameAction | None:
    inner = effect.effect if isinstance(effect, fx.MayDo) else effect
    return inner if isinstance(inner, fx.GameAction) and inner.action == "play" and len(inner.objects) == 1 \
        and inner.place is not None and inner.place.kind == "here" else None


def _said_here(play: fx.GameAction) -> bool:
    """"play it here": the place on the instruction, or on the object it plays (as the grammar gives it)."""
    here = fx.Place("here")
    return (play.place == here) != (play.objects[0].location == here) and not play.cost and not play.options


def pair_played_here(effects: tuple) -> tuple:
    """``effects`` with each "If the played card is a unit, you may play it here" joined to the play before it."""
    out = list(effects)
    for position in range(len(out) - 1, 0, -1):
        for earlier in range(position - 1, -1, -1):
            play = _play_of(out[earlier])
            if play is not None and _here_for_units(out[position], play.objects[0]):
                out[earlier] = PlayedHere(out[earlier])
                del out[position]
                break
    return tuple(out)


def run_played_here(ctx: Context, effect: PlayedHere) -> bool:
    """Do the play, "here" (where the source is, a battlefield) a place a unit it plays may go (355.2.b)."""
    before = ctx.unit_places
    if ctx.here is not None and ctx.here[0] == "battlefield":
        ctx.unit_places = (ctx.here,)
        ctx.state.note("a unit played this way may be played here too", "355.2.b")
    try:
        return bool(bus.perform("run_effects", ctx, (effect.play,)))
    finally:
        ctx.unit_places = before
