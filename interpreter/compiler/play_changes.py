"""Changes of a play written as a sentence of their own belong to that play.

"You may recycle a unit to play a Mech from your trash. Reduce its Energy cost by the Might of
the unit you recycled." reduces the cost of that play only (356.4): when the play is declined,
nothing is reduced. The compiler folds such a sentence into the play it names, the way
"..., reducing its cost by [3]" is one game action; the renderer writes it back as its own
sentence (``split_play_reduction``).
"""
from __future__ import annotations

from .base import replace

from . import effects as fx

# the wrappers a play can stand inside and the field holding it
_INNER = {fx.MayDo: "effect", fx.IfYouDo: "effect", fx.PayToDo: "result"}


def _play_in(effect) -> fx.GameAction | None:
    """The play an instruction makes, looking through "you may", "if you do" and "pay ... to"."""
    while type(effect) in _INNER:
        effect = getattr(effect, _INNER[type(effect)])
    return effect if isinstance(effect, fx.GameAction) and effect.action == "play" else None


def _with_play(effect, play: fx.GameAction):
    """``effect`` with its play replaced by ``play``."""
    if type(effect) in _INNER:
        name = _INNER[type(effect)]
        return replace(effect, **{name: _with_play(getattr(effect, name), play)})
    return play


def _reduces(reduction, play: fx.GameAction) -> bool:
    """Whether ``reduction`` is "Reduce its ... cost by <a measure>" about the card ``play`` plays."""
    if not (isinstance(reduction, fx.GameAction) and reduction.action == "reduce_cost"
            and len(reduction.objects) == 1 and reduction.amount is not None and not reduction.cost):
        return False
    whose = reduction.objects[0]
    return whose.reference == "it" and whose.antecedent is not None and whose.antecedent in play.objects \
        and play.amount is None and "reduce_cost" not in play.options


def fold_play_reductions(effects: tuple) -> tuple:
    """``effects`` with each "Reduce its cost by ..." that follows a play folded into that play (356.4)."""
    result = []
    for effect in effects:
        play = _play_in(result[-1]) if result else None
        if play is not None and _reduces(effect, play):
            merged = replace(play, options=play.options + ("reduce_cost",) + effect.options, amount=effect.amount,
                             rules=play.rules + tuple(r for r in effect.rules if r not in play.rules))
            result[-1] = _with_play(result[-1], merged)
            continue
        result.append(effect)
    return tuple(result)


def split_play_reduction(effect) -> tuple:
    """The sentences to write for ``effect``: a play reduced by a measure is the play, then its own
    "Reduce its ... cost by ..." sentence (the inverse of ``fold_play_reductions``)."""
    play = _play_in(effect)
    if play is None or "reduce_cost" not in play.options or play.amount is None:
        return (effect,)
    kinds = tuple(o for o in play.options[play.options.index("reduce_cost") + 1:])
    bare = replace(play, options=play.options[:play.options.index("reduce_cost")], amount=None)
    reduction = fx.GameAction(None, (), "reduce_cost", objects=(fx.Selector("the", reference="it"),),
                              amount=play.amount, options=kinds)
    return (_with_play(effect, bare), reduction)
