"""Continuous effects of a game state, read from what is on the board and what was given.

Sources: passive "modify" statements of objects on the board and of battlefields (364,
"Other friendly units have +2 [M]", "While I'm [Mighty], I have ..."), buffs (703), "this
turn" might and granted keywords the runtime records, might bonuses of attached equipment
(477.3.d), keyword might such as Shield and Assault for a unit in a combat role (807.1.c,
814.1.c), and effects registered with ``register`` (copy 477.1.b, might assignment
477.1.a.1, snapshotted limits 477.3.b).

NOTE: the runtime keeps a single "this turn" might total and an unordered grant list with no
time of their own; those effects take the object's arrival as their timestamp. A text that
becomes active again gets a new timestamp (480.2): a passive's timestamp is its object's
arrival on the board, which changes whenever it becomes a new object (124).
"""
from __future__ import annotations

import weakref

from interpreter.compiler import effects as fx
from interpreter.engine.layers.model import ABILITY, ARITHMETIC, TRAIT, Change, ContinuousEffect, Traits, View, fixed
from . import passive_measures, turn_records, turn_statements
from .selectors import COMPARE
from .equipment_texts import effect_text_abilities, given_by
from .traits import abilities_of, active_abilities, location_of, mighty_threshold

_CACHE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()    # derived: a copied state computes its own


def register(state, effect: ContinuousEffect) -> None:
    """Add a continuous effect that began applying now (spell results, copies, assignments). It is
    kept by the state itself, so a copy of the state keeps it too."""
    state.layer_effects.append(effect)


def registered(state) -> list:
    """Registered effects; one whose objects left the board affects nothing (``fixed``)."""
    return list(state.layer_effects)


def resolve_state(state):
    """The layers of a state, computed again only when something they read has changed."""
    from interpreter.engine.layers.apply import resolve
    key = _fingerprint(state)
    cached = _CACHE.get(state)
    if cached is not None and cached[0] == key:
        return cached[1]
    resolution = resolve(state_effects(state), build_view(state), state.rules)
    _CACHE[state] = (key, resolution)
    return resolution


def _fingerprint(state) -> tuple:
    objects = tuple((o.oid, o.zone, o.controller, o.buffed, o.extra_buffs, o.might_this_turn, tuple(o.granted), o.attached_to,
                     o.arrival, getattr(o, "combat_role", None), id(o.chars), o.exhausted, o.stunned, o.empowered,
                     o.damage_total, o.token)
                    for o in state.battlefields + state.board_objects())
    players = tuple((name, p.xp, len(p.finalized), p.points,                      # Level, Legion, measures
                     *(len(state.zones.get((zone, name), ())) for zone in passive_measures.ZONES.values()))
                    for name, p in sorted(state.players.items()))
    return objects, len(state.layer_effects), players, state.turn_number, turn_records.fingerprint(state), \
        turn_statements.fingerprint(state), state.victory_increase, \
        state.showdown.slot if state.showdown is not None else None     # "While I'm in a showdown"


def build_view(state) -> View:
    """The objects on the board (and battlefields) with their printed traits (before layers)."""
    traits = {}
    for obj in state.battlefields + state.board_objects():
        keywords = {}
        for ability in abilities_of(obj):
            if isinstance(ability, fx.KeywordAbility):
                keywords.setdefault(ability.keyword.name, ability.keyword.value)
        for name, value in obj.chars.keywords:
            keywords.setdefault(name, value)
        tags = frozenset(obj.chars.tags) | set(obj.as_played.get("gained_tags", ()))    # "I gain that tag"
        traits[obj.oid] = Traits(obj.oid, obj.name, obj.card_type, obj.chars.might, tags,
                                 keywords, obj.controller, obj.zone, role=getattr(obj, "combat_role", None),
                                 token=obj.token, states=_states(obj))
    return View(traits)


def _states(obj) -> frozenset:
    """The statuses a holder selector can name ("exhausted units", "damaged units")."""
    found = {"exhausted" if obj.exhausted else "ready"}
    found.update(name for name, on in (("buffed", obj.buffed), ("stunned", obj.stunned), ("empowered", obj.empowered),
                                       ("damaged", bool(obj.damage_total)),
                                       ("attacking", obj.combat_role == "attacker"),     # 323.2
                                       ("defending", obj.combat_role == "defender")) if on)
    return frozenset(found)


def state_effects(state) -> list[ContinuousEffect]:
    """Every continuous effect of the state (see the module docstring)."""
    found = list(registered(state))
    for obj in state.battlefields + state.board_objects():
        found.extend(_object_effects(state, obj))
        found.extend(_passive_effects(state, obj))
    return found


def _object_effects(state, obj) -> list[ContinuousEffect]:
    """Buff, this-turn might, granted keywords, equipment bonus, keyword might of one object."""
    found, stamp = [], obj.arrival
    if obj.buffed:                 # "Buffs give an additional +1 [M] ... this turn" (turn_statements, 702)
        amount = (state.runtime["buff"]["might"] + turn_statements.buff_bonus(state, obj)) * (1 + obj.extra_buffs)
        found.append(ContinuousEffect(f"buff on {obj.name}", ARITHMETIC, Change("might_add", amount),
                                      fixed(obj.oid), stamp, passive=False, rules=("703",), source=obj.oid))
    if obj.might_this_turn:
        found.append(ContinuousEffect(f"{obj.might_this_turn:+d} [M] this turn on {obj.name}", ARITHMETIC,
                                      Change("might_add", obj.might_this_turn), fixed(obj.oid), stamp,
                                      passive=False, rules=("317.2.c",), source=obj.oid))
    for index, (name, value, _duration) in enumerate(obj.granted):
        found.append(ContinuousEffect(f"[{name}] given to {obj.name}", ABILITY, Change("keyword_add", value, name=name),
                                      fixed(obj.oid), stamp + index / 1000, passive=False, rules=("477.2",),
                                      source=obj.oid))
    found.extend(_attachment(state, obj))
    found.extend(_keyword_might(state, obj))
    return found


def _attachment(state, obj) -> list[ContinuousEffect]:
    """What an attached card gives its unit: might bonus (477.3.d, 137), effect text keywords (477.2.c, 136);
    the other abilities of its effect text are the unit's (traits.all_abilities, 136.2.c)."""
    card = getattr(obj.chars.source, "card", None)
    holder = state.by_identity(obj.attached_to) if obj.attached_to is not None else None
    if card is None or holder is None:
        return []
    found = []
    bonus = card.fields.get("might_bonus")
    if isinstance(bonus, int) and bonus:
        bonus *= _bonus_factor(holder)
        found.append(ContinuousEffect(f"{obj.name}'s might bonus", ARITHMETIC, Change("might_add", bonus),
                                      fixed(holder.oid), obj.arrival, rules=("477.3.d", "137"), source=obj.oid))
    found.extend(_equipment_grants(state, obj, holder))
    # the passives of its effect text ("I am a Mech.") are the unit's own (equipment_texts, 136.2.c)
    for index, keyword in enumerate(_effect_text_keywords(card.fields.get("effect_text"))):
        found.append(ContinuousEffect(f"{obj.name}'s effect text: [{keyword.name}]", ABILITY,
                                      Change("keyword_add", keyword.value, name=keyword.name), fixed(holder.oid),
                                      obj.arrival + index / 1000, rules=("477.2.c", "136"), source=obj.oid))
    return found


def _equipment_grants(state, equipment, unit) -> list[ContinuousEffect]:
    """"Your Equipment each give [Assault]" of a permanent of the Equipment's controller: the keyword goes to
    the unit the Equipment is attached to (364, 477.2)."""
    found = []
    for source in state.board_objects():
        if source.controller != equipment.controller:
            continue
        for ability in abilities_of(source):
            statements = ability.effects if isinstance(ability, fx.PassiveAbility) else ()
            for statement in statements:
                if not (isinstance(statement, fx.StaticEffect) and statement.kind == "attached_gets"
                        and "equipment" in statement.holder.types and statement.holder.controller == "you"):
                    continue
                for modification in statement.modifications:
                    if modification.kind == "keyword" and modification.keyword is not None:
                        keyword = modification.keyword
                        found.append(ContinuousEffect(
                            f"{source.name}: {equipment.name} gives [{keyword.name}]", ABILITY,
                            Change("keyword_add", keyword.value, name=keyword.name), fixed(unit.oid),
                            source.arrival, rules=("364", "477.2"), source=source.oid))
    return found


def _bonus_factor(unit) -> int:
    """2 for each "Each Equipment attached to me gives double its base Might bonus" the unit has (137.3)."""
    attached = fx.Filter("attached_to", "==", "self")
    factor = 1
    for ability in abilities_of(unit):
        if isinstance(ability, fx.PassiveAbility):
            for statement in ability.effects:
                if isinstance(statement, fx.StaticEffect) and statement.kind == "might_bonus" \
                        and statement.value == "double" and attached in statement.holder.filters:
                    factor *= 2
    return factor


def _effect_text_keywords(text) -> tuple:
    """The keyword abilities of an effect text ("[Assault 2]"); () when it has none or does not compile."""
    return tuple(a.keyword for a in effect_text_abilities(text) or () if isinstance(a, fx.KeywordAbility))


def _keyword_might(state, obj) -> list[ContinuousEffect]:
    """Shield and Assault style keywords: +N while in a combat role (the keyword's meaning)."""
    role = getattr(obj, "combat_role", None)
    if role is None or obj.card_type != "unit":
        return []
    found = []
    for name in _might_keywords(state.rules):
        entry = state.rules.keyword(name)["meaning"]
        if entry["condition"] != f"i_am_{role}":
            continue
        exists = (lambda oid, kw: lambda view: oid in view and kw in view[oid].keywords)(obj.oid, name)
        found.append(ContinuousEffect(f"[{name}] of {obj.name}", ARITHMETIC,
                                      Change("keyword_might", 1, name=name, role=role), fixed(obj.oid),
                                      obj.arrival, exists=exists, rules=(entry["rule"],), source=obj.oid))
    return found


def _might_keywords(rules) -> list[str]:
    return [name for name, entry in rules.keywords.items()
            if isinstance(entry.get("meaning"), dict) and entry["meaning"].get("meaning") == "might_while"]


# ---- passive abilities ---------------------------------------------------------------------
def _passive_effects(state, obj) -> list[ContinuousEffect]:
    found = []
    givers = _givers(state, obj)
    for ability in active_abilities(state, obj):             # "[Level 6][>] I have +1 [M]" (824.1.d)
        if isinstance(ability, fx.PassiveAbility):
            for number, statement in enumerate(ability.effects):
                found.extend(_statement(state, obj, statement, None, number, giver=givers.get(id(ability))))
    return found


def _givers(state, unit) -> dict:
    """id(ability) -> the Equipment whose effect text gives it to ``unit`` (136.2.c), the ability behind a
    dependent keyword too: its effects are named and timestamped after that Equipment."""
    return {id(part): gear for gear, abilities in given_by(state, unit) for whole in abilities
            for part in (whole, getattr(whole, "ability", None)) if part is not None}


def _statement(state, obj, statement, exists, number, it=None, giver=None) -> list[ContinuousEffect]:
    """One passive statement as effects; a "While ..." wraps its effects in an existence test, or, when its
    condition is about "it" (``passive_conditions.per_object``), gives them the units meeting it (``it``).
    ``giver``: the Equipment whose effect text gives ``obj`` the statement (136.2.c)."""
    if isinstance(statement, fx.Conditional) and not statement.unless and not statement.otherwise:
        from .passive_conditions import meeting, per_object
        if per_object(statement.condition):       # "While a friendly unit defends alone, it gets +2 [M]"
            bound = meeting(state, obj, statement.condition)
            return [e for s in statement.effects for e in _statement(state, obj, s, exists, number, bound, giver)]
        test = condition_test(state, obj, statement.condition)
        if test is None:
            return []
        return [e for s in statement.effects for e in _statement(state, obj, s, test, number, giver=giver)]
    if not isinstance(statement, fx.StaticEffect) or statement.kind != "modify":
        return []
    if not supported(statement.holder) or (statement.holder.reference == "it") != (it is not None):
        return []                                   # NOTE: not applied rather than applied wrongly
    affects, selective = (it, True) if it is not None else holder_test(state, obj, statement.holder)
    found = []
    for modification in statement.modifications:
        counted = statement.per is not None or modification.measure is not None
        change, layer = passive_measures.change(state, obj, modification, statement) if counted \
            else modification_change(modification, statement)
        if change is not None:
            named = giver or obj
            label = f"{giver.name}'s effect text: {_describe(change)}" if giver else f"{obj.name}: {_describe(change)}"
            found.append(ContinuousEffect(label, layer, change, affects, named.arrival + number / 100, exists=exists,
                                          reads=(obj.oid,), rules=("364", "477") + (("136.2.c",) if giver else ()),
                                          source=named.oid, selective=selective,
                                          scope=_board_units if selective else None))
    return found


def _board_units(view: View) -> list:
    """A trait-selected passive could come to affect any unit on the board (478.1.b)."""
    return [oid for oid, t in view.traits.items() if t.might is not None]


def passive_runs(ability: fx.PassiveAbility) -> bool:
    """Whether the runtime applies every statement of a passive ability (interpreter/passive_support.py)."""
    from .cost_changes import statement_runs
    from .passive_support import ability_gap
    if any(isinstance(s, fx.AppliedCost) for s in ability.effects):
        return False            # a cost applied to a game action (204.4): refused when that action happens
    if not all(statement_runs(s) for s in ability.effects):
        return False            # a cost change or conditional entry the play cannot apply (356, 364.3.a)
    return ability_gap(ability) is None


def modification_change(modification: fx.Modification, statement=None):
    if modification.measure is not None:
        return None, None                           # "might equal to ...": not read yet
    if modification.kind == "might_to":
        return Change("might_to", limit=modification.amount), ARITHMETIC           # "increased to N" (479)
    if modification.kind == "tag" and statement is not None and statement.value:
        return Change("tag_add", name=statement.value), TRAIT                       # 477.1
    floor = statement.value if statement is not None and (statement.value or "").startswith("minimum_") else None
    if modification.kind == "might" and modification.amount and modification.amount < 0 and floor:
        return Change("might_add_min", modification.amount, limit=int(floor[8:])), ARITHMETIC   # "to a minimum of"
    if modification.kind == "might" and modification.amount:
        return Change("might_add", modification.amount), ARITHMETIC              # 477.3
    if modification.kind == "keyword" and modification.keyword is not None:
        keyword = modification.keyword
        return Change("keyword_add", keyword.value, name=keyword.name), ABILITY  # 477.2
    return None, None


def _describe(change: Change) -> str:
    if change.kind == "might_add":
        return f"{change.amount:+d} [M]"
    if change.kind == "might_to":
        return f"Might increased to {change.limit} [M]"
    if change.kind == "might_add_min":
        return f"{change.amount:+d} [M], to a minimum of {change.limit} [M]"
    if change.kind == "tag_add":
        return f"is a {change.name}"
    if change.kind == "might_add_count":
        return f"{change.amount:+d} [M] for each counted"
    if change.kind == "keyword_add_count":
        return f"[{change.name}] equal to a count"
    return f"[{change.name}]"


def holder_test(state, source, selector: fx.Selector):
    """``affects(view)`` for a passive's holder, and whether it selects by traits layers change."""
    source_id = source.oid
    if selector.reference == "self":
        return (lambda view: [source_id] if source_id in view else []), False
    location = location_of(state, source)
    selective = bool(selector.tags or selector.keywords_with or selector.keywords_without or selector.filters
                     or selector.states)

    def affects(view: View):
        mine = view[source_id] if source_id in view else None
        return [oid for oid, t in view.traits.items()
                if matches(selector, t, mine, source_id, location)]
    return affects, selective


SUPPORTED_FILTERS = ("might", "keyword", "less_might_than", "more_might_than")
SUPPORTED_STATES = ("exhausted", "ready", "buffed", "stunned", "damaged", "empowered")
SUPPORTED_PLACES = ("here", "battlefield", "base")


def supported(selector: fx.Selector) -> bool:
    """Whether ``matches`` reads every part of a holder selector (else the passive is left out)."""
    return (all(f.kind in SUPPORTED_FILTERS and (f.kind in ("might", "keyword") or f.value == "self")
                for f in selector.filters)
            and all(state in SUPPORTED_STATES for state in selector.states)
            and (selector.location is None or selector.location.kind in SUPPORTED_PLACES)
            and selector.zone is None and not selector.names and selector.controller in (None, "you")
            and not selector.alternatives)         # "your units and your gear": each of several holders, not read yet


def matches(selector: fx.Selector, t: Traits, mine: Traits | None, source_id: int, location) -> bool:
    """Whether traits ``t`` fit a passive's holder selector, as seen from its source."""
    if selector.types and t.card_type not in selector.types:
        return False
    if t.zone is None or t.zone[0] not in ("base", "battlefield"):
        return False
    if selector.other and t.oid == source_id:
        return False
    if selector.tags and not set(selector.tags) & (t.tags | ({t.name} if t.token else set())):
        return False                                   # "your Gold": a token by the word it is made with (187.5)
    if selector.token is not None and t.token != selector.token:
        return False
    if not set(selector.states) <= t.states or not _might_filters(selector, t) or not _than_mine(selector, t, mine):
        return False
    if selector.location is not None and not _at_place(selector.location, t, mine):
        return False
    controller = mine.controller if mine is not None else None
    if (selector.relation == "friendly" or selector.controller == "you") and t.controller != controller:
        return False
    if selector.relation == "enemy" and (t.controller == controller or t.controller is None):
        return False
    if selector.location is not None and selector.location.kind == "here" and t.zone != location:
        return False
    keywords = [f.value for f in selector.filters if f.kind == "keyword"] + list(selector.keywords_with)
    return all(k in t.keywords for k in keywords) and not any(k in t.keywords for k in selector.keywords_without)


def _at_place(place: fx.Place, t: Traits, mine: Traits | None) -> bool:
    """"at a battlefield", "in your base" ("here" is compared with the source's location apart)."""
    if place.kind == "here":
        return True
    if place.kind == "base" and place.owner == "you":
        return mine is not None and t.zone == ("base", mine.controller)
    return t.zone[0] == place.kind


def _than_mine(selector: fx.Selector, t: Traits, mine: Traits | None) -> bool:
    """"units here with less Might than me": compared with the source's might computed so far (478.1.b)."""
    for f in selector.filters:
        if f.kind in ("less_might_than", "more_might_than"):
            if f.value != "self" or mine is None or mine.might is None or t.might is None:
                return False
            if not (t.might < mine.might if f.kind == "less_might_than" else t.might > mine.might):
                return False
    return True


def _might_filters(selector: fx.Selector, t: Traits) -> bool:
    """"units with 3 [M] or less": compared with the might computed so far (478.1.b)."""
    return all(t.might is not None and COMPARE[f.op](t.might, int(f.value))
               for f in selector.filters if f.kind == "might")


def active_statements(state, obj) -> list[fx.StaticEffect]:
    """The passive statements of ``obj`` that apply now: unconditional ones, and "While ..." ones whose
    condition the layer view meets (364.3.a); conditions not read yet count as not met."""
    view = None                                     # the layers are resolved only for a "While ..." statement
    found = []
    for ability in active_abilities(state, obj):
        if not isinstance(ability, fx.PassiveAbility):
            continue
        for statement in ability.effects:
            if isinstance(statement, fx.Conditional) and not statement.unless and not statement.otherwise:
                test = condition_test(state, obj, statement.condition)
                view = view or (resolve_state(state).view if test is not None else None)
                if test is None or not test(view):
                    continue
                found.extend(s for s in statement.effects if isinstance(s, fx.StaticEffect))
            elif isinstance(statement, fx.StaticEffect):
                found.append(statement)
    return found


# An action that is a kind of another: a return to a player's hand is a return (108.7, 124), so "I can't be
# returned" forbids it too.
_KIND_OF = {"return_to_hand": "return"}


def names_action(said: str | None, action: str) -> bool:
    """Whether an action ``said`` by a passive ("I can't be returned") is ``action`` or an action of which it is
    a kind."""
    return said is not None and said in (action, _KIND_OF.get(action))


def cannot_be(state, action: str, obj) -> str | None:
    """The name of a board object whose passive says ``obj`` can't be <action>ed ("I can't be readied"), if
    one applies now: that action is not done to it, whatever asks for it (364). None otherwise."""
    view = resolve_state(state).view
    for source in state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind != "cannot_be" or not names_action(statement.value, action) or not supported(statement.holder):
                continue
            affects, _selective = holder_test(state, source, statement.holder)
            if obj.oid in affects(view):
                return source.name
    return None


def cannot_be_chosen(state, obj, chooser: str) -> str | None:
    """The name of a board object whose passive says ``obj`` can't be chosen by enemy spells and abilities
    ("I can't be chosen by enemy spells and abilities"), when ``chooser`` is an enemy of ``obj``'s controller
    (364, 355.9); None otherwise."""
    if chooser == obj.controller:
        return None
    view = resolve_state(state).view
    for source in state.battlefields + state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind != "cannot_be_chosen" or not chosen_by_enemies(statement):
                continue
            affects, _selective = holder_test(state, source, statement.holder)
            if obj.oid in affects(view):
                return source.name
    return None


def chosen_by_enemies(statement: fx.StaticEffect) -> bool:
    """The form of "can't be chosen by enemy spells and abilities" the runtime applies (a holder it reads)."""
    by = statement.by
    return by is not None and by.relation == "enemy" and bool(by.types) and set(by.types) <= {"spell", "ability"} \
        and not by.filters and supported(statement.holder)      # "with Energy cost less than my Might": not yet


def condition_test(state, obj, condition: fx.Condition):
    """An existence test for "While I'm [Mighty]" (706), "While I'm buffed" (a status), "While I'm at a
    battlefield" and "If I have moved twice this turn"; None otherwise."""
    from .passive_conditions import test
    from .passive_support import STATUS_CONDITIONS, _in_showdown, _status_readable
    oid = obj.oid
    if not _status_readable(condition):
        return test(state, obj, condition)
    if condition.kind == "is" and condition.keyword == "Mighty" and condition.place is None and condition.object is None:
        threshold = mighty_threshold(state.rules)
        return lambda view: oid in view and (view[oid].might or 0) >= threshold
    if condition.kind == "is" and condition.value in STATUS_CONDITIONS:          # "While I'm buffed" (703)
        return lambda view: oid in view and condition.value in view[oid].states
    if condition.kind == "is_at" and condition.place is not None and condition.place.kind == "battlefield":
        return lambda view: oid in view and view[oid].zone[0] == "battlefield"
    if condition.kind == "is_at" and _in_showdown(condition):          # 308.1: at the showdown's battlefield
        showdown = state.showdown
        return lambda view: showdown is not None and oid in view and view[oid].zone == ("battlefield", showdown.slot)
    if condition.kind == "moved_this_turn":                            # "If I have moved twice this turn"
        moves = state.__dict__.get("moves_this_turn", {})
        count = moves.get((obj.identity, state.turn_number), 0)
        return lambda view: count >= condition.value
    return None



