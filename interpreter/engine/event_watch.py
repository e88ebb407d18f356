"""The general event watch: every triggered ability in a form of ``event_forms`` matched to what happened.

A game action announces a ``Happening`` (happenings.py); each triggered ability of an object that can
see it - a permanent on the board (384.2), a battlefield, or the object acted on itself when its text
describes that ("When you discard me", "When this is killed": 385.2) - triggers when the event, its
subject, its objects (read by the selectors, 383.2.c: after the event, on the objects as they were),
its place, the event's facts and the time of the game all fit, and its limit allows (383.1.b,
383.3.e.1). It goes on the chain controlled by its source's controller (383.3, 191.4.a), with the
objects it saw as what "it" means.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from interpreter.compiler import effects as fx

from . import bus
from .context import Context
from .event_forms import EVENT_NOUNS, LIMITS, ORDINALS, delayed_ability, normal, own_zone, player_actor, read_part
from .happenings import Happening
from .battlefield_choosers import as_controller, chooser_form
from .selectors import matches
from .state import GameObject, GameState
from .equipment_texts import given_abilities
from .traits import abilities_of, active_abilities, location_of, might_of, mighty_threshold
from .trigger_support import parts, watched_generally
from .triggers import _push, condition_met, spent_limit

BOARD = ("base", "battlefield", "legend", "battlefield_zone")


@bus.subscribe("happened")
def watch(state: GameState, happening: Happening) -> None:
    """Trigger every ability of the general forms that sees ``happening`` and whose trigger it fulfils."""
    counted = _count(state, happening)
    for watcher, ability in list(_watching(state, happening)):
        trigger = normal(ability.trigger)
        seen = _fulfils(state, watcher, trigger, happening, counted)
        if seen is None:
            continue
        # "When a friendly unit attacks": each unit doing it is an event; "one or more" is one event for them all
        for group in ([(o,) for o in seen] if _each(trigger) and len(seen) > 1 else [tuple(seen)]):
            if _limit_allows(state, watcher, ability):
                controller, done = _controller(state, watcher, ability, happening)
                _push(state, controller, watcher, done, f"{watcher.name}: when {_words(trigger)}",
                      rules=("383", "383.2.c") + happening.rules, about=tuple(o.identity for o in group),
                      players=_actor_player(trigger, happening), about_phrase=trigger.object,
                      event_place=_event_place(state, trigger, happening, group))
    _delayed_watch(state, happening, counted)


def _event_place(state: GameState, trigger, happening: Happening, seen: tuple) -> tuple | None:
    """Where the event happened, noted as the trigger fires (359.3.f.3): a move's destination when the trigger
    names it ("moves to a battlefield"), the place of the happening (a defence's battlefield), else where the
    first object it saw was as it happened ("an enemy unit at a battlefield")."""
    if trigger.place == "battlefield" and happening.dest is not None:
        return happening.dest
    if happening.place is not None:
        return happening.place
    was = {now.identity: then for then, now in zip(happening.objects, happening.current)}
    for obj in seen:
        where = location_of(state, was.get(obj.identity, obj))
        if where is not None:
            return where
    return None


def _controller(state: GameState, watcher: GameObject, ability, happening: Happening) -> tuple:
    """Who controls the triggered ability, and the ability as they do it: its source's controller, or the player
    of the event when a battlefield's ability says that they choose ("they may ...", 190.6.c)."""
    if watcher.card_type == "battlefield" and happening.player is not None and chooser_form(ability):
        state.note(f"{watcher.name}: {happening.player} makes its choice, so controls the ability", "190.6.c")
        return happening.player, as_controller(ability)
    return watcher.controller, ability


def _actor_player(trigger, happening: Happening) -> tuple:
    """"When a player chooses ..., they draw 1": the player who did it is the one "they" names (383.2.c)."""
    if trigger.subject == "other" and player_actor(trigger.actor) and happening.player is not None:
        return ((trigger.actor, happening.player),)
    return ()


def _each(trigger) -> bool:
    """Whether the objects a trigger names are each an event of their own ("a unit", not "one or more units")."""
    sel = trigger.actor if trigger.subject == "other" and not player_actor(trigger.actor) else trigger.object
    return trigger.subject != "self" and sel is not None and sel.reference is None \
        and sel.quantity in ("one", "a", "an", "any", "one_of")


@bus.subscribe("moved")
def moved(state: GameState, obj: GameObject, origin: tuple, dest: tuple, by: str | None = None) -> None:
    """A move (420) as a happening: from a battlefield, from a location (a base or a battlefield, 197), by the
    player who moved the unit ("When you move an enemy unit")."""
    facts = {"from_location"} | ({"from_battlefield"} if origin[0] == "battlefield" else set())
    watch(state, Happening("move", by or obj.controller, (obj,), place=origin, dest=dest, facts=frozenset(facts)))


def _watching(state: GameState, happening: Happening):
    """(watcher, ability) for the abilities of the general forms on the event's verb: those of the board, then
    those the objects the event moved carry wherever they are now, when the trigger names that object itself
    ("When you discard me"); an object the event did not move off the board sees nothing there (384.2, 385.2)."""
    board = [o for o in state.board_objects() + state.battlefields if o.zone[0] in BOARD]
    ids = {o.identity for o in board}
    outside = [o for o in happening.now or () if o.identity not in ids]
    off_board = {o.identity for o in outside}
    trashes = [o for p in state.order for o in state.objects(("trash", p)) if o.identity not in off_board]
    in_trash = {o.identity for o in trashes}
    for watcher in board + outside + trashes:
        if happening.event not in _events_of(watcher) | _events_watched(given_abilities(state, watcher)):
            continue
        for whole in active_abilities(state, watcher):
            for ability in parts(whole) if hasattr(whole, "trigger") and hasattr(whole, "also") else ():
                trigger = normal(ability.trigger)
                if trigger.event != happening.event or not watched_generally(ability):
                    continue
                if watcher.identity in off_board and not _names_itself(trigger):
                    continue                        # off the board only a self-described trigger sees (385.2)
                if watcher.identity in in_trash and own_zone(ability) != "trash":
                    continue                        # "play me from your trash": it works from there (383.2.c.1)
                if condition_met(watcher, ability.trigger, state):
                    yield watcher, ability


_SEEN_TEXTS: dict = {}


def _events_of(obj) -> frozenset:
    """The events ``obj``'s abilities of the general forms wait for, remembered per characteristics object."""
    chars = obj.chars
    hit = _SEEN_TEXTS.get(id(chars))
    if hit is None or hit[0] is not chars:
        if len(_SEEN_TEXTS) > 4096:
            _SEEN_TEXTS.clear()
        hit = _SEEN_TEXTS[id(chars)] = (chars, _events_watched(abilities_of(obj)))
    return hit[1]


@lru_cache(maxsize=4096)
def _events_watched(abilities: tuple) -> frozenset:
    """The events the general forms among ``abilities`` wait for (those behind a keyword included): a quick
    way past the objects that watch nothing of the kind."""
    events = set()
    from .conditional_triggers import under_conditions
    for whole in abilities:
        whole = getattr(whole, "ability", whole)                   # "[Level 6][>] When ...": the ability behind
        for inner in under_conditions(whole):                      # "While ..., when ..." (364.3.a)
            events.update(normal(a.trigger).event for a in parts(inner) if watched_generally(a))
        if isinstance(whole, fx.TriggeredAbility):
            events.update(normal(a.trigger).event for a in parts(whole) if watched_generally(a))
    return frozenset(events)


def _names_itself(trigger) -> bool:
    return trigger.subject == "self" or any(s is not None and s.reference == "self"
                                            for s in (trigger.object, trigger.actor))


def _fulfils(state: GameState, watcher, trigger, happening: Happening, counted, player: str | None = None) -> list | None:
    """The objects the trigger saw when ``happening`` fulfils it (perhaps none), or None when it does not."""
    ctx = Context(state, player or watcher.controller or state.turn_player, watcher.identity,
                  here=location_of(state, watcher))
    if not _subject_fits(ctx, watcher, trigger, happening):
        return None
    if trigger.place == "here" and happening.place != location_of(state, watcher):
        return None
    if trigger.place == "battlefield" and (happening.dest or happening.place or ("",))[0] != "battlefield":
        return None
    if trigger.place == "main_deck" and (happening.dest or ("",))[0] != "deck":
        return None                                                     # "to your Main Deck"
    if not all(q in happening.facts or _time_holds(ctx, q, happening) for q in trigger.qualifiers):
        return None
    if trigger.keyword is not None and f"keyword:{trigger.keyword}" not in happening.facts:
        return None                                                     # "becomes [Mighty]"
    seen = []
    for sel in (trigger.actor if trigger.subject == "other" and not player_actor(trigger.actor) else None,
                trigger.object):
        found = _objects_fitting(ctx, watcher, sel, happening, counted)
        if found is None:
            return None
        seen.extend(o for o in found if o is not happening.at)   # "it" is the unit, not the battlefield attacked
    if trigger.subject == "self":
        seen = [o for o in happening.current if o.identity == watcher.identity] + seen
    return [o for o in seen if o is not None]


def _subject_fits(ctx, watcher: GameObject, trigger, happening: Happening) -> bool:
    if trigger.subject == "self":
        return any(o.identity == watcher.identity for o in happening.current)
    if trigger.subject == "you":
        return happening.player is not None and happening.player == ctx.player
    if trigger.subject == "each_player":
        return happening.player is not None
    if player_actor(trigger.actor):                                     # "When an opponent scores"
        kinds = set(trigger.actor.types)
        if happening.player is None or "ally" in kinds:
            return False                                                # a duel has no allies (180)
        return "opponent" not in kinds or happening.player != ctx.player
    return True                                                         # an object doing it: read with the objects


def _objects_fitting(ctx, watcher: GameObject, sel, happening: Happening, counted) -> list | None:
    """The objects of the happening ``sel`` describes (``[]`` when ``sel`` asks nothing), or None when none fits."""
    if sel is None or sel.types in EVENT_NOUNS:
        return []
    if any(f.kind == "source" for f in sel.filters) and happening.via != "spell":
        return None                                                     # "with a spell"
    ordinal = [ORDINALS[s] for s in sel.states if s in ORDINALS]
    if ordinal and not (counted[0] < ordinal[0] <= counted[1]):
        return None                                                     # "your second card in a turn"
    if sel.reference == "self":
        found = [o for o in happening.current if o.identity == watcher.identity]
        return found or None
    part = read_part(sel)
    pairs = list(zip(happening.objects, happening.current)) + ([(happening.at, happening.at)] if happening.at else [])
    found = [now for was, now in pairs if matches(ctx, part, was)]
    return found or None


def _time_holds(ctx, qualifier: str, happening: Happening) -> bool:
    """The times of the game a trigger may name, as they are when the event happens, and "from here" (the
    watcher's own location)."""
    state, mine = ctx.state, ctx.state.turn_player == ctx.player
    return {"your_turn": mine, "opponents_turn": not mine, "during_a_showdown": state.showdown is not None,
            "during_your_beginning_phase": mine and state.phase == "beginning",
            "each_turn": True, "in_a_turn": True,       # the ordinal of the object counts within the turn (_count)
            "from_here": ctx.here is not None and happening.place == ctx.here,
            "place_owner_you": happening.dest is not None and happening.dest[1] == ctx.player,
            # "When you attach an Equipment to me": the top-most card of the attach is the watcher (434.1.a.1)
            "to_me": happening.at is not None and happening.at.identity == ctx.source_identity}.get(qualifier, False)


def _count(state: GameState, happening: Happening) -> tuple[int, int]:
    """How many cards the player had done this to this turn before and after the event: "your second card
    in a turn" is the event that takes the count past 2 (tokens are not cards, 185)."""
    counts = state.__dict__.setdefault("events_this_turn", {})
    key = (state.turn_number, happening.event, happening.player)
    before = counts.get(key, 0)
    counts[key] = before + sum(1 for o in happening.objects if not getattr(o, "token", False))
    return before, counts[key]


def _limit_allows(state: GameState, watcher: GameObject, ability) -> bool:
    """"Once each turn" (383.3.e.1); "the first/third time ... each turn": only the Nth fulfilment this turn."""
    if ability.limit == "once_each_turn":
        return not spent_limit(state, watcher, ability, f"{watcher.name}'s triggered ability")
    nth = LIMITS.get(ability.limit, 0)
    if not nth:
        return True
    times = state.__dict__.setdefault("fulfilled_this_turn", {})
    key = (watcher.identity, ability, state.turn_number)
    times[key] = times.get(key, 0) + 1
    if times[key] != nth:
        state.note(f"{watcher.name}: this is time {times[key]} this turn, not time {nth}: it does not trigger",
                   "383.1.b")
    return times[key] == nth


def _words(trigger) -> str:
    who = {"self": "I", "you": "you", "each_player": "a player"}.get(trigger.subject, "")
    return f"{who} {trigger.event}".strip().replace("_", " ")


# ---- changes of state (370.1.a) -------------------------------------------------------
def becomings(state: GameState) -> None:
    """"When a unit you control becomes [Mighty]": a unit on the board whose Might went from below the
    threshold to at least it since the last look (709); one entering the board does not become it, it is."""
    if not any("become" in _events_of(o) for o in state.board_objects() + state.battlefields):
        state.__dict__["might_seen"] = {}          # nobody watches: a watcher that comes looks afresh (383.2.c)
        return
    threshold = mighty_threshold(state.rules)
    before = state.__dict__.get("might_seen", {})
    now, became = {}, []
    for obj in state.board_objects():
        if obj.card_type == "unit":
            now[obj.identity] = might_of(state, obj) or 0
            if obj.identity in before and before[obj.identity] < threshold <= now[obj.identity]:
                became.append(obj)
    state.__dict__["might_seen"] = now
    for player in state.order:
        mine = [o for o in became if o.controller == player]
        if mine:
            watch(state, Happening("become", player, tuple(mine), facts=frozenset({"keyword", "keyword:Mighty"}),
                                   rules=("709",)))


# ---- delayed triggers of this turn (390.2) ----------------------------------------------
@dataclass(frozen=True)
class Waiting:
    """A delayed trigger made this turn: whose, from which source, on which objects ("it"), once or each time."""

    player: str
    source: int | None
    ability: object
    watched: tuple
    turn: int
    once: bool


@dataclass(frozen=True)
class _Stand:
    """What a delayed trigger that names no object watches from: its player, as its source was (390.2)."""

    name: str
    controller: str
    identity: int | None
    zone: tuple = ("delayed", None)


def keep_delayed(ctx, effect) -> bool:
    """"When it wins a combat this turn, ...", "The next time you play a unit this turn, ...": kept until the end
    of the turn, on the objects the instructions before named ("it", 390.2)."""
    ability = delayed_ability(effect)
    watched = tuple(o.identity for o in ctx.last) if ability.trigger.subject == "self" else ()
    if ability.trigger.subject == "self" and not watched:
        ctx.state.note("the delayed trigger names no object still there: it watches nothing", "390.2")
        return False
    once = effect.when == "next_time"
    ctx.state.__dict__.setdefault("delayed_watch", []).append(
        Waiting(ctx.player, ctx.source_identity, ability, watched, ctx.state.turn_number, once))
    ctx.state.note(f"a delayed trigger waits for {'the next time' if once else 'each time'} this turn", "390.2")
    return True


def reflexive_done(effect: fx.Delayed) -> bool:
    """"They play that unit ... When they do, [Stun] it.": a trigger on the instruction just before being done
    (387, 387.3), no later event watched."""
    trigger = effect.trigger
    return effect.when == "when" and trigger is not None and trigger.event == "do" and not trigger.qualifiers \
        and trigger.condition is None and trigger.object is None and trigger.place is None and not trigger.replaces


def trigger_if_done(ctx, effect: fx.Delayed) -> bool:
    """When the instruction before was done, the trigger goes on the chain at once, about what it acted on
    ("it": the unit played, 387.3); else it does not trigger."""
    if not ctx.done_last:
        ctx.state.note("the instruction before was not done, so “when ... do” does not trigger", "387.3")
        return False
    ability = fx.TriggeredAbility(effect.span, ("387.3",), effect.trigger, effect.effects)
    stand = _Stand("a reflexive trigger", ctx.player, ctx.source_identity)
    _push(ctx.state, ctx.player, stand, ability, "when that is done", here=ctx.here, rules=("387", "387.3"),
          about=tuple(o.identity for o in ctx.last))
    return True


def _delayed_watch(state: GameState, happening: Happening, counted) -> None:
    pending = [w for w in state.__dict__.get("delayed_watch", []) if w.turn == state.turn_number]
    for waiting in list(pending):
        trigger = normal(waiting.ability.trigger)
        if trigger.event != happening.event:
            continue
        stand = _Stand("a delayed trigger", waiting.player, waiting.source)
        watchers = [state.by_identity(i) for i in waiting.watched] if waiting.watched else [stand]
        for watcher in (w for w in watchers if w is not None):
            seen = _fulfils(state, watcher, trigger, happening, counted, waiting.player)
            if seen is None:
                continue
            _push(state, waiting.player, stand, waiting.ability, f"when {_words(trigger)} this turn",
                  rules=("390.2", "392") + happening.rules, about=tuple(o.identity for o in seen),
                  event_place=_event_place(state, trigger, happening, tuple(seen)))
            if waiting.once:
                pending.remove(waiting)
                break
    state.__dict__["delayed_watch"] = pending
