"""Compile stage, conditions: "if ...", "while ...", "unless ..." and the predicates they hold.

A condition names a subject and a predicate ("an opponent controls a Dragon", "I'm at a
battlefield", "you've played two cards this turn", "you couldn't channel 2 runes this way"); its
objects are selectors, the action it names is compiled as an instruction (compile_clauses).
"""
from __future__ import annotations

from dataclasses import replace

from . import effects as fx
from . import nodes as n
from .compile_base import cost_symbols_of, costs_of
from .compile_clauses import _compile_error, _subject, instruction
from .compile_objects import Scope, place, selector


def condition(compiler, node, scope: Scope) -> fx.Condition:
    if node.kind == "if_condition":
        first, *rest = [condition(compiler, part, scope) for part in node.parts]
        for other in rest:
            first = replace(first, also=other)
        return first
    if node.kind == "condition_clause":
        subject = _subject(node.parts[0], scope)
        return _predicate(compiler, node.parts[1], subject, scope)
    if node.kind == "cond_contracted":
        who = node.parts[0]
        subject = fx.Selector("the", reference="self" if who.kind == "subject_me" else "it",
                              antecedent=None if who.kind == "subject_me" else scope.last)
        return _be(node.parts[1], subject, scope)
    if node.kind == "cond_there_is":
        return fx.Condition("exists", object=selector(node.parts[0], scope))
    if node.kind == "cond_whose_turn":   # "if it's your turn": whose turn it is now (the turn player)
        return fx.Condition("turn", value="you" if node.parts[0].text.lower().startswith("your") else "opponent")
    if node.kind == "cond_you_did_this_turn":
        return _past(node.parts[0], fx.Selector("the", reference="you"), scope)
    raise _compile_error(node.span, f"“{node.kind}” conditions are not supported yet")


def _predicate(compiler, node, subject, scope) -> fx.Condition:
    kind = node.kind
    if kind == "pred_do":
        return fx.Condition("you_did", subject)
    if kind == "pred_is_state":   # "if it is stunned": lexed as one token (see state_passive), a state all the same
        return fx.Condition("is", subject, value=node.parts[0].text.split()[1])
    if kind == "pred_is":
        return _be(node.parts[0], subject, scope)
    if kind == "pred_was":   # "If I was [Mighty]": the state it last had, not the one it has now (last known information)
        return replace(_be(node.parts[0], subject, scope), past=True)
    if kind in ("pred_has_more", "pred_controls_more"):
        # "if an opponent controls more units than you": the two counts compared now
        counted, other = node.parts
        return fx.Condition(kind[5:], subject, selector(counted, scope), than=_subject(other, scope))
    if kind == "pred_revealed":   # "if you revealed a Bird, Cat, Dog, or Poro": what the effect's reveal showed (424)
        return fx.Condition("revealed", subject, selector(node.parts[0], scope))
    if kind in ("pred_controls", "pred_has", "pred_kills"):
        return fx.Condition(kind[5:], subject, selector(node.parts[0], scope))
    if kind == "pred_attached":   # "If this was attached to me this turn" (an Equipment's attach, 136)
        period = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
        return fx.Condition("attached", subject, selector(node.parts[0], scope), value=period)
    if kind in ("pred_less_might", "pred_more_might"):
        # "if it has less/more Might than me": compared on the Might each has now (143)
        compared = "less_might_than" if kind == "pred_less_might" else "more_might_than"
        return fx.Condition(compared, subject, selector(node.parts[0], scope))
    if kind == "pred_paid_additional_cost":
        return fx.Condition("paid_additional_cost", subject)
    if kind in ("pred_died", "pred_did_not_die"):
        qualifiers = tuple(p.text for p in node.parts if isinstance(p, n.Word))
        return fx.Condition("died", subject, value=" ".join(qualifiers) or None, negated=kind == "pred_did_not_die")
    if kind == "pred_did_this_turn":
        return _past(node.parts[0], subject, scope)
    if kind == "pred_would":
        verb = node.parts[0].text
        thing = node.part(n.NounPhrase)
        duration = next((p.text for p in node.parts[1:] if isinstance(p, n.Word)), None)
        thing = selector(thing, scope) if thing else None
        if thing is not None:
            scope.remember_earlier(thing)                          # "those cards" may point back to it
        elif subject is not None and subject.reference is None:
            scope.remember_earlier(subject)                        # "If a friendly unit would die, ... that unit"
        return fx.Condition("would_" + verb, subject, thing, value=duration,
                            place=next((place(p) for p in node.parts if isinstance(p, n.Place)), None))
    if kind in ("pred_attacks", "pred_defends"):
        alone = any(isinstance(p, n.Word) and p.text == "alone" for p in node.parts)
        return fx.Condition(kind[5:], subject, value="alone" if alone else None)
    if kind == "pred_pays":
        from .render_objects import symbols_text
        return fx.Condition("pays", subject, value=symbols_text(costs_of(node.parts[0])))
    if kind == "pred_could_not":
        # "If you couldn't channel 2 runes this way": the instruction before did less than it said
        # (359.3.e.14.c); the action and its count are the condition
        done = _counted_action(compiler, node, scope, "e.g. “If you couldn't channel 2 runes this way, ...”")
        return fx.Condition(f"{done.action}_this_way", subject, value=done.amount.value, negated=True)
    if kind == "pred_has_you_do":
        # "unless its controller has you draw 2": that player chooses whether you do it (the subject decides)
        done = _counted_action(compiler, node, scope, "e.g. “unless its controller has you draw 2”")
        return fx.Condition(f"has_you_{done.action}", subject, value=done.amount.value)
    if kind == "pred_ends_in_tie":
        # "If a combat ... ends in a tie": units of different players are still there at its end (740.3.a)
        return fx.Condition("ends_in_tie", subject)
    if kind == "pred_cannot":
        return fx.Condition("you_did", subject, negated=True)
    if kind == "pred_near_victory":
        return fx.Condition("near_victory", subject, value=node.parts[0])
    if kind == "pred_excess_damage":
        target = node.part(n.NounPhrase)      # "... excess damage to enemy units": whose damage counts
        return fx.Condition("excess_damage", subject, selector(target, scope) if target else None, value=node.parts[0])
    raise _compile_error(node.span, f"“{kind}” conditions are not supported yet")


def _counted_action(compiler, node, scope, example: str) -> fx.GameAction:
    """The action of a condition that names one with its number ("channel 2 runes", "draw 2")."""
    done = instruction(compiler, next(p for p in node.parts if isinstance(p, n.Phrase)), scope)
    if not isinstance(done, fx.GameAction) or done.amount is None or done.amount.kind != "count" \
            or done.amount.per is not None or done.objects:
        raise _compile_error(node.span, "this condition needs an action with a number and nothing else", example)
    return done


def _be(node, subject, scope) -> fx.Condition:
    if node.kind == "be_a":
        return fx.Condition("is_a", subject, selector(node.parts[0], scope))
    if node.kind == "be_at":
        return fx.Condition("is_at", subject, place=place(node.parts[0]))
    if node.kind in ("be_not_at", "be_not_at_already"):
        # "if it's not there already": "already" reads the place against the instruction it follows
        already = "already" if node.kind == "be_not_at_already" else None
        return fx.Condition("is_at", subject, place=place(node.parts[0]), negated=True, value=already)
    words = [f"[{state.name}]" if isinstance(state, n.KeywordRef) else state.text for state in node.parts
             if isinstance(state, (n.KeywordRef, n.Word))]
    alone = " alone" if node.kind == "be_state_alone" else ""      # "attacking or defending alone" (one unit)
    return fx.Condition("is", subject, value=" or ".join(words) + alone)


def _past(node, subject, scope) -> fx.Condition:
    if node.kind in ("did_play", "did_discard"):
        return fx.Condition(node.kind[4:] + "_this_turn", subject, selector(node.parts[0], scope))
    if node.kind == "did_gain_xp":
        return fx.Condition("gained_xp_this_turn", subject)
    if node.kind == "did_move":
        return fx.Condition("moved_this_turn", subject, value=node.parts[0])
    # "spent [4] or more to play a spell", "spent at least [A][A]": the symbols as printed (Energy and
    # Power are different resources, 161), and what it was spent on
    from .render_objects import symbols_text
    symbols, spent_on = cost_symbols_of(node), node.part(n.NounPhrase)
    return fx.Condition("spent_this_turn", subject, selector(spent_on, scope) if spent_on is not None else None,
                        value=symbols_text(costs_of(symbols)))
