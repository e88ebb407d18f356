"""Current characteristics of an object: might, keywords and abilities after modifications.

NOTE: on the board, might and keywords come from the layer engine (interpreter/layers.py,
473-480); the simple sum below is kept for objects off the board (a unit on the chain).
"""
from __future__ import annotations

import re
from functools import cache

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from .equipment_texts import given_abilities
from .state import GameObject, GameState


def abilities_of(obj: GameObject) -> tuple:
    """Compiled abilities, or () when the text does not compile yet (playing the card reports it)."""
    try:
        return obj.chars.abilities()
    except InputError:
        return ()


def all_abilities(state: GameState, obj: GameObject) -> tuple:
    """Its own abilities, then those the effect texts of the Equipment attached to it give it (136.2.c)."""
    return abilities_of(obj) + given_abilities(state, obj)


def active_abilities(state: GameState, obj: GameObject):
    """Abilities that work now: a ``[K][>]`` ability is unwrapped (135.2.e.7); a dependent one only
    while its keyword's condition holds - Legion: another card finalized by its controller this
    turn (812.1.c); Level: its controller has that much XP (824.1.d). Other dependent keywords stay inactive
    until the runtime knows them (interpreter/passive_support.py names them as not applied)."""
    from .conditional_triggers import active
    for ability in all_abilities(state, obj):        # an attached Equipment's effect text too (136.2.c)
        under = active(state, obj, ability)          # "While ..., when ...": only while it holds (364.3.a)
        if under is not None:
            yield from under
            continue
        if not isinstance(ability, fx.KeywordedAbility):
            yield ability
            continue
        definition = state.rules.keyword(ability.keyword.name) or {}
        if definition.get("kind") != "dependent":
            yield ability.ability
        elif ability.keyword.name == "Legion" and _legion(state, obj):
            yield ability.ability
        elif ability.keyword.name == "Level" and _level(state, obj, ability.keyword.value):
            yield ability.ability
        elif defined_condition(ability) is not None and _status_holds(obj, defined_condition(ability)):
            yield ability.ability
    from .turn_statements import abilities_given
    yield from abilities_given(state, obj)       # "This turn, that unit has "When I conquer, ..."" (477.2)


def defined_condition(ability: fx.KeywordedAbility) -> fx.Condition | None:
    """The condition of a dependent keyword's definition when it is a status of the object itself ("While I
    have the Empowered status, this card gains ‘[Text]’", 828.1.b.1, compiled by keyword_definitions), the
    form ``_status_holds`` tests; None for any other."""
    if len(ability.definition) != 1 or not isinstance(ability.definition[0], fx.PassiveAbility):
        return None
    statements = ability.definition[0].effects
    if len(statements) != 1 or not isinstance(statements[0], fx.Conditional):
        return None
    condition = statements[0].condition
    if condition.kind != "is" or condition.subject is None or condition.subject.reference != "self" \
            or condition.negated or condition.past or condition.place is not None or condition.object is not None:
        return None
    return condition if condition.value in STATUSES else None


STATUSES = ("empowered", "buffed", "stunned", "exhausted")          # statuses of the object (124.2)


def _status_holds(obj: GameObject, condition: fx.Condition) -> bool:
    return bool(getattr(obj, condition.value))                  # 828.1.c: active while it has the status


def keyword_statements(name: str, value=None) -> tuple:
    """The passive statements a keyword's definition gives (keyword_definitions, 800-829), for a keyword an
    object has, printed or granted: "[Ganking]" is "I may move to a battlefield from another battlefield
    with a standard move." (810.1.b). () for a keyword without a passive definition."""
    return _keyword_statements(name, value)


@cache
def _keyword_statements(name: str, value) -> tuple:
    from interpreter.compiler.pipeline import compile_text
    text = f"[{name}]" if value is None else f"[{name} {value}]"
    try:
        abilities = compile_text(text, card_type="unit")
    except InputError:
        return ()
    return tuple(statement for ability in abilities if isinstance(ability, fx.KeywordAbility)
                 for part in ability.definition if isinstance(part, fx.PassiveAbility) for statement in part.effects)


def _level(state: GameState, obj: GameObject, value) -> bool:
    """"[Level 6][>] ...": active while the controller has at least that much XP (824.1.d)."""
    player = state.players.get(obj.controller)
    return player is not None and isinstance(value, int) and player.xp >= value


def _legion(state: GameState, obj: GameObject) -> bool:
    player = state.players.get(obj.controller)
    return player is not None and any(card is not obj for card in player.finalized)


def tags_of(state: GameState, obj: GameObject) -> frozenset:
    """The object's tags: on the board what the layer engine computes ("I gain that tag", "I am a Mech",
    477.1.a), elsewhere the printed ones (478)."""
    if state.is_board(obj.zone):
        from .layer_sources import resolve_state
        view = resolve_state(state).view
        if obj.oid in view:
            return frozenset(view[obj.oid].tags)
    return frozenset(obj.chars.tags)


def keywords_of(state: GameState, obj: GameObject) -> dict[str, int | None]:
    """Keywords by name: printed, the token's own (187), granted (184.3) and passive grants.

    On the board they are what the layer engine computes (473-480, interpreter/layers.py)."""
    from .zone_grants import granted
    found = _own_keywords(state, obj)
    for modification in granted(state, obj):          # "Each Equipment in your hand has ..." (477.2)
        found.setdefault(modification.keyword.name, modification.keyword.value)
    return found


def _own_keywords(state: GameState, obj: GameObject) -> dict[str, int | None]:
    if state.is_board(obj.zone):
        from .layer_sources import resolve_state
        view = resolve_state(state).view
        if obj.oid in view:
            return dict(view[obj.oid].keywords)
    found: dict[str, int | None] = {}
    for ability in abilities_of(obj):
        if isinstance(ability, fx.KeywordAbility):
            found.setdefault(ability.keyword.name, ability.keyword.value)
    for name, value in obj.chars.keywords:
        found.setdefault(name, value)
    for name, value, _duration in obj.granted:
        found.setdefault(name, value)
    return found


def has_keyword(state: GameState, obj: GameObject, name: str) -> bool:
    return name in keywords_of(state, obj)


def might_of(state: GameState, obj: GameObject) -> int | None:
    """Might now: printed, +1 for a buff (703), this-turn bonuses, passive modifiers."""
    if obj.chars.might is None:
        return None
    if state.is_board(obj.zone):                                           # 473-480: the layers
        from .layer_sources import resolve_state
        view = resolve_state(state).view
        if obj.oid in view:
            return view[obj.oid].might
    buff = state.runtime["buff"]["might"] * (1 + obj.extra_buffs) if obj.buffed else 0     # 703, 426.1.b.2
    might = obj.chars.might + buff + obj.might_this_turn
    if state.is_board(obj.zone):
        might += sum(amount for amount in _passive_might(state, obj))
    return might


def _passive_might(state: GameState, obj: GameObject):
    """The might modifiers of board objects and battlefields that apply to ``obj`` (364)."""
    for source in state.battlefields + state.board_objects():
        for ability in abilities_of(source):
            for static in getattr(ability, "effects", ()) if isinstance(ability, fx.PassiveAbility) else ():
                if not isinstance(static, fx.StaticEffect) or static.kind != "modify":
                    continue
                if _affects(state, source, static.holder, obj):
                    yield from (m.amount for m in static.modifications if m.kind == "might" and m.amount)


def _affects(state: GameState, source: GameObject, group: fx.Selector, obj: GameObject) -> bool:
    if group.types and obj.card_type not in group.types:
        return False
    if group.tags and not set(group.tags) & set(obj.chars.tags):
        return False
    if group.location is not None and group.location.kind == "here":
        return obj.zone == location_of(state, source)
    return True


def location_of(state: GameState, obj: GameObject) -> tuple | None:
    """The location an object is at (197): its base or battlefield; a battlefield is its own."""
    if obj.zone[0] == "battlefield_zone":
        return ("battlefield", state.battlefields.index(obj))
    if obj.zone[0] in ("base", "battlefield"):
        return obj.zone
    return None


def lethal(state: GameState, obj: GameObject) -> bool:
    """Lethal damage: a non-zero amount at least the unit's might (142.4.b)."""
    minimum = state.rules.might["lethal_damage"]["minimum"]
    damage = obj.damage_total
    if damage >= minimum and _any_damage_kills(state, obj):
        return True
    return damage >= minimum and damage >= max(might_of(state, obj) or 0, 0)


def _any_damage_kills(state: GameState, obj: GameObject) -> bool:
    """"Any amount of your damage is enough to kill enemy units": damage the source's controller marked on a
    unit it names is lethal at any amount (142.4.c). NOTE: "my damage" needs damage marked by an object,
    and damage is marked by player here, so that form is not applied."""
    from .layer_sources import active_statements, holder_test, resolve_state, supported

    markers = {by for amount, by in obj.damage if amount > 0}
    if not markers:
        return False
    for source in state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind != "lethal_any_damage" or statement.by.reference != "you" \
                    or source.controller not in markers or not supported(statement.holder):
                continue
            affects, _selective = holder_test(state, source, statement.holder)
            if obj.oid in affects(resolve_state(state).view):
                state.note(f"{source.name}: any amount of {source.controller}'s damage is lethal to {obj.name}", "142.4.c")
                return True
    return False


def visible_to(state: GameState, obj: GameObject) -> list[str]:
    """The players who may look at the object's face (128.2-128.5, 107.3.f, 424)."""
    if obj.zone[0] == "ceased":
        return []
    privacy = "private" if obj.facedown else state.zone_rule(obj.zone[0])["privacy"]
    if obj.revealed or privacy == "public":
        return list(state.order)
    if privacy == "secret":
        return []
    on_board = obj.zone[0] not in ("hand", "deck", "rune_deck", "trash", "banishment", "champion", "chain")
    seen = [obj.controller if on_board else obj.owner]                 # 128.4
    if obj.facedown:                           # "You can look at their facedown cards this turn" (364)
        from .turn_statements import may_look_at
        seen += [p for p in may_look_at(state, obj) if p not in seen]
    return seen


def mighty_threshold(rules) -> int:
    """The might a unit needs to be Mighty, read from rule 706's reminder ("5+ [M]")."""
    found = re.search(r"(\d+)\+ \[M\]", rules.keyword("Mighty")["reminder"])
    return int(found.group(1))
