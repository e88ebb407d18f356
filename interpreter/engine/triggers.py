"""Triggered abilities: when an event happens, matching abilities go on the chain (383).

Only objects on the board see events, except death triggers, which are noted as the
unit dies (428.1.a.1.b, 808). Keyword triggers (Vision 817) come from the object's
current keywords. Each triggered ability becomes a ``ChainItem`` controlled by the
controller of its source (191.4.a).
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from . import bus
from .state import ChainItem, GameObject, GameState
from .trigger_support import condition_runs, parts, watched_generally
from .traits import active_abilities, keywords_of, location_of


@dataclass(frozen=True, slots=True)
class Predict:
    """Vision's instruction (817.1.b): look at the top card of your main deck, you may recycle it (436)."""

    rules: tuple = ("817.1.b", "436")


@dataclass(frozen=True, slots=True)
class EquipOnPlay:
    """A keyword's play effect that attaches an Equipment to its unit for its Equip cost less a symbol
    ([Weaponmaster], 821.1.c); resolved by attaching.equip_on_play."""

    keyword: str
    reduced_by: str                       # "[A]" (821.1.c)
    rules: tuple = ("821.1.c",)


def equip_meaning(rules, name: str) -> dict | None:
    """The ``equip_on_play`` meaning of keyword ``name`` in the rules data (821.1.c), or None."""
    meaning = (rules.keyword(name) or {}).get("meaning") or {}
    return meaning if meaning.get("meaning") == "equip_on_play" else None


def attach_meaning(rules, name: str) -> dict | None:
    """The ``reaction_attach`` meaning of keyword ``name`` in the rules data ([Quick-Draw], 819.1.d), or None."""
    meaning = (rules.keyword(name) or {}).get("meaning") or {}
    return meaning if meaning.get("meaning") == "reaction_attach" else None


def attach_me(meaning: dict) -> fx.GameAction:
    """"attach this to a unit you control" (819.1.d): the card itself, then a unit its controller chooses."""
    return fx.GameAction(None, (meaning["rule"], "434"), meaning["does"],
                         (fx.Selector("the", types=("gear",), reference="self"),
                          fx.Selector("one", types=("unit",), controller="you")))


def _triggered(state: GameState, obj: GameObject, event: str, subject: str):
    for whole in active_abilities(state, obj):
        for ability in parts(whole) if isinstance(whole, fx.TriggeredAbility) else ():   # "When I ... or ..."
            if ability.trigger.event == event and ability.trigger.subject == subject \
                    and not ability.trigger.replaces and not watched_generally(ability) \
                    and condition_met(obj, ability.trigger, state):   # 367: "would"; event_watch.py: the general forms
                yield ability


def condition_met(obj: GameObject, trigger: fx.Trigger, state: GameState | None = None) -> bool:
    """The trigger's "while ..." condition, checked as the event happens (383.2.a.1)."""
    if not condition_runs(trigger):
        from .errors import UnsupportedEffect
        raise UnsupportedEffect("a trigger condition other than “while I'm at a battlefield”")
    condition = trigger.condition
    if condition is not None and condition.kind == "has_all_tags":
        return state is not None and _has_all_tags(state, obj, condition)
    return condition is None or obj.zone[0] == "battlefield"


def _has_all_tags(state: GameState, obj: GameObject, condition: fx.Condition) -> bool:
    """"while your units have all 4 tags": every listed tag is on at least one of the objects named (143.1)."""
    from .context import Context
    from .selectors import candidates
    found = {tag for o in candidates(Context(state, obj.controller, obj.identity), condition.subject)
             for tag in o.chars.tags}
    return set(condition.object.tags) <= found


def _push(state: GameState, controller: str | None, source: GameObject, ability, label: str,
          here: tuple | None = None, rules: tuple = ("383",), about: tuple = (), players: tuple = (),
          about_phrase=None, event_place: tuple | None = None) -> None:
    controller = controller or state.turn_player                       # 190.6.b
    item = ChainItem(controller, None, tuple(getattr(ability, "effects", (ability,))), label,
                     source.identity, here, finalized=True, about=about, players=players,
                     about_phrase=about_phrase, chosen=False, event_place=event_place)
    if not bus.perform("finalize_cost", state, item):                 # 204.3.a: its cost is paid first
        state.note(f"{label} is not finalized: its cost is not paid", "204.3.a")
        return
    state.chain.append(item)
    state.note(f"{label} triggers and goes on the chain", *rules)
    state.cleanup_due = True                                           # 319.3


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


def from_origins(trigger: fx.Trigger, origins: tuple[str, ...]) -> bool:
    """Whether a play from ``origins`` meets the trigger's "from [Hidden]"."""
    return "from_keyword" not in trigger.qualifiers or trigger.keyword in origins


def effects_named(statement: fx.StaticEffect) -> str | None:
    """Which triggered abilities a statement about "effects" names: a keyword's ("Deathknell", 808.1.b.1) or an
    event's ("hold", 383)."""
    return statement.keyword or statement.value


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
                             and s.kind == "extra_trigger" and effects_named(s) == effects and s.holder.reference == "you"
                             and (s.place is None or source.zone == ("battlefield", slot)))
    return count


def role_gained(state: GameState, obj: GameObject, event: str) -> None:
    """``When I attack`` / ``When I defend`` (or both) of a unit given its designation as combat begins (464.2.e)."""
    label = f"{obj.name}: when I {event}"
    for ability in active_abilities(state, obj):
        if not isinstance(ability, fx.TriggeredAbility) or ability.trigger.replaces:
            continue
        events = [p.trigger for p in parts(ability) if not watched_generally(p)]     # event_watch.py reads the rest
        if not any(t.event == event and t.subject == "self" for t in events) or not condition_met(obj, ability.trigger, state):
            continue
        if not spent_limit(state, obj, ability, label):
            _push(state, obj.controller, obj, ability, label, rules=("464.2.e", "383"))


def temporary(state: GameState, player: str) -> list[GameObject]:
    """Permanents of ``player`` with Temporary, killed before scoring (816.1.b), but for those whose Temporary
    does not trigger ("Your [Temporary] effects at my battlefield don't trigger")."""
    return [obj for obj in state.board_objects()
            if obj.controller == player and "Temporary" in keywords_of(state, obj)
            and not _kept_from_triggering(state, obj, "Temporary")]


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
                if isinstance(s, fx.StaticEffect) and s.kind == "no_trigger" and effects_named(s) == effects \
                        and s.holder.reference == "you" and _at_place(source, obj, s.place):
                    state.note(f"{source.name}: {obj.name}'s {effects} effect does not trigger", "383", "364")
                    return True
    return False


def _at_place(source: GameObject, obj: GameObject, place: fx.Place | None) -> bool:
    if place is None:
        return True
    if place.kind == "battlefield" and place.owner == "my":
        return source.zone[0] == "battlefield" and obj.zone == source.zone
    from .errors import UnsupportedEffect
    raise UnsupportedEffect(f"“effects {place.kind} don't trigger” other than at my battlefield")


def here_of(state: GameState, item: ChainItem) -> tuple | None:
    """``here`` for an ability: its source's location now (359.3.f.2), else where it triggered."""
    source = state.by_identity(item.source_identity)
    if source is not None and location_of(state, source) is not None:
        return location_of(state, source)
    return item.here
