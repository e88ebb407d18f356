"""Effect objects: what a text means, typed, with where it came from and which rules decided it.

Every object is a frozen, slotted dataclass with tuple fields, so it hashes and can be a
graph node. ``span`` locates the words an effect came from; ``rules`` lists the ids of the
rules that decided its fields. No object stores raw source text: names, tags and
enumerated words only, so the renderer can give the text back.
"""
from __future__ import annotations

from typing import Literal
from dataclasses import dataclass

from interpreter.language.nodes import Span
from .vocabulary import (  # noqa: F401  (the closed value sets the fields hold)
    Action, ActionOption, AmountKind, CardType, CombatStep, ConditionKind, ConditionValue, ControllerWord, CostKind, CreateAction,
    DecisionValue, DelayedWhen, DestinationZone, DomainSymbol, Duration, FilterKind, FilterOp, FilterWord,
    KeywordName, MeasureKind, ModeLabel, ModeLimit, ModificationKind, Name, ObjectType, PlaceKind, PlaceOwner,
    PlaceQualifier, PlayerWord, Quantity, Reference, Relation, RestrictionKind, RestrictionScope, RuleId, State,
    StaticKind, StaticValue, Tag, TextState, TokenType, TurnPart, TurnState, TriggerEvent, TriggerLimit, TriggerPlace,
    TriggerQualifier, TriggerSubject)


# ---- values ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decision:
    """A value the compiler settled, and the rules that settled it (e.g. exhausted, 143.4)."""

    value: DecisionValue | None
    rules: tuple[RuleId, ...]


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability by name and value, citing the rule that defines it."""

    name: KeywordName
    value: int | None
    rules: tuple[RuleId, ...]


@dataclass(frozen=True, slots=True)
class Filter:
    """One test an object must pass: ``might <= 3``, ``energy_cost <= 2``, ``less_might_than self``."""

    kind: FilterKind
    op: FilterOp | None = None
    value: int | FilterWord | KeywordName | DomainSymbol | None = None   # a domain: "a Fury unit" (134.2)
    of: "Selector | None" = None         # the objects the test is about: "affecting units here"
    condition: "Condition | None" = None   # "a battlefield where you have units": a condition about the object
    measure: "Measure | None" = None       # "with Energy cost less than my Might": what the value is compared with
    values: tuple[FilterWord | KeywordName, ...] = ()    # op "in": any one of these ("with spells or unit abilities", "with [Tank] or [Shield]")
    place: "Place | None" = None           # "played from anywhere other than a player's hand": the place compared
    duration: Duration | None = None        # "points you scored from holding this turn": the period it is about


@dataclass(frozen=True, slots=True)
class Place:
    """A place named by the text: here, there, a battlefield, your base, its owner's hand."""

    kind: PlaceKind            # here | there | anywhere | everywhere | battlefield | base | hand | trash | deck | location | ...
    owner: PlaceOwner | None = None   # you | its_owner | their | its | my | opponent
    qualifiers: tuple[PlaceQualifier, ...] = ()   # open, occupied, same, different, enemy, a, the, each, ...
    of: "Selector | None" = None       # "the location of <object>": where that object is
    where: "Condition | None" = None   # "a location where there's a unit with the same controller"
    alternatives: tuple["Place", ...] = ()   # "in your hand or in your Champion Zone": any one of these places


@dataclass(frozen=True, slots=True)
class Selector:
    """Which objects or players a phrase means, e.g. "up to two friendly units at a battlefield".

    ``quantity`` is how they are chosen (one, up_to, all, each, any_number, the, another...);
    ``reference`` is set for pronouns and resolves to ``antecedent`` when the text refers back.
    """

    quantity: Quantity
    count: int | None = None
    types: tuple[ObjectType, ...] = ()
    tags: tuple[Tag, ...] = ()
    names: tuple[Name, ...] = ()
    relation: Relation | None = None          # friendly | enemy
    other: bool = False
    states: tuple[State, ...] = ()
    token: bool | None = None
    controller: ControllerWord | None = None        # you | not_you | they
    zone: Place | None = None            # from/in a non-board zone
    location: Place | None = None        # at a location on the board
    filters: tuple[Filter, ...] = ()
    keywords_with: tuple[KeywordName, ...] = ()
    keywords_without: tuple[KeywordName, ...] = ()
    reference: Reference | None = None         # self | it | them | they | you | that | ...
    antecedent: "Selector | None" = None
    alternatives: tuple["Selector", ...] = ()   # "a unit at a battlefield or a gear": any one of these


@dataclass(frozen=True, slots=True)
class Measure:
    """A number read from the game: my Might, its Energy cost, the number of ..."""

    kind: MeasureKind                    # might | energy_cost | count | cost | base_cost | ...
    of: Selector | None = None
    keyword: KeywordName | None = None   # kind keyword: "its [Assault]" value; kind abilities: "all [Deathknell] abilities"


@dataclass(frozen=True, slots=True)
class Amount:
    """How much: a fixed number, "damage equal to ...", "that much", maybe "for each ..."."""

    kind: AmountKind                     # count | equal | that_much
    value: int | None = None
    measure: Measure | None = None
    per: Selector | None = None


@dataclass(frozen=True, slots=True)
class Modification:
    """A change given to objects: +N / -N might, a keyword, might equal to a measure."""

    kind: ModificationKind               # might | keyword | keywords | ability
    amount: int | None = None
    keyword: Keyword | None = None
    measure: Measure | None = None
    ability: Effect | None = None        # a quoted ability the objects gain: has "When I conquer, ..."


@dataclass(frozen=True, slots=True)
class Cost:
    """One symbol of a cost: energy, power of a domain, exhaust."""

    kind: CostKind      # energy | power | exhaust | kill_self
    amount: int = 1
    domain: DomainSymbol | None = None


def symbols_text(costs) -> str:
    """The cost symbols as printed: "[2][A][E]" (Energy, Power by domain, exhaust; 161)."""
    parts = []
    for cost in costs:
        if cost.kind == "energy":
            parts.append(f"[{cost.amount}]")
        elif cost.kind == "power":
            parts.append(f"[{cost.domain}]" * cost.amount)
        else:
            parts.append("[E]")
    return "".join(parts)


# The game actions a passive can forbid on its holder ("I can't be readied"), by the participle the text uses.
PARTICIPLE_ACTIONS = {"readied": "ready", "exhausted": "exhaust", "stunned": "stun", "killed": "kill",
                      "buffed": "buff", "banished": "banish", "healed": "heal", "moved": "move", "recalled": "recall",
                      "revealed": "reveal", "played": "play", "recycled": "recycle", "discarded": "discard",
                      "countered": "counter", "prevented": "prevent"}
ACTION_PARTICIPLES = {action: word for word, action in PARTICIPLE_ACTIONS.items()}   # "ready" -> "readied"


# ---- effects ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect and ability object."""

    span: Span | None
    rules: tuple[RuleId, ...]


@dataclass(frozen=True, slots=True)
class TokenCharacteristics(Effect):
    """What a token is (187): name, type, might, tags, keywords and abilities."""

    name: Name
    card_type: TokenType
    might: int | None
    tags: tuple[Tag, ...]
    keywords: tuple[Keyword, ...]
    abilities: tuple[Effect, ...]
    domains: tuple[DomainSymbol, ...] = ()
    unique: bool = False          # defined with "the" (187.9): the canonical text names it "the ... token"


@dataclass(frozen=True, slots=True)
class Destination:
    """Where an object goes: a zone kind, whose, and the rules that decided it."""

    zone: DestinationZone   # chain | base | here | there | playable_location | battlefield_zone | legend_zone | board
    player: PlayerWord | None
    rules: tuple[RuleId, ...]


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """Create or play ``count`` tokens (439; played tokens go through the chain, 439.2.c)."""

    action: CreateAction             # create | play | add
    count: int
    token: TokenCharacteristics
    created_to: Destination
    played_to: Destination | None    # only when played
    enters: Decision                 # ready | exhausted
    owner: Decision
    controller: Decision             # value None: uncontrolled (439.4.b)
    granted: tuple[Keyword, ...]
    per: Selector | None = None      # "for each ..."
    subject: Selector | None = None  # "Each player plays ...": each of them plays, owns and controls theirs (183, 182)


@dataclass(frozen=True, slots=True)
class AddResources(Effect):
    """Add energy and power to the rune pool (429)."""

    energy: int
    power: tuple[DomainSymbol, ...]


@dataclass(frozen=True, slots=True)
class IgnoreAbility(Effect):
    """"Ignore Deflect while paying this spell's costs" (764-767): the keyword is treated as inactive, for the
    players directed only, during that game action or procedure."""

    keyword: Keyword
    during: Literal["paying_costs", "assigning_combat_damage"]   # the procedure (paying costs 204, combat damage 465)
    of: Selector | None = None       # whose costs are paid ("this spell's costs")
    place: Place | None = None       # where the procedure happens ("here")
    subject: Selector | None = None  # who ignores it ("You ignore ..."); None: the controller


@dataclass(frozen=True, slots=True)
class StateEnds(Effect):
    """"Necessary portions of its Rules Text are no longer Inactive if they are currently Inactive": a state of
    an object's text ends (725: Inactive text can partially cease to be Inactive), where it holds now."""

    state: TextState
    of: Selector                     # whose text ("its": the object named before)
    text: Literal["text", "rules_text", "effect_text"]     # which text of the card (135, 136)
    portions: Literal["all", "necessary"] = "all"          # "necessary portions of": only what the rest needs
    if_currently: bool = False       # "if they are currently Inactive": only where the state holds now


@dataclass(frozen=True, slots=True)
class GameAction(Effect):
    """One game action (407-458) with its complement (135.2.b.5): who, on what, how much, where."""

    action: Action
    objects: tuple[Selector, ...] = ()
    subject: Selector | None = None
    amount: Amount | None = None
    place: Place | None = None
    modifications: tuple[Modification, ...] = ()
    duration: Duration | None = None
    options: tuple[ActionOption, ...] = ()
    cost: tuple[Cost, ...] = ()
    keyword_cost: Keyword | None = None     # "play this for its flow cost": the cost printed with that keyword (829.1.b)
    reduced_by: tuple[Cost, ...] = ()       # "pay the cost of its Equip ability, reduced by [A]": paid less (206)
    lasts_while: "Condition | None" = None  # "... for as long as you control that battlefield": how long its result lasts


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition: who or what, a predicate, what it is about."""

    kind: ConditionKind
    subject: Selector | None = None
    object: Selector | None = None
    value: int | ConditionValue | State | CombatStep | TurnState | None = None   # a state of kind "is" (124.2); kind
    #                 "during": a step (“during the Combat Damage step”) or a state of the turn (“during an Open State”)
    negated: bool = False
    place: Place | None = None
    also: "Condition | None" = None      # "... and ..."
    past: bool = False                   # "was": as it last was (a dead unit's last known state), not as it is now
    than: Selector | None = None         # "you have more points than an opponent": who the subject is compared with
    cost: tuple[Cost, ...] = ()          # "if you spent [4] or more", "unless its controller pays [2]": the symbols
    measure: "Measure | None" = None     # "if its Might is greater than my Might": the measure compared (kind measure_*)
    compared: "Measure | None" = None    # ... and the measure it is compared with (or ``value``, a number)
    action: Action | None = None         # kind done_this_turn: the action done ("if you've stunned a unit this turn")
    keyword: KeywordName | None = None   # kind is: a condition keyword the subject is ("if I'm [Mighty]", 706)
    states: tuple[State, ...] = ()       # kind is: any one of these states ("attacking or defending alone", 124.2)
    alone: bool = False                  # "... alone": with no other friendly unit at its location (740.2.a)
    already: bool = False                # "already": read against the instruction it follows ("if it's already stunned")
    duration: Duration | None = None     # "if it died this turn": the period the event is looked for in
    during: TurnPart | None = None       # "... during combat", "during your Beginning Phase": the part of the turn (315-317)
    whose: ControllerWord | None = None  # "during your Beginning Phase": whose turn that part is in
    alternatives: tuple["Condition", ...] = ()   # kind either: "if A or B", holds when any one of them holds


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    """Effects done only if a condition holds, with what happens otherwise."""

    condition: Condition
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()
    unless: bool = False


@dataclass(frozen=True, slots=True)
class MayDo(Effect):
    """An optional instruction: its player may do it ("you may ...")."""

    effect: Effect
    player: Selector | None = None


@dataclass(frozen=True, slots=True)
class IfYouDo(Effect):
    """Effects done only if the optional one before them was done; ``player``: who the text says did it
    when that is not "you" ("If they do, ...": the player the "may" before gave the choice to)."""

    effect: Effect
    player: Selector | None = None


@dataclass(frozen=True, slots=True)
class Instead(Effect):
    """A replacement: this happens instead (367-375); ``replaced``: the event it replaces when the text names
    it ("instead of putting it in their trash")."""

    effect: Effect
    replaced: Effect | None = None


@dataclass(frozen=True, slots=True)
class PayToDo(Effect):
    """"pay [1] to draw 1": the first is done as the price of the second."""

    payment: Effect
    result: Effect


@dataclass(frozen=True, slots=True)
class AppliedCost(Effect):
    """"Opponents must pay [A] for each unit beyond the first to move multiple units to my battlefield at the
    same time": a cost the ``payer`` pays as they perform ``applies_to`` (204.4); unpaid, they can't perform it
    (204.4.c)."""

    payer: Selector
    payment: Effect
    applies_to: Effect


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger condition: an event, who does it, and where."""

    event: TriggerEvent # play | move | attack | hold | score | die | ... | time
    subject: TriggerSubject   # self | you | other | each_player | you_next
    place: TriggerPlace | None = None
    object: Selector | None = None
    actor: Selector | None = None
    qualifiers: tuple[TriggerQualifier, ...] = ()
    using: Selector | None = None       # "When you conquer here with one or more [Mighty] units"
    condition: "Condition | None" = None  # "... while I'm at a battlefield": checked with the event (383.2.a.1)
    keyword: KeywordName | None = None  # the keyword of a "from_keyword" ("from [Hidden]") or "keyword" ("becomes [Mighty]") qualifier
    whose: PlaceOwner | None = None     # whose place the event names: "to your base", "from your deck" (you)
    by: Selector | None = None          # "When I'm chosen by an enemy spell": what did the action of a passive event

    @property
    def replaces(self) -> bool:
        """"would" and "as" mark the event of a replacement effect (369.1), not a trigger."""
        return "would" in self.qualifiers or "as" in self.qualifiers


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Effect):
    """"When/At ..., <effects>" (383): its trigger, other events that trigger it too, a per-turn limit."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    also: tuple[Trigger, ...] = ()
    limit: TriggerLimit | None = None    # first | second | third | once_each_turn


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Effect):
    """"<costs>: <effects>" (377), with the timing keywords that permit it ([Reaction], [Action])."""

    costs: tuple[Effect, ...]
    permissions: tuple[Keyword, ...]
    effects: tuple[Effect, ...]
    restrictions: tuple["Restriction", ...] = ()   # "Use only once per turn": checked before it is activated (377)


@dataclass(frozen=True, slots=True)
class PayCost(Effect):
    """Cost symbols to pay: "[1][R], [E]"."""

    costs: tuple[Cost, ...]


@dataclass(frozen=True, slots=True)
class KeywordAbility(Effect):
    """A keyword standing as an ability ("[Tank]", "[Accelerate]"), with its cost when it has one."""

    keyword: Keyword
    cost: tuple[Cost, ...] = ()
    effects: tuple[Effect, ...] = ()
    # a cost keyword's cost written as instructions: "[Repeat] — Discard 1", "[Equip] — [Y], Kill a friendly
    # unit" (the symbols a PayCost among them); paid like ``cost``, before the keyword's effect (820.1.c, 818)
    paid: tuple[Effect, ...] = ()
    # what the rules say the keyword is short for, with the card's cost and value (827.1.c.1, 829.1.b)
    definition: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class DefinedKeyword(Effect):
    """A keyword the rules data does not define, meaning what the reminder text printed with it says
    (135.2.d): "[Fortify 2] (To Fortify 2, give ...)" is the instructions after "To Fortify 2," (an action
    keyword, ``action``); any other reminder text is the keyword's ability itself."""

    keyword: Keyword
    definition: tuple[Effect, ...]
    action: bool = False


@dataclass(frozen=True, slots=True)
class KeywordedAbility(Effect):
    """An ability bound to a keyword by ``[>]`` (135.2.e.7): dependent, permissive or triggered."""

    keyword: Keyword
    ability: Effect
    # what the rules say a dependent keyword is short for, with this ability as its [Text] (828.1.b.1)
    definition: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellEffect(Effect):
    """Instructions carried out when the card resolves."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ReplacementAbility(Effect):
    """A permanent's standing replacement effect (367-375): "If I would die, instead recall me exhausted."
    ``condition`` is the event it watches ("would die", a combat ending in a tie, 369.1), or ``next_time`` when
    it replaces the next such event only ("The next time a friendly unit would die, ...", 371.1); ``effects``
    are done in its place; ``then`` are the sentences after the first, part of the same replacement ("... look
    at the top card first. You may recycle it. Then reveal those cards.")."""

    condition: Condition | None
    effects: tuple[Effect, ...]
    then: tuple[Effect, ...] = ()
    next_time: Trigger | None = None


@dataclass(frozen=True, slots=True)
class StaticEffect(Effect):
    """A passive ability's statement: what objects have, how they enter, what they can't do."""

    kind: StaticKind     # modify | enter | cannot_be_chosen | move_permission | cannot_move | cost_change
    holder: Selector
    modifications: tuple[Modification, ...] = ()
    place: Place | None = None
    duration: Duration | None = None
    per: Selector | None = None
    value: StaticValue | Tag | None = None
    by: Selector | None = None
    cost: tuple[Cost, ...] = ()
    minimum: tuple[Cost, ...] = ()   # "to a minimum of [1]" on a cost change
    waived: Condition | None = None  # "..., even if you don't have units there": a requirement it lifts (822.1.d)
    keyword: KeywordName | None = None   # "Your [Deathknell] effects ...": the keyword naming the effects (808.1.b.1)
    also: TriggerEvent | None = None     # "My hold effects are also conquer effects": the event they also count as (383)
    vice_versa: bool = False             # "..., and vice versa": the other event's effects count as the first's too


@dataclass(frozen=True, slots=True)
class AdditionalCost(Effect):
    """"As an additional cost to play me, ..." / "You may pay ... as an additional cost" (131)."""

    optional: bool
    cost: tuple[Effect, ...]
    effects: tuple[Effect, ...] = ()     # an optional one's "If you do, I cost [3] less.": what paying it gives
    condition: Condition | None = None   # "If you've played a spell this turn, you may pay ...": when it can be paid


@dataclass(frozen=True, slots=True)
class Mode(Effect):
    """One bullet of "Choose one —": its label when printed (a cost, a keyword) and its effects."""

    label: ModeLabel | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ModalAbility(Effect):
    """"Choose one —" and its bullet modes; with ``based_on``, "Do one of the following based on its domain:":
    the mode whose label matches that characteristic is done, nobody chooses (387.1.b)."""

    choose: int
    limit: ModeLimit | None
    modes: tuple[Mode, ...]
    based_on: Measure | None = None


@dataclass(frozen=True, slots=True)
class Choice(Effect):
    """"draw 1 or channel 1 rune exhausted": one of the options, chosen by the player."""

    options: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class PassiveAbility(Effect):
    """A line of passive statements (363-366)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ForEach(Effect):
    """"For each friendly unit, ...": the effects once for each object."""

    each: Selector
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Repeated(Effect):
    """"Do this twice: Deal 3 to a unit.": the effects done that many times, each time anew (387.1.a)."""

    times: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Restriction(Effect):
    """"Use only if ...", "Use only to play spells", "Use only once per turn" (377)."""

    kind: RestrictionKind   # only_if | only_while | only_to | once_per_turn
    condition: Condition | None = None
    effect: Effect | None = None
    applies_to: RestrictionScope | None = None    # "my abilities" (every activated ability of the card) | "this ability"


@dataclass(frozen=True, slots=True)
class Delayed(Effect):
    """Effects done later, at a stated time ("at the end of this turn", 389-392)."""

    when: DelayedWhen
    effects: tuple[Effect, ...]
    trigger: "Trigger | None" = None     # "The next time it would die this turn, ..."


@dataclass(frozen=True, slots=True)
class InTurnOrder(Effect):
    """"Starting with the next player, ...": each player does it in turn order."""

    effects: tuple[Effect, ...]
