"""Compile stage, conditions: "if ...", "while ...", "unless ..." and the predicates they hold.

A condition names a subject and a predicate ("an opponent controls a Dragon", "I'm at a
battlefield", "you've played two cards this turn", "you couldn't channel 2 runes this way"); its
objects are selectors, the action it names is compiled as an instruction (compiler.clauses).
"""
from __future__ import annotations

import re
from .base import replace

from . import effects as fx
from interpreter.language import nodes as n
from .base import cost_symbols_of, costs_of
from .clauses import _compile_error, _subject, instruction
from .objects import Scope, _measured, measure, place, selector, with_filters
from interpreter.language.lexicon import active_lexicon
from interpreter.language.number_words import WORD_NUMBERS
from .vocabulary import TURN_PARTS, members, rules_sets


def condition(compiler, node, scope: Scope) -> fx.Condition:
    if node.kind == "if_condition":
        parts = []
        for part in node.parts:
            parts.append(same_verb(part, parts[-1], scope) if isinstance(part, n.NounPhrase)
                         else condition(compiler, part, scope))
        return _chained(parts)
    if node.kind == "cond_either":   # "if A or B": any one of the clauses
        return fx.Condition("either", alternatives=tuple(condition(compiler, part, scope) for part in node.parts))
    if node.kind == "cond_at_time":
        # "this card is in your hand on your turn during an Open State": each time is a condition joined to it
        return _chained([condition(compiler, node.parts[0], scope)] + [_time(part) for part in node.parts[1:]])
    if node.kind == "condition_clause":
        subject = _subject(node.parts[0], scope)
        return _predicate(compiler, node.parts[1], subject, scope)
    if node.kind in ("cond_not_have", "cond_not_control"):
        # "you don't have units there", "an opponent doesn't control a gear": the predicate is false (negated)
        kind = "has" if node.kind == "cond_not_have" else "controls"
        return fx.Condition(kind, _subject(node.parts[0], scope), selector(node.parts[-1], scope), negated=True)
    if node.kind == "cond_contracted":
        who = node.parts[0]
        subject = fx.Selector("the", reference="self" if who.kind == "subject_me" else "it",
                              antecedent=None if who.kind == "subject_me" else scope.last)
        return _be(node.parts[1], subject, scope)
    if node.kind == "cond_there_is":
        return fx.Condition("exists", object=selector(node.parts[0], scope))
    if node.kind == "cond_not_state":
        # "Play only if not Empowered" (827.1.c.1): the ability's source is not in that state
        state = node.parts[0]
        if isinstance(state, n.KeywordRef):
            _check_status(state)
        return fx.Condition("is", fx.Selector("the", reference="self"), negated=True, **_state_fields(state, scope))
    if node.kind == "cond_there_alone":
        # "if there's an enemy unit alone at that battlefield": the same test as "an enemy unit is alone there",
        # a unit with no other friendly unit at its location (740.2.a)
        return fx.Condition("is", selector(node.parts[0], scope), value="alone", place=place(node.parts[1]))
    if node.kind == "cond_whose_turn":   # "if it's your turn": whose turn it is now (the turn player)
        return fx.Condition("turn", value="you" if node.parts[0].text.lower().startswith("your") else "opponent")
    if node.kind == "cond_whose_phase":  # "if it's your Beginning Phase": whose turn, and its phase now (315-317)
        words = node.parts[0].text.lower().split()
        return fx.Condition("turn", value="you" if words[0] == "your" else "opponent", during=words[-2])
    if node.kind == "cond_you_did_this_turn":
        return _past(node.parts[0], fx.Selector("the", reference="you"), scope)
    if node.kind == "cond_measure_compared":
        return _measures_compared(node, scope)
    if node.kind == "cond_you_chose":
        return _chose_this_turn(node)
    raise _compile_error(node.span, f"“{node.kind}” conditions are not supported yet")


# The nouns of a measure said as a noun phrase ("my Might", "its Energy cost"), by the measure's kind.
_MEASURED_NOUNS = {"might": "might", "energy cost": "energy_cost"}


def _measures_compared(node, scope) -> fx.Condition:
    """"if its Might is greater than my Might", "while my Might is less than 3": a measure compared with another
    measure or a number now (143); "no greater" is "not greater". "my Might is greater than the total Might of
    enemy units there" compares with the sum of the Might the objects have now."""
    said, words, other = node.parts
    measured = _measure_said(said, scope)
    direction = "more" if words.text.split()[-1] in ("greater", "more") else "less"
    negated = words.text.startswith("no ")
    if isinstance(other, n.Phrase) and other.kind == "total_might_of":
        if measured.kind != "might" or negated:
            raise _compile_error(node.span, "only a Might is compared with the total Might of objects",
                                 "e.g. “if my Might is greater than the total Might of enemy units there”")
        return fx.Condition(f"{direction}_might_than", measured.of, selector(other.parts[0], scope), value="total")
    if isinstance(other, int):
        return fx.Condition(f"measure_{direction}", measure=measured, value=other, negated=negated)
    return fx.Condition(f"measure_{direction}", measure=measured, compared=measure(other, scope), negated=negated)


def _measure_said(np, scope) -> fx.Measure:
    """"my Might", "its Energy cost": a noun phrase naming a measure, with whose it is."""
    noun = np.head.noun.lower() if isinstance(np, n.NounPhrase) and np.head and np.head.noun else None
    whose = np.determiner.kind.removeprefix("det_") if isinstance(np, n.NounPhrase) and np.determiner else None
    if noun not in _MEASURED_NOUNS or whose not in ("my", "its", "their") or np.premods or np.posts:
        raise _compile_error(np.span, "only a measure is compared as greater or less",
                             "name a number of the game, e.g. “my Might”, “its Energy cost”")
    return fx.Measure(_MEASURED_NOUNS[noun], _measured(whose, scope))


def _tags_named_before(node, scope) -> tuple[str, ...]:
    """"while your units have all 4 tags": the list of that many tags an earlier line of the card named
    ("for each of the following tags among your units — Bird, Cat, Dog, and Poro")."""
    word = node.parts[0].text.split()[1].lower()
    count = int(word) if word.isdigit() else WORD_NUMBERS[word]
    tags = scope.card.tag_list_of(count)
    if tags is None:
        raise _compile_error(node.parts[0].span, f"“all {count} tags” needs a list of {count} tags on an earlier line",
                             "name them first, e.g. “for each of the following tags among your units — "
                             "Bird, Cat, Dog, and Poro”, or list them here")
    return tags


def _chose_this_turn(node) -> fx.Condition:
    """"you've chosen enemy units and/or gear twice this turn with spells or unit abilities": how many times
    this turn you chose such objects with such sources (355.6: choosing is targeting)."""
    from .objects import listed_objects
    listed = next(p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "listed_nouns")
    premods = [p for p in node.parts[:node.parts.index(listed)] if isinstance(p, n.Word)]
    times = next(p for p in node.parts if isinstance(p, int))
    sources = tuple(w.text.replace("abilities", "ability").replace("spells", "spell").replace(" ", "_")
                    for w in node.parts[-1].parts)
    chosen = replace(listed_objects(None, premods, listed), filters=(fx.Filter("source", "in", values=sources),))
    return fx.Condition("chose_this_turn", fx.Selector("the", reference="you"), chosen, value=times)


def where(node, scope: Scope | None = None) -> fx.Condition:
    """The condition of "a battlefield where ...": about the place it follows, read on its own. The grammar reads
    it with a rule narrower than a whole condition (objects.lark, where_condition), the same tests as here."""
    scope = scope or Scope()
    if node.kind == "where_there_is":          # "a location where there's a unit with the same controller"
        return fx.Condition("exists", object=selector(node.parts[0], scope))
    if node.kind == "where_lacking":           # "a battlefield that doesn't already have a facedown card hidden there"
        return fx.Condition("exists", object=selector(node.parts[0], scope), negated=True, already=True)
    if node.kind in ("where_opponent_controls", "where_opponent_has"):   # "where an opponent controls a unit / has units"
        return fx.Condition(node.kind.removeprefix("where_opponent_"), fx.Selector("one", types=("opponent",)),
                            selector(node.parts[-1], scope))
    # "a battlefield where you have units": the player's objects there (the place is the one named)
    who, thing = node.parts
    subject = selector(n.NounPhrase(who.span, None, (), None, who.text, ()), scope)
    return fx.Condition(node.kind[6:], subject, selector(thing, scope))


def _time(node: n.Phrase) -> fx.Condition:
    """"on your turn" (whose turn it is) or "during an Open State" (a state of the turn, 308-309) after a condition."""
    if node.kind == "time_your_turn":
        return fx.Condition("turn", value="you")
    words = node.parts[0].text.removeprefix("during ").split()
    states = active_lexicon().vocabulary.get("turn_states", {})
    if len(words) < 2 or words[-2] not in states or words[-1] not in ("state", "states"):
        raise _compile_error(node.span, "only a state of the turn is read here after “on your turn”",
                             "e.g. “... on your turn during an Open State” (308-309)")
    return fx.Condition("during", value=turn_state(words[-2]))


def turn_state(word: str) -> str:
    """The value that names a state of the turn: "open" -> "open_state" (308-309)."""
    return word.lower() + "_state"


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


def _status_named(compiler, np) -> str | None:
    """The status "the <Status> status" names, from the lexicon's statuses (124.2, 441.2); None otherwise."""
    head = getattr(np, "head", None)
    if head is None or head.noun != "status" or getattr(np, "posts", ()) or len(head.names) > 1:
        return None
    words = list(head.names) + [getattr(p, "text", "") for p in getattr(np, "premods", ())]
    lexicon = getattr(compiler.rules, "lexicon", None) if compiler is not None else None
    if len(words) != 1 or lexicon is None or lexicon.status_of(words[0].strip("[]")) is None:
        return None
    return words[0].strip("[]").lower()


def _predicate(compiler, node, subject, scope) -> fx.Condition:
    kind = node.kind
    if kind == "pred_has" and getattr(getattr(node.parts[0], "head", None), "noun", None) == "status":
        # "while I have the Empowered status" is "while I'm empowered": having a status is being in it (124.2)
        status = _status_named(compiler, node.parts[0])
        if status is None:
            raise _compile_error(node.parts[0].span, "“the ... status” names no status of the rules",
                                 "name a status of rule 124.2, such as “the Empowered status”")
        return fx.Condition("is", subject, value=status)
    if kind in _PREDICATES:
        return _PREDICATES[kind](node, subject, scope)
    if kind == "pred_do":
        return fx.Condition("you_did", subject)
    if kind == "pred_is":
        return _be(node.parts[0], subject, scope)
    if kind == "pred_was":   # "If I was [Mighty]": the state it last had, not the one it has now (last known information)
        return replace(_be(node.parts[0], subject, scope), past=True)
    if kind in ("pred_has_more", "pred_controls_more", "pred_has_as_many", "pred_controls_as_many"):
        return _counts_compared(node, subject, scope)
    if kind == "pred_attached":   # "If this was attached to me this turn" (an Equipment's attach, 136)
        period = period_fields([p for p in node.parts if isinstance(p, n.Word)])
        return fx.Condition("attached", subject, selector(node.parts[0], scope), **period)
    if kind in ("pred_less_might", "pred_more_might"):
        # "if it has less/more Might than me": compared on the Might each has now (143)
        compared = "less_might_than" if kind == "pred_less_might" else "more_might_than"
        return fx.Condition(compared, subject, selector(node.parts[0], scope))
    if kind == "pred_done_to_this_turn":   # "if a friendly unit was killed this turn": by anyone, on that object
        return fx.Condition("done_this_turn", object=subject, action=_participle_action(node.parts[0].text))
    if kind == "pred_dealt_damage_this_turn":   # "if it was dealt damage this turn" (417)
        return fx.Condition("done_this_turn", object=subject, action="deal")
    if kind == "pred_paid_additional_cost":
        return fx.Condition("paid_additional_cost", subject)
    if kind == "pred_did_this_turn":
        return _past(node.parts[0], subject, scope)
    if kind == "pred_not_did_this_turn":   # "if you haven't played a card this turn": that action not done
        return replace(_past(node.parts[0], subject, scope), negated=True)
    if kind in ("pred_attacks", "pred_defends"):
        alone = any(isinstance(p, n.Word) and p.text == "alone" for p in node.parts)
        return fx.Condition(kind[5:], subject, value="alone" if alone else None)
    if kind == "pred_could_not":
        # "If you couldn't channel 2 runes this way": the instruction before did less than it said
        # (359.3.e.14.c); the action and its count are the condition
        done = _counted_action(compiler, node, scope, "e.g. “If you couldn't channel 2 runes this way, ...”")
        return fx.Condition(f"{done.action}_this_way", subject, value=done.amount.value, negated=True)
    if kind == "pred_done_this_way":
        # "if it was buffed this way": the instruction before did its action to that object (359.3.e.14)
        action = fx.PARTICIPLE_ACTIONS[node.parts[0].text]
        return fx.Condition(f"{action}_this_way", subject)
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


def _participle_action(word: str) -> str:
    """The action a past participle names ("stunned" -> stun), from the lexicon for the actions it adds."""
    if word in fx.PARTICIPLE_ACTIONS:
        return fx.PARTICIPLE_ACTIONS[word]
    action = active_lexicon().action_of(word)
    return action.name if action is not None else word


def _counts_compared(node, subject, scope) -> fx.Condition:
    """"if an opponent controls more units than you", "if you have fewer runes than an opponent": the two
    players' counts compared now. "no more" is "not more"; "at least as many ... as" is "not fewer"."""
    verb = node.kind.split("_")[1]                      # has | controls
    if node.kind.endswith("as_many"):
        counted, other = node.parts
        direction, negated = "fewer", True
    else:
        words, counted, other = node.parts
        direction, negated = words.text.split()[-1], words.text.startswith("no ")
    return fx.Condition(f"{verb}_{direction}", subject, selector(counted, scope), negated=negated,
                        than=_subject(other, scope))


def _about_object(node, subject, scope) -> fx.Condition:
    """"if you control a Mech", "if it has ...", "if it kills ...", "if you revealed a Bird" (what the effect's
    reveal showed, 424), "if you choose a Bird" (a choice made as the card is played, 355, read for its cost,
    356.4)."""
    return fx.Condition(node.kind[5:], subject, selector(node.parts[0], scope))


def _done_now(node, subject, scope) -> fx.Condition:
    """"If you played this from your hand" (from which zone: 354.1 moves it from there), "if you spent [4] or more"
    (what was paid to play the card, 357.1, as printed): about the play being resolved. The same words with
    "this turn" count the turn's plays (``_past``)."""
    done = node.parts[0]
    if done.kind == "did_play":
        return fx.Condition("played", subject, selector(done.parts[0], scope))
    if done.kind == "did_spend" and done.part(n.NounPhrase) is None:
        return fx.Condition("spent", subject, cost=costs_of(cost_symbols_of(done)))
    raise _compile_error(done.span, "this past action is read only with “this turn” after it",
                         "e.g. “if you've discarded a card this turn”")


def _play_to(node, subject, scope) -> fx.Condition:
    """"If you play me to a battlefield": the location chosen for the unit as it is played (355.2)."""
    where = node.part(n.Place)
    return fx.Condition("play", subject, selector(node.parts[0], scope), place=place(where) if where else None)


def _has_all_tags(node, subject, scope) -> fx.Condition:
    """"if your units have all of the following tags among them — Bird, Cat, Dog, and Poro": each tag is on at
    least one of those objects (tags: 133.8)."""
    listed = next(p for p in node.parts if isinstance(p, n.Word) and "," in p.text)
    tags = tuple(t for t in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", listed.text) if t)
    scope.card.tag_lists.append(tags)            # "all 4 tags" on a later line may name them again
    return fx.Condition("has_all_tags", subject, fx.Selector("all", tags=tags))


def _has_all_counted_tags(node, subject, scope) -> fx.Condition:
    """"while your units have all 4 tags": the tags of the card's last list of that many (see _tags_named_before)."""
    return fx.Condition("has_all_tags", subject, fx.Selector("all", tags=_tags_named_before(node, scope)))


def _paid(node, subject, scope) -> fx.Condition:
    """"unless its controller pays [2]": the cost as printed."""
    return fx.Condition(node.kind[5:], subject, cost=costs_of(node.parts[0]))


def _has_test(node, subject, scope) -> fx.Condition:
    """"if it had 3 [M] or less" (the object as it last was: its last known information), "if at least one of
    them has [Temporary]", "if your other units have total Might 5 or more" (their Might added up, 143)."""
    if node.kind == "pred_had":
        return fx.Condition("with", subject, fx.Selector("the", filters=with_filters(node.parts[0], scope)), past=True)
    if node.kind == "pred_has_keyword":
        test = fx.Filter("keyword", None, node.parts[0].name)
    else:
        number, tail = node.parts[0], node.parts[-1].text
        test = fx.Filter("total_might", "<=" if tail.endswith("less") else ">=", number)
    return fx.Condition("with", subject, fx.Selector("the", filters=(test,)))


def _died(node, subject, scope) -> fx.Condition:
    """"if it died this turn", "if I didn't die during combat", "if I didn't conquer this turn": whether the event
    happened to or by the subject in that period."""
    negated = node.kind == "pred_did_not"
    if negated and node.parts[0].text != "die":
        # "if an opponent didn't play a spell this turn": the object of the event, when it has one
        qualifiers = [p for p in node.parts[1:] if isinstance(p, n.Word)]
        thing = node.part(n.NounPhrase)
        return fx.Condition("did_" + node.parts[0].text, subject, selector(thing, scope) if thing else None,
                            negated=True, **period_fields(qualifiers))
    qualifiers = [p for p in node.parts if isinstance(p, n.Word) and p.text != "die"]
    return fx.Condition("died", subject, negated=negated, **period_fields(qualifiers))


def period_fields(words) -> dict:
    """The typed fields of the words after an event ("this turn", "during your Beginning Phase", "alone"):
    ``duration`` this_turn, ``during`` the part of the turn (a phase of 315-317, a combat of 459, a showdown of
    341) with ``whose`` turn it is in, and ``value`` "alone" (740.2.a) for "died alone"."""
    found: dict = {}
    for word in words:
        text = word.text.lower().replace("_", " ")
        if text == "this turn":
            found["duration"] = "this_turn"
        elif text == "alone":
            found["value"] = "alone"
        elif text.startswith("during "):
            found.update(_turn_part(word, text.removeprefix("during ")))
        else:
            raise _compile_error(word.span, f"“{word.text}” is no period of an event",
                                 "e.g. “this turn”, “during combat”, “during your Beginning Phase”")
    return found


def _turn_part(word, text: str) -> dict:
    """"combat", "a showdown", "your beginning phase", "an opponent's main phase" -> during (and whose)."""
    whose = None
    for owner, player in (("your ", "you"), ("an opponent's ", "opponent")):
        if text.startswith(owner):
            whose, text = player, text.removeprefix(owner)
    part = re.sub(r"^(?:a|an) ", "", text).removesuffix(" phase").removesuffix("s")
    phases = tuple(active_lexicon().vocabulary.get("phases", ()))
    if part not in phases + TURN_PARTS or (whose is None) != (part not in phases):
        raise _compile_error(word.span, f"“during {text}” names no part of the turn the runtime knows",
                             "e.g. “during combat”, “during a showdown”, “during your Beginning Phase” (315-317)")
    return {"during": part, "whose": whose}


def _would(node, subject, scope) -> fx.Condition:
    """"If a friendly unit would die", "if you would reveal cards ... this turn", "... would die during combat": an
    event about to happen, the replaced one (369.1); what it names may be pointed back to."""
    verb = node.parts[0].text
    thing = node.part(n.NounPhrase)
    # "this turn", or "during combat" (the part of the turn the event would happen in)
    period = period_fields([p for p in node.parts[1:] if isinstance(p, n.Word)])
    thing = selector(thing, scope) if thing else None
    if thing is not None:
        scope.remember_earlier(thing)                          # "those cards" may point back to it
    elif subject is not None and subject.reference is None:
        scope.remember_earlier(subject)                        # "If a friendly unit would die, ... that unit"
    return fx.Condition("would_" + verb, subject, thing,
                        place=next((place(p) for p in node.parts if isinstance(p, n.Place)), None), **period)


def _would_be(node, subject, scope) -> fx.Condition:
    """"If I would be dealt damage", "if a friendly unit would be killed": an action about to be done to the
    subject, the event a replacement replaces (369.1); "by ..." is not read here."""
    done = node.parts[0]
    if done.kind == "done_dealt_damage":
        action = "deal"
    elif done.kind == "done_by" and done.part(n.NounPhrase) is None:
        action = _participle_action(done.parts[0].text)
    else:
        raise _compile_error(done.span, "only an action with no “by ...” or place is read after “would be”",
                             "e.g. “If I would be killed, ...”, “If a unit would be dealt damage, ...”")
    if subject is not None and subject.reference is None:
        scope.remember_earlier(subject)                        # "If a friendly unit would be killed, ... it"
    period = period_fields([p for p in node.parts[1:] if isinstance(p, n.Word)])
    return fx.Condition("would_be", subject, action=action, **period)


_PREDICATES = {
    **dict.fromkeys(("pred_controls", "pred_has", "pred_kills", "pred_revealed", "pred_chooses"), _about_object),
    "pred_play": _play_to, "pred_has_all_tags": _has_all_tags,
    "pred_has_all_counted_tags": _has_all_counted_tags, "pred_pays": _paid, "pred_past": _done_now,
    "pred_had": _has_test, "pred_has_keyword": _has_test, "pred_total_might": _has_test,
    "pred_died": _died, "pred_did_not": _died, "pred_would": _would, "pred_would_be": _would_be,
}


def _named_status(named: fx.Selector, scope) -> str | None:
    """The condition keyword a bare name is ("Mighty", 706), or None: a name alone that the rules define as a
    condition keyword means that status, as "[Mighty]" does."""
    if len(named.names) != 1 or named.types or named.tags or named.reference is not None:
        return None
    lookup = scope.card.keyword_lookup
    definition = lookup(named.names[0]) if lookup is not None else None
    return named.names[0] if definition is not None and definition.get("kind") == "condition" else None


def _counted_action(compiler, node, scope, example: str) -> fx.GameAction:
    """The action of a condition that names one with its number ("channel 2 runes", "draw 2")."""
    done = instruction(compiler, next(p for p in node.parts if isinstance(p, n.Phrase)), scope)
    if not isinstance(done, fx.GameAction) or done.amount is None or done.amount.kind != "count" \
            or done.amount.per is not None or done.objects:
        raise _compile_error(node.span, "this condition needs an action with a number and nothing else", example)
    return done


def _check_status(state: n.KeywordRef) -> None:
    """"if it's [Empowered]": a bracketed state is a status of the rules data (124.2, 441.2, 707)."""
    if active_lexicon().status_of(state.name) is None:
        raise _compile_error(state.span, f"[{state.name}] is no status of the rules data",
                             "expected a status of rules_data/vocabulary.yaml (124.2), such as [Stunned] or "
                             "[Empowered], or one that an action of actions.yaml gives")


def _be(node, subject, scope) -> fx.Condition:
    if node.kind == "be_a":
        named = selector(node.parts[0], scope)
        status = _named_status(named, scope)
        if status is not None:      # "While I'm Mighty": the condition keyword [Mighty] (706), not a card named so
            return fx.Condition("is", subject, keyword=status)
        return fx.Condition("is_a", subject, named)
    if node.kind == "be_at":
        return fx.Condition("is_at", subject, place=place(node.parts[0]))
    if node.kind == "be_at_either":     # "if I'm in your base or at a battlefield": at any one of the places
        first, *others = (place(part) for part in node.parts)
        return fx.Condition("is_at", subject, place=replace(first, alternatives=tuple(others)))
    if node.kind in ("be_not_at", "be_not_at_already"):
        # "if it's not there already": "already" reads the place against the instruction it follows
        return fx.Condition("is_at", subject, place=place(node.parts[0]), negated=True,
                            already=node.kind == "be_not_at_already")
    if node.kind == "be_not_state":     # "if it's not stunned": the subject is not in that state (124.2)
        state = node.parts[0]
        if isinstance(state, n.KeywordRef):
            _check_status(state)
        return fx.Condition("is", subject, negated=True, **_state_fields(state, scope))
    if node.kind == "be_state_at":
        # "if an enemy unit is alone here": the state, held at that place (740.2.a for "alone")
        return fx.Condition("is", subject, place=place(node.parts[1]), **_state_fields(node.parts[0], scope))
    if node.kind == "be_being_done":
        # "while I'm being played to a battlefield ...": the action is under way with the subject and that place
        # (the play's choices, 349; Ambush 822.1.b)
        done, where = node.parts
        return fx.Condition("being_done", subject, place=place(where), action=_participle_action(done.text))
    if node.kind == "be_state_with":
        # "while I'm attacking with another unit": the subject and those objects are in that state together
        # (attacking is a status, 124.2; the other units hold it too)
        return fx.Condition("is", subject, selector(node.parts[1], scope), **_state_fields(node.parts[0], scope))
    for state in node.parts:
        if isinstance(state, n.KeywordRef):
            _check_status(state)
    states = [state for state in node.parts if isinstance(state, (n.KeywordRef, n.Word))]
    alone = node.kind == "be_state_alone"      # "attacking or defending alone": with no other friendly unit (740.2.a)
    if len(states) == 1:
        return fx.Condition("is", subject, alone=alone, **_state_fields(states[0], scope))
    listed = [_state_fields(state, scope) for state in states]
    if any(set(fields) != {"value"} for fields in listed):
        raise _compile_error(node.span, "only plain states are read in a list of states",
                             "e.g. “while I'm attacking or defending alone”")
    return fx.Condition("is", subject, states=tuple(fields["value"] for fields in listed), alone=alone)


def _state_fields(state, scope) -> dict:
    """A state as the condition keeps it: ``value`` a state of the rules ("attacking", 124.2) or a word of
    ``ConditionValue`` ("alone", "empty"), ``keyword`` a keyword state ("[Mighty]", 706; "[Stunned]" is the
    status stunned, 124.2), and ``already`` ("if it's already stunned"). Any other word is a located error,
    never a value outside its set ("if it's healed": no state names what healing leaves)."""
    lexicon = active_lexicon()
    if isinstance(state, n.KeywordRef):
        lookup = scope.card.keyword_lookup
        definition = lookup(state.name) if lookup is not None else None
        if definition is not None and definition.get("kind") == "condition":
            return {"keyword": state.name}          # "[Mighty]": a condition keyword (706-708)
        _check_status(state)                        # "[Shield]" is no state: a located error
        return {"value": state.name.lower()}        # "[Empowered]": the status (441.2)
    text = state.text
    fields = {"value": text.removeprefix("already "), "already": True} if text.startswith("already ") \
        else {"value": text}
    known = set(rules_sets(lexicon)["State"]) | set(members(fx.ConditionValue))
    if fields["value"] not in known:
        raise _compile_error(state.span, f"“{fields['value']}” is no state an object is in",
                             "expected a status of rule 124.2 (such as stunned or exhausted), attacking, "
                             "defending, ready or alone")
    return fields


def _past(node, subject, scope) -> fx.Condition:
    if node.kind in ("did_play", "did_discard"):
        return fx.Condition(node.kind[4:] + "_this_turn", subject, selector(node.parts[0], scope))
    if node.kind == "did_gain_xp":
        return fx.Condition("gained_xp_this_turn", subject)
    if node.kind == "did_act":        # "if you've stunned a unit this turn": that action, done by the subject
        return fx.Condition("done_this_turn", subject, selector(node.parts[1], scope),
                            action=_participle_action(node.parts[0].text))
    if node.kind == "did_move":
        return fx.Condition("moved_this_turn", subject, value=node.parts[0])
    # "spent [4] or more to play a spell", "spent at least [A][A]": the symbols as printed (Energy and
    # Power are different resources, 161), and what it was spent on
    symbols, spent_on = cost_symbols_of(node), node.part(n.NounPhrase)
    return fx.Condition("spent_this_turn", subject, selector(spent_on, scope) if spent_on is not None else None,
                        cost=costs_of(symbols))
