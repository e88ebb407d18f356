"""Which triggered abilities the runtime watches, read from their compiled form alone (no game state).

A trigger the runtime would not watch in the form its text gives is a gap (``trigger_gap``),
refused by name before anything happens, never skipped; ``passive_support`` collects the gaps
of every ability of a card.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx


def parts(ability: fx.TriggeredAbility) -> tuple:
    """"When I conquer or hold, ...": one ability per event it triggers on, each watched as a trigger of its
    own (383.1: the ability triggers whenever any of its events happens)."""
    if not ability.also:
        return (ability,)
    return tuple(replace(ability, trigger=t, also=()) for t in (ability.trigger,) + tuple(ability.also))


# Times of the game the general event watch reads as the event happens (event_watch.turn_facts)
TURN_QUALIFIERS = ("during_a_showdown", "during_your_beginning_phase", "your_turn", "opponents_turn", "each_turn",
                   "in_a_turn")


def condition_runs(trigger: fx.Trigger) -> bool:
    """Whether the runtime can check what the trigger asks besides its event: of the "while ..." conditions
    only "while I'm at a battlefield", and of the times of the game ("during a showdown", "on your turn", "your
    second card each turn") those the general watch reads."""
    if any((q.startswith("during_") or q in ("your_turn", "each_turn")) and q not in TURN_QUALIFIERS
           for q in trigger.qualifiers):
        return False
    c = trigger.condition
    return c is None or (c.kind == "is_at" and c.subject is not None and c.subject.reference == "self"
                         and c.place is not None and c.place.kind == "battlefield" and c.place.owner is None
                         and not c.place.alternatives and not c.negated and not c.past and c.also is None) or all_tags_read(c)


def all_tags_read(c: fx.Condition) -> bool:
    """"while your units have all 4 tags" (after "... tags among your units — Bird, Cat, Dog, and Poro"): the
    objects named have, between them, every tag listed (``triggers.condition_met``)."""
    return c.kind == "has_all_tags" and _your_units(c.subject) and c.object is not None and bool(c.object.tags) \
        and not c.object.types and not c.negated and not c.past and c.also is None and c.place is None


def _your_units(sel) -> bool:
    """"your units", "friendly units": every unit you control, with nothing else said of them."""
    return sel is not None and sel.reference is None and sel.types == ("unit",) \
        and (sel.controller == "you" or sel.relation == "friendly" and sel.controller is None) \
        and not (sel.filters or sel.states or sel.location or sel.zone or sel.tags or sel.names or sel.alternatives
                 or sel.keywords_with or sel.keywords_without or sel.other) and sel.token is None


# The trigger events the runtime watches, by (event, subject), with the trigger's place a watcher reads;
# whether the watcher keeps a "once each turn" limit (trigger_watch._fire, 383.3.e.1). Qualifiers are read
# only where ``_qualifiers_read`` says so.
WATCHED = {
    ("play", "self"): ((None, "battlefield"), False),       # played (419.4.a)
    ("move", "self"): ((None, "battlefield"), True),        # moved
    ("die", "self"): ((None,), False),                      # dying: Deathknell (808)
    ("hold", "self"): ((None,), True), ("conquer", "self"): ((None,), True),      # score_seen (383.4)
    ("hold", "you"): ((None, "here"), True), ("conquer", "you"): ((None, "here"), True),
    ("score", "you"): (("here",), False),                   # scored: a battlefield's own (471.2)
    ("play", "you"): ((None,), True),                       # play_seen (383.2.c.1)
    ("die", "other"): ((None,), True),                      # deaths_seen (383.2.c.2)
    ("move", "other"): ((None, "battlefield"), True),       # move_seen: the two forms of _move_form_read
    ("attack", "self"): ((None,), True), ("defend", "self"): ((None,), True),   # triggers.role_gained (464.2.e)
}


# The static check of the general event watch (engine/event_forms.py registers it as the engine is imported):
# the gap of a trigger in a form it does not watch, or None when it watches that form.
GENERAL: list = []


_GENERALLY: dict = {}


def watched_generally(ability: fx.TriggeredAbility) -> bool:
    """Whether the general event watch (event_watch.py), not a watcher of its own, triggers ``ability``: its
    form is one no other watcher reads whole, and one the general watch reads (a trigger on one event)."""
    if not GENERAL:
        return False
    if ability not in _GENERALLY:
        _GENERALLY[ability] = _own_watch_gap(ability) is not None and GENERAL[0](ability) is None
    return _GENERALLY[ability]


def trigger_gap(ability: fx.TriggeredAbility) -> str | None:
    """Why the runtime would not trigger ``ability`` as its text says, or None when it watches that event in
    that form: an event nobody watches would be skipped without a word, and a qualifier or limit it does not
    read would make it trigger when it should not. "would"/"as" events are replacement effects (367)."""
    by = next((t for t in (ability.trigger,) + tuple(ability.also) if t.by is not None), None)
    if by is not None:
        return f"a “{by.event}” trigger limited to what did it (“by ...”) is not watched yet"
    gap = _own_watch_gap(ability)
    general = GENERAL[0](ability) if GENERAL and gap is not None else gap
    if gap is None or general is None:
        return None
    if ability.also and ability.limit is None and not _roles_only(ability):
        events = (ability.trigger,) + tuple(ability.also)
        # events with words of their own that differ ("is played, discarded": participles, not qualifiers); the
        # compiler gives a modifier shared by bare coordinated verbs to each ("attacks or defends alone")
        if len({t.qualifiers for t in events if t.event != "is"}) > 1:
            said = next(t.qualifiers for t in events if t.qualifiers and t.event != "is")
            return f"a trigger on more than one event with “{', '.join(said)}” on one of them only is not watched yet"
        return next((g for g in map(trigger_gap, parts(ability)) if g is not None), None)
    # the general watch's reason when it knows the event (a qualifier, a limit it does not read), else this one's
    return gap if ability.also or " events " in general else general


def _own_watch_gap(ability: fx.TriggeredAbility) -> str | None:
    """The gap of ``ability`` for the watchers of one event each (triggers.py, trigger_watch.py)."""
    trigger = ability.trigger
    if trigger.replaces:
        return None
    if self_participle(trigger, "played") and ability.limit is None and not ability.also:
        return None                                                     # "When this is played" (played)
    if ability.also and ability.limit is not None:
        return "a limit kept across the events of a trigger on more than one event is not kept yet"
    if ability.also and _roles_only(ability):
        return None                                                     # "When I attack or defend" (role_gained)
    if ability.also:
        return next((gap for gap in map(_own_watch_gap, parts(ability)) if gap is not None), None)
    if trigger.subject == "self" and trigger.object is not None and not _scored_battlefield(trigger):
        return f"a “{trigger.event}” trigger of mine that also names other objects is not watched yet"
    form = WATCHED.get((trigger.event, trigger.subject))
    if form is None:
        return f"“{trigger.event}” events ({trigger.subject}) are not watched by the runtime yet"
    places, keeps_limit = form
    limits = ("once_each_turn", "first") if trigger.subject == "self" else ("once_each_turn",)
    if ability.limit is not None and not (keeps_limit and ability.limit in limits):
        return f"the limit “{ability.limit}” of a “{trigger.event}” trigger is not kept yet"
    if trigger.place not in places:
        return f"a “{trigger.event}” trigger limited to {trigger.place} is not watched yet"
    if not _qualifiers_read(trigger):
        return f"a “{trigger.event}” trigger with “{', '.join(trigger.qualifiers)}” is not watched yet"
    if trigger.subject != "self" and not all(_watched_selector(sel) for sel in (trigger.actor, trigger.object)):
        return f"a “{trigger.event}” trigger on objects described beyond type, tag, relation and token is not " \
               "watched yet"
    return None


def _scored_battlefield(trigger: fx.Trigger) -> bool:
    """"When I conquer an open battlefield", "... a battlefield that was uncontrolled": the battlefield scored, any,
    open or uncontrolled before (trigger_watch.score_seen)."""
    sel = trigger.object
    return trigger.event in ("conquer", "hold") and sel.types == ("battlefield",) and set(sel.states) <= {"open"} \
        and sel.reference is None and sel.quantity in ("one", "a", "an") \
        and all(f.kind == "was_uncontrolled" and f.value is None for f in sel.filters) and not (
            sel.tags or sel.names or sel.relation or sel.controller or sel.location or sel.zone
            or sel.alternatives or sel.other or sel.keywords_with or sel.keywords_without)


def _roles_only(ability) -> bool:
    """Whether every event of a trigger is the unit's own attack or defence, with nothing more asked."""
    events = (ability.trigger,) + tuple(ability.also)
    return all((t.event, t.subject) in (("attack", "self"), ("defend", "self")) and t.place is None
               and not t.qualifiers and t.condition is None and not t.replaces for t in events) \
        and ability.limit is None


def _watched_selector(sel) -> bool:
    """Whether ``trigger_watch._fits`` reads every part of the object a watcher's trigger names."""
    return sel is None or sel.reference is not None or not (
        sel.states or sel.filters or sel.keywords_with or sel.keywords_without or sel.names or sel.location
        or sel.zone or sel.controller or sel.alternatives)


def _qualifiers_read(trigger: fx.Trigger) -> bool:
    """Qualifiers the watchers read: "from [Hidden]" of a play, the two "moves" forms of trigger_watch."""
    if (trigger.event, trigger.subject) == ("move", "other"):
        return set(trigger.qualifiers) in ({"from_my_location"}, {"place_other_than_mine"})
    if trigger.event == "play":
        return all(q == "from_keyword" for q in trigger.qualifiers)
    if (trigger.event, trigger.subject) == ("conquer", "self"):           # trigger_watch._attacked (466.5.d)
        return set(trigger.qualifiers) <= {"after_attack"}
    return not trigger.qualifiers or not condition_runs(trigger)   # a time there is refused by condition_met


def self_participle(trigger: fx.Trigger, participle: str) -> bool:
    """"When this is played, ...": the passive wording of an event of the source itself."""
    return trigger.event == "is" and trigger.actor is not None and trigger.actor.reference == "self" \
        and trigger.qualifiers == (participle,)
