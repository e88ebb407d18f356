"""Compile stage, clauses: instructions, their subjects and options (conditions: compiler.conditions).

Each instruction phrase becomes one effect: a ``GameAction`` for the game actions,
``CreateTokens`` for tokens, ``AddResources``, ``PayCost`` for cost symbols, or a
``StaticEffect`` for a passive statement. The partial items of a clause sequence ("and an
enemy unit", ", ignoring its cost") that complete the effect before them: compiler.partial.
"""
from __future__ import annotations

from .base import replace
from functools import cache

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, costs_of
from .objects import Scope, for_each, is_player, limits_place, measure, modification, place, selector
from .objects import _tag as objects_tag
from .objects import _measured as objects_measured
from .objects import _determined, _possessor
from .lexicon_actions import action_of, lexicon_action
from .tokens import play_or_create
from .triggers import nth_time
from .vocabulary import combat_step


def _compile_error(span, message, help=""):
    return CompileError(span, message, help)


def clause(compiler, node, scope: Scope) -> fx.Effect:
    """One clause: an instruction, maybe with a subject, "may", "must", "instead" or "if"."""
    kind = node.kind
    handler = _CLAUSES.get(kind) or _timing_clauses().get(kind)
    if handler is not None:
        return handler(compiler, node, scope)
    return instruction(compiler, node, scope)


def _subject_gains(compiler, node, scope):
    """"It gains [Shield 2] this combat": the same as "give it [Shield 2] this combat"."""
    return _give(compiler, node, scope, target=_subject(node.parts[0], scope))


def _become_copy(compiler, node, scope):
    """"It becomes a copy of that unit": objects are the copy, then the object copied (477.1.b)."""
    copy, original = _subject(node.parts[0], scope), named_object(node.parts[-1], scope)
    return compiler.action(node.span, "become_copy", objects=(copy, original))


def _subject_does(compiler, node, scope):
    subject = _subject(node.parts[0], scope)
    doer, scope.doer = scope.doer, (subject if not is_player(subject) and subject.reference != "self" else None)
    try:
        return _done_by(instruction(compiler, node.parts[1], scope), subject)
    finally:
        scope.doer = doer


def _subject_does_if(compiler, node, scope):
    """"Each player draws 1 if you control a Dragon": the subject's instruction under a trailing condition."""
    subject = _subject(node.parts[0], scope)
    effect = _done_by(instruction(compiler, node.parts[1], scope), subject)
    return fx.Conditional(node.span, (), condition(compiler, node.parts[2], scope), (effect,), (), False)


def _done_by(effect, subject: fx.Selector):
    """The instruction with the player(s) who do it: actions and token plays keep their subject."""
    return replace(effect, subject=subject) if isinstance(effect, (fx.GameAction, fx.CreateTokens, fx.IgnoreAbility)) \
        else effect


def _both_each_do(compiler, node, scope):
    """"you and that player each draw 1": each of the two players does it (the subject names both)."""
    first, second, done = node.parts
    both = fx.Selector("both", alternatives=(selector(first, scope), selector(second, scope)))
    return _done_by(instruction(compiler, done, scope), both)


def _choose_named(compiler, node, scope):
    """"Each other player chooses Cards or Runes": a choice between named options (355.5)."""
    return compiler.action(node.span, "choose", options=tuple(word.text for word in node.parts))


def _name_one(compiler, node, scope):
    """"name a tag": the player names one that exists (760, 763; a card: 762); "the named tag" reads it."""
    kind = node.parts[-1].text
    rule = {"tag": "763", "card": "762"}.get(kind)
    return fx.GameAction(node.span, ("760",) + ((rule,) if rule else ()), "name", options=(kind,))


def _pick_domain(compiler, node, scope):
    """"pick a domain": the player chooses one of the domains (355; domains 134); "that domain" reads it."""
    return compiler.action(node.span, "choose", options=("a_domain",))


def _choose(compiler, node, scope):
    """"choose a unit"; "choose Bird, Cat, Dog, or Poro": a bare list of tags is a choice among those
    names (355.5), the same as "chooses Cards or Runes"; "that tag" is the one chosen."""
    np = node.parts[0]
    head = np.head
    if np.determiner is None and np.pronoun is None and not np.premods and not np.posts \
            and head is not None and head.listed and head.noun is None:
        return compiler.action(node.span, "choose", objects=(fx.Selector("one_of", types=("tag",), tags=tuple(head.names)),))
    return compiler.action(node.span, "choose", objects=(named_object(np, scope),))


def _subject_may(compiler, node, scope):
    subject = _subject(node.parts[0], scope)
    effect = clause(compiler, node.parts[1], scope)
    return fx.MayDo(node.span, (), effect, subject)


def _subject_may_move_with(compiler, node, scope):
    """"I may be moved with it": the subject may move to where that object went (a move, 420; the may is
    its controller's choice, 383.3.a)."""
    mover, leader = _subject(node.parts[0], scope), named_object(node.parts[1], scope)
    return fx.MayDo(node.span, (), compiler.action(node.span, "move", objects=(mover, leader), options=("along_with",)))


def _subject_may_move_route(compiler, node, scope):
    """"I may move to a battlefield from another battlefield with a standard move": a permission of the
    subject's move (810.1.b, 364), the statement "I can move to ... from ..." makes."""
    return _passives.move_permission_from(compiler, node, scope)


def _subject_must(compiler, node, scope):
    """"each opponent must kill one of their units": the subject does it; an action keeps "must", since what
    such an instruction names is chosen as it resolves and is no target (355.10.f)."""
    subject = _subject(node.parts[0], scope)
    if node.parts[1].kind == "pay_to_do":
        return _applied_cost(compiler, node, subject, scope)
    effect = _done_by(instruction(compiler, node.parts[1], scope), subject)
    if isinstance(effect, fx.GameAction):
        effect = replace(effect, rules=effect.rules + ("355.10.f",), options=effect.options + ("must",))
    return effect


def _applied_cost(compiler, node, payer, scope):
    """"Opponents must pay [A] to move units to my battlefield": a cost within an instruction preceded by "must"
    is applied to that game action whenever the subject performs it (204.4)."""
    payment_node, action_node = node.parts[1].parts
    payment = _done_by(instruction(compiler, payment_node, scope), payer)
    action = _done_by(instruction(compiler, action_node, scope), payer)
    return fx.AppliedCost(node.span, ("204.4",), payer, payment, action)


def _at_end_of_turn(compiler, node, scope):
    return fx.Delayed(node.span, ("390",), "end_of_turn", (clause(compiler, node.parts[0], scope),))


def _instead(compiler, node, scope):
    return fx.Instead(node.span, ("367",), clause(compiler, node.parts[0], scope))


def _trailing_if(compiler, node, scope, unless=False):
    effect = clause(compiler, node.parts[0], scope)
    cond = condition(compiler, node.parts[1], scope)
    limited = None if unless else _place_where(effect, cond)
    return limited or fx.Conditional(node.span, (), _zone_is_empty(cond, effect), (effect,), (), unless)


def _zone_is_empty(cond: fx.Condition, effect) -> fx.Condition:
    """"... to your Champion Zone if it is empty": only a zone is empty, so "it" is the place the instruction
    names, not the object it acts on."""
    where = getattr(effect, "place", None)
    if cond.kind == "is" and cond.value == "empty" and cond.subject is not None and cond.subject.reference == "it" \
            and where is not None:
        return replace(cond, subject=None, place=where)
    return cond


def _pay_to_do(compiler, node, scope):
    payment = clause(compiler, node.parts[0], scope)
    return fx.PayToDo(node.span, ("202",), payment, clause(compiler, node.parts[1], scope))


def _pay_to_do_instead_of(compiler, node, scope):
    """"You may pay [1] to hide a card with [Hidden] instead of [A]": the action with another cost in place of
    the one the rules ask for (the replaced cost is the action's ``cost``, 202)."""
    payment = clause(compiler, node.parts[0], scope)
    result = clause(compiler, node.parts[1], scope)
    if not isinstance(result, fx.GameAction):
        raise _compile_error(node.parts[1].span, "only a game action can be done for another cost",
                             "an action such as “hide a card”")
    result = replace(result, cost=costs_of(node.parts[2]), options=result.options + ("instead_of",))
    return fx.PayToDo(node.span, ("202",), payment, result)

def _recall(compiler, node, scope):
    """"recall it exhausted": the unit goes to base and is exhausted there (455)."""
    target = named_object(node.parts[0], scope)
    if target.reference is not None and "exhausted" in target.states:
        states = tuple(s for s in target.states if s != "exhausted")
        return compiler.action(node.span, "recall", objects=(replace(target, states=states),), options=("exhausted",))
    return compiler.action(node.span, "recall", objects=(target,))


def _as_additional_cost(compiler, node, scope):
    return fx.AdditionalCost(node.span, ("131",), True, (clause(compiler, node.parts[0], scope),))


def _use_only(compiler, node, scope):
    restriction = node.parts[-1]
    what = node.parts[0] if len(node.parts) > 1 else None        # "Use my abilities only while ..."
    applies_to = "_".join(w.text.lower() for w in what.parts) if what is not None else None   # my_abilities
    if restriction.kind == "only_to":
        return fx.Restriction(node.span, ("377",), "only_to", effect=_only_to(compiler, restriction, scope),
                              applies_to=applies_to)
    if restriction.kind == "only_once_per_turn":
        return fx.Restriction(node.span, ("377",), "once_per_turn", applies_to=applies_to)
    return fx.Restriction(node.span, ("377",), restriction.kind, condition(compiler, restriction.parts[0], scope),
                          applies_to=applies_to)


def _only_to(compiler, restriction, scope) -> fx.Effect:
    """"only to play spells or activate abilities": what the use or the resources may be for, one or a choice."""
    details = tuple(clause(compiler, part, scope) for part in restriction.parts)
    return details[0] if len(details) == 1 else fx.Choice(restriction.span, (), details)


def _spend_only(compiler, node, scope):
    """"Spend this Energy only during showdowns", "... only to play spells": what the resources the ability
    added may pay for (429; they stay in the pool, 166.1)."""
    kind, restriction = node.parts
    applies_to = f"this_{kind.text.lower()}"
    if restriction.kind == "only_to":
        return fx.Restriction(node.span, ("429",), "spend_only_to", effect=_only_to(compiler, restriction, scope),
                              applies_to=applies_to)
    if restriction.kind != "only_during":
        raise _compile_error(restriction.span, "resources are spent only during a time or to do something",
                             "“Spend this Energy only during showdowns” or “... only to play spells”")
    during = restriction.parts[0].text.removeprefix("during ")
    return fx.Restriction(node.span, ("429",), "spend_only_during", fx.Condition("during", value=during),
                          applies_to=applies_to)


def _symbol_cost(compiler, node, scope):
    return fx.PayCost(node.span, ("444",), costs_of(node.parts[0]))


def _passive_if(compiler, node, scope):
    effect = clause(compiler, node.parts[0], scope)
    cond = condition(compiler, node.parts[1], scope)
    return _place_where(effect, cond) or fx.Conditional(node.span, (), cond, (effect,))


def _place_where(effect, cond: fx.Condition):
    """The clause with its battlefield limited by a trailing condition about "there" (the place tests it
    when chosen, like "a battlefield where ..."); None when the condition is about doing the clause."""
    if not limits_place(cond, effect):
        return None
    return replace(effect, place=replace(effect.place, where=cond))


def _passive_instead(compiler, node, scope):
    """"[Level 11][>] I cost [4] less instead": a passive statement that takes the place of the one like it
    before (the lower level's); as a statement it is passive (364), only its words mark the replacement."""
    return fx.Instead(node.span, ("364",), clause(compiler, node.parts[0], scope))


def _passive_while(compiler, node, scope):
    """"I have +2 [M] while I'm attacking": the statement applies only while the condition holds (364.3.a)."""
    effect = clause(compiler, node.parts[0], scope)
    return fx.Conditional(node.span, ("364",), condition(compiler, node.parts[1], scope), (effect,))


def _passive_during(compiler, node, scope):
    """"... during the Combat Damage step": the statement applies only during that part of the game (364.3.a)."""
    effect = clause(compiler, node.parts[0], scope)
    during = node.parts[-1].text.removeprefix("during ")
    if not (during.startswith("the ") and during.endswith(" step")):
        raise _compile_error(node.parts[-1].span, "a passive statement applies during a step of combat",
                             "“... during the Combat Damage step” (463-466), or “... while ...” for another time")
    step = combat_step(during.removeprefix("the ").removesuffix(" step"))
    return fx.Conditional(node.span, ("364", "463"), fx.Condition("during", value=step), (effect,))


def _passive_even_if(compiler, node, scope):
    """"I can [Ambush] to ..., even if you don't have units there": the statement holds whether or not the
    condition does; the condition is what it lifts (``waived``), a requirement of the keyword it names (822.1.d)."""
    effect = clause(compiler, node.parts[0], scope)
    if not isinstance(effect, fx.StaticEffect):
        raise _compile_error(node.span, "“even if” follows a passive statement",
                             "write it after a statement such as “I can [Ambush] to a battlefield ...”")
    return replace(effect, waived=condition(compiler, node.parts[-1], scope))


def _passive_unless(compiler, node, scope):
    """"I can't be chosen by enemy spells and abilities unless I'm in combat": the statement applies while the
    condition does not hold (364.3.a, the condition negated)."""
    effect = clause(compiler, node.parts[0], scope)
    return fx.Conditional(node.span, ("364",), condition(compiler, node.parts[1], scope), (effect,), (), True)


def _subject(node, scope) -> fx.Selector:
    if isinstance(node, n.Phrase) and node.kind == "subject_me":
        return fx.Selector("the", reference="self")
    if isinstance(node, n.Phrase) and node.kind == "subject_both":
        # "you and each opponent may ...": each of the players named, each deciding for themselves
        return fx.Selector("both", alternatives=tuple(selector(np, scope) for np in node.parts))
    if isinstance(node, n.Phrase) and node.kind == "subject_score":
        whose = "opponent" if node.parts[0].text.startswith("an") else "you"     # "an opponent's score"
        return fx.Selector("the", types=("score",), controller=whose)
    subject = selector(node, scope)
    if subject.reference is None and (is_player(subject) or _combat_player(subject)):
        scope.subject = subject         # "Each player kills one of their units": "their" is each player's
    return subject


def _combat_player(subject: fx.Selector) -> bool:
    """"The defender must kill one of their units": "the attacker" or "the defender" doing an action is the
    player with that designation (464.2.c.1-2), not a unit with it (464.2.c.3: "an attacking unit")."""
    return subject.quantity == "the" and subject.types in (("attacker",), ("defender",)) and not subject.filters


def named_object(np, scope: Scope) -> fx.Selector:
    """The selector of an object an instruction names, remembered so that a later "it" can refer to it."""
    result = selector(np, scope)
    scope.remember(result)
    return result


def merge_alternative(objects, new, np):
    """The objects with ``new`` as another choice for the last one ("a unit or gear", "a unit here or a gear")."""
    last = objects[-1]
    if last.reference is not None and np.determiner is None and np.pronoun is None:
        # "return it or gear": a bare noun shares the determiner of the noun before it, and a pronoun has none
        raise CompileError(np.span, "a noun after “or” needs its own determiner after a pronoun",
                           "expected a determiner before the noun, as in “it or a gear”")
    if np.determiner is None and np.pronoun is None and not np.premods and not last.alternatives:
        # "a unit or gear from your trash", "a unit or gear an opponent controls", "a Mech or Dragon": one noun
        # list, the trailing phrase for all of it
        # (a capitalised word alone reads as a card's name; after a tag, as in "a Mech or Dragon", it is a tag)
        tags = new.tags + (tuple(objects_tag(name) for name in new.names) if last.tags and not new.types else ())
        merged = replace(last, types=last.types + new.types, tags=last.tags + tags, zone=new.zone or last.zone,
                         location=new.location or last.location, filters=last.filters + new.filters,
                         relation=last.relation or new.relation, controller=last.controller or new.controller,
                         states=last.states + new.states, keywords_with=last.keywords_with + new.keywords_with)
        return objects[:-1] + (merged,)
    first = last.alternatives[0] if last.alternatives else last
    if np.determiner is None and np.pronoun is None:
        # "another friendly gear, unit, or [Hidden] card": the determiner and adjectives are shared
        new = replace(new, quantity=first.quantity, count=first.count, relation=first.relation or new.relation,
                      other=first.other or new.other, controller=first.controller or new.controller)
    container = last if last.alternatives else fx.Selector(last.quantity, last.count, alternatives=(last,))
    return objects[:-1] + (replace(container, alternatives=container.alternatives + (new,)),)


# ---- instructions -------------------------------------------------------------------------
def instruction(compiler, node, scope: Scope) -> fx.Effect:
    kind = node.kind
    if kind in _SIMPLE:
        np = node.part(n.NounPhrase)
        target = named_object(np, scope)
        scope.note_action(_SIMPLE[kind], (target,))
        return compiler.action(node.span, _SIMPLE[kind], objects=(target,))
    if kind in ("lexicon_action", "lexicon_action_placed", "lexicon_action_phase", "lexicon_action_point"):   # an action read through the lexicon (407-458)
        effect = lexicon_action(compiler, node, scope)
        scope.note_action(effect.action, effect.objects)
        return effect
    handler = _INSTRUCTIONS.get(kind) or _passives.STATIC.get(kind)
    if handler is None:
        raise _compile_error(node.span, f"“{kind.replace('_', ' ')}” instructions are not supported yet")
    effect = handler(compiler, node, scope)
    if isinstance(effect, fx.GameAction) and effect.action == "discard" and not effect.objects:
        # "Discard 1. Play the card you discarded": the cards discarded this way (the amount names no object)
        discarded = fx.Selector("the", types=("card",), filters=(fx.Filter("this_way", None, "discarded"),))
        scope.note_action("discard", (discarded,))
        if effect.amount is not None and effect.amount.kind == "count" and effect.amount.value == 1:
            scope.remember(discarded)   # "Discard 1. Deal its Energy cost ...": the one card is named, "it" may follow
    elif isinstance(effect, fx.GameAction):
        scope.note_action(effect.action, effect.objects)
    return effect


_SIMPLE = {"kill": "kill", "banish": "banish", "stun": "stun", "buff": "buff", "ready": "ready",
           "exhaust": "exhaust", "heal": "heal", "counter": "counter", "recycle": "recycle",
           "reveal": "reveal", "look_at": "look_at", "take_control": "take_control",
           "discard_object": "discard", "lose_control": "lose_control", "new_choices": "new_choices"}


def _count_amount(node, scope) -> fx.Amount:
    count = next(p for p in node.parts if isinstance(p, int))
    return fx.Amount("count", count, per=for_each(node.part(n.Phrase), scope))


def _draw(compiler, node, scope):
    return compiler.action(node.span, "draw", amount=_count_amount(node, scope))


def _equal_amount(compiler, node, scope):
    """"Draw cards equal to the number of units you control", "discard cards equal to its Might": as many as the
    measure gives as the instruction resolves."""
    return compiler.action(node.span, node.kind.removesuffix("_equal"),
                           amount=fx.Amount("equal", measure=measure(node.part(n.Phrase), scope)))


def _draw_a_card(compiler, node, scope):
    """"draw a card": one card drawn, the same action as "draw 1" (413)."""
    return compiler.action(node.span, "draw", amount=fx.Amount("count", 1))


def _predict_words(compiler, node, scope):
    """"Predict 2." written without brackets: the keyword action [Predict 2] (436)."""
    keyword = compiler.keyword(n.KeywordRef(node.span, "Predict"))
    value = node.part(int)
    return fx.GameAction(node.span, keyword.rules, "predict", amount=fx.Amount("count", value if value else 1))


def _discard(compiler, node, scope):
    return compiler.action(node.span, "discard", amount=_count_amount(node, scope))


def _deal(compiler, node, scope):
    """"Deal 1 to a unit", also "... for each card in your trash": the count is repeated per each (the amount's per)."""
    amount_node, np, *per = node.parts
    amount = replace(damage(amount_node, scope), per=for_each(per[0], scope)) if per else damage(amount_node, scope)
    return compiler.action(node.span, "deal", objects=(named_object(np, scope),), amount=amount)


def damage(node: n.Phrase, scope: Scope) -> fx.Amount:
    if node.kind == "damage_count":
        return fx.Amount("count", node.parts[0])
    if node.kind == "damage_equal":
        return fx.Amount("equal", measure=measure(node.parts[0], scope))
    return fx.Amount("that_much")


def _move(compiler, node, scope):
    np = node.part(n.NounPhrase)
    path = node.part(n.Phrase)
    destination, options = None, ()
    if path is not None:
        destination = fx.Place("here") if path.kind == "move_here" else place(path.parts[0], scope)
        options = ("to_or_from",) if path.kind == "move_to_or_from" else ()
    moved = named_object(np, scope)
    if destination is None and moved.location is not None and moved.location.kind == "there":
        # "move your unit there": "there" is where it goes (the place named before), not where it is now
        moved, destination = replace(moved, location=None), moved.location
    return compiler.action(node.span, "move", objects=(moved,), place=destination, options=options)


def _ready_or_exhaust(compiler, node, scope):
    target = named_object(node.parts[0], scope)
    options = (compiler.action(node.span, "ready", objects=(target,)),
               compiler.action(node.span, "exhaust", objects=(target,)))
    return fx.Choice(node.span, (), options)


def _return_to(compiler, node, scope):
    np, *where = node.parts
    if not where:   # "Return X and Y to their owners' hands": the place comes with the next item
        return compiler.action(node.span, "return_to_hand", objects=(named_object(np, scope),))
    # "return your Chosen Champion from your trash to your Champion Zone": a change of zone (124), not a move
    # between board locations (420)
    return compiler.action(node.span, "return_to_hand" if where[0].noun in ("hand", "hands") else "return",
                           objects=(named_object(np, scope),), place=place(where[0]))


def _deal_split(compiler, node, scope):
    """"Deal 5 damage split among ...", "deals damage equal to its Might split among ...": one amount that the
    player divides among the objects (417)."""
    amount_node, np = node.parts[0], node.part(n.NounPhrase)
    return compiler.action(node.span, "deal", objects=(named_object(np, scope),), amount=damage(amount_node, scope),
                           options=("split",))


def _predict(compiler, node, scope):
    token = node.parts[0]
    value = "".join(ch for ch in token.text if ch.isdigit())
    keyword = compiler.keyword(n.KeywordRef(token.span, "Predict"))   # [Predict N]: look at N cards (436)
    return fx.GameAction(node.span, keyword.rules, "predict", amount=fx.Amount("count", int(value) if value else 1))


def _draw_object(compiler, node, scope):
    return compiler.action(node.span, "draw", objects=(named_object(node.parts[0], scope),))


def _reveal_until(compiler, node, scope):
    """"reveal cards from the top of your Main Deck until you reveal a unit": the second object is
    what stops the reveals; "it" after this means that card (359.3.e.14)."""
    where, wanted = node.parts
    deck = fx.Selector("top", types=("card",), zone=place(where))
    return compiler.action(node.span, "reveal_until", objects=(deck, named_object(wanted, scope)))


def _put_on_deck(compiler, node, scope):
    """"put a card from your hand on the top or bottom of your Main Deck": which end is an option."""
    np, ends, where = node.parts
    end = "_or_".join(w for w in ends.text.split() if w in ("top", "bottom"))
    return compiler.action(node.span, "put", objects=(named_object(np, scope),), place=place(where), options=(end,))


def _put_count_into(compiler, node, scope):
    """"Put 1 into your hand": that many of the cards the text just named (looked at, revealed)."""
    amount, where = node.parts
    target = fx.Selector("count", count=amount, reference="one", antecedent=scope.last)
    return compiler.action(node.span, "put", objects=(target,), place=place(where))


def _put_back(compiler, node, scope):
    """"Put the rest back in any order": the cards go back where they were looked at, in the order the
    player chooses."""
    return compiler.action(node.span, "put_back", objects=(named_object(node.parts[0], scope),), options=("any_order",))


def _put_into_from(compiler, node, scope):
    """"Put a Teemo unit you own into your hand from your Champion Zone or the board": one object taken from
    any of the places named after "from" (each place an alternative of the object)."""
    np, destination, *origins = node.parts
    target = named_object(np, scope)
    choices = tuple(replace(target, zone=place(origin)) for origin in origins)
    objects = choices[0] if len(choices) == 1 else replace(target, alternatives=choices)
    return compiler.action(node.span, "put", objects=(objects,), place=place(destination))


def _put_into(compiler, node, scope):
    np, *where = node.parts
    target = named_object(np, scope)
    if where:
        return compiler.action(node.span, "put", objects=(target,), place=place(where[0]))
    # "put it in your hand": the place came as the noun phrase's own "in ..." modifier.
    destination, target = target.location, replace(target, location=None)
    if destination is None:
        raise _compile_error(node.span, "“put” needs a place", "write where it goes, e.g. “into your hand”")
    return compiler.action(node.span, "put", objects=(target,), place=destination)


def _give(compiler, node, scope, target=None):
    target = target or named_object(node.parts[0], scope)
    modifications = tuple(compile_modification(compiler, p, scope) for p in node.parts[1:]
                          if isinstance(p, n.Phrase) and not p.kind.startswith("for_each"))
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    per = for_each(next((p for p in node.parts if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None), scope)
    amount = fx.Amount("count", None, per=per) if per else None
    return compiler.action(node.span, "give", objects=(target,), modifications=modifications, duration=duration,
                           amount=amount)


def _give_either(compiler, node, scope):
    """"Give a unit at a battlefield or a gear [Temporary]": one object of either kind."""
    first, second, *rest = node.parts
    either = merge_alternative((named_object(first, scope),), named_object(second, scope), second)[0]
    return _give(compiler, n.Phrase(node.span, node.kind, (second, *rest)), scope, either)


def _give_to(compiler, node, scope):
    modification_node, np, *rest = node.parts
    duration = next((p.text for p in rest if isinstance(p, n.Word)), None)
    return compiler.action(node.span, "give", objects=(named_object(np, scope),),
                           modifications=(compile_modification(compiler, modification_node, scope),), duration=duration)


def compile_modification(compiler, node, scope) -> fx.Modification:
    """What a "give"/"have" phrase grants: Might, a keyword (maybe with its cost), or a quoted ability."""
    if node.kind == "might_increase_by":
        return fx.Modification("might", measure=measure(node.parts[-1], scope))
    if node.kind == "keyword_equal":
        return fx.Modification("keyword", keyword=compiler.keyword(node.parts[0]), measure=measure(node.parts[-1], scope))
    if node.kind == "keyword_cost_grant":
        # "have [Repeat] [2][P]": a keyword that takes a cost (820.1.c), given with its cost as a keyword ability
        keyword = compiler.keyword(node.parts[0])
        granted = fx.KeywordAbility(node.span, keyword.rules, keyword, costs_of(node.parts[1]))
        return fx.Modification("keyword", keyword=keyword, ability=granted)
    if node.kind == "keyword_paid_grant":
        # "have [Repeat] — Discard 1": a keyword whose cost is an action (820.1.c), given as the keyword ability
        # its own line "[Repeat] — Discard 1" compiles to, with the action as what is paid
        keyword = compiler.keyword(node.parts[0])
        paid = (instruction(compiler, node.parts[-1], Scope(scope.card_type, card=scope.card)),)   # a cost of its own
        return fx.Modification("keyword", keyword=keyword, ability=fx.KeywordAbility(node.span, keyword.rules, keyword,
                                                                                      paid=paid))
    if node.kind == "ability_grant":
        # A quoted ability is the text of an ability of the objects that gain it (permanents: "I", "me").
        ability = next(p for p in node.parts if not isinstance(p, n.Word))
        return fx.Modification("ability", ability=compiler.ability(ability, "unit"))
    return modification(node, compiler.keyword)


def _channel(compiler, node, scope):
    count = node.parts[0]
    options = tuple(p.text for p in node.parts[2:] if isinstance(p, n.Word))
    per = next((p for p in node.parts[2:] if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None)
    return compiler.action(node.span, "channel", amount=fx.Amount("count", count, per=for_each(per, scope)),
                           options=options)


def _gain_xp(compiler, node, scope):
    """"gain 1 XP for each friendly unit": the count is repeated per each (730.1)."""
    return compiler.action(node.span, "gain_xp", amount=_count_amount(node, scope))


def _spend_xp(compiler, node, scope):
    return compiler.action(node.span, "spend_xp", amount=fx.Amount("count", node.parts[0]))


def _score(compiler, node, scope):
    return compiler.action(node.span, "score", amount=fx.Amount("count", node.parts[0]))


def _recycle_count(compiler, node, scope):
    count, where = node.parts
    return compiler.action(node.span, "recycle", amount=fx.Amount("count", count),
                           objects=(fx.Selector("count", count, types=("card",), zone=place(where)),))


def _add_resources(compiler, node, scope):
    """"[Add] [1][G]", "Add 1 Energy and 1 Power of the Calm domain": energy and power by domain (429)."""
    energy = sum(int(r.parts[0].value) for r in node.parts if r.kind == "energy_resource")
    power = tuple(r.parts[0].value for r in node.parts if r.kind == "power_resource")
    for words in (r for r in node.parts if r.kind == "power_domain"):
        power += (domain_letter(compiler, words.parts[1]),) * words.parts[0]
    return fx.AddResources(node.span, ("429",), energy, power)


def domain_letter(compiler, name: n.Word) -> str:
    """The power symbol of a domain named in words ("the Order domain" is [Y], 134.2)."""
    for symbol, meaning in compiler.rules.power_symbols.items():
        if meaning.get("domain", "").lower() == name.text.lower():
            return symbol.strip("[]")
    known = ", ".join(m["domain"] for m in compiler.rules.power_symbols.values() if m["domain"] not in ("any", "own"))
    raise CompileError(name.span, f"“{name.text}” is not a domain", f"expected one of the domains: {known}")


def _lexicon_action_next_time(compiler, node, scope):
    """"Skip the next time that unit would move this turn": the action replaces the event "the next time" names
    (443.1.a), a delayed replacement made by this instruction (390); only a replacement action takes an event."""
    verb, *rest = node.parts
    action = action_of(compiler, verb)
    if "replacement" not in action.rules:
        raise CompileError(node.span, f"“{verb.text}” takes no event (rule {action.rule})",
                           "only an action that replaces an event, such as Skip (443), takes “the next time ...”")
    trigger = nth_time(compiler, n.Phrase(node.span, node.kind, tuple(rest)), scope)
    done = fx.GameAction(node.span, (action.rule, action.rules["replacement"]), action.name, options=("that_event",))
    return fx.Delayed(node.span, ("390",), rest[0].text + "_time", (done,), trigger)


def _add_that_much(compiler, node, scope):
    resource = node.part(n.Phrase)
    power = (resource.parts[0].value,) if resource is not None and resource.kind == "power_resource" else ()
    return compiler.action(node.span, "add", amount=fx.Amount("that_much"), options=power or ("energy",))


def _pay(compiler, node, scope):
    return compiler.action(node.span, "pay", cost=costs_of(node.parts[0]))


def _pay_ability_cost(compiler, node, scope):
    """"pay the cost of its Equip ability, reduced by [A]": the cost printed with a keyword of an object (818,
    829.1.b) is what is paid, less the symbols named (206); the object is the one the owner word names."""
    owner, name = node.parts[0], node.parts[1].parts[0]
    ref = name if isinstance(name, n.KeywordRef) else n.KeywordRef(name.span, name.text.capitalize(), None)
    reduction = next((p for p in node.parts[2:] if isinstance(p, n.Phrase) and p.kind == "cost_reduced_by"), None)
    return compiler.action(node.span, "pay", objects=(objects_measured(owner.text, scope),), keyword_cost=compiler.keyword(ref),
                           reduced_by=costs_of(reduction.parts[0]) if reduction else ())


def _pay_for_each(compiler, node, scope):
    """"pay [A] for each unit beyond the first": the cost once per object counted."""
    symbols, per = node.parts
    return compiler.action(node.span, "pay", cost=costs_of(symbols), amount=fx.Amount("count", 1, per=for_each(per, scope)))


def _move_together(compiler, node, scope):
    """"move multiple units to my battlefield at the same time": one move of several units (144.3)."""
    moved = _move(compiler, node, scope)
    return replace(moved, options=moved.options + ("at_the_same_time",))


def _spend_buff(compiler, node, scope):
    phrase = node.parts[0]
    determiner = phrase.part(n.Determiner)
    whose = fx.Selector("the", reference="self") if determiner is None else _determiner_selector(determiner)
    if whose.controller in ("its", "their") and whose.reference is None:
        # "spend its buff": the buff of the thing "its" names, as "its controller" names it (426)
        whose = replace(whose, antecedent=_possessor(whose.controller, scope))
    return compiler.action(node.span, "spend_buff", objects=(whose,))


def _determiner_selector(determiner) -> fx.Selector:
    return _determined(determiner)


def _attach(compiler, node, scope):
    return compiler.action(node.span, "attach", objects=_both_objects(node.parts, scope))


def _detach(compiler, node, scope):
    return compiler.action(node.span, "detach", objects=_both_objects(node.parts, scope))


def _both_objects(parts, scope) -> tuple:
    """"attach an Equipment ... to it", "detach an Equipment from it": a pronoun after the first object is
    never that object (it would say "itself"), so it is read before the first object is named."""
    if len(parts) == 2 and getattr(parts[1], "pronoun", None) is not None:
        second = named_object(parts[1], scope)
        return named_object(parts[0], scope), second
    return tuple(named_object(np, scope) for np in parts)


def _double_might(compiler, node, scope):
    """"Double a friendly unit's Might this turn": increase it by its current Might (477.3.c)."""
    duration = next((p.text for p in node.parts[1:] if isinstance(p, n.Word) and p.text != "might"), None)
    return compiler.action(node.span, "double", objects=(named_object(node.parts[0], scope),), duration=duration,
                           options=("might",))


def _double(compiler, node, scope):
    np = node.parts[0]
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    return compiler.action(node.span, "double", objects=(named_object(np, scope),), duration=duration)


def _double_damage(compiler, node, scope):
    """"Double all damage that would be dealt to it this turn": a replacement effect ("would", 369.1) that doubles
    each amount of damage dealt to those objects (432.1) while it lasts."""
    target = next(p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "prevent_target")
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    return fx.GameAction(node.span, ("432", "369.1"), "double", (named_object(target.parts[0], scope),), duration=duration,
                         options=("damage",))


def _replace_object(compiler, node, scope):
    first, second = node.parts
    return compiler.action(node.span, "replace", objects=(named_object(first, scope), selector(second, scope)))


def _reduce_cost(compiler, node, scope):
    """"Reduce my cost by [2] for each ...": a discount on the cost of what is being played (356.4)."""
    cost_ref, symbols, *rest = node.parts
    whose, kind = _whose_cost(cost_ref, scope)
    per = for_each(rest[0], scope) if rest else None
    return compiler.action(node.span, "reduce_cost", objects=(whose,), cost=costs_of(symbols),
                           amount=fx.Amount("count", None, per=per) if per else None, options=(kind,) if kind else ())


def _reduce_cost_by(compiler, node, scope):
    """"Reduce its Energy cost by the Might of the unit you recycled": a discount of a number read from the
    game when the cost is determined (356.4)."""
    cost_ref, how_much = node.parts
    whose, kind = _whose_cost(cost_ref, scope)
    return compiler.action(node.span, "reduce_cost", objects=(whose,),
                           amount=fx.Amount("equal", measure=measure(how_much, scope)), options=(kind,) if kind else ())


def _ignore_cost(compiler, node, scope):
    """"ignore this spell's cost": the base cost of the spell being played is 0 (356.1.b.1)."""
    whose, kind = _whose_cost(node.parts[0], scope)
    return compiler.action(node.span, "ignore_cost", objects=(whose,), options=(kind,) if kind else ())


def _whose_cost(cost_ref, scope) -> tuple[fx.Selector, str | None]:
    """The object whose cost a cost_ref names (me / this spell, or "its": the one named before) and its kind."""
    owner, kind = cost_ref_words(cost_ref)
    whose = fx.Selector("the", reference="self") if owner in (None, "this spell's", "my") \
        else fx.Selector("the", reference="it", antecedent=scope.last)
    return whose, kind


def cost_ref_words(node) -> tuple[str | None, str | None]:
    """The owner word ("its", "this spell's") and the kind ("energy") of a cost_ref, each maybe None."""
    owner = next((p.text for p in node.parts if p.text in ("its", "their", "my", "this spell's")), None)
    kind = next((p.text for p in node.parts if p.text in ("energy", "power")), None)
    return owner, kind


def _pay_any_amount(compiler, node, scope):
    symbols = node.part(n.Phrase)
    return compiler.action(node.span, "pay", amount=fx.Amount("any"), cost=costs_of(symbols) if symbols else (),
                           options=() if symbols else ("energy",))


def _prevent_it(compiler, node, scope):
    """"..., prevent it.": all of the damage the trigger named is not dealt (437.1.b.1.b, 437.2)."""
    return compiler.action(node.span, "prevent", options=("that_damage",))


def _use_abilities(compiler, node, scope):
    """"use gear abilities": activate abilities of such objects ("use" means activate, 377.2)."""
    kind = node.parts[0].text if isinstance(node.parts[0], n.Word) else str(node.parts[0])
    return fx.GameAction(node.span, ("377.2",), "activate", objects=(fx.Selector("all", types=(kind,)),))


def _increase_victory_score(compiler, node, scope):
    """"Increase the points needed to win the game by 1": the Victory Score changes (194.3.a)."""
    return fx.GameAction(node.span, ("194.3.a",), "increase_victory_score", amount=fx.Amount("count", node.parts[-1]))


def _prevent_damage(compiler, node, scope):
    """"Prevent all spell and ability damage this turn", "Prevent the next 3 damage that would be dealt to
    a unit": how much (437.1.b.1.b), from which sources, to what, for how long (437.1.b)."""
    how_much = node.parts[0]
    amount = fx.Amount("all") if how_much.kind == "prevent_all" else fx.Amount("count", how_much.parts[0])
    sources = next((tuple(w.text for w in p.parts) for p in node.parts if getattr(p, "kind", None) == "damage_sources"), ())
    target = next((p.parts[0] for p in node.parts if getattr(p, "kind", None) == "prevent_target"), None)
    duration = next((p.text for p in node.parts[1:] if isinstance(p, n.Word)), None)
    objects = (selector(target, scope),) if target is not None else ()
    return fx.GameAction(node.span, ("437",), "prevent_damage", objects, amount=amount, duration=duration, options=sources)


def _activate_effects(compiler, node, scope):
    """"Activate the conquer effects of units here": their conquer triggers are checked as if each had just
    conquered (383.4.g.1)."""
    word, np = node.parts
    return fx.GameAction(node.span, ("383.4.g",), "activate_effects", (named_object(np, scope),), options=(word.text,))


def _repeat_effect(compiler, node, scope):
    """"Repeat this gear's play effect": the instructions of that object's play effects are done again
    (383.4.a names them); "its" is the object named before."""
    owner, word = node.parts
    whose = fx.Selector("the", reference="it", antecedent=scope.last) if owner.text == "its" \
        else fx.Selector("the", reference="self")
    return fx.GameAction(node.span, ("383.4.a",), "repeat_effects", (whose,), options=(word.text,))


def _copy_text(compiler, node, scope):
    """"copy that unit's text to this Equipment's effect text for as long as this is attached to it": the
    abilities of one object's text become part of another's text (477.2: appending text), for that long."""
    source_owner, source_kind, target_owner, target_kind, *lasting = node.parts
    source, target = _text_owner(source_owner, scope), _text_owner(target_owner, scope)
    return fx.GameAction(node.span, ("477.2", "136.2.c"), "copy_text", (source, target),
                         duration="while_attached" if lasting else None,
                         options=(source_kind.text.replace(" ", "_"), target_kind.text.replace(" ", "_")))


def _text_owner(word: n.Word, scope) -> fx.Selector:
    """"that unit's" (the unit named before), "its", "my", "this Equipment's" (this object)."""
    words = word.text.split()
    noun = words[-1].removesuffix("'s") if len(words) > 1 else None
    if words[0] == "that":
        return fx.Selector("the", types=(noun,), reference="that", antecedent=scope.last)
    if words[0] == "its":
        return fx.Selector("the", reference="it", antecedent=scope.last)
    return fx.Selector("the", types=(noun,) if noun else (), reference="self")


def _state_ends(compiler, node, scope):
    """"Necessary portions of its Rules Text are no longer Inactive if they are currently Inactive": the state of
    that text ends (725); "if they are currently <state>" names the same state, only where it holds now."""
    words = [p for p in node.parts if isinstance(p, n.Word)]
    portions = "necessary" if words[0].text.lower().startswith("necessary") else "all"
    owner, kind, state = words[-3:]
    now = node.part(n.Phrase)
    if now is not None and now.parts[-1].text.lower() != state.text.lower():
        raise CompileError(now.span, f"“if they are currently {now.parts[-1].text}” tests another state than the "
                           f"one that ends", f"write “if they are currently {state.text}”")
    return fx.StateEnds(node.span, ("725", compiler.text_state_rule(state.text)), state.text.lower(),
                        _text_owner(owner, scope), kind.text.lower().replace(" ", "_"), portions, now is not None)


def _take_turn(compiler, node, scope):
    """"Take a turn after this one": an additional turn queued after the current one (735)."""
    return compiler.action(node.span, "take_turn")


def _swap_might(compiler, node, scope):
    """"Swap the Might of two units ... this turn": an increase and a decrease that reverse them (433.1)."""
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    return compiler.action(node.span, "swap", objects=(named_object(node.parts[0], scope),), duration=duration,
                           options=("might",))


def _increase_might_to(compiler, node, scope):
    """"increase its Might to the Might of another unit": an increase by the difference, if any (477.3)."""
    target = fx.Selector("the", reference="it", antecedent=scope.last)
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    raised = fx.Modification("might_to", measure=measure(node.parts[0], scope))
    return fx.GameAction(node.span, ("477.3",), "give", (target,), modifications=(raised,), duration=duration)


def _increase_might_to_value(compiler, node, scope):
    """"Increase a friendly unit's Might to 5 [M]": an increase by the difference, never a decrease (477.3)."""
    target, value = node.parts[0], node.part(int)
    duration = next((p.text for p in node.parts[1:] if isinstance(p, n.Word) and p.text not in ("might", "[m]")), None)
    return fx.GameAction(node.span, ("477.3",), "give", (named_object(target, scope),),
                         modifications=(fx.Modification("might_to", amount=value),), duration=duration)


def _might_becomes(compiler, node, scope):
    """"A unit's Might becomes 4 this turn": the Might is set to the value while the effect lasts (477)."""
    target, value = node.parts[0], node.part(int)
    duration = next((p.text for p in node.parts[1:] if isinstance(p, n.Word) and p.text not in ("might", "[m]")), None)
    return fx.GameAction(node.span, ("477",), "give", (named_object(target, scope),),
                         modifications=(fx.Modification("might_set", amount=value),), duration=duration)


def _ignore_ability(compiler, node, scope):
    """"Ignore Deflect while paying this spell's costs", "You ignore Backline while assigning combat damage here":
    a keyword treated as inactive for that procedure, by the players directed (764-767)."""
    parts = list(node.parts)
    named, during = parts[0], parts[1]
    where = place(parts[2], scope) if len(parts) > 2 else None
    keyword = compiler.keyword(_keyword_named(named))
    if during.kind == "while_paying":
        whose, _kind = _whose_cost(during.parts[0], scope)
        return fx.IgnoreAbility(node.span, ("766", "767"), keyword, "paying_costs", whose, where)
    return fx.IgnoreAbility(node.span, ("766", "767", "465"), keyword, "assigning_combat_damage", None, where)


def _keyword_named(named: n.Phrase) -> n.KeywordRef:
    """A keyword named with its brackets ([Deflect]) or without them (Deflect): the same keyword reference."""
    word = named.parts[0]
    if isinstance(word, n.KeywordRef):
        return word
    return n.KeywordRef(word.span, word.text, None)


def _give_named_keyword(compiler, node, scope):
    """"Give it Temporary": the keyword named without brackets, as "Give it [Temporary]" (a word that names no
    keyword of the rules is refused as an unknown keyword)."""
    pronoun, word, *rest = node.parts
    target = selector(n.NounPhrase(pronoun.span, None, (), None, pronoun.text, ()), scope)
    keyword = compiler.keyword(n.KeywordRef(word.span, word.text, None))
    duration = rest[0].text if rest else None
    return compiler.action(node.span, "give", objects=(target,), modifications=(fx.Modification("keyword", keyword=keyword),),
                           duration=duration)


def _win_game(compiler, node, scope):
    return compiler.action(node.span, "win_game")


def _token_like(compiler, node, scope):
    return play_or_create(compiler, node, scope)


_INSTRUCTIONS = {
    "draw": _draw, "draw_equal": _equal_amount, "discard_equal": _equal_amount, "draw_object": _draw_object, "draw_a_card": _draw_a_card, "predict_words": _predict_words, "give_to": _give_to, "ready_or_exhaust": _ready_or_exhaust, "deal_split": _deal_split, "predict": _predict, "put_into": _put_into, "put_count_into": _put_count_into, "put_on_deck": _put_on_deck, "reveal_until": _reveal_until, "put_into_from": _put_into_from, "put_back": _put_back, "discard": _discard, "deal": _deal, "move": _move, "return_to": _return_to, "give": _give, "give_either": _give_either,
    "channel": _channel, "gain_xp": _gain_xp, "spend_xp": _spend_xp, "score": _score,
    "recycle_count": _recycle_count, "add_resources": _add_resources, "pick_domain": _pick_domain, "lexicon_action_next_time": _lexicon_action_next_time, "give_named_keyword": _give_named_keyword, "ignore_ability": _ignore_ability, "pay": _pay, "pay_ability_cost": _pay_ability_cost, "pay_for_each": _pay_for_each, "move_together": _move_together, "spend_buff": _spend_buff,
    "attach": _attach, "detach": _detach, "double": _double, "double_might": _double_might, "double_damage": _double_damage, "win_game": _win_game, "replace_object": _replace_object, "reduce_cost": _reduce_cost, "reduce_cost_by": _reduce_cost_by,
    "ignore_cost": _ignore_cost, "take_turn": _take_turn, "choose_named": _choose_named, "choose": _choose,
    "name_one": _name_one, "recall": _recall,
    "swap_might": _swap_might, "increase_might_to": _increase_might_to,
    "increase_might_to_value": _increase_might_to_value, "might_becomes": _might_becomes, "prevent_it": _prevent_it, "use_abilities": _use_abilities, "pay_any_amount": _pay_any_amount, "add_that_much": _add_that_much,
    "increase_victory_score": _increase_victory_score, "prevent_damage": _prevent_damage,
    "activate_effects": _activate_effects, "repeat_effect": _repeat_effect, "copy_text": _copy_text, "state_ends": _state_ends,
    "play": _token_like, "create": _token_like, "add_object": _token_like,
}


_CLAUSES = {"subject_does": _subject_does, "subject_does_if": _subject_does_if, "both_each_do": _both_each_do, "become_copy": _become_copy, "subject_gains": _subject_gains, "subject_may": _subject_may, "subject_may_move_with": _subject_may_move_with, "subject_may_move_route": _subject_may_move_route, "subject_must": _subject_must,
            "instead": _instead, "trailing_if": _trailing_if,
            "trailing_unless": lambda c, node, s: _trailing_if(c, node, s, unless=True),
            "symbol_cost": _symbol_cost, "pay_to_do": _pay_to_do, "pay_to_do_instead_of": _pay_to_do_instead_of, "at_end_of_turn": _at_end_of_turn, "use_only": _use_only, "spend_only": _spend_only, "as_additional_cost": _as_additional_cost, "passive_if": _passive_if,
            "passive_instead": _passive_instead, "passive_while": _passive_while, "passive_during": _passive_during, "passive_even_if": _passive_even_if,
            "passive_unless": _passive_unless}


@cache
def _timing_clauses() -> dict:
    """The clauses of time and replacement ("the next time ...", "... instead"): compiler/timing.py, which
    imports this module, so they are looked up on first use rather than merged at import."""
    from .timing import CLAUSES
    return CLAUSES


# ---- conditions: compiler/conditions.py (they compile the instructions they name, so they import this) ----
from . import conditions as _conditions  # noqa: E402
# the passive statements an instruction can be (compiler/passives.py imports this module)
from . import passives as _passives  # noqa: E402


def condition(compiler, node, scope: Scope) -> fx.Condition:
    """A condition phrase as a typed Condition (compiler.conditions.condition), whichever module loads first."""
    return _conditions.condition(compiler, node, scope)
