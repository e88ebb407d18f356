"""Compile stage, conditions: "if ...", "while ...", "unless ..." and the predicates they hold.

A condition names a subject and a predicate ("an opponent controls a Dragon", "I'm at a
battlefield", "you've played two cards this turn", "you couldn't channel 2 runes this way"); its
objects are selectors, the action it names is compiled as an instruction (compile_clauses).
"""
from __future__ import annotations

import re
from dataclasses import replace

from . import effects as fx
from . import nodes as n
from .compile_base import cost_symbols_of, costs_of
from .compile_clauses import _compile_error, _subject, instruction
from .compile_objects import Scope, place, selector, with_filters


def condition(compiler, node, scope: Scope) -> fx.Condition:
    if node.kind == "if_condition":
        parts = []
        for part in node.parts:
            parts.append(same_verb(part, parts[-1], scope) if isinstance(part, n.NounPhrase)
                         else condition(compiler, part, scope))
        return _chained(parts)
    if node.kind == "condition_clause":
        subject = _subject(node.parts[0], scope)
        return _predicate(compiler, node.parts[1], subject, scope)
    if node.kind == "cond_contracted":
        who = node.parts[0]
        subject = fx.Selector("the", reference="self" if who.kind == "subject_me" else "it",
                              antecedent=None if who.kind == "subject_me" else scope.last)
        return _be(node.parts[1], subject, scope)
    if node.kind in ("cond_there_is", "where_there_is"):
        return fx.Condition("exists", object=selector(node.parts[0], scope))
    if node.kind in ("where_has", "where_controls"):
        # "a battlefield where you have units": the player's objects there (the place is the one named)
        who, thing = node.parts
        subject = selector(n.NounPhrase(who.span, None, (), None, who.text, ()), scope)
        return fx.Condition(node.kind[6:], subject, selector(thing, scope))
    if node.kind in ("where_opponent_controls", "where_opponent_has"):  # "a battlefield where an opponent has units"
        return fx.Condition(node.kind[15:], fx.Selector("one", types=("opponent",)), selector(node.parts[-1], scope))
    if node.kind == "cond_there_alone":
        # "if there's an enemy unit alone at that battlefield": the same test as "an enemy unit is alone there",
        # a unit with no other friendly unit at its location (740.2.a)
        return fx.Condition("is", selector(node.parts[0], scope), value="alone", place=place(node.parts[1]))
    if node.kind == "cond_whose_turn":   # "if it's your turn": whose turn it is now (the turn player)
        return fx.Condition("turn", value="you" if node.parts[0].text.lower().startswith("your") else "opponent")
    if node.kind == "cond_you_did_this_turn":
        return _past(node.parts[0], fx.Selector("the", reference="you"), scope)
    if node.kind == "cond_might_than_total":
        return _might_than_total(node, scope)
    if node.kind == "cond_you_chose":
        return _chose_this_turn(node)
    raise _compile_error(node.span, f"“{node.kind}” conditions are not supported yet")


def _might_than_total(node, scope) -> fx.Condition:
    """"if my Might is greater than the total Might of enemy units there": compared with the sum of the
    Might the objects have now (143)."""
    words = node.parts[0].text.split()
    subject = fx.Selector("the", reference="self") if words[0] == "my" \
        else fx.Selector("the", reference="it", antecedent=scope.last)
    compared = "more_might_than" if words[3] == "greater" else "less_might_than"
    return fx.Condition(compared, subject, selector(node.parts[1], scope), value="total")


def _chose_this_turn(node) -> fx.Condition:
    """"you've chosen enemy units and/or gear twice this turn with spells or unit abilities": how many times
    this turn you chose such objects with such sources (355.6: choosing is targeting)."""
    from .compile_objects import listed_objects
    listed = next(p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "listed_nouns")
    premods = [p for p in node.parts[:node.parts.index(listed)] if isinstance(p, n.Word)]
    times = next(p for p in node.parts if isinstance(p, int))
    sources = "|".join(w.text.replace("abilities", "ability").replace("spells", "spell").replace(" ", "_")
                       for w in node.parts[-1].parts)
    chosen = replace(listed_objects(None, premods, listed), filters=(fx.Filter("source", "in", sources),))
    return fx.Condition("chose_this_turn", fx.Selector("the", reference="you"), chosen, value=times)


def where(node, scope: Scope | None = None) -> fx.Condition:
    """The condition of "a battlefield where ...": about the place it follows, read on its own."""
    return condition(None, node, scope or Scope())


def _chained(parts: list) -> fx.Condition:
    """"if A and B and C": each condition holds the next one as its ``also``."""
    first, *rest = parts
    return replace(first, also=_chained(rest)) if rest else first


def same_verb(np, before: fx.Condition, scope) -> fx.Condition:
    """"... and exactly 4 units at battlefields": the condition before, about another object."""
    if before.object is None or before.kind not in ("has", "controls"):
        raise _compile_error(np.span, "only a condition about an object can be followed by another object",
                             "e.g. “if you control a Mech and a Dragon”")
    return replace(before, object=selector(np, scope))


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
    if kind == "pred_chooses":
        # "This costs [2] less if you choose a Bird, ...": a choice made as the card is played (355), read for
        # its cost (356.4)
        return fx.Condition("chooses", subject, selector(node.parts[0], scope))
    if kind == "pred_attached":   # "If this was attached to me this turn" (an Equipment's attach, 136)
        period = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
        return fx.Condition("attached", subject, selector(node.parts[0], scope), value=period)
    if kind == "pred_has_all_tags":
        # "if your units have all of the following tags among them — Bird, Cat, Dog, and Poro": each tag is on
        # at least one of those objects (tags: 133.8)
        listed = next(p for p in node.parts if isinstance(p, n.Word) and "," in p.text)
        tags = tuple(t for t in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", listed.text) if t)
        return fx.Condition("has_all_tags", subject, fx.Selector("all", tags=tags))
    if kind in ("pred_less_might", "pred_more_might"):
        # "if it has less/more Might than me": compared on the Might each has now (143)
        compared = "less_might_than" if kind == "pred_less_might" else "more_might_than"
        return fx.Condition(compared, subject, selector(node.parts[0], scope))
    if kind == "pred_paid_additional_cost":
        return fx.Condition("paid_additional_cost", subject)
    if kind == "pred_did_not" and node.parts[0].text != "die":
        # "if I didn't conquer this turn": the event did not happen to or by the subject in that period
        # "if an opponent didn't play a spell this turn": the object of the event, when it has one
        qualifiers = tuple(p.text for p in node.parts[1:] if isinstance(p, n.Word))
        thing = node.part(n.NounPhrase)
        return fx.Condition("did_" + node.parts[0].text, subject, selector(thing, scope) if thing else None,
                            value=" ".join(qualifiers) or None, negated=True)
    if kind in ("pred_died", "pred_did_not"):
        qualifiers = tuple(p.text for p in node.parts if isinstance(p, n.Word) and p.text != "die")
        return fx.Condition("died", subject, value=" ".join(qualifiers) or None, negated=kind == "pred_did_not")
    if kind == "pred_did_this_turn":
        return _past(node.parts[0], subject, scope)
    if kind == "pred_would":
        verb = node.parts[0].text
        thing = node.part(n.NounPhrase)
        # "this turn", or "during combat" (the part of the turn the event would happen in)
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
    if kind == "pred_spent":
        # "When you play a spell, if you spent [4] or more": what was paid to play that card (357.1), as printed
        from .render_objects import symbols_text
        return fx.Condition("spent", subject, value=symbols_text(costs_of(node.parts[0])))
    if kind == "pred_had":
        # "if it had 3 [M] or less": the test on the object as it last was (its last known information)
        tested = fx.Selector("the", filters=with_filters(node.parts[0], scope))
        return fx.Condition("with", subject, tested, past=True)
    if kind == "pred_has_keyword":      # "if at least one of them has [Temporary]"
        keyword = fx.Filter("keyword", None, node.parts[0].name)
        return fx.Condition("with", subject, fx.Selector("the", filters=(keyword,)))
    if kind == "pred_total_might":
        # "if your other units have total Might 5 or more": their Might added up (143), compared
        number, tail = node.parts[0], node.parts[-1].text
        total = fx.Filter("total_might", "<=" if tail.endswith("less") else ">=", number)
        return fx.Condition("with", subject, fx.Selector("the", filters=(total,)))
    if kind == "pred_played":
        # "If you played this from your hand": how the card was played, from which zone (354.1 moves it from there)
        return fx.Condition("played", subject, selector(node.parts[0], scope))
    if kind == "pred_play":
        # "If you play me to a battlefield": the location chosen for the unit as it is played (355.2)
        where = node.part(n.Place)
        return fx.Condition("play", subject, selector(node.parts[0], scope), place=place(where) if where else None)
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
    if node.kind == "be_state_at":
        # "if an enemy unit is alone here": the state, held at that place (740.2.a for "alone")
        return fx.Condition("is", subject, value=node.parts[0].text, place=place(node.parts[1]))
    if node.kind == "be_state_with":
        # "while I'm attacking with another unit": the subject and those objects are in that state together
        # (attacking is a status, 124.2; the other units hold it too)
        return fx.Condition("is", subject, selector(node.parts[1], scope), value=node.parts[0].text)
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
