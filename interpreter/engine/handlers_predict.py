"""The "predict" game action (436): look at the top cards of your Main Deck, recycle any of them, put the
rest back on top in any order.

The predicting player decides for each card looked at, from the top, whether to recycle it (an answer
given ahead, ``choose: ["yes", "no"]``; without one the documented default of a choice the text offers:
recycle it). The cards kept go back on top in the order they were (an order given ahead is not asked:
putting them back unchanged is one of the orders 436.1.a allows).
"""
from __future__ import annotations

from . import actions
from .action_run import ACTIONS, amount_of
from .context import Context


def predict(ctx: Context, effect) -> bool:
    """"Predict X." (436.3): look at X cards (436.1.a), recycle the chosen ones, the rest stay on top."""
    state = ctx.state
    count = amount_of(ctx, effect.amount)
    deck = state.objects(("deck", ctx.player))
    if not deck:
        state.note(f"{ctx.player} has no card to predict", "436.1", "359.3.e.11")
        return False
    looked = deck[:count]                                               # 436.1.a: that many from the top
    state.note(f"{ctx.player} predicts {len(looked)}: looks at {', '.join(o.name for o in looked)}", "436.1",
               *effect.rules)
    recycled = [card for card in looked if ctx.take("yes_no", True)]   # 436.1: recycle it or not
    for card in recycled:
        actions.recycle(state, card)                                   # 416.1: to the bottom of the deck
    kept = [card for card in looked if card not in recycled]
    if kept:
        state.note(f"{ctx.player} puts back {', '.join(o.name for o in kept)} on top (top first)", "436.1.a")
    ctx.last = recycled
    ctx.looked = [(o, o.zone, o.identity) for o in looked]
    return True


ACTIONS["predict"] = predict
