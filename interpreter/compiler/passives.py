"""Compile stage, passive statements (363-366): "Other friendly units have +1 [M]", "I enter ready",
"I cost [2] less", "Opponents can only play units to their base", ...

Each statement becomes a ``StaticEffect`` whose ``kind`` names what it does; ``STATIC`` maps the
grammar alias of a passive clause to its handler (``compiler.clauses.instruction`` looks there).
"""
from __future__ import annotations

from .base import replace

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, cost_symbols_of as _cost_symbols, costs_of
from .vocabulary import StaticValue, members
from .clauses import compile_modification, _subject
from .objects import for_each, measure, place, selector


def _holder(node, scope):
    if isinstance(node, n.Phrase) and node.kind == "costs_np":
        return _costs(node)
    if isinstance(node, n.Phrase) and node.kind == "damage_holder":
        # "Your damage can't be prevented": the damage that player (or I) deals, as the holder (437)
        if node.parts[0].text == "your":
            return fx.Selector("all", types=("damage",), controller="you")
        return fx.Selector("all", types=("damage",), filters=(fx.Filter("dealt_by", None, "self"),))
    return _subject(node, scope)


def _costs(node: n.Phrase) -> fx.Selector:
    """"friendly [Repeat] costs", "Optional additional costs you pay": costs of a kind, as the holder of a cost
    change (131; optional additional costs 131.2, a keyword's cost 820.1.c)."""
    for part in node.parts:
        if not (isinstance(part, n.KeywordRef) or isinstance(part, n.Word) and part.text in _COST_WORDS):
            raise CompileError(part.span, "costs are told apart by “optional”, “additional”, “friendly”, “enemy” "
                               "or a keyword", "e.g. “friendly [Repeat] costs”")
    words = [p.text for p in node.parts if isinstance(p, n.Word)]
    relation = next((w for w in words if w in ("friendly", "enemy")), None)
    states = tuple(w for w in words if w in ("optional", "additional"))
    keywords = tuple(p.name for p in node.parts if isinstance(p, n.KeywordRef))
    paid = (fx.Filter("paid_by", "==", "you"),) if "you pay" in words else ()
    return fx.Selector("all", types=("cost",), relation=relation, states=states, keywords_with=keywords, filters=paid)


_COST_WORDS = ("optional", "additional", "friendly", "enemy", "you pay")


def _has_modification(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    mods = node.parts[1]
    floor = mods.parts[-1] if mods.parts[-1].kind == "might_minimum" else None   # ", to a minimum of 1 [M]"
    modifications = tuple(compile_modification(compiler, m, scope) for m in mods.parts if m is not floor)
    where = next((place(p) for p in node.parts if isinstance(p, n.Place)), None)
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    per = for_each(next((p for p in node.parts[2:] if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None), scope)
    value = f"minimum_{floor.parts[0]}" if floor is not None else None
    return fx.StaticEffect(node.span, ("364",), "modify", holder, modifications, where, duration, per, value)


def _might_increased_by(compiler, node, scope):
    if node.kind == "might_increased_by_points":
        measured = fx.Measure("count", fx.Selector("all", types=("point",), controller="you"))
    else:
        measured = measure(node.parts[-1], scope)
    holder = fx.Selector("the", reference="self")
    return fx.StaticEffect(node.span, ("364",), "modify", holder, (fx.Modification("might", measure=measured),),
                           value="increased_by")


def _enters_state(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    words = [p.text for p in node.parts[1:] if isinstance(p, n.Word)]
    duration = words[1] if len(words) > 1 else None
    return fx.StaticEffect(node.span, ("184.1",), "enter", holder, value=words[0], duration=duration)


def _enters_at(compiler, node, scope):
    """"I enter there": a replacement of where the permanent enters (369.3)."""
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("369.3",), "enter", holder, place=place(node.parts[-1]))


def _cannot_be_chosen(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "cannot_be_chosen", holder, by=selector(node.parts[1], scope))


def _move_permission(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "move_permission", holder, place=place(node.parts[1]),
                           value="anywhere")


def move_permission_from(compiler, node, scope):
    """"I may move to a battlefield from another battlefield with a standard move" (810.1.b): a route the
    holder's standard move gains (144.4), from one kind of place to another; it adds options only (810.1.c.1)."""
    holder = _holder(node.parts[0], scope)
    to, frm = (place(p) for p in node.parts if isinstance(p, n.Place))
    standard = any(isinstance(p, n.Phrase) and p.kind == "standard_move" for p in node.parts)
    rules = ("364", "144.4") if standard else ("364",)
    return fx.StaticEffect(node.span, rules, "move_permission", holder, place=to, value=f"from_{frm.kind}")


def _play_permission(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "play_permission", holder, place=place(node.parts[-1]))


def _keyword_verb_to(compiler, node, scope):
    """"I can [Ambush] to a battlefield where there are enemy units": a keyword as a verb means "play with the
    permissions of the keyword" (822.1.d), to that place: a play permission that names the keyword."""
    holder, keyword, where = node.parts
    granted = fx.Modification("keyword", keyword=compiler.keyword(keyword))
    return fx.StaticEffect(node.span, ("364", "822.1.d"), "play_permission", holder=_holder(holder, scope),
                           modifications=(granted,), place=place(where))


def _keyword_verb_only_when(compiler, node, scope):
    """"Opponents can only [Ambush] at any time they could play cards with [Action]": the holders may play with the
    keyword's permissions (822.1.d) only when a player could play the objects named (``by``: their timing, 806):
    "they", the holders (value None), or "you" (value "you", "Friendly units can only ... you could play ...")."""
    holder_node, keyword, who, cards = node.parts
    if who.pronoun not in ("they", "you") or who.posts:
        raise CompileError(who.span, "“they” or “you” could play",
                           "as in “Opponents can only [Ambush] at any time they could play cards with [Action]”")
    granted = fx.Modification("keyword", keyword=compiler.keyword(keyword))
    return fx.StaticEffect(node.span, ("364", "822.1.d"), "play_only_when", _holder(holder_node, scope),
                           modifications=(granted,), by=selector(cards, scope),
                           value="you" if who.pronoun == "you" else None)


def _cannot_be_played(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "cannot_be_played", holder, place=place(node.parts[-1]))


def _might_increased_to(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    where = next((place(p) for p in node.parts if isinstance(p, n.Place)), None)
    return fx.StaticEffect(node.span, ("364",), "modify", holder, (fx.Modification("might_to", amount=node.part(int)),),
                           where)


def _chosen_domain_grant(compiler, node, scope):
    """"Friendly units are that domain": the holders' domain becomes the one picked before ("pick a domain"), a
    characteristic (477.1); the layer engine does not apply it yet, and says so (passive_support)."""
    return fx.StaticEffect(node.span, ("364", "477.1"), "modify", _holder(node.parts[0], scope),
                           (fx.Modification("chosen_domain"),))


def _tag_grant(compiler, node, scope):
    """"Other friendly units are Yordles": the holders gain a tag (a trait, 477.1)."""
    from .objects import _tag
    holder = _holder(node.parts[0], scope)
    tag = _tag(node.parts[-1].text)
    return fx.StaticEffect(node.span, ("364", "477.1"), "modify", holder, (fx.Modification("tag", keyword=None),),
                           value=tag)


def _bonus_damage(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    amount = node.part(int)
    targets = [p for p in node.parts[1:] if isinstance(p, n.NounPhrase)]   # "to <np>", after the holder ("I" too)
    target = targets[-1] if targets else None
    per = next((p for p in node.parts if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None)
    additional = "additional" if any(isinstance(p, n.Word) and p.text == "additional" for p in node.parts) else None
    return fx.StaticEffect(node.span, ("364",), "bonus_damage", holder, (fx.Modification("damage", amount=amount),),
                           by=selector(target, scope) if target is not None else None,
                           per=for_each(per, scope), value=additional)


def _assigned_damage(compiler, node, scope):
    """"I must be assigned combat damage first" (465.2.c.6); of lethal damage, "lethal_first" (465.2.c.3)."""
    holder = _holder(node.parts[0], scope)
    kind, order = node.parts[-2], node.parts[-1].text
    return fx.StaticEffect(node.span, ("364",), "assigned_damage", holder,
                           value=_assignment(kind, order if kind.text.lower() == "combat" else f"{kind.text.lower()}_{order}"))


def _assigned_damage_relative(compiler, node, scope):
    """"I must be assigned lethal damage before any other unit ... that does not have [Tank]": the holder is
    assigned (lethal) damage before or after the units named (465.2.c.2-3; Tank 815.1.b, Backline 826.3)."""
    holder = _holder(node.parts[0], scope)
    kind, order, others = node.parts[-3], node.parts[-2].text, node.parts[-1]
    return fx.StaticEffect(node.span, ("364", "465.2.c.3"), "assigned_damage", holder,
                           value=_assignment(kind, f"{kind.text.lower()}_{order}"), by=selector(others, scope))


def _assignment(kind: n.Word, value: str) -> str:
    """The order of assignment ``value`` ("lethal_first"), when the effects know it: a kind of damage of the
    lexicon that no order of assignment (465.2.c) is known for does not compile."""
    if value not in members(StaticValue):
        raise CompileError(kind.span, f"an order of assigning “{kind.text} damage” is not read yet",
                           "write “combat damage” or “lethal damage” (465.2.c)")
    return value


def _no_combat_damage(compiler, node, scope):
    return fx.StaticEffect(node.span, ("364",), "no_combat_damage", _holder(node.parts[0], scope))


def _cannot_score(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "cannot_score", holder)


def _cannot_gain_points(compiler, node, scope):
    """"Opponents can't gain points": no point from any source (194.1), where "can't score" forbids only the
    points of Scoring (468: conquering and holding)."""
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364", "194.1"), "cannot_score", holder, value="any_gain")


def _cannot_play(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    return fx.StaticEffect(node.span, ("364",), "cannot_play", holder, by=selector(node.parts[1], scope),
                           duration=duration)


def _cannot_move_to(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "cannot_move", holder, place=place(node.parts[1]))


def _cannot_move_from_here_to(compiler, node, scope):
    """"Units can't move from here to base": a move out of this place to that one is not allowed (364)."""
    return replace(_cannot_move_to(compiler, node, scope), value="from_here")


def _cost_change(compiler, node, scope):
    holder = _holder(node.parts[0], scope)
    symbols = _cost_symbols(node)
    direction = next(p.text for p in node.parts if isinstance(p, n.Word) and p.text in ("less", "more"))
    per = for_each(next((p for p in node.parts if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None), scope)
    # "... cost [1] more to play this turn": a change that lasts as long as the duration says
    duration = next((p.text for p in node.parts if isinstance(p, n.Word) and p.text not in ("less", "more")), None)
    rules = ("131", "356.4.c") if holder.types == ("cost",) else ("131",)
    return fx.StaticEffect(node.span, rules, "cost_change", holder, per=per, value=direction, duration=duration,
                           cost=costs_of(symbols), minimum=_cost_floor(node))


def _cost_change_either(compiler, node, scope):
    """"Your spells that choose me cost [1] or [A] less": one of the two symbols less, the payer's pick (131)."""
    holder = _holder(node.parts[0], scope)
    first, second = [p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "cost_symbols"]
    direction = next(p.text for p in node.parts if isinstance(p, n.Word) and p.text in ("less", "more"))
    rules = ("131", "356.4.c") if holder.types == ("cost",) else ("131",)    # a discount to a component of a cost
    return fx.StaticEffect(node.span, rules, "cost_change", holder, value=f"{direction}_either",
                           cost=costs_of(first) + costs_of(second))


def _cost_reduced(compiler, node, scope):
    """"The Energy costs for spells you play is reduced by [1]": the same as "spells you play cost [1] less"."""
    symbols = _cost_symbols(node)
    per = for_each(next((p for p in node.parts if isinstance(p, n.Phrase) and p.kind.startswith("for_each")), None), scope)
    return fx.StaticEffect(node.span, ("131",), "cost_change", _costs_of_whom(node.parts[0], scope), value="less",
                           per=per, cost=costs_of(symbols), minimum=_cost_floor(node))


def _cost_floor(node) -> tuple:
    floor = next((p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "cost_floor"), None)
    return costs_of(floor.part(n.Phrase)) if floor is not None else ()


def _cost_change_elsewhere(compiler, node, scope):
    """"I cost [2] less to play from anywhere other than your hand" (131)."""
    holder = _holder(node.parts[0], scope)
    symbols = _cost_symbols(node)
    return fx.StaticEffect(node.span, ("131",), "cost_change", holder, place=place(node.parts[-1]),
                           value="less_from_elsewhere", cost=costs_of(symbols))


def _tag_grant_one(compiler, node, scope):
    """"I am a Mech": one holder gains a tag, as "Other friendly units are Yordles" does (477.1).
    Tags are capitalised (143.1); "it is a copy" is no tag."""
    word = node.parts[-1]
    if not word.text[:1].isupper():
        raise CompileError(word.span, f"“{word.text}” is not a tag", "a tag is a capitalised word such as Mech")
    return _tag_grant(compiler, node, scope)


def _no_damage(compiler, node, scope):
    """"I don't take damage": damage to the holder is not dealt (364)."""
    return fx.StaticEffect(node.span, ("364",), "no_damage", _holder(node.parts[0], scope))


def _exempt_this_way(compiler, node, scope):
    """"If you paid my additional cost, you don't kill a unit this way": the player is left out of the linked
    instruction before (359.3.e.14). An action of its own ("exempt", the verb kept as its first option) that
    the runtime does not know, so it is never run as the kill it names."""
    who = _holder(node.parts[0], scope)
    from .clauses import instruction
    done = instruction(compiler, node.parts[1], scope)
    if not isinstance(done, fx.GameAction) or done.subject is not None:
        raise CompileError(node.parts[1].span, "only a game action can be left out “this way”",
                           "an action such as “you don't kill a unit this way”")
    return replace(done, span=node.span, rules=done.rules + ("359.3.e.14",), action="exempt", subject=who,
                   options=(done.action,) + done.options)


def _buff_limit_lifted(compiler, node, scope):
    """"I can have any number of buffs": the one-buff limit of 702.3 does not apply to the holder."""
    return fx.StaticEffect(node.span, ("364", "702.3"), "buff_limit", _holder(node.parts[0], scope), value="any")


def _play_only_to(compiler, node, scope):
    """"Opponents can only play units to their base": a play of those objects elsewhere is not allowed (364)."""
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364",), "play_only_to", holder, place=place(node.parts[-1]),
                           by=selector(node.parts[1], scope))


def _self_play_only_to(compiler, node, scope):
    """"Play me only to a battlefield ...": a passive that works wherever the card can be played from (366.1)."""
    return fx.StaticEffect(node.span, ("366.1",), "play_only_to", fx.Selector("the", reference="self"),
                           place=place(node.parts[-1]))


def _self_play_only_during(compiler, node, scope):
    """"Play me only during an opponent's turn": a limit on when the card is played, wherever it is played from
    (366.1); the time is the part of the game "during" names."""
    during = node.parts[-1].text.removeprefix("during ")
    return fx.StaticEffect(node.span, ("366.1",), "play_only_during", fx.Selector("the", reference="self"),
                           value=during)


def _timing_permission(compiler, node, scope):
    """"This can be played during showdowns on any player's turn": a permission to play (or activate) the holder at
    a time its type does not allow, on any player's turn (the timing of [Action] 806 and [Reaction] 813, 307)."""
    holder, act, during = node.parts
    kind = "may_be_played_during" if act.text == "played" else "may_be_activated_during"
    return fx.StaticEffect(node.span, ("364", "307"), kind, _holder(holder, scope), value=during.text.removeprefix("during "))


def _cannot_be_revealed(compiler, node, scope):
    """"Your opponents' [Hidden] cards can't be revealed here" (364)."""
    where = next((place(p) for p in node.parts if isinstance(p, n.Place)), None)
    return fx.StaticEffect(node.span, ("364",), "cannot_be_revealed", _holder(node.parts[0], scope), place=where)


def _cannot_be_acted(compiler, node, scope):
    """"I can't be readied": that game action is never done to the holders, whatever asks for it (364, 415);
    "... by enemy spells": only when those ask for it; "... this turn": for that time."""
    holder_node, done, *rest = node.parts
    word = done.text
    by = next((selector(p, scope) for p in rest if isinstance(p, n.NounPhrase)), None)
    duration = next((p.text for p in rest if isinstance(p, n.Word)), None)
    if word in fx.PARTICIPLE_ACTIONS:
        action = fx.PARTICIPLE_ACTIONS[word]
    else:                                          # "I can't be countered": an action of the lexicon
        from .lexicon_actions import participle_action
        action = participle_action(compiler, word)
    return fx.StaticEffect(node.span, ("364", *compiler.action_rule(action)), "cannot_be", _holder(holder_node, scope),
                           value=action, by=by, duration=duration)


def _any_damage_kills(compiler, node, scope):
    """"Any amount of your damage is enough to kill enemy units": for those units, any damage marked by that
    player (or by me) is lethal (142.4.c)."""
    owner, np = node.parts
    by = fx.Selector("the", reference="you" if owner.text == "your" else "self")
    return fx.StaticEffect(node.span, ("364", "142.4.c"), "lethal_any_damage", selector(np, scope), by=by)


def _extra_trigger(compiler, node, scope):
    """"Your [Deathknell] effects trigger an additional time" (383: each trigger puts one more ability on the chain;
    808.1.b.1 names the effect of a Deathknell)."""
    which, *scored = node.parts
    holder, named = _effects_of(which)
    if scored:      # "Your hold effects for holding here": only the hold effects of scoring my battlefield (383.4.d)
        way = scored[0].parts[0].text
        if _SCORE_EFFECTS.get(way) != named.get("value"):
            raise CompileError(scored[0].span, f"“for {way} here” names another score than these effects",
                               f"e.g. “Your {_SCORE_EFFECTS[way]} effects for {way} here ...”")
        return fx.StaticEffect(node.span, ("383", "383.4.c", "383.4.d"), "extra_trigger", holder,
                               place=fx.Place("here"), **named)
    return fx.StaticEffect(node.span, ("383", "808.1.b.1"), "extra_trigger", holder, **named)


_SCORE_EFFECTS = {"holding": "hold", "conquering": "conquer"}


def _effects_of(which: n.Phrase) -> tuple[fx.Selector, dict]:
    """"Your [Deathknell] effects", "my hold effects" -> (whose: you or me, the fields naming which effects: the
    keyword of a keyword's effects, 808.1.b.1, or the event word of an event's, "hold")."""
    kind = which.parts[-1]
    if which.kind not in ("your_effects", "my_effects"):
        raise CompileError(which.span, "whose effects: “your” or “my”", "e.g. “Your [Deathknell] effects ...”")
    named = {"keyword": kind.name} if isinstance(kind, n.KeywordRef) else {"value": kind.text}
    return fx.Selector("the", reference="you" if which.kind == "your_effects" else "self"), named


def _no_trigger(compiler, node, scope):
    """"Your [Temporary] effects at my battlefield don't trigger": those triggered abilities of the holder's
    permanents there do not trigger (383; Temporary is one, 816.1)."""
    which, *where = node.parts
    holder, named = _effects_of(which)
    return fx.StaticEffect(node.span, ("364", "383"), "no_trigger", holder,
                           place=place(where[0]) if where else None, **named)


def _effects_also(compiler, node, scope):
    """"My hold effects are also conquer effects, and vice versa": abilities that trigger on one event also
    trigger on the other (383)."""
    holder, named = _effects_of(node.parts[0])
    both = any(isinstance(p, n.Word) and "vice" in p.text for p in node.parts[2:])
    return fx.StaticEffect(node.span, ("364", "383"), "effects_also", holder, also=node.parts[1].text.lower(),
                           vice_versa=both, **named)


def _equipment_gives(compiler, node, scope):
    """"Your Equipment each give [Assault]": each holder gives the unit it is attached to these (716, 137)."""
    holder = _holder(node.parts[0], scope)
    modifications = tuple(compile_modification(compiler, m, scope) for m in node.parts[1].parts)
    return fx.StaticEffect(node.span, ("364",), "attached_gets", holder, modifications)


def _has_unless_already(compiler, node, scope):
    """"Friendly buffed units have [Deflect] if they didn't already": holders that have it gain nothing more."""
    plain = replace(node, parts=tuple(p for p in node.parts if not isinstance(p, n.Word)))
    return replace(_has_modification(compiler, plain, scope), value="unless_already")


def _cannot_act(compiler, node, scope):
    """"Spells and abilities can't ready enemy units", "They can't move it this turn": that action on those
    objects is not done (364), for the time given if any."""
    holder = _holder(node.parts[0], scope)
    duration = node.parts[3].text if len(node.parts) > 3 else None
    return fx.StaticEffect(node.span, ("364",), "cannot_act", holder, value=node.parts[1].text,
                           by=selector(node.parts[2], scope), duration=duration)


def _adds_additional(compiler, node, scope):
    """"Your Gold [Add] an additional [1]": each time the holders add resources, they add these too (429)."""
    holder = _holder(node.parts[0], scope)
    return fx.StaticEffect(node.span, ("364", "429"), "adds_additional", holder, cost=costs_of(_cost_symbols(node)))


def _hide_ignoring_costs(compiler, node, scope):
    """"You can hide cards ignoring costs this turn": hiding those cards costs nothing (364; hiding is 421). The verb
    is any action of the lexicon to the grammar; only hiding is read so."""
    from .lexicon_actions import action_of
    verb, hidden = node.parts[1], node.parts[2]
    if action_of(compiler, verb).name != "hide":
        raise CompileError(verb.span, f"“can {verb.text} ... ignoring costs” is not read yet",
                           "only hiding ignoring costs is read: “You can hide cards ignoring costs this turn”")
    holder = _holder(node.parts[0], scope)
    duration = next((p.text for p in node.parts[3:] if isinstance(p, n.Word)), None)
    return fx.StaticEffect(node.span, ("364", "421"), "hide_permission", holder, by=selector(hidden, scope),
                           value="ignoring_costs", duration=duration)


def _look_permission(compiler, node, scope):
    """"You can look at their facedown cards this turn": the holders may read those private cards (128.4, 129.4)
    while the effect lasts (364)."""
    holder = _holder(node.parts[0], scope)
    duration = next((p.text for p in node.parts if isinstance(p, n.Word)), None)
    return fx.StaticEffect(node.span, ("364", "128.4"), "look_permission", holder, by=selector(node.parts[1], scope),
                           duration=duration)


def _hide_additional(compiler, node, scope):
    """"You may hide an additional card here": the holders may hide one more card at that place than the
    one a battlefield's facedown zone allows (364; 811.1.b: only where no card is hidden yet; hiding is 421).
    The place stays on the object, as the grammar reads it ("card here")."""
    holder, hidden = _holder(node.parts[0], scope), selector(node.parts[-1], scope)
    return fx.StaticEffect(node.span, ("364", "421", "811.1.b"), "hide_permission", holder,
                           by=replace(hidden, quantity="one"), value="additional")


def _double_might_bonus(compiler, node, scope):
    """"Each Equipment attached to me gives double its base Might bonus" (137.3: the bonus it gives, twice)."""
    return fx.StaticEffect(node.span, ("364", "137.3"), "might_bonus", _holder(node.parts[0], scope), value="double")


def _cannot_score_until(compiler, node, scope):
    """"Players can't score here until their third turn" (364; scoring is rule 467)."""
    holder = _holder(node.parts[0], scope)
    ordinal = node.parts[-1].text
    return fx.StaticEffect(node.span, ("364", "467"), "cannot_score", holder, place=place(node.parts[1]),
                           value=f"until_{ordinal}_turn")


def _buffs_give(compiler, node, scope):
    """"Buffs give an additional +1 [M] to friendly units this turn": each buff gives it to the unit it is
    on (703: each buff already gives +1 [M]; this comes on top)."""
    giver, rest, value = fx.Selector("all", types=("buff",)), node.parts, None
    modifications = tuple(compile_modification(compiler, m, scope) for m in rest[0].parts)
    to = next((selector(p, scope) for p in rest[1:] if isinstance(p, n.NounPhrase)), None)
    duration = next((p.text for p in rest[1:] if isinstance(p, n.Word)), None)
    return fx.StaticEffect(node.span, ("364",), "give", giver, modifications, duration=duration, value=value, by=to)


def _cost_reduced_by(compiler, node, scope):
    """"This spell's Energy cost is reduced by the highest Might among units you control": a reduction by a
    number read from the game when the cost is determined (131)."""
    reduction = fx.Modification("energy_cost", measure=measure(node.parts[-1], scope))
    return fx.StaticEffect(node.span, ("131",), "cost_change", _costs_of_whom(node.parts[0], scope), (reduction,),
                           value="reduced_by")


def _costs_of_whom(node, scope) -> fx.Selector:
    """Whose Energy costs change: "this spell's" is the card itself."""
    if isinstance(node, n.Phrase) and node.kind == "this_spell":
        return fx.Selector("the", reference="self")
    if isinstance(node, n.Phrase) and node.kind == "this_ability":     # the ability of the line it is on
        return fx.Selector("the", types=("ability",), reference="this")
    return _holder(node, scope)


STATIC = {"move_permission_from": move_permission_from, "has_modification": _has_modification, "buffs_give": _buffs_give, "cost_reduced_by": _cost_reduced_by, "tag_grant_one": _tag_grant_one, "no_damage": _no_damage, "exempt_this_way": _exempt_this_way,
           "buff_limit_lifted": _buff_limit_lifted, "play_only_to": _play_only_to,
           "self_play_only_to": _self_play_only_to,
           "self_play_only_during": _self_play_only_during, "timing_permission": _timing_permission, "cannot_be_revealed": _cannot_be_revealed, "cannot_be_acted": _cannot_be_acted, "any_damage_kills": _any_damage_kills,
           "extra_trigger": _extra_trigger, "no_trigger": _no_trigger, "has_unless_already": _has_unless_already,
           "cannot_score_until": _cannot_score_until, "cannot_act": _cannot_act, "double_might_bonus": _double_might_bonus, "hide_ignoring_costs": _hide_ignoring_costs, "look_permission": _look_permission, "hide_additional": _hide_additional, "cost_change_either": _cost_change_either,
           "effects_also": _effects_also, "equipment_gives": _equipment_gives, "adds_additional": _adds_additional, "cost_change_elsewhere": _cost_change_elsewhere, "might_increased_by": _might_increased_by,
           "might_increased_by_points": _might_increased_by, "enters_state": _enters_state, "enters_at": _enters_at,
           "cannot_be_chosen": _cannot_be_chosen, "move_permission": _move_permission,
           "can_be_played_to": _play_permission, "keyword_verb_to": _keyword_verb_to, "keyword_verb_only_when": _keyword_verb_only_when, "cannot_be_played": _cannot_be_played,
           "cannot_score": _cannot_score, "cannot_gain_points": _cannot_gain_points, "cannot_play": _cannot_play, "assigned_damage": _assigned_damage, "assigned_damage_relative": _assigned_damage_relative, "bonus_damage": _bonus_damage,
           "might_increased_to": _might_increased_to, "tag_grant": _tag_grant, "chosen_domain_grant": _chosen_domain_grant,
           "no_combat_damage": _no_combat_damage,
           "cannot_move_to": _cannot_move_to, "cost_change": _cost_change, "cost_reduced": _cost_reduced,
           "cannot_move_from_here_to": _cannot_move_from_here_to}
