"""Cost changes from passive abilities, applied as a card is played (356), and the card's own
conditional "I enter ready" (364.3.a), whose condition is checked as it is played.

A change comes from the card being played ("I cost [2] less", "Reduce my cost by [1] for each
...", 356.4.a) or from a passive of an object on the board whose holder is the played card
("Spells you play cost [1] less"). ``total_cost`` applies them in the order of rule 356:
increases (356.3), then discounts (356.4), each discount with its own minimum (356.4.e), and
no cost below 0 (356.6). A shape this module cannot read stops the play as unsupported
(``UnsupportedEffect``) before anything changes, rather than being ignored.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as dataclass_replace

from interpreter.compiler import effects as fx
from .cost_values import Cost
from .state import GameObject, GameState
from .traits import location_of

ACTIVE = ("base", "battlefield", "legend", "battlefield_zone")        # passives work from the board (370.3)
DEPENDENT = ("Level", "Legion")                                       # 824.1.b.1, 812.1.b.1


@dataclass(frozen=True)
class CostChange:
    """One increase or discount of a played card's cost, from one source."""

    kind: str                 # more | less
    energy: int
    power: tuple = ()
    minimum: int | None = None  # "to a minimum of [1]": this discount stops there (356.4.e)
    source: str = ""
    rules: tuple = ("356.4",)
    once: int | None = None     # a "the next spell you play this turn" change: spent by the play that pays it


def _unsupported(what: str):
    from .errors import UnsupportedEffect
    return UnsupportedEffect(f"not run yet (356, 364.3.a), so the play is stopped: {what}")


# ---- what the runtime can read (also asked by layer_sources.passive_runs) -------------
def statement_runs(statement) -> bool:
    """Whether a passive statement about costs or entry is one this module applies."""
    if isinstance(statement, fx.Conditional):
        concerns = any(_concerns(s) for s in statement.effects)
        return not concerns or (not statement.unless and not statement.otherwise
                                and condition_known(statement.condition)
                                and all(statement_runs(s) for s in statement.effects))
    if isinstance(statement, fx.Instead):
        return statement_runs(statement.effect)
    from .component_costs import about_a_component, statement_read
    if about_a_component(statement):                 # "Optional additional costs you pay cost [1] less" (356.4.c)
        return statement_read(statement)
    if isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change" and statement.value == "reduced_by":
        return statement.holder.reference == "self" and _measure_known(statement.modifications)
    if isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change":
        return (statement.value in ("less", "more", "less_from_elsewhere") and statement.duration is None
                and _holder_known(statement.holder) and (statement.per is None or _count_known(statement.per))
                and all(c.kind in ("energy", "power") for c in statement.cost)
                and all(c.kind == "energy" for c in statement.minimum))
    if isinstance(statement, fx.GameAction) and statement.action == "reduce_cost":
        return (len(statement.objects) == 1 and statement.objects[0].reference == "self"
                and statement.amount is not None and statement.amount.kind == "count"
                and _count_known(statement.amount.per) and not statement.options)
    return True


def _measure_known(modifications) -> bool:
    """"This spell's Energy cost is reduced by the highest Might among your units": one Energy discount by
    a measure of your units."""
    if len(modifications) != 1:
        return False
    (change,) = modifications
    measure = change.measure
    return change.kind == "energy_cost" and measure is not None and measure.kind == "highest_might" \
        and measure.of is not None and measure.of.types == ("unit",) and measure.of.controller == "you" \
        and _plain(dataclass_replace(measure.of, controller=None))


def _concerns(statement) -> bool:
    """Whether a statement is a cost change or an entry state, the statements this module applies."""
    if isinstance(statement, fx.Instead):
        return _concerns(statement.effect)
    if isinstance(statement, fx.Conditional):
        return any(_concerns(s) for s in statement.effects)
    return (isinstance(statement, fx.StaticEffect) and statement.kind in ("cost_change", "enter")) or \
        (isinstance(statement, fx.GameAction) and statement.action == "reduce_cost")


def _relevant(statement, own: bool) -> bool:
    """Whether a statement changes the cost of the played card: one about its holder "me" when ``own`` (the
    card being played), one about other cards when not (a board source)."""
    if isinstance(statement, fx.Instead):
        return _relevant(statement.effect, own)
    if isinstance(statement, fx.Conditional):
        return any(_relevant(s, own) for s in statement.effects)
    if isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change":
        if "ability" in statement.holder.types or statement.holder.types == ("cost",):
            return False                # "This ability's Energy cost ...": an activation's cost, not a play's;
            # a component of a cost ("[Repeat] costs"): component_costs, as the play adds it (356.4.c)
        return (statement.holder.reference == "self") == own
    return own and isinstance(statement, fx.GameAction) and statement.action == "reduce_cost"


def _holder_known(holder: fx.Selector) -> bool:
    if holder.reference == "self":
        return True
    if holder.states == ("first",):                        # "the first friendly gear played each turn"
        from .cost_holders import first_known
        return first_known(holder) and _holder_known(first_known(holder))
    return (holder.reference is None and not holder.alternatives and not holder.names and not holder.states
            and holder.zone is None and _holder_place_known(holder.location) and not holder.keywords_with
            and not holder.keywords_without and holder.quantity in ("all", "each")
            and set(holder.types) <= {"spell", "unit", "gear", "card"}
            and holder.controller in (None, "you") and holder.relation in (None, "friendly", "enemy")
            and all(_holder_filter_known(f) for f in holder.filters))


def _holder_place_known(place: fx.Place | None) -> bool:
    """"Units you play here": a play location the holder names, read for "here" only."""
    return place is None or (place.kind == "here" and not place.qualifiers and place.where is None)


def _holder_filter_known(test: fx.Filter) -> bool:
    return (test.kind == "played_by" and test.value == "you") or (test.kind == "not" and test.value == "token")


def _count_known(per: fx.Selector | None) -> bool:
    """"for each card in your trash", "for each [Mighty] unit you control", "for each card you play this
    turn", "for each friendly unit", "for each point you scored from holding this turn": the counts read here."""
    if per is None or per.reference is not None or per.alternatives or per.names or per.states or per.zone:
        return False
    if per.types == ("tag",):                               # "for each of the following tags among your units"
        return _tags_among_known(per)
    if per.types == ("point",):                             # "for each point you scored from holding this turn"
        return [(f.kind, f.value, f.duration) for f in per.filters] == [("scored_from", "hold", "this_turn")] \
            and per.location is None and per.controller is None and per.relation is None
    if per.location is not None:
        return per.location.kind == "trash" and per.location.owner == "you" and not per.filters \
            and set(per.types) <= {"card"}
    if per.filters:
        return len(per.filters) == 1 and per.filters[0].kind == "played_by" \
            and per.filters[0].value == "you_this_turn" and set(per.types) <= {"card"}
    return set(per.types) == {"unit"} and (per.controller == "you" or per.relation == "friendly") \
        and set(per.keywords_with) <= {"Mighty"} and not per.keywords_without and not per.tags and per.token is None


def _tags_among_known(per: fx.Selector) -> bool:
    """"[1] for each of the following tags among your units — Bird, Cat, ...": each listed tag one of the
    objects named has counts once (selectors.tags_among, 143.1)."""
    from .selectors import runs_selector
    among = [f for f in per.filters if f.kind == "among"]
    return bool(per.tags) and len(per.filters) == 1 and len(among) == 1 and among[0].of is not None \
        and runs_selector(among[0].of) and per.location is None and per.controller is None and per.relation is None


def condition_known(condition: fx.Condition) -> bool:
    """Conditions checked as a card is played: "If you control a Mech", "If an opponent controls a stunned
    unit", "If you play me to a battlefield"; and a board source's own "While I'm at a battlefield"."""
    from .passive_conditions import controls_me
    if condition.past or condition.also is not None or condition.than is not None:
        return False
    if controls_me(condition):                               # "While you control this battlefield" (190.6.a)
        return True
    if condition.kind == "controls":
        subject = condition.subject
        return subject is not None and (subject.reference == "you" or set(subject.types) == {"opponent"}) \
            and condition.object is not None and condition.value is None and _object_known(condition.object)
    if condition.kind == "play":
        return condition.object is not None and condition.object.reference == "self" \
            and condition.place is not None and condition.place.kind in ("battlefield", "base") \
            and not condition.place.qualifiers[1:] and not condition.negated
    if condition.kind == "near_victory":                     # "If an opponent's score is within 3 points of ..."
        return condition.subject is not None and condition.subject.controller == "opponent" \
            and isinstance(condition.value, int) and not condition.negated
    if condition.kind == "has":                              # "If you have 2+ other units in your base"
        return condition.subject is not None and condition.subject.reference == "you" \
            and condition.object is not None and _counted_known(condition.object)
    if condition.kind == "died":                             # "If an enemy unit died this turn"
        subject = condition.subject
        return _death_when(condition) in _DEATH_WHEN and not condition.negated and subject is not None \
            and subject.quantity == "one" and subject.types == ("unit",) \
            and subject.relation in (None, "friendly", "enemy") and _plain(subject)
    return _source_condition(condition)


# when a death is looked for (duration, part of the turn, whose): this turn, or in your Beginning Phase (315.2)
_DEATH_WHEN = {("this_turn", None, None, None): None, ("this_turn", "beginning", "you", None): "beginning"}


def _death_when(condition: fx.Condition) -> tuple:
    return condition.duration, condition.during, condition.whose, condition.value


def _plain(sel: fx.Selector) -> bool:
    """A selector naming objects by type and relation only."""
    return (sel.reference is None and not sel.alternatives and not sel.names and not sel.tags and not sel.states
            and not sel.filters and sel.zone is None and sel.location is None and sel.controller is None
            and sel.token is None and not sel.keywords_with and not sel.keywords_without and not sel.other)


def _counted_known(sel: fx.Selector) -> bool:
    """"2+ other units in your base", "two or fewer cards in your hand": a bounded count of your own objects."""
    place = sel.location
    return (sel.quantity in ("at_least", "at_most", "exactly") and isinstance(sel.count, int)
            and place is not None and place.owner == "you" and not place.qualifiers and place.where is None
            and (place.kind, tuple(sel.types)) in (("base", ("unit",)), ("hand", ("card",)))
            and sel.reference is None and not sel.alternatives and not sel.names and not sel.tags
            and not sel.states and not sel.filters and sel.zone is None and sel.relation is None
            and sel.controller is None and sel.token is None and not sel.keywords_with and not sel.keywords_without)


def _object_known(sel: fx.Selector) -> bool:
    """"a stunned unit", "another Dragon", "a battlefield": one object of a kind, no count."""
    return (sel.quantity == "one" and sel.count in (None, 1) and sel.reference is None and not sel.alternatives
            and not sel.names and sel.zone is None and sel.location is None and not sel.filters
            and sel.relation is None and sel.controller is None
            and set(sel.states) <= {"stunned", "exhausted", "ready", "buffed", "damaged"}
            and set(sel.types) <= {"unit", "gear", "battlefield"})


def _source_condition(condition: fx.Condition) -> bool:
    """The conditions ``layer_sources.condition_test`` reads about a board source itself."""
    subject = condition.subject
    if subject is None or subject.reference != "self" or condition.negated:
        return False
    return (condition.kind == "is" and condition.keyword == "Mighty") or \
        (condition.kind == "is_at" and condition.place is not None and not condition.place.alternatives
         and condition.place.kind in ("battlefield", "combat"))


# ---- the changes that apply to one play -------------------------------------------------
@dataclass
class Play:
    """The play being costed: who plays what, to where, and from which zone."""

    state: GameState
    player: str
    card: GameObject
    location: tuple | None
    played_from: str


def changes_for(play: Play) -> list[CostChange]:
    """Every cost change that applies to this play: the card's own (356.4.a), then the board's."""
    found = _own(play)
    for source in _board_sources(play.state):
        if source is not play.card:
            found.extend(_from_source(play, source))
    return found + _this_turn(play)


def _own(play: Play) -> list[CostChange]:
    found: list[CostChange] = []
    for statement in _statements(play, play.card, own=True):
        _collect(play, play.card, statement, found, own=True)
    return found


def _from_source(play: Play, source: GameObject) -> list[CostChange]:
    found: list[CostChange] = []
    for statement in _statements(play, source, own=False):
        _collect(play, source, statement, found, own=False)
    return found


def _board_sources(state: GameState) -> list[GameObject]:
    return [o for o in state.board_objects() + list(state.battlefields) if o.zone[0] in ACTIVE]


def _statements(play: Play, obj: GameObject, own: bool, relevant=None):
    """The passive statements of ``obj`` about this play that work now; a [Level N] or [Legion] one only while
    its keyword's condition holds (824.1.c, 812.1.c)."""
    relevant = relevant or (lambda statement: _relevant(statement, own))
    from .traits import abilities_of

    for ability in abilities_of(obj):
        if isinstance(ability, fx.KeywordedAbility) and isinstance(ability.ability, fx.PassiveAbility):
            if not any(relevant(s) for s in ability.ability.effects):
                continue
            if not _keyword_holds(play, obj, ability.keyword):
                continue
            yield from filter(relevant, ability.ability.effects)
        elif isinstance(ability, fx.PassiveAbility):
            yield from filter(relevant, ability.effects)


def _keyword_holds(play: Play, obj: GameObject, keyword: fx.Keyword) -> bool:
    if keyword.name not in DEPENDENT:
        raise _unsupported(f"a [{keyword.name}] ability")
    player = play.state.players[obj.controller or play.player]
    if keyword.name == "Level":
        return player.xp >= int(keyword.value)                                     # 824.1.c
    return any(card is not obj for card in player.finalized)                       # 812.1.c


def _collect(play: Play, source: GameObject, statement, found: list, own: bool) -> None:
    if not _relevant(statement, own):
        return
    if not statement_runs(statement):
        raise _unsupported(f"{source.name}'s {_describe(statement)}")
    if isinstance(statement, fx.Conditional):
        if condition_holds(play, source, statement.condition):
            for inner in statement.effects:
                _collect(play, source, inner, found, own)
    elif isinstance(statement, fx.Instead):
        # "[Level 6][>] I cost [4][G][G] less instead": replaces the discount the lower level gave
        before, count = [c for c in found if c.source == source.name], len(found)
        _collect(play, source, statement.effect, found, own)
        if len(found) > count:
            for change in before:
                found.remove(change)
    elif isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change":
        change = _static_change(play, source, statement, own)
        if change is not None:
            found.append(change)
    elif isinstance(statement, fx.GameAction) and own:
        count = _count(play, statement.amount.per)                               # 356.4.a
        energy = sum(c.amount for c in statement.cost if c.kind == "energy") * count
        power = tuple(c.domain for c in statement.cost if c.kind == "power" for _ in range(c.amount * count))
        found.append(CostChange("less", energy, power, None, source.name, ("356.4.a", "356.4.b")))


def _describe(statement) -> str:
    """What kind of cost change a refused statement is, for the diagnostic."""
    if isinstance(statement, fx.Conditional):
        return f"cost change on the condition “{statement.condition.kind}”"
    if isinstance(statement, fx.Instead):
        return _describe(statement.effect)
    if isinstance(statement, fx.GameAction):
        return "cost reduction by a count not read yet"
    words = ", ".join(filter(None, (statement.value, statement.duration, *statement.holder.states,
                                    *(f.kind for f in statement.holder.filters))))
    return f"cost change ({words})"


def _static_change(play: Play, source: GameObject, statement: fx.StaticEffect, own: bool) -> CostChange | None:
    holder = statement.holder
    if (holder.reference == "self") != own or not _holds_card(play, source, holder):
        return None
    if statement.value == "less_from_elsewhere" and play.played_from == "hand":
        return None                                     # "... to play from anywhere other than your hand"
    if statement.value == "reduced_by":
        return _measured(play, source, statement.modifications[0])
    count = 1 if statement.per is None else _count(play, statement.per)
    energy = sum(c.amount for c in statement.cost if c.kind == "energy") * count
    power = tuple(c.domain for c in statement.cost if c.kind == "power" for _ in range(c.amount * count))
    minimum = sum(c.amount for c in statement.minimum if c.kind == "energy") if statement.minimum else None
    kind = "more" if statement.value == "more" else "less"
    rules = ("356.3",) if kind == "more" else ("356.4", "356.4.a") if own else ("356.4",)   # 356.4.a: its own
    return CostChange(kind, energy, power, minimum, source.name, rules)


def _measured(play: Play, source: GameObject, change: fx.Modification) -> CostChange:
    """An Energy discount by the highest Might among your units (143: as they are now, below 0 counts as 0)."""
    from .context import Context
    from .selectors import candidates
    from .traits import might_of

    units = candidates(Context(play.state, play.player), change.measure.of)
    highest = max((max(might_of(play.state, unit) or 0, 0) for unit in units), default=0)
    return CostChange("less", highest, (), None, source.name, ("356.4", "356.4.a", "356.4.b"))


def _holds_card(play: Play, source: GameObject, holder: fx.Selector) -> bool:
    """Whether the played card is the holder a board passive names ("spells you play", "your Dragons",
    "all enemy spells", "your non-token units")."""
    if holder.reference == "self":
        return True
    return _holds(play, holder, source.controller, location_of(play.state, source))


def _holds(play: Play, holder: fx.Selector, controller: str | None, here: tuple | None) -> bool:
    card = play.card
    if holder.states == ("first",):
        from .cost_holders import first_holds
        return first_holds(play, holder, lambda other, plain: _holds(other, plain, controller, here))
    kinds = [t for t in holder.types if t != "card"]
    if kinds and card.card_type not in kinds or ("card" in holder.types and card.token):
        return False
    if holder.tags and not set(holder.tags) & set(card.chars.tags):
        return False
    if holder.location is not None and (here is None or play.location != here):
        return False                                        # "... you play here": played to my location (355.2)
    if any(f.kind == "not" and f.value == "token" for f in holder.filters) and card.token:
        return False
    mine = holder.relation == "friendly" or holder.controller == "you" or \
        any(f.kind == "played_by" for f in holder.filters)
    if mine and play.player != controller:
        return False
    return holder.relation != "enemy" or (controller is not None and play.player != controller)


def _count(play: Play, per: fx.Selector) -> int:
    """How many "for each ..." counts, as the card is played."""
    state, player = play.state, play.player
    if per.types == ("point",):
        return state.__dict__.get("points_held_this_turn", {}).get((player, state.turn_number), 0)
    if per.types == ("tag",):                                               # "... tags among your units"
        from .context import Context
        from .selectors import tags_among
        return tags_among(Context(state, player), per)
    if per.location is not None:                                            # "for each card in your trash"
        return len(state.objects(("trash", player)))
    if per.filters:                                                         # "for each card you play this turn"
        return sum(1 for card in state.players[player].finalized if card is not play.card)
    from .context import Context
    from .selectors import candidates

    return len(candidates(Context(state, player), per))


def condition_holds(play: Play, source: GameObject, condition: fx.Condition) -> bool:
    """A condition as the card is played (364.3.a); a board source's own state through the layer view."""
    state = play.state
    from .passive_conditions import controls_me
    if controls_me(condition):                                   # 190.6.a: its controller is "you"
        return source.controller is not None
    if condition.kind == "controls":
        return _controls(play, condition) != condition.negated
    if condition.kind == "play":                                  # "If you play me to a battlefield"
        return play.location is not None and play.location[0] == condition.place.kind
    if condition.kind == "near_victory":
        from .victory_score import points
        victory = points(state)                                                    # 194.3.a
        return any(state.players[p].points + condition.value >= victory for p in state.opponents(play.player))
    if condition.kind == "has":
        return _has(play, condition.object) != condition.negated
    if condition.kind == "died" and _DEATH_WHEN[_death_when(condition)] is not None:
        from .cost_holders import died_in_phase            # "during your Beginning Phase this turn"
        return died_in_phase(play, condition.subject, _DEATH_WHEN[_death_when(condition)])
    if condition.kind == "died":
        return _died_this_turn(play, condition.subject)
    if condition.kind == "is_at" and condition.place.kind == "combat":
        in_combat = source.combat_role is not None                 # a designation only during combat (323.2)
        state.note(f"{source.name} is {'' if in_combat else 'not '}in combat", "364.3.a")
        return in_combat != condition.negated
    from .layer_sources import condition_test, resolve_state

    test = condition_test(state, source, condition)
    if test is None:
        raise _unsupported(f"the condition “{condition.kind}”")
    return test(resolve_state(state).view)


def _has(play: Play, sel: fx.Selector) -> bool:
    """Count your units in your base or cards in your hand; the card being played is no longer in your hand
    (354: it is put on the chain first)."""
    zone = sel.location.kind
    found = [o for o in play.state.objects((zone, play.player)) if o is not play.card
             and (zone == "hand" or o.card_type == "unit")]
    bound = {"at_least": lambda n: n >= sel.count, "at_most": lambda n: n <= sel.count,
             "exactly": lambda n: n == sel.count}[sel.quantity]
    return bound(len(found))


def _died_this_turn(play: Play, subject: fx.Selector) -> bool:
    """Whether a unit died this turn, friendly or enemy as its controller was when it died."""
    deaths = play.state.__dict__.get("deaths_this_turn", {}).get(play.state.turn_number, [])
    mine = {"friendly": True, "enemy": False}.get(subject.relation)
    return any(dead.card_type == "unit" and (mine is None or (dead.controller == play.player) == mine)
               for dead in deaths)


def _controls(play: Play, condition: fx.Condition) -> bool:
    from .context import Context
    from .selectors import matches

    state = play.state
    who = [play.player] if condition.subject.reference == "you" else state.opponents(play.player)
    ctx = Context(state, play.player)
    objects = _board_sources(state)
    return any(o.controller in who and o is not play.card and matches(ctx, condition.object, o) for o in objects)


# ---- an activated ability's own cost changes ("This ability costs [1] less for each ...", 356) ----------
def about_this_ability(statement) -> bool:
    """A statement of an activated ability that changes that ability's cost (827.1.c.3, 818.1.c.4), read as
    it is activated, never run as an instruction."""
    if isinstance(statement, fx.Conditional):
        return bool(statement.effects) and all(about_this_ability(s) for s in statement.effects)
    return isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change" \
        and "ability" in statement.holder.types and statement.value in ("less", "more")


def ability_changes(state: GameState, player: str, source: GameObject, statements) -> list[CostChange]:
    """The changes an ability's own statements make to its cost now (356.3, 356.4)."""
    play = Play(state, player, None, location_of(state, source), "board")      # no card is played
    found: list[CostChange] = []
    for statement in statements:
        _ability_change(play, source, statement, found)
    return found


def _ability_change(play: Play, source: GameObject, statement, found: list) -> None:
    if isinstance(statement, fx.Conditional):
        if condition_holds(play, source, statement.condition) != statement.unless:
            for inner in statement.effects:
                _ability_change(play, source, inner, found)
        return
    count = 1 if statement.per is None else _count(play, statement.per)
    energy = sum(c.amount for c in statement.cost if c.kind == "energy") * count
    power = tuple(c.domain for c in statement.cost if c.kind == "power" for _ in range(c.amount * count))
    kind = "more" if statement.value == "more" else "less"
    found.append(CostChange(kind, energy, power, None, f"{source.name}'s ability",
                            ("356.3",) if kind == "more" else ("356.4",)))


# ---- the total cost (356) -----------------------------------------------------------------
def total_cost(state: GameState, cost: Cost, changes: list[CostChange]) -> Cost:
    """The cost after its changes: increases (356.3), then discounts (356.4); the discounts with a minimum
    first, which is the order that leaves the least to pay (356.4.d.1, 356.4.e); never below 0 (356.6)."""
    energy, power = cost.energy, list(cost.power)
    for change in [c for c in changes if c.kind == "more"]:
        energy += change.energy                                                     # 356.3
        power.extend(change.power)
        state.note(f"{change.source}: costs [{change.energy}]{_symbols(change.power)} more", "356.3")
    discounts = sorted((c for c in changes if c.kind == "less"), key=lambda c: c.minimum is None)
    for change in discounts:
        floor = min(energy, change.minimum) if change.minimum is not None else 0    # 356.4.e
        energy = max(energy - change.energy, floor, 0)                              # 356.6
        for symbol in change.power:
            _take_power(power, symbol)
        state.note(f"{change.source}: costs [{change.energy}]{_symbols(change.power)} less"
                   + (f", to a minimum of [{change.minimum}]" if change.minimum is not None else ""),
                   *change.rules, *(("356.4.e",) if change.minimum is not None else ()), "356.6")
    return Cost(energy, power)


def _take_power(power: list, symbol: str) -> None:
    """A discount of one power symbol takes off a symbol of that domain, [A] any one; none left: 0 (356.6)."""
    for letter in sorted(power, key=lambda p: p == "A"):
        if symbol == "A" or letter == symbol or letter == "A":
            power.remove(letter)
            return


def _symbols(power) -> str:
    return "".join(f"[{p}]" for p in power)


# ---- entering ready ---------------------------------------------------------------------
def enters_ready(play: Play) -> bool:
    """The played card's own "If ..., I enter ready" (364.3.a, 184.1), its condition checked as it is
    played, and "[Level 3][>] I enter ready" while the keyword's condition holds (824.1.c, 812.1.c). A
    plain "I enter ready" is a replacement effect (369.3) and is left to it."""
    for statement, keyword in _entry_statements(play):
        if isinstance(statement, fx.Conditional):
            if not statement_runs(statement):
                raise _unsupported(f"“I enter ready” on the condition “{statement.condition.kind}”")
            if not condition_holds(play, play.card, statement.condition):
                continue
            play.state.note(f"{play.card.name}: its condition holds as it is played, so it enters ready",
                            "364.3.a", "184.1")
            return True
        if keyword is not None:
            play.state.note(f"{play.card.name}: its [{keyword.name}] ability is active, so it enters ready",
                            "824.1.c" if keyword.name == "Level" else "812.1.c", "184.1")
            return True
    return False


def _entry_statements(play: Play):
    """(statement, keyword) pairs: the conditional entries of the card's passives, and every entry of its
    keyworded passives (the replacement effects of 369.3 are read from plain passives only)."""
    from .traits import abilities_of

    for ability in abilities_of(play.card):
        if isinstance(ability, fx.PassiveAbility):
            yield from ((s, None) for s in ability.effects if _conditional_entry(s))
        elif isinstance(ability, fx.KeywordedAbility) and isinstance(ability.ability, fx.PassiveAbility):
            found = [s for s in ability.ability.effects if _conditional_entry(s) or _enters_ready(s)]
            if found and _keyword_holds(play, play.card, ability.keyword):    # other keywords: refused there
                yield from ((s, ability.keyword) for s in found)


def _conditional_entry(statement) -> bool:
    return isinstance(statement, fx.Conditional) and any(map(_enters_ready, statement.effects))


def _enters_ready(statement) -> bool:
    return isinstance(statement, fx.StaticEffect) and statement.kind == "enter" and statement.value == "ready" \
        and statement.holder.reference == "self" and statement.place is None


# ---- cost changes an instruction makes for the rest of the turn ---------------------------
def instruction_runs(effect: fx.StaticEffect) -> bool:
    """"your non-token units cost [1] more to play this turn", "the next spell you play this turn costs [5]
    less": cost changes an instruction makes, for this turn."""
    if effect.kind != "cost_change" or effect.value not in ("less", "more") or effect.per is not None \
            or effect.minimum or any(c.kind not in ("energy", "power") for c in effect.cost):
        return False
    if _next_one(effect.holder):
        return _holder_known(_as_plain_holder(effect.holder))
    return effect.duration == "this_turn" and effect.holder.reference is None and _holder_known(effect.holder)


def _next_one(holder: fx.Selector) -> bool:
    return holder.states == ("next",) and any(f.kind == "played_by" and f.value == "you_this_turn"
                                               for f in holder.filters)


def _as_plain_holder(holder: fx.Selector) -> fx.Selector:
    """"the next spell you play this turn" read as "spells you play" (the once and the turn kept apart)."""
    filters = tuple(dataclass_replace(f, value="you") if f.kind == "played_by" else f for f in holder.filters)
    return dataclass_replace(holder, quantity="all", states=(), filters=filters)


def register(state: GameState, player: str, effect: fx.StaticEffect, source: str) -> None:
    """Keep an instruction's cost change until the end of this turn (or its next play, when it says so)."""
    made = state.__dict__.setdefault("turn_cost_changes", [])
    made.append({"turn": state.turn_number, "player": player, "effect": effect, "source": source,
                 "key": len(made) + 1, "once": _next_one(effect.holder), "spent": False})
    state.note(f"{source}: a cost change lasts {'for the next play' if _next_one(effect.holder) else 'this turn'}",
               "356.3" if effect.value == "more" else "356.4")


def _this_turn(play: Play) -> list[CostChange]:
    found = []
    for made in play.state.__dict__.get("turn_cost_changes", []):
        if made["turn"] != play.state.turn_number or made["spent"]:
            continue
        effect = made["effect"]
        holder = _as_plain_holder(effect.holder) if made["once"] else effect.holder
        if not _holds(play, holder, made["player"], None):
            continue
        energy = sum(c.amount for c in effect.cost if c.kind == "energy")
        power = tuple(c.domain for c in effect.cost if c.kind == "power" for _ in range(c.amount))
        kind = "more" if effect.value == "more" else "less"
        found.append(CostChange(kind, energy, power, None, made["source"],
                                ("356.3",) if kind == "more" else ("356.4",), made["key"] if made["once"] else None))
    return found


def spend(state: GameState, changes: list[CostChange]) -> None:
    """The once-only changes a play has paid with are used up ("the next spell you play this turn")."""
    keys = {c.once for c in changes if c.once is not None}
    for made in state.__dict__.get("turn_cost_changes", []):
        if made["key"] in keys:
            made["spent"] = True
