"""Compile stage, triggers (382-392): "When ...", "At the start of ...", "The first time ...".

A trigger event names who acts (I, you, a selector), the event verb, what it is done to,
and where; "or"/"and" alternatives become further triggers of the same ability.
"""
from __future__ import annotations

from .base import replace

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError
from .objects import Scope, place, selector
from .vocabulary import TriggerPlace, members

_VERB_FORMS = {"plays": "play", "attacks": "attack", "defends": "defend", "conquers": "conquer", "holds": "hold",
               "moves": "move", "dies": "die", "scores": "score", "wins": "win", "becomes": "become",
               "takes": "take", "leaves": "leave", "begins": "begin", "chooses": "choose", "exhausts": "exhaust",
               "banishes": "banish", "kills": "kill", "stuns": "stun", "readies": "ready", "buffs": "buff",
               "discards": "discard", "draws": "draw", "recycles": "recycle", "[stun]": "stun", "[buff]": "buff",
               "look at": "look", "looks at": "look"}
_TAILS = {"event_alone": "alone", "event_in_combat": "in_combat", "event_this_turn": "this_turn",
          "event_opponent_turn": "opponents_turn", "event_your_turn": "your_turn", "event_from_facedown": "from_facedown",
          "event_one_on_one": "one_on_one", "event_after_attack": "after_attack", "event_damage": "damage",
          "event_played": "played", "event_discarded": "discarded", "event_killed": "killed",
          # passive events of other objects ("When a friendly unit is readied"): 382.1 names any event;
          # "is stunned" and "is buffed" come as one token, made into these tails by _core
          "event_readied": "readied", "event_banished": "banished", "event_recalled": "recalled",
          "event_stunned": "stunned", "event_buffed": "buffed",
          "event_first_each_turn": "first_each_turn",
          "event_the_board": "the_board"}


def trigger(compiler, node: n.Phrase, scope: Scope):
    """(first trigger, further triggers, limit) of a trigger phrase."""
    kind = node.kind
    if kind == "when":
        conditions = [p for p in node.parts[1:] if p.kind == "event_while"]
        first, *also = _event(node.parts[0], scope, compiler, conditions)
        if any(p.kind == "event_see_me" for p in node.parts[1:]):
            # "When you look at cards from the top of your deck and see me": I'm among the cards looked at
            first = replace(first, qualifiers=first.qualifiers + ("sees_me",))
        if any(p.kind == "event_each_turn" for p in node.parts[1:]):
            # "When you draw your second card each turn": the ordinal counts within each turn
            first = replace(first, qualifiers=first.qualifiers + ("each_turn",))
        if "first_each_turn" in first.qualifiers:   # "When ... for the first time each turn" (383.1.b)
            first = replace(first, qualifiers=tuple(q for q in first.qualifiers if q != "first_each_turn"))
            return first, tuple(also), "first"
        return first, tuple(also), None
    if kind in ("once_each_turn_when", "once_each_turn_if"):
        first, *also = _event(node.parts[0], scope, compiler, node.parts[1:])
        if kind == "once_each_turn_if" and not first.replaces:
            raise CompileError(node.span, "“Once each turn, if ...” needs an event that “would” happen (371.1)",
                               "e.g. “Once each turn, if you would play a token unit, ...”")
        return first, tuple(also), "once_each_turn"
    if kind == "nth_time":
        # "The first time a friendly unit attacks or defends each turn": every event listed counts
        first, *also = _nth_time_events(node, scope)
        return first, tuple(also), node.parts[0].text
    first = time_trigger(node)
    if first.subject == "each_player":
        scope.remember(fx.Selector("each", types=("player",)))   # "each player's ... Phase, that player ..."
    return first, (), None


def remember_named(first: fx.Trigger, scope: Scope) -> None:
    """What the trigger condition named is what the effects may refer back to (383.1): the object of the
    event first, then who did it, so "it" finds the unit in "When an enemy unit attacks a battlefield"."""
    for named in (first.object, first.actor):
        if named is not None and named.reference is None and named not in scope.history:
            scope.remember(named)


def nth_time(compiler, node: n.Phrase, scope: Scope) -> fx.Trigger:
    """"The first/next time <event> [this turn]": the event, marked when limited to this turn."""
    first, *also = _nth_time_events(node, scope)
    if also:       # a delayed trigger holds one event (390.2): refused rather than keeping only the first
        raise CompileError(node.span, "“the first/next time” with more than one event is not supported here yet",
                           "e.g. “the next time I attack this turn”")
    return first


def _nth_time_events(node: n.Phrase, scope: Scope) -> list[fx.Trigger]:
    """The events of "The first/next time ...", the first marked when the count is limited to this turn."""
    ordinal, event, *period = node.parts
    first, *also = _event(event, scope)
    if period and isinstance(period[0], n.Word) and period[0].text == "this_turn":
        first = replace(first, qualifiers=first.qualifiers + ("this_turn",))
    return [first, *also]


def time_trigger(node: n.Phrase) -> fx.Trigger:
    """"at the start of your next Main Phase" as a trigger of that time: a trigger's own time, one of its events,
    or the time a delayed trigger waits for (390.2)."""
    point, owner, phase = node.parts
    whose = {"turn_yours": "you", "turn_each_players": "each_player", "turn_your_next": "you_next"}[owner.kind]
    qualifiers = ("first",) if any(isinstance(p, n.Word) and p.text == "first" for p in owner.parts) else ()
    return fx.Trigger(f"{point.text}_of_{phase.text.replace(' ', '_')}", whose, qualifiers=qualifiers)


def event_triggers(node: n.Phrase, scope: Scope, compiler=None, conditions=()) -> list[fx.Trigger]:
    """The triggers of an event phrase: the first, then its "or"/"and" alternatives; ``conditions`` holds
    the "while ..." phrase said after them, if any."""
    return _event(node, scope, compiler, conditions)


def _event(node: n.Phrase, scope: Scope, compiler=None, conditions=()) -> list[fx.Trigger]:
    core, *alternatives = _shared_tails(*node.parts)
    condition = _while(compiler, conditions[0], scope) if conditions else None
    triggers = _core_events(core, scope)
    for alternative in alternatives:
        triggers.append(_alternative(alternative, triggers[0], scope))
    triggers[0] = _shared_object(core, triggers[0], alternatives, triggers[1:])
    return [replace(t, condition=condition) for t in triggers] if condition else triggers


def _shared_tails(core: n.Phrase, *alternatives: n.Phrase) -> tuple:
    """"When a unit attacks or defends alone", "When I attack or defend one on one": what follows the last of
    coordinated bare verbs is said of each of them (a modifier shared by the verbs of a coordination, 383.1: the
    ability triggers on each event as described). Verbs that carry words of their own keep them as written."""
    if not alternatives or core.kind != "event_action" or len(core.parts) != 2 \
            or any(a.kind != "alt_verb" for a in alternatives) or any(len(a.parts) != 1 for a in alternatives[:-1]):
        return (core, *alternatives)
    shared = alternatives[-1].parts[1:]
    if not shared:
        return (core, *alternatives)
    bare = tuple(replace(a, parts=a.parts + shared) for a in alternatives[:-1])
    return (replace(core, parts=core.parts + shared), *bare, alternatives[-1])
_OWN_ALTERNATIVES = ("alt_event", "alt_me_passive", "alt_time", "alt_object")


def _shared_object(core: n.Phrase, first: fx.Trigger, alternatives, others) -> fx.Trigger:
    """"When you choose or ready me": two verbs joined by "or" before one object share it (the object of the
    last verb is the object of each, as in "play or discard a card"); the first verb is left bare only then."""
    bare = core.kind == "event_action" and len(core.parts) == 2 and first.object is None
    if not bare or not alternatives or alternatives[-1].kind in _OWN_ALTERNATIVES:
        return first
    shared = others[-1].object
    return replace(first, object=shared) if shared is not None else first


def _while(compiler, node: n.Phrase, scope: Scope) -> fx.Condition:
    """"... while I'm at a battlefield": a condition that is part of the trigger condition, true when the event
    happens (383.2.a.1), for every event of the trigger."""
    return compiler.condition(node.parts[0], scope)


def _core_events(core: n.Phrase, scope: Scope) -> list[fx.Trigger]:
    """The triggers of an event core: one, or one a subject ("you or an ally hold") or a participle
    ("this is played, discarded, or killed"), each the same event otherwise (383.1)."""
    if core.kind == "event_either":
        first, second, *rest = core.parts
        return [_core(n.Phrase(core.span, "event_action", (subject, *rest)), scope) for subject in (first, second)]
    listed = next((p for p in core.parts if isinstance(p, n.Phrase) and p.kind == "event_participles"), None)
    if listed is None:
        return [_core(core, scope)]
    triggers = []
    for word in listed.parts:
        single = n.Phrase(listed.span, f"event_{word.text}", ())
        parts = tuple(single if p is listed else p for p in core.parts)
        triggers.append(_core(replace(core, parts=parts), scope))
    return triggers


def _lexicon_verb(word: str) -> str:
    """The action a verb of the lexicon names ("burns" -> burn); other verbs stay as written."""
    from interpreter.language.lexicon import active_lexicon
    action = active_lexicon().action_of(word)
    return action.name if action is not None else word


def _core(core: n.Phrase, scope: Scope) -> fx.Trigger:
    if core.kind == "event_would":
        subject_node, verb, *rest = core.parts
        subject, actor = _subject(subject_node, scope)
        base = fx.Trigger(_VERB_FORMS.get(verb.text, verb.text), subject, actor=actor, qualifiers=("would",))
        return _with_tails(base, rest, scope)
    if core.kind == "event_would_be":
        # "that unit would be dealt damage": the unit is what the event is done to (417)
        subject_node, participle, *rest = core.parts
        subject, actor = _subject(subject_node, scope)
        base = fx.Trigger("be_" + participle.text, subject, actor=actor, qualifiers=("would",))
        return _with_tails(base, rest, scope)
    if core.kind == "event_passive":
        subject_node, done, *rest = core.parts
        return _passive(done, *_subject(subject_node, scope), rest, scope)
    if core.kind == "event_me_passive":
        done, *rest = core.parts
        return _passive(done, "self", None, rest, scope, me=True)
    if core.kind == "event_would_be_dealt_damage":   # "that unit would be dealt damage" (437: what Prevent answers)
        subject_node, *rest = core.parts
        subject, actor = _subject(subject_node, scope)
        return _with_tails(fx.Trigger("dealt_damage", subject, actor=actor, qualifiers=("would",)), rest, scope)
    if core.kind == "event_use_ability":   # "you use an activated ability of a gear": as it resolves (377.2.a)
        subject_node, source, *rest = core.parts
        subject, actor = _subject(subject_node, scope)
        base = fx.Trigger("activate", subject, actor=actor, object=selector(source, scope))
        return _with_tails(base, rest, scope)
    subject_node, verb, *rest = core.parts
    subject, actor = _subject(subject_node, scope)
    base = fx.Trigger(_VERB_FORMS.get(verb.text) or _lexicon_verb(verb.text), subject, actor=actor)
    return _with_tails(base, rest, scope)


def _passive(done: n.Phrase, subject, actor, rest, scope: Scope, me: bool = False) -> fx.Trigger:
    """"a friendly unit is stunned", "I'm chosen by a spell", "I'm dealt damage": the event of an action done to
    the subject (382.1 names any event). It is the event "is" with the participle as its qualifier, as the rules
    word it; "I'm played" is my play (419.4.a) and "... is dealt damage" the event of dealing damage (417)."""
    if done.kind == "done_dealt_damage":
        return _with_tails(fx.Trigger("dealt_damage", subject, actor=actor), rest, scope)
    if done.kind == "done_returned":       # "a unit here is returned to a player's hand": the tail of that name
        return _with_tails(fx.Trigger("is", subject, actor=actor), (replace(done, kind="event_returned"), *rest), scope)
    word = done.parts[0].text if isinstance(done, n.Phrase) and done.kind == "done_by" else done.kind[6:]
    by = done.part(n.NounPhrase) if done.kind == "done_by" else None
    if word == "played" and me:
        base = fx.Trigger("play", "self")
    else:
        base = fx.Trigger("is", subject, actor=actor, qualifiers=(word,),
                          by=selector(by, scope) if by is not None else None)
    return _with_tails(base, rest, scope)


def self_events(node: n.Phrase, scope: Scope) -> list[fx.Trigger]:
    """"I'm revealed from your deck", "you look at or reveal me from the top of your deck" after "As": events
    about me, marked "as" (370.1.b.1); each verb of a list is one event. "As this is attached to a unit": the
    attach (716), marked "as"."""
    if node.kind == "self_attached":
        attached_to = selector(node.parts[0], scope)
        scope.remember(attached_to)
        return [fx.Trigger("attach", "self", object=attached_to, qualifiers=("as",))]
    if node.kind == "you_see_me":
        verbs = [p for p in node.parts if isinstance(p, n.Word)]
        tails = [p for p in node.parts if not isinstance(p, n.Word)]
        return [_with_tails(fx.Trigger(_SEEING[v.text], "self", qualifiers=("as", "by_you")), tails, scope)
                for v in verbs]
    participle, *tails = node.parts
    verb = fx.PARTICIPLE_ACTIONS[participle.text]
    return [_with_tails(fx.Trigger(verb, "self", qualifiers=("as",)), tails, scope)]


_SEEING = {"look at": "look", "reveal": "reveal"}


def _subject(node, scope):
    if isinstance(node, n.Phrase) and node.kind == "subject_me":
        return "self", None
    chosen = selector(node, scope)
    if chosen.reference == "you":
        return "you", None
    return "other", chosen


def _with_tails(base: fx.Trigger, parts, scope: Scope) -> fx.Trigger:
    for part in parts:
        if isinstance(part, n.NounPhrase):
            chosen = selector(part, scope)
            origins = [f for f in chosen.filters if f.kind == "from_keyword"]     # "a card from [Hidden]"
            if origins:
                chosen = replace(chosen, filters=tuple(f for f in chosen.filters if f.kind != "from_keyword"))
                base = replace(base, qualifiers=base.qualifiers + ("from_keyword",), keyword=origins[0].value)
            if chosen.reference == "self":
                base = replace(base, subject="self") if base.subject == "you" and base.event == "play" \
                    else replace(base, object=chosen)
            else:
                base = replace(base, object=chosen)
        elif isinstance(part, n.Phrase) and part.kind == "event_place":
            where = place(part.parts[0])
            if where.kind in ("here", "there", "anywhere", "everywhere"):
                base = replace(base, place=where.kind)
            else:
                base = replace(base, qualifiers=base.qualifiers + (f"at_{where.kind}",))
        elif isinstance(part, n.Phrase) and part.kind == "event_from_keyword":
            base = replace(base, qualifiers=base.qualifiers + ("from_keyword",), keyword=part.parts[0].name)
        elif isinstance(part, n.Phrase) and part.kind == "event_in_a_turn":
            base = replace(base, qualifiers=base.qualifiers + ("in_a_turn",))
        elif isinstance(part, n.Phrase) and part.kind == "event_from_here":
            base = replace(base, qualifiers=base.qualifiers + ("from_here",))
        elif isinstance(part, n.Phrase) and part.kind == "event_buff":
            base = replace(base, qualifiers=base.qualifiers + ("a_buff",))
        elif isinstance(part, n.Phrase) and part.kind == "event_keyword":
            base = replace(base, qualifiers=base.qualifiers + ("keyword",), keyword=part.parts[0].name)
        elif isinstance(part, n.Phrase) and part.kind == "event_to_object":
            base = replace(base, qualifiers=base.qualifiers + (f"to_{part.parts[0].text}",))
        elif isinstance(part, n.Phrase) and part.kind == "event_to" and base.place is None:
            where = place(part.parts[0])
            if where.where is not None or where.of is not None:
                raise CompileError(part.span, "a trigger's destination cannot have a “where” or “of” yet",
                                   "e.g. “When a unit moves to a battlefield”")
            if where.kind not in members(TriggerPlace):
                raise CompileError(part.span, f"a trigger event “to {where.kind}” is not read yet",
                                   "an event to a battlefield, a base or a Main Deck")
            marks = tuple(f"place_{q}" for q in where.qualifiers if q not in ("a", "an"))
            # "moves to my battlefield", "to your base": whose place it is
            base = replace(_owned(base, where, part.span, mine=True), place=where.kind,
                           qualifiers=base.qualifiers + marks)
        elif isinstance(part, n.Phrase) and part.kind == "event_from_top":    # "from the top of your deck"
            where = place(part.parts[0])
            base = replace(_owned(base, where, part.span),
                           qualifiers=base.qualifiers + (event_place_mark("top_of", where, part.span),))
        elif isinstance(part, n.Phrase) and part.kind in ("event_to", "event_from", "event_returned"):
            where = place(part.parts[0])
            base = replace(_owned(base, where, part.span),
                           qualifiers=base.qualifiers + (event_place_mark(part.kind[6:], where, part.span),))
        elif isinstance(part, n.Phrase) and part.kind == "event_during":   # part of the trigger condition (383.2.a.1)
            base = replace(base, qualifiers=base.qualifiers + (part.parts[0].text.replace(" ", "_"),))
        elif isinstance(part, n.Phrase) and part.kind == "event_with":
            base = replace(base, using=selector(part.parts[0], scope))      # the units it is done with
        elif isinstance(part, n.Phrase):
            base = replace(base, qualifiers=base.qualifiers + (_TAILS[part.kind],))
    return base


# The places an event can name, by qualifier: (the words before the place, its kind, "my" when it is where
# the source is). Whose place it is otherwise ("from your deck") is the trigger's ``whose``.
EVENT_PLACES = {"at_battlefield": ("at", "battlefield", False), "from_battlefield": ("from", "battlefield", False),
                "from_deck": ("from", "deck", False), "from_main_deck": ("from", "main_deck", False),
                "from_location": ("from", "location", False), "top_of_main_deck": ("top_of", "main_deck", False),
                "from_my_location": ("from", "location", True), "returned_hand": ("returned", "hand", False),
                "top_of_deck": ("top_of", "deck", False)}
_EVENT_PLACE_OF = {meaning: qualifier for qualifier, meaning in EVENT_PLACES.items()}


def event_place_mark(word: str, where: fx.Place, span=None) -> str:
    """The trigger qualifier for a place of the event: "from_battlefield", "from_my_location" (where the source
    is), "returned_hand" ("returned to a player's hand"); a place no qualifier names is a located error."""
    found = _EVENT_PLACE_OF.get((word, where.kind, where.owner == "my"))
    if found is None:
        words = {"top_of": "from the top of", "returned": "returned to"}.get(word, word)
        raise CompileError(span, f"a trigger event “{words} {where.kind}” is not read yet",
                           "an event at or from a battlefield or location, from a deck or its top, or returned to a hand")
    return found


def _owned(base: fx.Trigger, where: fx.Place, span, mine: bool = False) -> fx.Trigger:
    """``base`` with the owner of the place its event names ("to your base", "to my battlefield" when ``mine``;
    otherwise "my" is in the qualifier, "from_my_location"), when the place has one."""
    owner = where.owner if where.owner != "my" or mine else None
    if owner is None:
        return base
    if base.whose not in (None, owner):
        raise CompileError(span, "a trigger event names places of two owners",
                           "one owned place in the event, e.g. “When a card is put into your trash from your deck”")
    return replace(base, whose=owner)


def _alternative(node: n.Phrase, first: fx.Trigger, scope: Scope) -> fx.Trigger:
    if node.kind == "alt_event":
        return _core(node.parts[0], scope)
    if node.kind == "alt_me_passive":
        done, *rest = node.parts
        return _passive(done, "self", None, rest, scope, me=True)
    if node.kind == "alt_time":   # "When you play me or at the start of your Beginning Phase": a time as the other event
        return time_trigger(node)
    if node.kind == "alt_object":
        # "When you play me or another Dragon": the other object is played by you ("you play me" is my play)
        subject = "you" if first.event == "play" and first.subject == "self" and first.object is None else first.subject
        return replace(first, object=selector(node.parts[0], scope), subject=subject)
    verb, *rest = node.parts
    base = replace(first, event=_VERB_FORMS.get(verb.text, verb.text), object=None, place=None, qualifiers=())
    return _with_tails(base, rest, scope)
