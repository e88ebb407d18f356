"""What can see what (383.2.c): triggered abilities of other objects that watch deaths and plays.

A trigger condition is evaluated after the event (383.2.c). Permanents see events only
while on the board: an object that enters the board with the event sees it (383.2.c.1, a
unit sees itself played), one that leaves with it does not (383.2.c.2, a unit never sees
itself or the units dying with it die). Deathknell is the exception, triggering from the
trash (808). A death a replacement effect took away never happened and is seen by no one
(370.1.a.1). Every trigger goes on the chain (383.3), "may" or not.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from . import bus
from .happenings import happen
from .state import GameObject, GameState
from .traits import active_abilities, keywords_of, location_of
from .trigger_support import parts, self_participle, watched_generally
from .triggers import EquipOnPlay, Predict, _push, attach_me, attach_meaning, equip_meaning, _triggered, condition_met, extra_times, from_origins, spent_limit

BOARD = ("base", "battlefield", "legend", "battlefield_zone")


@dataclass(frozen=True)
class Seen:
    """What a watcher knows of an object at the moment of the event (its last board state)."""

    name: str
    card_type: str
    controller: str | None
    tags: tuple
    token: bool
    identity: int


def seen(obj: GameObject) -> Seen:
    return Seen(obj.name, obj.card_type, obj.controller, tuple(obj.chars.tags), obj.token, obj.identity)


def deaths_seen(state: GameState, dead: list[Seen]) -> None:
    """``When a/another ... unit dies`` of permanents still on the board (383.2.c.2), and delayed triggers on
    those deaths."""
    delayed_deaths_seen(state, dead)
    gone = {d.identity for d in dead}
    for watcher in _watchers(state):
        if watcher.identity in gone:
            continue
        for ability in _watching(state, watcher, "die", "other"):
            for died in dead:
                if _fits(ability.trigger.actor, died, watcher):
                    _fire(state, watcher, ability, f"{watcher.name}: when a unit dies", ("383", "383.2.c"))


def delayed_deaths_seen(state: GameState, dead: list[Seen]) -> None:
    """"When it dies this turn, ..." made by a spell this turn: the death of an object it watches puts its
    instructions on the chain, whether or not the spell is still anywhere (390.2, 392)."""
    from .state import ChainItem

    pending = [p for p in state.__dict__.get("when_dies", []) if p[4] == state.turn_number]
    gone = {d.identity: d for d in dead}
    for entry in list(pending):
        player, source, watched, effects, _turn = entry
        died = [i for i in watched if i in gone]
        if not died:
            continue
        pending.remove(entry)
        state.chain.append(ChainItem(player, None, tuple(effects), f"when {gone[died[0]].name} dies",
                                     source, None, finalized=True, about=tuple(died)))
        state.note(f"the delayed trigger on {gone[died[0]].name}'s death goes on the chain", "390.2", "392")
        state.cleanup_due = True
    state.__dict__["when_dies"] = pending


def play_seen(state: GameState, obj: GameObject, player: str | None, origins: tuple[str, ...] = ()) -> None:
    """``When you play a unit/spell ...`` of permanents on the board, the played one included (383.2.c.1);
    "a card from [Hidden]" only when it was played from there."""

    if player is None:
        return
    what = seen(obj)
    for watcher in _watchers(state):
        for ability in _watching(state, watcher, "play", "you"):
            if watcher.controller == player and _fits(ability.trigger.object, what, watcher, relation=False) \
                    and from_origins(ability.trigger, origins):
                _fire(state, watcher, ability, f"{watcher.name}: when you play {obj.name}", ("383", "383.2.c.1"),
                      about=(obj.identity,))                   # "it": the card played (359.3.e.14)


def move_seen(state: GameState, obj: GameObject, origin: tuple, dest: tuple) -> None:
    """``When a friendly unit moves from my location`` of permanents that were where the unit left from, and
    ``When an opponent moves to a battlefield other than mine`` (383.2.c); other move triggers of
    watchers are not read yet and stay silent."""
    what = seen(obj)
    for watcher in _watchers(state):
        if watcher.identity == obj.identity:
            continue
        for ability in _watching(state, watcher, "move", "other"):
            trigger = ability.trigger
            if watcher.zone == origin and set(trigger.qualifiers) == {"from_my_location"} \
                    and trigger.place is None and _fits(trigger.actor, what, watcher):
                _fire(state, watcher, ability, f"{watcher.name}: when a unit moves from my location",
                      ("383", "383.2.c"), about=(obj.identity,))
            elif _opponent_moves_elsewhere(trigger, watcher, obj, dest):
                _fire(state, watcher, ability, f"{watcher.name}: when an opponent moves", ("383", "383.2.c"))


def _opponent_moves_elsewhere(trigger: fx.Trigger, watcher: GameObject, obj: GameObject, dest: tuple) -> bool:
    """"an opponent moves to a battlefield other than mine": an opponent's unit reaches another battlefield."""
    return trigger.actor is not None and trigger.actor.types == ("opponent",) and trigger.place == "battlefield" \
        and set(trigger.qualifiers) == {"place_other_than_mine"} and obj.controller != watcher.controller \
        and dest[0] == "battlefield" and dest != watcher.zone


def _fire(state: GameState, watcher: GameObject, ability, label: str, rules: tuple, about: tuple = (),
          here: tuple | None = None) -> None:
    """Put the ability on the chain, unless it triggers once each turn (or the first time each turn) and already
    did (383.3.e.1); ``here``: the place of its event, for a source that is not there (359.3.f.3.b)."""

    if spent_limit(state, watcher, ability, label):
        return
    _push(state, watcher.controller, watcher, ability, label, here=here, rules=rules, about=about)


def _watchers(state: GameState) -> list[GameObject]:
    return [o for o in state.board_objects() + state.battlefields if o.zone[0] in BOARD]


def _watching(state: GameState, obj: GameObject, event: str, subject: str):
    # the abilities that work now: "[Level 6][>] When ..." only while its condition holds, as triggers.py;
    # "... while I'm at a battlefield" only while it is there (383.2.a.1)

    for whole in active_abilities(state, obj):                          # () when the text does not compile yet
        for ability in parts(whole) if isinstance(whole, fx.TriggeredAbility) else ():   # "When I ... or ..."
            if ability.trigger.event == event and ability.trigger.subject == subject \
                    and not ability.trigger.replaces and not watched_generally(ability) \
                    and condition_met(obj, ability.trigger, state):                  # event_watch.py: the general forms
                yield ability


def _fits(sel, what: Seen, watcher: GameObject, relation: bool = True) -> bool:
    if sel is None:
        return True
    if "card" in sel.types and what.token:
        return False                                                    # a token is not a card (185)
    if sel.types and "card" not in sel.types and what.card_type not in sel.types:
        return False
    if sel.other and what.identity == watcher.identity:
        return False
    if relation and sel.relation == "friendly" and what.controller != watcher.controller:
        return False
    if relation and sel.relation == "enemy" and what.controller == watcher.controller:
        return False
    if sel.token is not None and what.token != sel.token:
        return False
    return not sel.tags or bool(set(sel.tags) & set(what.tags))      # any of the tags listed, as selectors


def score_seen(state: GameState, player: str, slot: int, how: str) -> None:
    """``When I hold/conquer`` of the player's units at the battlefield, and ``When you hold/conquer``
    of the player's permanents (383.4.c.2, 383.4.d.2); a hold is not a conquer (seed 004)."""

    rule = "383.4.c.2" if how == "conquer" else "383.4.d.2"
    again = extra_times(state, player, how, slot=slot)       # "Your hold effects ... trigger an additional time"
    for watcher in _watchers(state):
        if watcher.controller != player:
            continue
        here = watcher.zone == ("battlefield", slot)
        for subject in (("self", "you") if here else ("you",)):
            for ability in _watching(state, watcher, how, subject):
                if ability.trigger.place == "here" and (watcher in state.battlefields or not here):
                    continue        # "When you hold here": the scored battlefield's own, or where the unit is (471.2)
                if not _scored_fits(state, ability.trigger.object, player, slot):
                    continue        # "When I conquer an open battlefield"
                if "after_attack" in ability.trigger.qualifiers and not _attacked(state, watcher, player, slot):
                    continue        # "When I conquer after an attack": a conquer from a combat it attacked in
                for _ in range(1 + again):
                    _fire(state, watcher, ability, f"{watcher.name}: when {'I' if subject == 'self' else 'you'} {how}",
                          ("383", rule), here=("battlefield", slot))    # "that battlefield": the one scored
        if here and watcher.card_type == "unit":
            for _ in range(1 + again):
                _keyword_triggers(state, watcher, how)


def _scored_fits(state: GameState, sel, player: str, slot: int) -> bool:
    """Whether the battlefield scored is the one a trigger names: any, an open one (170.11.c) or one that was
    uncontrolled (170.11.b), as it was before the player conquered it (scoring.score)."""
    key = (state.turn_number, player, slot)
    if sel is not None and "open" in sel.states and key not in state.__dict__.get("open_conquests", set()):
        return False
    uncontrolled = sel is not None and any(f.kind == "was_uncontrolled" for f in sel.filters)
    return not uncontrolled or key in state.__dict__.get("uncontrolled_conquests", set())


def _attacked(state: GameState, unit: GameObject, player: str, slot: int) -> bool:
    """Whether ``unit`` was an attacker of the combat the conquer of ``slot`` came from (466.5.d)."""
    attackers = state.__dict__.get("attack_conquests", {}).get((state.turn_number, player, slot), frozenset())
    return unit.identity in attackers


# What a triggered keyword of a unit that conquered or held does, by the "does" of its definition
KEYWORD_DOES = ("gain_xp",)


def _keyword_triggers(state: GameState, unit: GameObject, how: str) -> None:
    """"[Hunt 2]": a triggered keyword whose definition (rules data) triggers on the unit's own conquer or hold
    ("When I conquer or hold, gain X XP", 823.1.c.1); X omitted is the definition's default (823.1.c.2)."""
    for name, value in keywords_of(state, unit).items():
        definition = state.rules.keyword(name) or {}
        trigger, meaning = definition.get("trigger") or {}, definition.get("meaning") or {}
        if definition.get("kind") != "triggered" or trigger.get("subject") != "self" \
                or how not in str(trigger.get("event", "")).split("_or_") or meaning.get("does") not in KEYWORD_DOES:
            continue
        amount = value if value is not None else definition.get("omitted", 1)
        effect = fx.GameAction(None, (meaning["rule"],), meaning["does"], amount=fx.Amount("count", amount))
        _push(state, unit.controller, unit, effect, f"{unit.name}: [{name}]", rules=("383", trigger["rule"]))


def _instances(obj: GameObject, name: str) -> int:
    """How many times the object prints keyword ``name`` (at least once when it has it otherwise)."""
    printed = sum(1 for a in obj.chars.abilities() if isinstance(a, fx.KeywordAbility) and a.keyword.name == name)
    return max(printed, 1)


# ---- the events of the source itself, then what watchers see of them (383.2) -----------
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
        if isinstance(ability, fx.TriggeredAbility) and any(self_participle(t, "played")
                                                            for t in (ability.trigger,) + ability.also):
            _push(state, obj.controller, obj, ability, f"{obj.name}: when this is played", rules=("383", "419.4.a"))
    if "Vision" in keywords_of(state, obj):
        _push(state, obj.controller, obj, Predict(), f"{obj.name}: Vision", rules=("817.1.c",))
    for name in keywords_of(state, obj):
        meaning = equip_meaning(state.rules, name)                     # [Weaponmaster] (821.1.c)
        for _instance in range(_instances(obj, name) if meaning is not None else 0):    # 821.1.c.7
            _push(state, obj.controller, obj, EquipOnPlay(name, meaning["reduced_by"], (meaning["rule"],)),
                  f"{obj.name}: [{name}]", rules=("383", meaning["rule"]))
    for name in keywords_of(state, obj):
        meaning = attach_meaning(state.rules, name)                    # [Quick-Draw]: once however many (819.2)
        if meaning is not None and meaning["event"] == "i_am_played":
            _push(state, obj.controller, obj, attach_me(meaning), f"{obj.name}: [{name}]",
                  rules=("383", meaning["rule"]))
    play_seen(state, obj, obj.controller, origins)                     # "when you play a ..." (383.2.c.1)
    happen(state, "play", obj.controller, (obj,),                      # the general forms (event_watch.py)
           facts=frozenset({"from_facedown"} if "Hidden" in origins else ()))


def dying(state: GameState, obj: GameObject, here: tuple | None) -> None:
    """Death triggers of ``obj`` itself, noting where it was (428.1.a.1.b, 808)."""
    # whether it dies alone, the units dying with it still there (740.2.a): "If I died alone" (conditions_died.py)
    state.__dict__.setdefault("died_alone", {})[obj.identity] = here is not None and not any(
        o is not obj and o.card_type == "unit" and o.controller == obj.controller and location_of(state, o) == here
        for o in state.board_objects())
    for ability in _triggered(state, obj, "die", "self"):
        if "808" not in ability.rules:
            state.note(f"{obj.name} leaves the board as it dies and does not see its own death", "383.2.c.2")
            continue
        noted = state.rules.death_trigger["notes_location"]["rule"]    # 808.1.d.3: where it was, before the trash
        _push(state, obj.controller, obj, ability, f"{obj.name}: Deathknell", here, ("808", "428.1.a.1.b", noted))
        for _ in range(extra_times(state, obj.controller, "Deathknell", obj)):
            _push(state, obj.controller, obj, ability, f"{obj.name}: Deathknell again", here, ("808.1.b.1", "383"))


@bus.subscribe("moved")
def moved(state: GameState, obj: GameObject, origin: tuple, dest: tuple, by: str | None = None) -> None:
    """``When I move`` and ``When I move to a battlefield`` of a unit that moved."""
    for ability in _triggered(state, obj, "move", "self"):
        if ability.trigger.place == "battlefield" and dest[0] != "battlefield":
            continue
        if spent_limit(state, obj, ability, f"{obj.name}: when I move"):
            continue
        _push(state, obj.controller, obj, ability, f"{obj.name}: when I move")
    move_seen(state, obj, origin, dest)                                # "when a friendly unit moves ..."


@bus.subscribe("scored")
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
    score_seen(state, player, slot, how)                               # units' hold and conquer effects (383.4)


def _done_with(state: GameState, player: str, slot: int, battlefield: GameObject, using) -> bool:
    """"When you conquer here with one or more [Mighty] units": at least one of the player's units there fits."""
    if using is None:
        return True
    from .context import Context
    from .selectors import matches

    ctx = Context(state, player, battlefield.identity, here=("battlefield", slot))
    units = [o for o in state.objects(("battlefield", slot)) if o.controller == player and o.card_type == "unit"]
    return any(matches(ctx, using, unit) for unit in units)
