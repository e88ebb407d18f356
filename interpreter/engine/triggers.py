"""Triggered abilities: when an event happens, matching abilities go on the chain (383).

Only objects on the board see events, except death triggers, which are noted as the
unit dies (428.1.a.1.b, 808). Keyword triggers (Vision 817) come from the object's
current keywords. Each triggered ability becomes a ``ChainItem`` controlled by the
controller of its source (191.4.a).
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from .state import ChainItem, GameObject, GameState
from .traits import active_abilities, keywords_of, location_of


@dataclass(frozen=True, slots=True)
class Predict:
    """Vision's instruction (817.1.b): look at the top card of your main deck, you may recycle it (436)."""

    rules: tuple = ("817.1.b", "436")


def _triggered(state: GameState, obj: GameObject, event: str, subject: str):
    for ability in active_abilities(state, obj):
        if isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == event \
                and ability.trigger.subject == subject and not ability.trigger.replaces \
                and condition_met(obj, ability.trigger):                   # 367: "would" is not a trigger
            yield ability


def condition_runs(trigger: fx.Trigger) -> bool:
    """Whether the runtime can check what the trigger asks besides its event: of the "while ..." conditions
    only "while I'm at a battlefield", and no time of the game ("during a showdown", "on your turn", "your
    second card each turn")."""
    if any(q.startswith("during_") or q in ("your_turn", "each_turn") for q in trigger.qualifiers):
        return False
    c = trigger.condition
    return c is None or (c.kind == "is_at" and c.subject is not None and c.subject.reference == "self"
                         and c.place is not None and c.place.kind == "battlefield" and c.place.owner is None
                         and not c.negated and not c.past and c.also is None)


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
}


def trigger_gap(ability: fx.TriggeredAbility) -> str | None:
    """Why the runtime would not trigger ``ability`` as its text says, or None when it watches that event in
    that form: an event nobody watches would be skipped without a word, and a qualifier or limit it does not
    read would make it trigger when it should not. "would"/"as" events are replacement effects (367)."""
    trigger = ability.trigger
    if trigger.replaces:
        return None
    if _self_participle(trigger, "played") and ability.limit is None and not ability.also:
        return None                                                     # "When this is played" (played)
    if ability.also:
        return "a trigger on more than one event (“When I ... or ...”) is not watched yet"
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
    return not trigger.qualifiers or not condition_runs(trigger)   # a time there is refused by condition_met


def condition_met(obj: GameObject, trigger: fx.Trigger) -> bool:
    """The trigger's "while ..." condition, checked as the event happens (383.2.a.1)."""
    if not condition_runs(trigger):
        from .effect_run import UnsupportedEffect
        raise UnsupportedEffect("a trigger condition other than “while I'm at a battlefield”")
    return trigger.condition is None or obj.zone[0] == "battlefield"


def _push(state: GameState, controller: str | None, source: GameObject, ability, label: str,
          here: tuple | None = None, rules: tuple = ("383",), about: tuple = ()) -> None:
    controller = controller or state.turn_player                       # 190.6.b
    item = ChainItem(controller, None, tuple(getattr(ability, "effects", (ability,))), label,
                     source.identity, here, finalized=True, about=about)
    state.chain.append(item)
    state.note(f"{label} triggers and goes on the chain", *rules)
    state.cleanup_due = True                                           # 319.3


def played(state: GameState, obj: GameObject, origins: tuple[str, ...] = ()) -> None:
    """``When you play me`` (419.4.a) and Vision (817.1.c) of a permanent that was played; ``origins``
    names the keyword state it was played from ("I'm played from [Hidden]")."""
    for ability in _triggered(state, obj, "play", "self"):
        if not from_origins(ability.trigger, origins):
            continue
        if ability.trigger.place == "battlefield" and location_of(state, obj) is not None \
                and location_of(state, obj)[0] != "battlefield":
            continue                                                   # "When you play me to a battlefield"
        _push(state, obj.controller, obj, ability, f"{obj.name}: when you play me", rules=("383", "419.4.a"))
    for ability in active_abilities(state, obj):
        if isinstance(ability, fx.TriggeredAbility) and any(_self_participle(t, "played")
                                                            for t in (ability.trigger,) + ability.also):
            _push(state, obj.controller, obj, ability, f"{obj.name}: when this is played", rules=("383", "419.4.a"))
    if "Vision" in keywords_of(state, obj):
        _push(state, obj.controller, obj, Predict(), f"{obj.name}: Vision", rules=("817.1.c",))
    from .trigger_watch import play_seen

    play_seen(state, obj, obj.controller, origins)                     # "when you play a ..." (383.2.c.1)


def spent_limit(state: GameState, source: GameObject, ability, label: str) -> bool:
    """Whether a limited trigger of ``source`` already triggered this turn: "Once each turn" (383.3.e.1), and
    "The first time I ... each turn" of an event of the source itself, which it sees every time (383.1.b)."""
    if ability.limit not in ("once_each_turn", "first"):
        return False
    fired = state.__dict__.setdefault("triggered_this_turn", set())
    key = (source.identity, ability, state.turn_number)
    if key in fired:
        state.note(f"{label} already triggered this turn and does not trigger again", "383.3.e.1")
        return True
    fired.add(key)
    return False


def _self_participle(trigger: fx.Trigger, participle: str) -> bool:
    """"When this is played, ...": the passive wording of an event of the source itself."""
    return trigger.event == "is" and trigger.actor is not None and trigger.actor.reference == "self" \
        and trigger.qualifiers == (participle,)


def from_origins(trigger: fx.Trigger, origins: tuple[str, ...]) -> bool:
    """Whether a play from ``origins`` meets the trigger's "from [Hidden]"."""
    return "from_keyword" not in trigger.qualifiers or trigger.keyword in origins


def dying(state: GameState, obj: GameObject, here: tuple | None) -> None:
    """Death triggers of ``obj`` itself, noting where it was (428.1.a.1.b, 808)."""
    for ability in _triggered(state, obj, "die", "self"):
        if "808" not in ability.rules:
            state.note(f"{obj.name} leaves the board as it dies and does not see its own death", "383.2.c.2")
            continue
        noted = state.rules.death_trigger["notes_location"]["rule"]    # 808.1.d.3: where it was, before the trash
        _push(state, obj.controller, obj, ability, f"{obj.name}: Deathknell", here, ("808", "428.1.a.1.b", noted))
        for _ in range(extra_times(state, obj.controller, "[Deathknell]", obj)):
            _push(state, obj.controller, obj, ability, f"{obj.name}: Deathknell again", here, ("808.1.b.1", "383"))


def extra_times(state: GameState, controller: str | None, effects: str, leaving: GameObject | None = None,
                slot: int | None = None) -> int:
    """How many more times ``effects`` of ``controller`` trigger: one per "Your [Deathknell] effects trigger an
    additional time" among the player's permanents on the board (364, 808.1.b.1); "Your hold effects for holding
    here ..." counts only when ``slot``, the battlefield scored, is where its source is (383.4.c-d)."""
    count = 0
    for source in state.board_objects():
        if source.controller != controller or source is leaving:
            continue
        for ability in active_abilities(state, source):
            if isinstance(ability, fx.PassiveAbility):
                count += sum(1 for s in ability.effects if isinstance(s, fx.StaticEffect)
                             and s.kind == "extra_trigger" and s.value == effects and s.holder.reference == "you"
                             and (s.place is None or source.zone == ("battlefield", slot)))
    return count


def moved(state: GameState, obj: GameObject, origin: tuple, dest: tuple) -> None:
    """``When I move`` and ``When I move to a battlefield`` of a unit that moved."""
    for ability in _triggered(state, obj, "move", "self"):
        if ability.trigger.place == "battlefield" and dest[0] != "battlefield":
            continue
        if spent_limit(state, obj, ability, f"{obj.name}: when I move"):
            continue
        _push(state, obj.controller, obj, ability, f"{obj.name}: when I move")
    from .trigger_watch import move_seen

    move_seen(state, obj, origin, dest)                                # "when a friendly unit moves ..."


def scored(state: GameState, player: str, slot: int, how: str) -> None:
    """Hold or conquer abilities of the battlefield that was scored (471.2)."""
    battlefield = state.battlefields[slot]
    for event in (how, "score"):
        for ability in _triggered(state, battlefield, event, "you"):
            if not _done_with(state, player, slot, battlefield, ability.trigger.using):
                continue
            for _ in range(1 + (extra_times(state, player, how, slot=slot) if event == how else 0)):
                _push(state, player, battlefield, ability, f"{battlefield.name}: when you {event} here",
                      ("battlefield", slot), ("471.2",))
    from .trigger_watch import score_seen

    score_seen(state, player, slot, how)                               # units' hold and conquer effects (383.4)


def _done_with(state: GameState, player: str, slot: int, battlefield: GameObject, using) -> bool:
    """"When you conquer here with one or more [Mighty] units": at least one of the player's units there fits."""
    if using is None:
        return True
    from .effect_run import Context
    from .selectors import matches

    ctx = Context(state, player, battlefield.identity, here=("battlefield", slot))
    units = [o for o in state.objects(("battlefield", slot)) if o.controller == player and o.card_type == "unit"]
    return any(matches(ctx, using, unit) for unit in units)


def temporary(state: GameState, player: str) -> list[GameObject]:
    """Permanents of ``player`` with Temporary, killed before scoring (816.1.b), but for those whose Temporary
    does not trigger ("Your [Temporary] effects at my battlefield don't trigger")."""
    return [obj for obj in state.board_objects()
            if obj.controller == player and "Temporary" in keywords_of(state, obj)
            and not _kept_from_triggering(state, obj, "[Temporary]")]


def _kept_from_triggering(state: GameState, obj: GameObject, effects: str) -> bool:
    """Whether a permanent of ``obj``'s controller says its ``effects`` don't trigger where ``obj`` is (383):
    anywhere, or "at my battlefield", the battlefield the source is at."""
    for source in state.board_objects():
        if source.controller != obj.controller:
            continue
        for ability in active_abilities(state, source):
            if not isinstance(ability, fx.PassiveAbility):
                continue
            for s in ability.effects:
                if isinstance(s, fx.StaticEffect) and s.kind == "no_trigger" and s.value == effects \
                        and s.holder.reference == "you" and _at_place(source, obj, s.place):
                    state.note(f"{source.name}: {obj.name}'s {effects} effect does not trigger", "383", "364")
                    return True
    return False


def _at_place(source: GameObject, obj: GameObject, place: fx.Place | None) -> bool:
    if place is None:
        return True
    if place.kind == "battlefield" and place.owner == "my":
        return source.zone[0] == "battlefield" and obj.zone == source.zone
    from .effect_run import UnsupportedEffect
    raise UnsupportedEffect(f"“effects {place.kind} don't trigger” other than at my battlefield")


def here_of(state: GameState, item: ChainItem) -> tuple | None:
    """``here`` for an ability: its source's location now (359.3.f.2), else where it triggered."""
    source = state.by_identity(item.source_identity)
    if source is not None and location_of(state, source) is not None:
        return location_of(state, source)
    return item.here
