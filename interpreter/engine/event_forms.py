"""The trigger forms the general event watch reads, checked from their compiled form alone (no game state).

``event_watch`` matches a triggered ability to a ``Happening`` by fields: the event, who did it (the
subject: the source itself, you, another object or player, each player), the objects it names (read
by the selectors), where (here), the facts of the event ("from face down", "alone") and the time of
the game ("on an opponent's turn", "during a showdown", "your second card in a turn"), and its limit
("the first time ... each turn", "the third time"). ``general_gap`` says why a trigger is not in such
a form; ``trigger_support.trigger_gap`` asks it for every trigger no watcher of its own reads whole.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from functools import lru_cache

from interpreter.compiler import effects as fx
from .selectors import runs_selector
from .trigger_support import GENERAL, TURN_QUALIFIERS, condition_runs

# Per event: the subjects it is watched for, the qualifiers its happening states as facts, the places read.
# Every event here has a publisher (happenings.happen) where the engine performs that action or reaches that time.
FORMS = {
    "start_of_beginning_phase": ({"you", "each_player"}, {"first"}, {None}),   # turn.py (315.2.a.1)
    "end_of_turn": ({"you"}, set(), {None}),                                    # turn.py (317.1.a)
    "play": ({"you", "other", "self"}, {"from_facedown"}, {None}),             # trigger_watch.played
    "defend": ({"you", "self", "other"}, {"at_battlefield", "one_on_one", "alone"}, {None, "here"}),   # combat.begin
    "attack": ({"you", "self", "other"}, {"at_battlefield", "one_on_one", "alone"}, {None, "here"}),
    "win": ({"self", "you"}, set(), {None}),                                    # combat.finish (466.3)
    "stun": ({"you"}, set(), {None}), "buff": ({"you"}, set(), {None}),          # action_run (423, 426)
    "ready": ({"you"}, set(), {None}), "kill": ({"you", "other"}, set(), {None}),     # action_run, actions (415, 428)
    "discard": ({"you", "other"}, set(), {None}),                               # actions (422)
    "recycle": ({"you"}, {"place_owner_you"}, {None, "main_deck"}),             # actions, costs (416)
    "draw": ({"you"}, set(), {None}),                                           # actions (413)
    "move": ({"self", "other", "you"}, {"from_battlefield", "from_location", "from_here"}, {None, "battlefield"}),
    "die": ({"other"}, set(), {None}),                                          # replacement_events.die
    "spend": ({"you"}, {"a_buff"}, {None}),                                     # actions.spend_buff
    "score": ({"other"}, set(), {None}),                                        # scoring (468)
    "hold": ({"other"}, set(), {None}), "conquer": ({"other"}, set(), {None}),
    "leave": ({"other"}, {"the_board"}, {None}),                                # actions.change_zone
    "hide": ({"you"}, set(), {None}), "activate": ({"you"}, set(), {None}),     # playing (421, 401)
    "become": ({"other"}, {"keyword"}, {None}),                                 # event_watch.becomings (709)
    "attach": ({"you"}, {"to_me"}, {None}),                                     # attaching.attach (434)
    "take": ({"self", "other"}, {"damage"}, {None}),                            # actions.deal_damage (417.1.b)
    "begin": ({"other"}, set(), {None, "here"}),                 # staging.open_staged, combat.begin (344)
    "choose": ({"you", "other"}, set(), {None}),                                # targeting.announce, selectors (355.5)
}
# "When this is discarded": the passive participle of an event done to the object named
PARTICIPLES = {"played": "play", "discarded": "discard", "killed": "kill"}
# Players a trigger's actor may name ("When an opponent scores"); in a duel there are no allies (180)
PLAYER_WORDS = {"player", "opponent", "ally"}
# What a unit may "become" that the watch sees change: [Mighty], a state of Might (706-709)
BECOMES = ("Mighty",)
# What the event itself is, read by the watch, not the selectors: "When a showdown begins here", "wins a combat"
EVENT_NOUNS = (("combat",), ("showdown",))
LIMITS = {None: 0, "once_each_turn": 0, "first": 1, "second": 2, "third": 3}
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}


def normal(trigger: fx.Trigger) -> fx.Trigger:
    """"When this is discarded" read as the discard of the object named, by anyone (subject "other" with the
    object in ``object``); any other trigger as it is."""
    if trigger.event == "is" and len(trigger.qualifiers) == 1 and trigger.qualifiers[0] in PARTICIPLES:
        return replace(trigger, event=PARTICIPLES[trigger.qualifiers[0]], qualifiers=(), actor=None,
                       object=trigger.actor, subject="other")
    return trigger


def player_actor(sel) -> bool:
    """Whether a trigger's actor names a player ("a player", "an opponent") with nothing more asked."""
    return sel is not None and sel.reference is None and bool(sel.types) and set(sel.types) <= PLAYER_WORDS \
        and not (sel.states or sel.filters or sel.names or sel.tags or sel.location or sel.zone or sel.alternatives)


def read_part(sel) -> fx.Selector | None:
    """The part of a trigger's object the selectors read: its ordinal ("your second card"), "with a spell"
    (the happening's ``via``) and "combat" (the event's own) are read by the watch itself."""
    if sel is None or sel.types in EVENT_NOUNS:
        return None
    return replace(sel, states=tuple(s for s in sel.states if s not in ORDINALS),
                   filters=tuple(f for f in sel.filters if f.kind != "source"))


def _selector_gap(sel, role: str) -> str | None:
    if sel is None or sel.reference == "self":
        return None
    if sel.reference is not None:
        return f"a trigger whose {role} is “{sel.reference}” is not watched yet"
    if any(f.kind == "source" and f.value != "spell" for f in sel.filters):
        return f"a trigger on objects chosen by a {sel.filters[0].value} is not watched yet"
    part = read_part(sel)
    if part is not None and not runs_selector(part):
        return f"a trigger on objects the selectors cannot read (“{role}”) is not watched yet"
    return None


def _parts_of(value):
    """Every effect object inside ``value``, itself included."""
    if isinstance(value, tuple):
        for part in value:
            yield from _parts_of(part)
    elif is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in fields(value):
            yield from _parts_of(getattr(value, f.name))


@lru_cache(maxsize=None)
def own_zone(ability: fx.TriggeredAbility) -> str | None:
    """The zone outside the board an ability works from when its text names its source there ("you may pay
    [1] to play me from your trash": the ability sees the event from the trash, 385.2, 383.2.c.1)."""
    for part in _parts_of(ability.effects):
        if isinstance(part, fx.Selector) and part.reference == "self" and part.zone is not None:
            return part.zone.kind
    return None


@lru_cache(maxsize=None)
def general_gap(ability: fx.TriggeredAbility) -> str | None:
    """Why the general watch does not read ``ability``, or None when it triggers it as its text says."""
    if ability.also:
        return "a trigger on more than one event is read one event at a time"
    trigger = normal(ability.trigger)
    form = FORMS.get(trigger.event)
    if form is None or trigger.replaces:
        return f"“{trigger.event}” events are not watched yet"
    subjects, facts, places = form
    if trigger.subject not in subjects:
        return f"“{trigger.event}” events ({trigger.subject}) are not watched yet"
    if ability.limit not in LIMITS:
        return f"the limit “{ability.limit}” is not kept yet"
    if trigger.keyword is not None and not (trigger.event == "become" and trigger.keyword in BECOMES):
        return f"a “{trigger.event}” trigger on [{trigger.keyword}] is not watched yet"
    if trigger.place not in places or trigger.using is not None:
        return f"a “{trigger.event}” trigger limited to {trigger.place} is not watched yet"
    unread = [q for q in trigger.qualifiers if q not in facts and q not in TURN_QUALIFIERS]
    if unread:
        return f"a “{trigger.event}” trigger with “{', '.join(unread)}” is not watched yet"
    if not condition_runs(trigger):
        return "a trigger condition the runtime does not check yet"
    ordinal = [s for s in (trigger.object.states if trigger.object else ()) if s in ORDINALS]
    if ordinal and not {"in_a_turn", "each_turn"} & set(trigger.qualifiers):
        return f"“{ordinal[0]}” of an event not counted in a turn is not watched yet"
    if trigger.subject == "other" and trigger.actor is not None and not player_actor(trigger.actor):
        gap = _selector_gap(trigger.actor, "actor")
        if gap is not None:
            return gap
    if trigger.event == "choose" and trigger.object is None:
        return "a “choose” trigger that names nothing chosen is not watched yet"
    if trigger.subject == "other" and trigger.actor is None and trigger.object is None:
        return f"a “{trigger.event}” trigger of no one is not watched yet"
    if trigger.object is not None and trigger.object.types == ("combat",) and trigger.event != "win":
        return "a trigger naming a combat is not watched yet"
    if trigger.subject == "self" and trigger.object is not None and trigger.object.types != ("combat",):
        return f"a “{trigger.event}” trigger of mine that also names other objects is not watched yet"
    if own_zone(ability) not in (None, "trash"):
        return f"a trigger working from the {own_zone(ability)} is not watched yet"
    if any(isinstance(p, fx.Place) and p.kind == "there" or isinstance(p, fx.Destination) and p.zone == "there"
           for p in _parts_of(ability.effects)) and not event_place_named(trigger):
        return "“there” in the effect of a trigger (the place of its event) is not passed to the effect yet"
    return _selector_gap(trigger.object, "object")


def event_place_named(trigger: fx.Trigger) -> bool:
    """Whether a trigger names where its event happens ("When you defend at a battlefield", "an enemy unit at a
    battlefield", "to a battlefield", "when I move from a location"): the watch notes that place with the trigger, what "there" and "that
    battlefield" mean in its effect (359.3.f.3)."""
    named = [s for s in (trigger.object, trigger.actor) if s is not None and s.location is not None
             and s.location.kind == "battlefield"]
    return trigger.place == "battlefield" or bool(named) \
        or any(q.startswith(("at_", "from_")) and q != "from_facedown" and q != "from_keyword" for q in trigger.qualifiers)


# "When it wins a combat this turn", "The next time you play a unit this turn": delayed triggers (390.2) the watch reads
DELAYED_WHEN = ("when", "next_time")


@lru_cache(maxsize=None)
def delayed_ability(effect: fx.Delayed) -> fx.TriggeredAbility | None:
    """The triggered ability a delayed trigger of this turn amounts to, read by the general watch, or None when
    it is not one: "it" (what the instruction before named) becomes the watching object itself, "I"."""
    trigger = effect.trigger
    if effect.when not in DELAYED_WHEN or trigger is None or trigger.replaces or "this_turn" not in trigger.qualifiers:
        return None
    trigger = replace(trigger, qualifiers=tuple(q for q in trigger.qualifiers if q != "this_turn"))
    if trigger.subject == "other" and trigger.actor is not None and trigger.actor.reference in ("it", "that"):
        trigger = replace(trigger, subject="self", actor=None)
    ability = fx.TriggeredAbility(effect.span, ("390.2",), trigger, effect.effects)
    return ability if general_gap(ability) is None else None


GENERAL.append(general_gap)
