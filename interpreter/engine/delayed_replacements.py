"""Delayed replacements made by an instruction (390.3): "Choose a friendly unit. The next time it dies this turn,
recall it exhausted instead.", "... heal it, exhaust it, and recall it instead."

The instruction names the event it replaces (the death of what the instruction before named, "it"), the window
("this turn") and "the next time" (once, 371.1); what is done instead are game actions on that unit which
``replacement_run`` carries out. ``keep`` records it on the state, for this turn, on the unit as it is now (a
unit that leaves the board is a new object, 124, and is no longer watched); ``replacements.in_play`` offers it
among the death replacements (``made``), and applying it spends it (370.2, 371.1).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from .paid_instead import paid_instead

# What replacement_run does to the unit whose death is replaced (370.1.b)
REPLACING_ACTIONS = ("heal", "exhaust", "recall", "banish")
_KEY = "delayed_replacements"


def _instruction(effect) -> fx.GameAction | None:
    inner = effect.effect if isinstance(effect, fx.Instead) and effect.replaced is None else effect
    return inner if isinstance(inner, fx.GameAction) else None


def _on_it(action: fx.GameAction) -> bool:
    """A game action replacement_run does, on the unit whose death is replaced, with nothing more said."""
    return action.action in REPLACING_ACTIONS and bool(action.objects) and action.subject is None \
        and all(sel.reference in ("it", "that") for sel in action.objects) and action.amount is None \
        and action.place is None and not action.modifications and action.duration is None \
        and set(action.options) <= {"exhausted"} and not action.cost


def delayed_replacement(effect) -> tuple | None:
    """The instructions done instead of the next death of "it" this turn (390.3), or None when ``effect`` is not
    a delayed replacement in that form: "The next time it [would] die[s] this turn, ... instead", or "If it would
    die this turn, banish it instead"; "..., you may pay [R] to recall it exhausted instead" (its payment:
    ``replacement_payment``)."""
    if isinstance(effect, fx.Conditional):
        return _if_it_would_die(effect)
    if not isinstance(effect, fx.Delayed):
        return None
    trigger = effect.trigger
    if effect.when != "next_time" or trigger is None or trigger.event != "die" or trigger.subject != "other":
        return None
    if set(trigger.qualifiers) - {"would"} != {"this_turn"} or trigger.condition is not None \
            or trigger.place is not None or trigger.object is not None or trigger.keyword is not None:
        return None
    if trigger.actor is None or trigger.actor.reference not in ("it", "that"):
        return None
    return _replacing(tuple(effect.effects))


def _if_it_would_die(effect: fx.Conditional) -> tuple | None:
    """"If it would die this turn, banish it instead." after an instruction naming "it" (390.3, 367)."""
    condition = effect.condition
    if condition.kind != "would_die" or condition.duration != "this_turn" or condition.during is not None \
            or effect.otherwise or effect.unless \
            or condition.negated or condition.past or condition.also is not None or condition.object is not None \
            or condition.place is not None or condition.subject is None \
            or condition.subject.reference not in ("it", "that"):
        return None
    return _replacing(tuple(effect.effects))


def replacement_payment(effect) -> fx.GameAction | None:
    """The optional payment of "The next time it dies this turn, you may pay [R] to recall it exhausted
    instead": the replacement applies only when its player chooses to pay it and does (371.2, 203.3); which
    prices are paid is checked by ``effect_run.runs`` (handlers_pay)."""
    paid = _paid_instead(tuple(getattr(effect, "effects", ())))
    return paid[0] if paid is not None else None


def _paid_instead(effects: tuple) -> tuple | None:
    """"you may pay [R] to heal it, exhaust it, and recall it instead": (the payment, the instructions done
    instead), one optional payment of the replacement's player whose result, and each "if you do" after it, are
    what is done instead."""
    paid = paid_instead(effects)
    after = paid.if_you_do() if paid is not None and paid.payer == "controller" else None
    return (paid.payment, (paid.result,) + after) if after is not None else None


def _replacing(effects: tuple) -> tuple | None:
    """The game actions done instead, when the last says "instead" and replacement_run does each of them."""
    paid = _paid_instead(effects)
    if paid is not None:                                             # "you may pay [R] to recall it instead"
        effects = paid[1]
    if not effects or not isinstance(effects[-1], fx.Instead):       # "instead": a replacement (367), not a trigger
        return None
    actions = tuple(map(_instruction, effects))
    if any(a is None or not _on_it(a) for a in actions):
        return None
    return actions


def keep(ctx, effect) -> bool:
    """Make the delayed replacement for each unit the instruction before named that is on the board (390.3)."""
    actions = delayed_replacement(effect)
    state = ctx.state
    watched = [o for o in ctx.last if o.zone[0] in ("base", "battlefield")]
    if not watched:
        state.note("the delayed replacement names no unit on the board: it is not made", "359.3.e.16", "390.3")
        return False
    kept = state.__dict__.setdefault(_KEY, [])
    for unit in watched:
        kept.append({"number": len(kept) + 1, "player": ctx.player, "unit": unit.identity, "actions": actions,
                     "turn": state.turn_number, "once": isinstance(effect, fx.Delayed),   # "the next time": once
                     "payment": replacement_payment(effect), "maker": ctx.source_identity})
        state.note(f"if {unit.name} would die this turn, that death is replaced", "390.3", "367")
    return True


def made(state) -> list[dict]:
    """The delayed death replacements of this turn whose unit is still the object it was (390.3), with it."""
    found = []
    for record in state.__dict__.get(_KEY, []):
        unit = state.by_identity(record["unit"])
        if record["turn"] == state.turn_number and unit is not None:
            found.append(dict(record, source=unit))
    return found
