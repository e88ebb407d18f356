"""Replacement effects (367-375): read from compiled abilities, applied to events before they happen.

Five kinds of event are replaceable so far: a death (``die``), a permanent entering the
board (``enter``), a token being played (``play_token``), a card being played (``play``) and
a card being revealed (``reveal``). A replacement comes from:

- ``If ... would die/play ..., ... instead`` (a Conditional of kind ``would_*``); the
  sentences after it in the same ability belong to it (Zhonya's "Heal that unit, ...");
- ``The next time ... would ...`` (a TriggeredAbility with the ``would`` qualifier): once;
- ``I enter ready`` / ``Friendly units enter ready`` (a StaticEffect of kind ``enter``, 369.3);
- ``As you play me, ...`` / ``As I'm revealed from your deck, ...`` (a TriggeredAbility with the
  ``as`` qualifier): the event is replaced by itself plus the action (370.1.b.1); an ``I enter
  there`` that such an action carried out makes the entry replacement of 369.3 (Baron Nashor).

Which one applies first, when several do, is settled by ``replacement_graph`` (372-373);
``replacement_events`` carries out the events with them.
Each replacement applies at most once to an event and whatever replaced it (370.2), and
only in one sequence over simultaneous events (373.2).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from interpreter.compiler import effects as fx
from . import bus
from .context import Context
from .events import GameEvent
from .paid_instead import paid_instead
from .replacement_run import run_instructions
from .state import GameObject, GameState
from .traits import all_abilities, location_of, might_of

ACTIVE_ZONES = ("base", "battlefield", "legend", "battlefield_zone")   # 370.3: permanents act from the board


@dataclass(frozen=True)
class Replacement:
    """One replacement effect of one object: what it replaces and what happens instead."""

    key: tuple                     # (source identity, ability number): 370.2 counts applications by it
    source: GameObject = field(compare=False, hash=False)
    controller: str | None         # 374: the controller of its source
    kind: str                      # die | enter | play_token
    subject: fx.Selector | None
    instructions: tuple = ()
    writes: tuple = ()             # enter: (("ready", True),)
    may: bool = False
    next_time: bool = False
    rules: tuple = ("367",)
    zone: str = "board"            # where it works (370.3): "trash" for "banish me from your trash instead"
    per_turn: int | None = None    # "Once each turn, ..." (371.1)
    also: bool = False             # an "as" effect: the event still happens, plus the instructions (370.1.b.1)
    during: str | None = None      # "would die during combat": only while a combat is going on (459)
    cost: object = None            # "may pay [A][A][A] to ... instead": paid by ``payer`` as it applies (371.2)
    payer: str = "controller"      # controller (of the replacement) | its_controller (of the object of the event)
    payment: object = None         # "you may pay [R] to ... instead": paid as it applies (371.2, 203.3)
    maker: int | None = None       # the identity of what made a delayed replacement (its payment's source)

    @property
    def label(self) -> str:
        return f"{self.source.name} #{self.key[0]}" + (f" ability {self.key[1]}" if self.key[1] > 1 else "")

    @property
    def reads(self) -> frozenset:
        """Event fields whose value decides whether this applies (for the ordering graph)."""
        if self.subject is None or self.subject.location is None:
            return frozenset()
        return frozenset({"played_to" if _about_the_play(self.subject) else "location"})


# ---- reading replacements from abilities ---------------------------------------------
def of_object(state: GameState, obj: GameObject) -> list[Replacement]:
    """The replacement effects ``obj``'s abilities define (369)."""
    found = []
    for number, ability in enumerate(all_abilities(state, obj), start=1):    # an Equipment's too (136.2.c)
        made = _from_ability(obj, number, ability)
        if made is not None:
            found.append(made)
        if obj.enter_at is not None and _enters_somewhere(ability):
            found.append(_entering_there(obj, (obj.identity, number)))
    return found


def _enters_somewhere(ability) -> bool:
    """An "as" ability with "I enter there" among its instructions (369.3)."""
    if not (isinstance(ability, fx.TriggeredAbility) and "as" in ability.trigger.qualifiers):
        return False
    return any(isinstance(e, fx.StaticEffect) and e.kind == "enter" and e.place is not None
               for e in map(_unwrapped, ability.effects))


def _unwrapped(effect):
    while isinstance(effect, (fx.MayDo, fx.IfYouDo)):
        effect = effect.effect
    return effect


def _entering_there(obj: GameObject, key) -> Replacement:
    """Baron Nashor's "If you do, I enter there": once its "as" action named the place (``enter_at``),
    his entering where he was played is replaced by his entering there (369.3)."""
    return Replacement(key, obj, obj.controller, "enter", _self(), writes=(("location", obj.enter_at),),
                       rules=("369.3", "370.1.b"))


def _from_ability(obj: GameObject, number: int, ability) -> Replacement | None:
    key, controller = (obj.identity, number), obj.controller
    if isinstance(ability, fx.TriggeredAbility) and "as" in ability.trigger.qualifiers:
        return _as(obj, key, ability)
    if isinstance(ability, fx.TriggeredAbility) and "would" in ability.trigger.qualifiers:
        return _would(obj, key, ability.trigger, tuple(ability.effects), ability.limit)
    if isinstance(ability, fx.ActivatedAbility):
        return None             # its instructions are done when it resolves (377), not a replacement of its source
    if isinstance(ability, fx.ReplacementAbility) and ability.next_time is not None:   # once (371.1)
        return _would(obj, key, ability.next_time, ability.effects + ability.then, None)
    if isinstance(ability, fx.ReplacementAbility):          # "If I would die, instead ..." (367, 369.1)
        from interpreter.compiler.standing import as_conditional
        return _conditional(obj, key, controller, as_conditional(with_test_of_it(ability)))
    effects = tuple(getattr(ability, "effects", ()))
    if effects and _next_time(effects[0]) is not None:
        return _would(obj, key, _next_time(effects[0]), tuple(effects[0].effects) + effects[1:], None)
    if effects and isinstance(effects[0], fx.Conditional) and effects[0].condition.kind.startswith("would_"):
        return _conditional(obj, key, controller, effects)
    for effect in effects:
        if isinstance(effect, fx.StaticEffect) and effect.kind == "enter" and effect.value in ("ready", "exhausted"):
            return Replacement(key, obj, controller, "enter", effect.holder,
                               writes=(("ready", effect.value == "ready"),), rules=("369.3", "184.1"))
    return None


def _would(obj, key, trigger, effects: tuple, limit: str | None) -> Replacement | None:
    """"The next time ... would ..." (once) or "Once each turn, when ... would ..." (371.1)."""
    kind = {"die": "die", "play": "play_token"}.get(trigger.event)
    if kind is None:
        return None
    from .triggers import condition_met
    if not condition_met(obj, trigger):          # "... while I'm at a battlefield": not now (383.2.a.1)
        return None
    if kind == "play_token":
        subject = trigger.object
    else:
        subject = _self() if trigger.subject == "self" else trigger.actor
    per_turn = 1 if limit in ("once_each_turn", "first") else None
    may = bool(effects) and isinstance(effects[0], fx.MayDo)
    return Replacement(key, obj, obj.controller, kind, subject, effects, may=may, next_time=per_turn is None,
                       per_turn=per_turn, rules=("367", "369.1") + (("371.1",) if per_turn else ()))


def _as(obj, key, ability: fx.TriggeredAbility) -> Replacement | None:
    """"As you play me, ..." / "As I'm revealed from your deck, ...": the event replaced by that same
    event plus the instructions (370.1.b.1); it works where its source is as the event happens."""
    # "As you look at or reveal me ...": only the reveal is an event the runtime has (looking is not hooked)
    trigger = next((t for t in (ability.trigger,) + ability.also if t.event in ("play", "reveal")), None)
    if trigger is None:
        return None
    # "from your deck" is the qualifier "from_deck", "from the top of your deck" "top_of_deck" (whose: you)
    from interpreter.compiler.triggers import EVENT_PLACES
    origin = next((EVENT_PLACES[q][1] for q in trigger.qualifiers
                   if q in EVENT_PLACES and EVENT_PLACES[q][0] in ("from", "top_of")), None)
    zone = "chain" if trigger.event == "play" else {"main_deck": "deck"}.get(origin, origin) or obj.zone[0]
    if zone not in ("chain", "board") and any(_about_self(e) for e in ability.effects):
        from .errors import UnsupportedEffect      # "me" off the board is not found by the runtime yet
        raise UnsupportedEffect(f"an “as” effect that acts on its source in the {zone}")
    controller = obj.controller or obj.owner                          # a card off the board: its owner's
    return Replacement(key, obj, controller, trigger.event, _self(), tuple(ability.effects), rules=ability.rules,
                       zone=zone, also=True)


def _next_time(effect):
    """The trigger of "The next time ... would ...", when ``effect`` is one compiled as a delayed effect."""
    trigger = getattr(effect, "trigger", None)
    if isinstance(effect, fx.Delayed) and effect.when == "next_time" and trigger is not None \
            and "would" in trigger.qualifiers:
        return trigger
    return None


def _conditional(obj, key, controller, effects) -> Replacement | None:
    condition = effects[0].condition
    kind = _REPLACED_EVENTS.get(condition.kind)
    if kind is None or _during(condition) and condition.during not in DURING:
        return None
    subject = condition.subject if kind == "die" else condition.object
    instructions = tuple(effects[0].effects) + effects[1:]
    may = any(isinstance(e, fx.MayDo) for e in effects[0].effects)
    zone = "trash" if any(_from_own_trash(e) for e in instructions) else "board"
    paid = _paid_form(instructions)
    if paid is False:
        return None
    cost, payer = paid if paid else (None, "controller")
    if paid:                                       # the payment is made as it applies; then its result
        instructions = (paid_instead(instructions).result,) + instructions[1:]
    return Replacement(key, obj, controller, kind, subject, instructions, may=may, rules=("367", "369.1"), zone=zone,
                       during=condition.during if _during(condition) else None, cost=cost, payer=payer)


# "if it has less Might than me": a test of the object of the event, read as the filter its noun phrase has
_TESTS_OF_IT = ("less_might_than", "more_might_than")


def with_test_of_it(ability: fx.ReplacementAbility) -> fx.ReplacementAbility:
    """"If another unit you control here would die, if it has less Might than me, instead ...": the second "if"
    tests the object of the event as it would die (369.1), so the replacement watches for "another unit you
    control here with less Might than me" (the filter ``_filters_ok`` tests); any other ability is left as it is."""
    condition = ability.condition
    if ability.next_time is not None or condition is None or condition.kind != "would_die" \
            or condition.subject is None or len(ability.effects) != 1:
        return ability
    inner = ability.effects[0]
    if not isinstance(inner, fx.Conditional) or inner.otherwise or inner.unless:
        return ability
    test = inner.condition
    about_it = test.subject is not None and test.subject.reference == "it"
    if test.kind not in _TESTS_OF_IT or not about_it or test.negated or test.past or test.also is not None \
            or test.object is None or test.object.reference != "self":
        return ability
    subject = replace(condition.subject, filters=condition.subject.filters + (fx.Filter(test.kind, None, "self"),))
    return replace(ability, condition=replace(condition, subject=subject), effects=tuple(inner.effects))


def replacement_gap(ability: fx.ReplacementAbility) -> str | None:
    """Why the runtime would not apply a standing replacement (``_conditional``, ``_would``), or None."""
    if ability.next_time is not None:
        return None if ability.next_time.event in ("die", "play") else \
            f"a replacement of the next “{ability.next_time.event}” event is not applied yet"
    if first_steps(ability) is not None:
        return None                                      # done before the event by action_run (reveal_first)
    if ability.condition.kind not in _REPLACED_EVENTS:
        return f"a replacement of the event “{ability.condition.kind}” is not applied yet"
    if _during(ability.condition) and ability.condition.during not in DURING:
        return f"a replacement during “{ability.condition.during}” is not applied yet"
    from interpreter.compiler.standing import as_conditional
    effects = as_conditional(ability)
    if _paid_form(tuple(effects[0].effects) + tuple(effects[1:])) is False:
        return "a replacement paid for in this form is not applied yet"
    return None


def paid_for(ability: fx.ReplacementAbility) -> tuple:
    """The instructions of a replacement as it is applied: a "may pay ... to <result>" first is paid by ``apply``
    (``_pays``), and its result done with the rest."""
    instructions = tuple(ability.effects) + tuple(ability.then)
    if _paid_form(instructions):          # "... and recall it instead": after the payment, every part is "instead"
        return (paid_instead(instructions).result,) + tuple(_instead_part(e) for e in instructions[1:])
    return instructions


def _instead_part(effect):
    """"If you do, ... instead" after a paid "may": the instruction itself (the payment made, 371.2)."""
    if isinstance(effect, fx.IfYouDo):
        effect = effect.effect
    return effect.effect if isinstance(effect, fx.Instead) else effect


# "If a unit here would die during combat": while a combat is going on (459)
DURING = {"combat": lambda state: state.combat is not None}      # the TurnPart of Condition.during


def _paid_form(instructions: tuple):
    """"its controller may pay [A][A][A] to heal it, exhaust it, and recall it instead": (the cost, who pays) when
    the first instruction is a "may pay ... to ..." of Energy and Power, by the replacement's controller or the
    controller of the object of the event; None when it is not paid for; False in a form not read."""
    paid = paid_instead(instructions)
    if paid is None:
        return None
    from .cost_values import fixed_cost
    cost = fixed_cost(paid.payment)
    if cost is None or paid.payer is None or not isinstance(paid.result, fx.GameAction):
        return False
    return cost, paid.payer


_REPLACED_EVENTS = {"would_die": "die", "would_play": "play_token"}
# Events a replacement may put instructions before, when it ends with the event itself ("Then reveal those cards")
_FIRST_EVENTS = {"would_reveal": "reveal"}


def first_steps(ability) -> tuple | None:
    """"If you would reveal cards from a deck, look at the top card first. You may recycle it. Then reveal those
    cards.": the event replaced by instructions and then the event itself (370.1.b.1), when its last instruction
    is the event's action on "those cards"; the instructions before it, or None in another form."""
    if not isinstance(ability, fx.ReplacementAbility) or ability.next_time is not None:
        return None
    condition = ability.condition
    action = _FIRST_EVENTS.get(condition.kind)
    steps = tuple(ability.effects) + tuple(ability.then)
    if action is None or not steps or condition.negated or condition.subject is None \
            or condition.subject.reference != "you" or not _from_a_deck(condition.object):
        return None
    last = steps[-1]
    if not (isinstance(last, fx.GameAction) and last.action == action and len(last.objects) == 1
            and last.objects[0].reference == "that"):
        return None
    return steps[:-1]


def _from_a_deck(sel) -> bool:
    return sel is not None and sel.zone is not None and sel.zone.kind in ("deck", "main_deck") \
        and sel.zone.owner is None and sel.reference is None


def reveal_first(state: GameState, player: str, sel) -> None:
    """Before ``player`` reveals the cards ``sel`` names from a deck: the "look at the top card first" of each
    of their permanents' replacements of that reveal, as its own instructions (370.1.b.1, 374)."""
    if sel is None or sel.zone is None or sel.zone.kind not in ("deck", "main_deck"):
        return
    from .state import ChainItem
    for source in state.board_objects():
        if source.controller != player:
            continue
        for number, ability in enumerate(all_abilities(state, source), start=1):
            steps = first_steps(ability)
            if steps is None or (source.identity, number) in _revealing(state):
                continue
            state.note(f"{source.name}: before the reveal, its instructions first", "370.1.b.1", "374")
            _revealing(state).add((source.identity, number))
            steps = tuple(_of_that_deck(step, sel.zone) for step in steps)
            try:
                bus.perform("run_item", state, ChainItem(player, None, steps, f"{source.name}: first",
                                                         source.identity, location_of(state, source), True))
            finally:
                _revealing(state).discard((source.identity, number))


def _of_that_deck(step, zone):
    """"look at the top card first": the top card of the deck the event reveals from."""
    if isinstance(step, fx.GameAction) and step.objects:
        objects = tuple(replace(o, zone=zone) if o.quantity == "top" and o.zone is None and o.reference is None
                        else o for o in step.objects)
        return replace(step, objects=objects)
    return step


def _revealing(state) -> set:
    """The replacements being applied now: each applies once to an event (370.2)."""
    return state.__dict__.setdefault("reveals_replacing", set())


def _during(condition: fx.Condition) -> bool:
    """"If a unit here would die during combat": a replacement for part of the turn only (``DURING``)."""
    return condition.during is not None


def _about_self(effect) -> bool:
    """Whether an instruction acts on its own source ("banish me", "play me for [A]")."""
    while isinstance(effect, (fx.Instead, fx.MayDo, fx.IfYouDo)):
        effect = effect.effect
    return isinstance(effect, fx.GameAction) and any(sel.reference == "self" for sel in effect.objects)


def _from_own_trash(effect) -> bool:
    """"banish me from your trash": the replacement works from its source's trash (370.3)."""
    while isinstance(effect, (fx.Instead, fx.MayDo, fx.IfYouDo)):
        effect = effect.effect
    return isinstance(effect, fx.GameAction) and any(
        sel.reference == "self" and sel.zone is not None and sel.zone.kind == "trash" for sel in effect.objects)


def _self() -> fx.Selector:
    return fx.Selector("the", reference="self")


# ---- which replacements apply ----------------------------------------------------------
def in_play(state: GameState, kind: str, entering: GameObject | None = None) -> list[Replacement]:
    """Replacements of ``kind`` whose sources are where they work (370.3): on the board, and an
    entering permanent's own "I enter ..." (369.3). Spent "next time" effects are left out."""
    spent = spent_keys(state)
    sources = [o for o in state.board_objects() + state.battlefields if o.zone[0] in ACTIVE_ZONES]
    sources += [o for player in state.order for o in state.objects(("trash", player))]
    if entering is not None:
        sources.append(entering)
    found = [r for r in _made_this_turn(state, kind) if r.key not in spent]
    for obj in sources:
        where = "trash" if obj.zone[0] == "trash" else "board"
        for replacement in of_object(state, obj):
            if replacement.kind == kind and replacement.key not in spent and replacement.zone == where \
                    and not used_up(state, replacement) \
                    and (obj is not entering or _is_self(replacement.subject)):
                found.append(replacement)
    return found


def _made_this_turn(state: GameState, kind: str) -> list[Replacement]:
    """"Units you play this turn enter ready" made by a spell (turn_statements): an entry replacement of its
    player's for the rest of the turn, used up after one entry when it says "the next" (369.3, 370.2)."""
    from . import delayed_replacements, turn_statements
    if kind == "die":      # "The next time it dies this turn, recall it exhausted instead" (390.3)
        return [Replacement((f"delayed replacement {made['number']}", 0), made["source"], made["player"], "die",
                            _self(), made["actions"], next_time=made["once"], rules=("390.3", "367", "369.1"),
                            may=made.get("payment") is not None, payment=made.get("payment"),
                            maker=made.get("maker"))
                for made in delayed_replacements.made(state)]
    if kind != "enter":
        return []
    return [Replacement((f"turn statement {made['key']}", 0), made["maker"], made["player"], "enter",
                        turn_statements.entry_holder(made), writes=(("ready", True),),
                        next_time=turn_statements.once(made), rules=("369.3", "364"))
            for made in turn_statements.this_turn(state, "enter")]


def spent_keys(state: GameState) -> set:
    """Keys of "The next time" replacements already used (they apply once)."""
    return state.__dict__.setdefault("replacements_spent", set())


def used_up(state: GameState, replacement: Replacement) -> bool:
    """A "once each turn" replacement already applied this turn (371.1)."""
    uses = state.__dict__.setdefault("replacement_uses", {})
    return replacement.per_turn is not None and uses.get((replacement.key, state.turn_number), 0) >= replacement.per_turn


def _is_self(selector) -> bool:
    return selector is not None and selector.reference == "self"


def applies(state: GameState, replacement: Replacement, event: GameEvent) -> bool:
    """Whether ``replacement`` qualifies for ``event`` now (370.1), not yet applied to it (370.2)."""
    if replacement.key in event.applied or replacement.kind != event.kind:
        return False
    if replacement.during is not None and not DURING[replacement.during](state):
        return False                                                   # "during combat" (459)
    if event.kind == "play_token":
        return _token_matches(replacement, event)
    location = event.fields.get("location")
    if _about_the_play(replacement.subject):
        location = event.fields.get("played_to", location)    # "units you play to ...": the play location (355.2)
    return matches(state, replacement.subject, event.obj, replacement.source, replacement.controller, location)


def _about_the_play(sel) -> bool:
    return sel is not None and any(test.kind == "played_by" for test in sel.filters)


def matches(state: GameState, sel, obj: GameObject, source: GameObject, controller, location=None) -> bool:
    """Whether ``obj`` is one of the objects ``sel`` names, seen from ``source``."""
    if sel is None or obj is None:
        return False
    if sel.reference == "self":
        return obj.identity == source.identity
    _refuse_unread(sel)
    if sel.types and obj.card_type not in sel.types:
        return False
    if sel.other and obj.identity == source.identity:
        return False
    if sel.relation == "friendly" and obj.controller != controller:
        return False
    if sel.relation == "enemy" and obj.controller == controller:
        return False
    if sel.controller == "you" and obj.controller != controller:
        return False
    if sel.tags and not set(sel.tags) <= set(obj.chars.tags):
        return False
    if sel.token is not None and obj.token != sel.token:
        return False
    return _place_ok(state, sel, obj, source, controller, location) and _filters_ok(state, sel, obj, source)


_READ_FILTERS = ("played_by", "less_might_than", "more_might_than")


def _refuse_unread(sel) -> None:
    """A part of the replaced event's object that ``matches`` would skip (a state, a keyword, a name, another
    filter or place) stops the runtime as unsupported rather than widening the replacement."""
    from .errors import UnsupportedEffect
    place = sel.location
    unread = [part for part, present in (
        ("a state", bool(sel.states)), ("a keyword", bool(sel.keywords_with or sel.keywords_without)),
        ("a name", bool(sel.names)), ("a controller", sel.controller not in (None, "you")),
        ("a reference", sel.reference is not None), ("an alternative", bool(sel.alternatives)),
        ("a test", any(f.kind not in _READ_FILTERS or (f.kind != "played_by" and f.value != "self")
                       or (f.kind == "played_by" and f.value != "you") for f in sel.filters)),
        ("a place", place is not None and (place.kind not in ("here", "battlefield") or place.where is not None
                                           or place.of is not None)),
        ("a zone", sel.zone is not None)) if present]
    if unread:
        raise UnsupportedEffect(f"a replacement effect on objects named with {unread[0]} it does not test yet")


def _place_ok(state, sel, obj, source, controller, location) -> bool:
    if sel.location is None:
        return True
    where = location if location is not None else location_of(state, obj)
    if sel.location.kind == "here":
        return where is not None and where == location_of(state, source)
    if sel.location.kind == "battlefield":
        if where is None or where[0] != "battlefield":
            return False
        return sel.location.owner != "you" and "you" not in sel.location.qualifiers \
            or state.battlefields[where[1]].controller == controller
    return True


def _filters_ok(state, sel, obj, source) -> bool:
    for test in sel.filters:
        if test.kind == "played_by" and test.value == "you" and obj.controller != source.controller:
            return False
        if test.kind == "less_might_than" and not (might_of(state, obj) or 0) < (might_of(state, source) or 0):
            return False
        if test.kind == "more_might_than" and not (might_of(state, obj) or 0) > (might_of(state, source) or 0):
            return False
    return True


def _token_matches(replacement: Replacement, event: GameEvent) -> bool:
    if event.player != replacement.controller:
        return False
    chars, sel = event.fields["chars"], replacement.subject
    return sel is None or not sel.types or chars.card_type in sel.types


# ---- deaths (428, 373) -----------------------------------------------------------------


def apply(state: GameState, replacement: Replacement, event: GameEvent) -> bool:
    """Apply ``replacement`` to ``event`` (370.1.b); False when its player declines a "may" (371.2)."""
    if replacement.may and not _accepts(state, replacement):
        state.note(f"{replacement.controller} does not apply {replacement.label}: it is not applied", "371.2.b")
        return False
    if replacement.cost is not None and not _pays(state, replacement, event):
        return False
    if replacement.payment is not None and not _paid(state, replacement):
        return False
    if replacement.next_time:
        spent_keys(state).add(replacement.key)
    if replacement.per_turn is not None:
        uses = state.__dict__.setdefault("replacement_uses", {})
        uses[(replacement.key, state.turn_number)] = uses.get((replacement.key, state.turn_number), 0) + 1
        state.note(f"{replacement.label} has been applied this turn and applies to no later event this turn", "371.1")
    if replacement.also:
        _also(state, replacement, event)
        return True
    state.note(f"{replacement.label} replaces {event.describe(state)}", *replacement.rules, "370.1.c", "374")
    if event.kind == "enter":
        event.fields.update(dict(replacement.writes))
        return True
    run_instructions(state, replacement, event)
    return True


def _pays(state: GameState, replacement: Replacement, event: GameEvent) -> bool:
    """"may pay [A][A][A] to ...": its payer pays the cost as it applies; when it can't, it is not applied (203.3)."""
    from .costs import pay, plan_payment
    from .state import IllegalAction
    payer = event.obj.controller if replacement.payer == "its_controller" and event.obj is not None \
        else replacement.controller
    if payer is None:
        state.note(f"nobody can pay for {replacement.label}: it is not applied", "203.3")
        return False
    try:
        plan = plan_payment(state, payer, replacement.cost, tuple(replacement.source.chars.domains), rule="444.2")
    except IllegalAction as short:
        state.note(f"{payer} cannot pay for {replacement.label} ({short.message}): it is not applied", "203.3")
        return False
    pay(state, payer, plan)
    state.note(f"{payer} pays for {replacement.label}", "203", "444")
    return True


def _also(state: GameState, replacement: Replacement, event: GameEvent) -> None:
    """370.1.b.1: the event stays, and the instructions are done with it, by the effect's controller."""
    state.note(f"{replacement.label} replaces {event.describe(state)} by that same event plus its instructions",
               *dict.fromkeys(replacement.rules + (state.rules.replacement["replacement_as"], "370.1.c", "374")))
    bus.perform("run_effects", Context(state, replacement.controller, replacement.source.identity),
                replacement.instructions)


def _paid(state: GameState, replacement: Replacement) -> bool:
    """Pay the price of "you may pay [R] to ... instead"; a price that cannot be paid applies nothing (203.3)."""
    ctx = Context(state, replacement.controller, replacement.maker)
    if not bus.perform("pay_price", ctx, replacement.payment):          # handlers_pay
        state.note(f"{replacement.label} is not applied: its price cannot be paid", "203.3", "371.2")
        return False
    return True


def _accepts(state: GameState, replacement: Replacement) -> bool:
    """The controller's "may" answer (371.2.a), from the answers given ahead; yes by default."""
    if not state.answers:
        return True
    raw = state.answers.pop(0)
    resolver = getattr(state, "resolver", None)
    return resolver(raw, "yes_no", replacement.controller) if resolver else bool(raw)


# ---- entering and tokens ---------------------------------------------------------------


