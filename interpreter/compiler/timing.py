"""Compile stage, time and replacement clauses: when an instruction happens, and what it replaces.

"Kill it the next time it takes damage this turn", "Recycle that spell after you play it", "You control
it until I leave the board" become ``Delayed`` effects with the trigger of their event (390); "Kill it now
instead", "pay [R] to recall it exhausted instead" and "look at the top card first" mark how an action
stands to the event it replaces (367-370). ``CLAUSES`` joins the clause table of ``compiler.clauses``.
"""
from __future__ import annotations

from .base import replace

from . import clauses as cc
from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError
from .objects import selector
from .triggers import event_triggers, nth_time


def _instead_now(compiler, node, scope):
    """"Kill it now instead": done at once in place of a delayed part of the same spell (158.2)."""
    effect = cc.clause(compiler, node.parts[0], scope)
    if not isinstance(effect, fx.GameAction):
        raise CompileError(node.span, "“now instead” needs a game action", "e.g. “Kill it now instead.”")
    return fx.Instead(node.span, ("367", "158.2"), replace(effect, options=effect.options + ("now",)))


def _instead_of(compiler, node, scope):
    """"Return it to its owner's hand instead of putting it in their trash": the instruction replaces the
    event the gerund names (369.1: "instead" marks a replacement effect)."""
    effect = cc.clause(compiler, node.parts[0], scope)
    gerund = node.parts[-1]
    replaced = cc.instruction(compiler, n.Phrase(gerund.span, "put_into", gerund.parts), scope)
    return fx.Instead(node.span, ("367", "369.1"), effect, replaced)


def _done_first(compiler, node, scope):
    """"look at the top card first": done before the event a replacement is about (370.1.b)."""
    effect = cc.clause(compiler, node.parts[0], scope)
    if not isinstance(effect, fx.GameAction):
        raise CompileError(node.span, "“first” needs a game action", "e.g. “look at the top card first”")
    return replace(effect, options=effect.options + ("first",))


def _trailing_next_time(compiler, node, scope):
    """"Kill it the next time it takes damage this turn": a delayed trigger, as with the time leading (390)."""
    body, *timing = node.parts
    lead = n.Phrase(node.span, "nth_time", tuple(timing))
    effect = cc.clause(compiler, body, scope)
    return fx.Delayed(node.span, ("390",), timing[0].text + "_time", (effect,), nth_time(compiler, lead, scope))


def _subject_does_later(compiler, node, scope):
    """"Each player draws 1 at the start of your next Main Phase": the subject's instruction, done at that time
    (390.2), as "At the start of your next Main Phase, each player draws 1." says it."""
    from .triggers import time_trigger
    *done, time = node.parts
    effect = cc.clause(compiler, replace(node, kind="subject_does", parts=tuple(done)), scope)
    return fx.Delayed(node.span, ("390", "390.2", "392"), "at", (effect,), time_trigger(time))


def _at_delayed_time(compiler, node, scope):
    """"[Add] [A] at the start of your next Main Phase": done at that time, by a delayed trigger (390.2, 392);
    the same as the time leading ("At the start of your next Main Phase, [Add] [A].")."""
    from .triggers import time_trigger
    body, time = node.parts
    effect = cc.clause(compiler, body, scope)
    return fx.Delayed(node.span, ("390", "390.2", "392"), "at", (effect,), time_trigger(time))


def _trailing_after(compiler, node, scope):
    """"Recycle that spell after you play it": done once that event has happened, as a delayed
    replacement of where the card would go from the chain (390.3.a)."""
    body, event = node.parts
    effect = cc.clause(compiler, body, scope)
    first, *_also = event_triggers(event, scope)
    return fx.Delayed(node.span, ("390", "390.3.a"), "after", (effect,), first)


def _trailing_until(compiler, node, scope):
    """"Take control of it until I leave the board": the effect lasts until that event (390.4)."""
    body, event = node.parts
    effect = cc.clause(compiler, body, scope)
    first, *_also = event_triggers(event, scope)
    return fx.Delayed(node.span, ("390", "390.4"), "until", (effect,), first)


def _trailing_until_turn(compiler, node, scope):
    """"Give a unit +2 [M] until end of turn", "... until your next turn": the instruction's own duration, said
    with "until" ("until end of turn" is "this turn", 317.2.c)."""
    body, boundary = node.parts
    effect = cc.clause(compiler, body, scope)
    if not isinstance(effect, fx.GameAction) or effect.action != "give" or effect.duration is not None:
        raise CompileError(boundary.span, "only a “give” with no duration of its own lasts “until” a time of the turn",
                           "e.g. “Give a unit +2 [M] until end of turn.”")
    return replace(effect, duration=boundary.text)


def _control_until(compiler, node, scope):
    """"You control it until I leave the board": the same as taking control of it until then (188)."""
    _who, np, event = node.parts
    controlled = selector(np, scope)
    scope.remember(controlled)
    control = compiler.action(node.span, "take_control", objects=(controlled,))
    first, *_also = event_triggers(event, scope)
    return fx.Delayed(node.span, ("390", "390.4"), "until", (control,), first)


def _lasting(compiler, effect, lasting, scope) -> fx.GameAction:
    """The game action ``effect`` with how long its result lasts: "for as long as <condition>" (``lasts_while``)."""
    from .conditions import condition
    if not isinstance(effect, fx.GameAction) or effect.lasts_while is not None:
        raise CompileError(lasting.span, "only a game action lasts “for as long as ...”",
                           "e.g. “Hide me facedown at a battlefield you control for as long as you control it.”")
    return replace(effect, lasts_while=condition(compiler, lasting.parts[0], scope))


def _lasting_instruction(compiler, node, scope):
    """"Hide me facedown at a battlefield you control for as long as you control that battlefield": the action, its
    result lasting while the condition holds (the condition is read after the instruction, so "that battlefield"
    is the place it names)."""
    body, lasting = node.parts
    return _lasting(compiler, cc.clause(compiler, body, scope), lasting, scope)


def _pay_to_do_lasting(compiler, node, scope):
    """"pay [A] to hide this facedown at ... for as long as you control that battlefield": the paid action lasts so."""
    payment, body, lasting = node.parts
    paid = cc.clause(compiler, payment, scope)
    return fx.PayToDo(node.span, ("202",), paid, _lasting(compiler, cc.clause(compiler, body, scope), lasting, scope))


def _pay_to_do_instead(compiler, node, scope):
    """"pay [R] to recall it exhausted instead": the paid action is what happens instead (367)."""
    payment = cc.clause(compiler, node.parts[0], scope)
    result = fx.Instead(node.span, ("367",), cc.clause(compiler, node.parts[1], scope))
    return fx.PayToDo(node.span, ("202",), payment, result)


CLAUSES = {"instead_now": _instead_now, "instead_of": _instead_of, "at_delayed_time": _at_delayed_time,
           "subject_does_later": _subject_does_later, "done_first": _done_first, "trailing_next_time": _trailing_next_time,
           "trailing_after": _trailing_after, "trailing_until": _trailing_until, "trailing_until_turn": _trailing_until_turn, "control_until": _control_until,
           "pay_to_do_instead": _pay_to_do_instead, "lasting_instruction": _lasting_instruction,
           "pay_to_do_lasting": _pay_to_do_lasting}
