"""Render stage, triggers: "When you play me", "At the start of your Beginning Phase", ..."""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from interpreter.compiler.objects import is_participle
from interpreter.compiler.triggers import EVENT_PLACES
from .objects import is_plural, np_text, phase_names, place_text

_THIRD = {"play": "plays", "attack": "attacks", "defend": "defends", "conquer": "conquers", "hold": "holds",
          "move": "moves", "die": "dies", "score": "scores", "win": "wins", "become": "becomes",
          "take": "takes", "leave": "leaves", "begin": "begins", "choose": "chooses", "do": "does", "look": "looks",
          "draw": "draws", "discard": "discards", "recycle": "recycles", "kill": "kills", "stun": "stuns",
          "ready": "readies", "buff": "buffs", "exhaust": "exhausts", "banish": "banishes"}
_QUALIFIERS = {"alone": "alone", "in_combat": "in combat", "opponents_turn": "on an opponent's turn",
               "your_turn": "on your turn", "each_turn": "each turn", "sees_me": "and see me",
               "from_facedown": "from face down", "one_on_one": "one on one", "after_attack": "after an attack",
               "damage": "damage", "played": "played", "the_board": "the board", "this_turn": "this turn",
               "discarded": "discarded", "killed": "killed",
               "stunned": "stunned", "readied": "readied", "banished": "banished", "recalled": "recalled",
               "stunned": "stunned", "buffed": "buffed",
               "buffed": "buffed"}
_PARTICIPLES = ("played", "discarded", "killed")
def _is_done(word: str) -> bool:
    """Whether ``word`` is the participle of a passive event said after "is" (the compiler's first qualifier of an
    "is" event): "chosen" (355.5) or the participle of any action of the lexicon ("stunned", "hidden")."""
    return word == "chosen" or is_participle(word)


def trigger_text(r, ability: fx.TriggeredAbility) -> str:
    trigger = ability.trigger
    if trigger.event.startswith(("start_of_", "end_of_")):
        return _time(trigger)
    if "as" in trigger.qualifiers:
        return "As " + _as_event(r, trigger, ability.also)
    listed = _participle_list(r, trigger, ability.also) or _either_subject(r, trigger, ability.also)
    said, also = _shared_tails(trigger, tuple(ability.also))
    events = " or ".join(_joined(r, said, t) for t in also)
    first = _event(r, said)
    if _object_shared(trigger, ability.also):            # "When you choose or ready me": one object, said once
        first = _event(r, replace(trigger, object=None))
    text = (listed or first + (f" or {events}" if events else "")) + _while(r, trigger)
    if ability.limit in ("first", "second", "third", "next"):
        period = "this turn" if "this_turn" in trigger.qualifiers else "each turn"
        return f"The {ability.limit} time {text} {period}"
    if ability.limit == "once_each_turn":       # a replacement says "if" (371.1), a trigger "when"
        return f"Once each turn, {'if' if trigger.replaces else 'when'} {text}"
    return f"When {text}"




def _shared_tails(first: fx.Trigger, also: tuple) -> tuple:
    """"When a friendly unit attacks or defends alone": words every event has alike are said once, after the
    last verb (the compiler gives them to each); otherwise the events as they are."""
    events = (first,) + also
    alike = also and len({t.event for t in events}) == len(events) and all(
        t.subject == first.subject and t.actor == first.actor and t.qualifiers == first.qualifiers
        and t.place == first.place and t.object is None and t.by is None for t in events) \
        and (first.qualifiers or first.place) and not {"would", "as"} & set(first.qualifiers) \
        and not (first.subject == "self" and first.event == "play")
    if not alike:
        return first, also
    bare = [replace(t, qualifiers=(), place=None) for t in events[:-1]]
    return bare[0], tuple(bare[1:]) + (events[-1],)


def _as_event(r, trigger: fx.Trigger, also=()) -> str:
    """"you play me", "I'm revealed from your deck", "you look at or reveal me from the top of your deck": the
    event of an "as" ability (370.1.b.1)."""
    if "by_you" in trigger.qualifiers:
        verbs = " or ".join({"look": "look at"}.get(t.event, t.event) for t in (trigger,) + tuple(also))
        return f"you {verbs} me" + _tails(r, trigger)
    if trigger.event == "play":
        return f"you play {r.self_word}"
    if trigger.event == "attach":
        return f"this is attached to {np_text(r, trigger.object)}"
    return f"I'm {fx.ACTION_PARTICIPLES[trigger.event]}" + _tails(r, trigger)


def _participle_list(r, first: fx.Trigger, also) -> str | None:
    """"this is played, discarded, or killed" when the triggers differ only in their last participle."""
    if not also or not first.qualifiers or first.qualifiers[-1] not in _PARTICIPLES:
        return None
    words = [first.qualifiers[-1]]
    for other in also:
        if replace(other, qualifiers=other.qualifiers[:-1]) != replace(first, qualifiers=first.qualifiers[:-1]) \
                or not other.qualifiers or other.qualifiers[-1] not in _PARTICIPLES:
            return None
        words.append(other.qualifiers[-1])
    head = _event(r, replace(first, qualifiers=first.qualifiers[:-1]))
    listed = words[0] + " or " + words[1] if len(words) == 2 else ", ".join(words[:-1]) + ", or " + words[-1]
    return f"{head} {listed}"


def _either_subject(r, first: fx.Trigger, also) -> str | None:
    """"you or an ally hold": two triggers that differ only in who acts."""
    if len(also) != 1 or "self" in (first.subject, also[0].subject):
        return None
    other = also[0]
    if other == first or replace(other, subject=first.subject, actor=first.actor) != first:
        return None
    who = ["you" if t.subject == "you" else np_text(r, t.actor) for t in (first, other)]
    # The verb agrees with the nearer subject, as printed ("you or an ally hold" keeps the plain form).
    agrees = other if first.subject != "you" else first
    return f"{who[0]} or {who[1]} {_predicate(r, agrees, agrees.subject)}"


def time_text(trigger: fx.Trigger) -> str:
    """"at the start of your next Main Phase": a time inside a sentence."""
    return "at" + _time(trigger)[2:]


def _time(trigger: fx.Trigger) -> str:
    point, _, phase = trigger.event.partition("_of_")
    whose = {"you": "your", "each_player": "each player's", "you_next": "your next"}[trigger.subject]
    if "first" in trigger.qualifiers:
        whose += " first"
    phase_text = {"turn": "turn", "beginning_phase": "Beginning Phase", "main_phase": "Main Phase"}[phase]
    return f"At the {point} of {whose} {phase_text}"


def _joined(r, first: fx.Trigger, other: fx.Trigger) -> str:
    if other.event.startswith(("start_of_", "end_of_")):
        return "at" + _time(other)[2:]                       # "... or at the start of your Beginning Phase"
    if other.subject == "self" and other.event == "play" and any(q == "from_keyword" for q in other.qualifiers):
        return _event(r, other)
    if first.subject == "self" and _said_as_you_play_me(other) and other.object is None:
        return "I'm played" + _tails(r, other)                    # "When I defend or I'm played", not "... or play"
    # "When you play me or conquer" would read as your conquest: "I" is not the spoken subject of "you play me".
    if other.subject == first.subject and other.actor == first.actor and other.event != first.event \
            and not _said_as_you_play_me(first):
        return _predicate(r, other, first.subject)
    if other.event == first.event and other.object is not None and other.subject == first.subject:
        return np_text(r, other.object)
    if _said_as_you_play_me(first) and other.event == "play" and other.subject == "you" and other.object is not None \
            and other.actor is None and not other.qualifiers:
        return np_text(r, other.object)                   # "When you play me or another Dragon": you play both
    return "when " + _event(r, other)


def _object_shared(first: fx.Trigger, also) -> bool:
    """Whether two events of one doer have the same object, said once after the last verb (the compiler's
    ``triggers._shared_object``)."""
    return len(also) == 1 and first.object is not None and also[0].object == first.object \
        and also[0].subject == first.subject and also[0].actor == first.actor and also[0].event != first.event \
        and first.place is None and not first.qualifiers and first.subject != "self"


def _said_as_you_play_me(trigger: fx.Trigger) -> bool:
    """Whether the event of a self trigger is said with "you" as its subject ("you play me")."""
    return trigger.subject == "self" and trigger.event == "play" and "would" not in trigger.qualifiers \
        and not any(q == "from_keyword" for q in trigger.qualifiers)


def event_text(r, trigger: fx.Trigger) -> str:
    """An event without the "this turn" that limits it (the caller says it)."""
    quiet = replace(trigger, qualifiers=tuple(q for q in trigger.qualifiers if q != "this_turn"))
    return _event(r, quiet)


def event_clause(r, trigger: fx.Trigger) -> str:
    """An event with all its tails, "this turn" included: the event of a delayed trigger."""
    return _event(r, trigger) + _while(r, trigger)


def _while(r, trigger: fx.Trigger) -> str:
    """" while I'm at a battlefield": the condition said after the events it applies to (383.2.a.1)."""
    return f" while {r.condition(trigger.condition)}" if trigger.condition is not None else ""


def _event(r, trigger: fx.Trigger) -> str:
    if trigger.subject == "self" and trigger.event == "play" and "would" not in trigger.qualifiers:
        if any(q == "from_keyword" for q in trigger.qualifiers):
            return "I'm played" + _tails(r, trigger)
        return f"you play {r.self_word}" + _tails(r, trigger)      # "When you play this" on gear and spells
    who = {"self": "I", "you": "you"}.get(trigger.subject) or np_text(r, trigger.actor)
    said = _predicate(r, trigger, trigger.subject)
    return f"I'm {said[3:]}" if who == "I" and said.startswith("am ") else f"{who} {said}"


def _predicate(r, trigger: fx.Trigger, subject: str) -> str:
    singular = subject == "other" and trigger.actor is not None and not is_plural(trigger.actor) \
        and trigger.actor.reference not in ("they", "them", "we")         # "When they hold"
    verb = _THIRD.get(trigger.event, trigger.event) if singular else trigger.event
    if "would" in trigger.qualifiers:
        verb = f"would {trigger.event}"
    be = "am" if subject == "self" else "is" if singular else "are"
    if trigger.event == "dealt_damage":
        verb = "would be" if "would" in trigger.qualifiers else be
        return f"{verb} dealt damage" + _tails(r, trigger)
    if trigger.event == "is" and trigger.qualifiers and _is_done(trigger.qualifiers[0]):
        # a passive event: "is stunned", "I'm chosen by an enemy spell"
        by = f" by {np_text(r, trigger.by).removeprefix('all ')}" if trigger.by is not None else ""
        rest = replace(trigger, qualifiers=trigger.qualifiers[1:])
        return f"{be} {trigger.qualifiers[0]}{by}" + _tails(r, rest)
    if trigger.event == "activate":
        return f"{'uses' if singular else 'use'} an activated ability of {np_text(r, trigger.object)}" + _tails(r, trigger)
    text = verb + (" at" if trigger.event == "look" else "")      # "look at cards"
    if trigger.object is not None:
        # "When you look at cards ...": an event about any of them, said without "all"
        text += " " + np_text(r, trigger.object).removeprefix("all ")
    return text + _tails(r, trigger)


def _tails(r, trigger: fx.Trigger) -> str:
    text = ""
    if trigger.place in ("here", "there"):
        text += " " + trigger.place
    elif trigger.place == "main_deck":
        text += " to your Main Deck"
    elif trigger.place is not None:
        owner = trigger.whose
        marks = tuple(q[6:] for q in trigger.qualifiers if q.startswith("place_"))
        determined = owner or any(mark in ("the", "that", "this") for mark in marks)   # "to the battlefield"
        text += " to " + place_text(fx.Place(trigger.place, owner, marks if determined else ("a",) + marks))
    if trigger.using is not None:
        text += " with " + np_text(r, trigger.using)          # "with one or more [Mighty] units"
    for qualifier in trigger.qualifiers:
        if qualifier in _QUALIFIERS:
            text += " " + _QUALIFIERS[qualifier]
        elif qualifier == "from_keyword":
            text += f" from [{trigger.keyword}]"
        elif qualifier.startswith("during_"):
            text += " " + phase_names(qualifier.replace("_", " "))     # "during your Beginning Phase"
        elif qualifier == "in_a_turn":
            text += " in a turn"
        elif qualifier == "from_here":
            text += " from here"
        elif qualifier == "a_buff":
            text += " a buff"
        elif qualifier == "keyword":
            text += f" [{trigger.keyword}]"
        elif qualifier.startswith("to_") and qualifier[3:] in ("me", "it", "them", "this"):
            text += f" to {qualifier[3:]}"
        elif qualifier in EVENT_PLACES:                        # every place the compiler reads is said back
            word, kind, mine = EVENT_PLACES[qualifier]
            word = {"top_of": "from the top of", "returned": "returned to"}.get(word, word)
            if mine:
                text += f" {word} my {kind}"
            else:
                owner = trigger.whose
                text += f" {word} " + place_text(fx.Place(kind, owner, () if owner else ("a",)))
    return text
