"""The closed value sets of the effect model: every word a field of an effect object may hold.

Each set is a ``Literal`` of plain strings, so effect objects keep comparing equal to the
strings the runtime, renderer and linter already use, and the JSON Schema
(``interpreter/compiler/schema.py``) turns each into an ``enum`` with its description.

Where the rules name the values, the set must agree with the rules data: ``Action`` holds
every verb of ``rules_data/actions.yaml`` (plus the few compiler-made actions listed in
``COMPILER_ACTIONS``), ``KeywordName`` every keyword of the 800s, ``DomainSymbol`` every
power symbol of 134.2 and 135.2.e, ``CardType``, ``State`` and ``PlaceKind`` the card types, statuses
and zones of ``rules_data/vocabulary.yaml``: all are read through the lexicon
(``interpreter/language/lexicon.py``), so a word added to a rules_data copy is a value of the schema
built from that copy (``value_sets``, ``schema.build_schema``).

``Name``, ``Tag``, ``RuleId`` and ``Text`` are the only open strings: card and token
names, tags, rule ids, and the text of a card.

No member packs two facts or an English phrase into one word: ``composite_members()`` finds any that
would ("during your beginning phase this turn" was one; it is now ``Condition.during``, ``whose`` and
``duration``), and a test keeps their number at 0.
"""
from __future__ import annotations

from typing import Annotated, Literal, get_args

# ---- the open strings ---------------------------------------------------------------
Name = Annotated[str, "name"]        # a card or token name: "Recruit", "Guardian Angel"
Tag = Annotated[str, "tag"]          # a tag (132.5): "Mech", "Poro"
RuleId = Annotated[str, "rule_id"]   # a rule id: "439.2.b.1"
Text = Annotated[str, "text"]        # the text of a card, a reminder
OPEN_STRINGS = ("name", "tag", "rule_id", "text")

# ---- named by the rules -------------------------------------------------------------
# These sets are read from the rules data through the lexicon (rules_data/vocabulary.yaml and actions.yaml),
# with the few members the compiler adds of its own; the Literals below are those of the shipped rules data,
# and ``value_sets(lexicon)`` gives every set for another rules_data folder (a new keyword, status or zone
# there is a valid value of the schema built from it).
COMPILER_ACTIONS = ("activate", "activate_effects", "copy_text", "exempt", "increase_victory_score", "name",
                    "prevent_damage", "put_back", "repeat_effects")
ANY_SYMBOLS = ("A", "C")           # any domain, the card's own domain (135.2.e.5-6)
# states an object is in that the rules name by another word than a status of 124.2 ("ready", "killed")
# or that only narrow which one is meant ("first", "next", "other chosen")
COMPILER_STATES = ("additional", "chosen", "damaged", "detached", "different", "first", "in_combat", "killed",
                   "next", "only", "open", "optional", "played", "ready", "recycled", "second")
# places the text names that are no zone of 107-108: a part of a zone ("battlefields", "deck"), a place
# relative to the source ("here", "there"), and the places of a combat or showdown
COMPILER_PLACES = ("anywhere", "battlefields", "board", "champion_zone", "combat", "deck", "destination",
                   "everywhere", "hands", "here", "location", "showdown", "there", "trashes")


# the parts of a turn the text names that are no phase of 315-317: a combat (459) and a showdown (341)
TURN_PARTS = ("combat", "showdown")


def rules_sets(lexicon) -> dict[str, tuple[str, ...]]:
    """The value sets the rules name, read from ``lexicon`` (``interpreter.language.lexicon.Lexicon``)."""
    words = lexicon.vocabulary
    statuses = set(words["statuses"]) | {a.status for a in lexicon.actions.values() if a.status}
    return {
        "KeywordName": tuple(sorted(words["keywords"])),                              # 800-829
        "DomainSymbol": tuple(e["symbol"] for e in words["domains"].values() if e.get("symbol")) + ANY_SYMBOLS,
        "Action": tuple(lexicon.actions) + tuple(a for a in COMPILER_ACTIONS if a not in lexicon.actions),
        "CardType": tuple(words["card_types"]),                                       # 133.4-133.6
        "State": tuple(sorted(statuses | set(COMPILER_STATES))),                      # 124.2
        "PlaceKind": tuple(sorted({z.replace(" ", "_") for z in words["zones"]} | set(COMPILER_PLACES))),  # 107-108
        "CombatStep": tuple(combat_step(step) for step in words.get("combat_steps", ())),   # 463-466
        "TurnPart": tuple(words.get("phases", ())) + TURN_PARTS,                             # 315-317, 459, 341
        "TextState": tuple(words.get("text_states", ())),                               # 720-725
        "TurnState": tuple(word + "_state" for word in words.get("turn_states", ())),    # 308-309
    }


def combat_step(words: str) -> str:
    """The value that names a step of combat: "combat damage" -> "combat_damage_step" (463-466)."""
    return words.lower().replace(" ", "_") + "_step"


def _shipped_sets() -> dict[str, tuple[str, ...]]:
    from interpreter.language.lexicon import shipped_lexicon
    return rules_sets(shipped_lexicon())


_SHIPPED = _shipped_sets()
KeywordName = Literal[_SHIPPED["KeywordName"]]
DomainSymbol = Literal[_SHIPPED["DomainSymbol"]]   # 134.2, 135.2.e.5-6
Action = Literal[_SHIPPED["Action"]]
CardType = Literal[_SHIPPED["CardType"]]           # 130
State = Literal[_SHIPPED["State"]]
PlaceKind = Literal[_SHIPPED["PlaceKind"]]
TextState = Literal[_SHIPPED["TextState"]]         # 721
TurnState = Literal[_SHIPPED["TurnState"]]         # 308-309: "during an Open State"
CombatStep = Literal[_SHIPPED["CombatStep"]]       # 463-466
TurnPart = Literal[_SHIPPED["TurnPart"]]           # 315-317, 459, 341
Relation = Literal["enemy", "friendly"]                                         # 182.3

# ---- the compiler's own words -------------------------------------------------------
AmountKind = Literal["all", "any", "count", "equal", "that_much"]
ConditionKind = Literal["attached", "being_done", "channel_this_way", "chooses", "chose_this_turn", "controls", "defends",
                        "did_conquer", "died", "discard_this_turn", "during", "either", "ends_in_tie", "excess_damage", "exists",
                        "gained_xp_this_turn", "has", "has_all_tags", "has_more", "controls_more", "has_fewer", "controls_fewer", "has_you_draw", "is", "is_a", "is_at", "kills",
                        "less_might_than", "more_might_than", "measure_less", "measure_more", "done_this_turn", "would_be", "turn", "moved_this_turn", "near_victory",
                        "paid_additional_cost", "pays", "phase", "play", "play_this_turn", "played", "revealed", "spent",
                        "spent_this_turn", "with", "would_die", "would_reveal", "you_did"]
ConditionValue = Literal["alone", "empty", "showdowns", "total",   # the states of "if it's ..." are a State (124.2)
                         "you", "opponent"]                                  # whose turn: "if it's your turn"
CostKind = Literal["energy", "exhaust", "power", "kill_self"]
CreateAction = Literal["create", "add", "play"]
DecisionValue = Literal["exhausted", "ready", "you"]
DelayedWhen = Literal["after", "at", "beginning", "end_of_turn", "next_time", "until", "when"]
PlayerWord = Literal["you"]
DestinationZone = Literal["base", "battlefield_zone", "board", "chain", "here", "legend_zone", "playable_location",
                          "there", "trash"]
FilterKind = Literal["affecting", "among", "attached_to", "banished_with", "beyond", "chooses", "chooses_no_other",
                     "chose", "chosen_for", "copy_of", "cost", "did", "energy_cost", "happened_this_turn", "in_cost_of",
                     "keyword", "less_might_than", "might", "might_up_to_more_than", "named_tag", "not", "owner",
                     "paid_by", "paid_with", "played_by", "played_each_turn", "played_from_elsewhere", "power_cost",
                     "role", "same_controller", "scored_from", "source", "spent", "spent_by", "this_way",
                     "total_might", "was_uncontrolled", "where", "from_keyword", "chosen_tag",
                     "did_this_turn", "was_this_turn", "other_than", "same_name", "domain", "more_might_than",
                     "no_more_might_than", "same_controller_as", "had_by", "done_there", "state"]
FilterOp = Literal["!=", "<", "<=", "==", ">=", "in"]
FilterWord = Literal["Cards", "Runes", "attacker", "dealt_damage", "discarded", "exhausted_ability", "hidden",
                     "hold", "conquer", "killed", "recruit", "revealed", "self", "spell",
                     "unit_ability", "this_spell", "token", "unit", "you", "you_this_turn",
                     "your_points", "attacked", "defended", "moved", "died", "conquered", "held", "stunned",
                     "buffed", "played", "readied", "exhausted", "recalled", "recycled", "banished", "opponent",
                     "opponent_this_turn", "damaged", "ready", "attacking", "defending"]
Duration = Literal["this_combat", "this_turn", "while_attached", "until_your_next_turn"]
ActionOption = Literal[("A", "Cards", "Runes", "ability", "again", "along_with", "any_order", "at_the_same_time",
                       "conquer", "damage", "effect_text", "energy", "exhausted", "first", "ignore_all_costs",
                       "ignore_cost", "ignore_energy_cost", "instead_of", "kill", "might", "minimum_1", "must", "now",
                       "play", "reduce_cost", "spell", "split", "tag", "text", "that_damage", "to_or_from",
                       "top", "bottom", "top_or_bottom",
                       # a skipped point (443.1.a): whose ("their next"), a point, the way it is scored (469)
                       "your", "their", "your_next", "their_next", "point", "hold")
                       # the status an action leaves its object in (124.2): "hide me facedown at ..." (421.1)
                       + tuple(s for s in _SHIPPED["State"] if s != "exhausted")]
MeasureKind = Literal["base_cost", "cost", "count", "domain", "energy_cost", "exhaust_abilities", "highest_might",
                      "keyword", "abilities", "keywords", "might", "type", "power_cost"]
ModeLimit = Literal["not_chosen_before", "not_chosen_this_turn"]
ModeLabel = Literal["[R]", "[G]", "[B]", "[O]", "[P]", "[Y]", "gear", "spell", "unit"]
ModificationKind = Literal["abilities", "ability", "chosen_tag", "damage", "energy_cost", "keyword", "keywords", "might",
                           "might_to", "tag"]
PlaceOwner = Literal["a_players", "an_opponents", "its", "its_owners", "my", "my_owners", "that_enemy_unit", "the_others", "their", "their_owners",
                     "you", "your_opponents"]
PlaceQualifier = Literal["a", "an", "another", "any", "conquered_this_turn", "different", "each", "enemy", "occupied",
                         "open", "original", "same", "single", "that", "the", "this", "you_are_attacking",
                         "you_control"]
RestrictionScope = Literal["my_abilities", "this_ability", "this_energy", "this_power"]
RestrictionKind = Literal["once_per_turn", "only_if", "only_to", "only_while", "spend_only_during"]
ControllerWord = Literal["its", "my", "not_you", "opponent", "their", "they", "you", "you_or_allies"]
Quantity = Literal["all", "another", "any", "any_number", "at_least", "at_most", "both", "count", "each", "exactly",
                   "multiple", "one", "one_of", "one_or_more", "the", "top", "up_to"]
Reference = Literal["each_other", "equipment", "it", "one", "replaced", "self", "something", "that", "them", "they", "this", "we",
                    "you"]
ObjectType = Literal["ability", "ally", "attacker", "battlefield", "buff", "card", "chosen_champion", "combat", "controller",
                     "copy", "cost", "defender", "energy", "equipment", "gear", "hand", "legend", "might", "opponent",
                     "owner", "player", "point", "power", "rest", "rune", "score", "showdown", "spell", "tag", "time",
                     "unit"]
StaticKind = Literal["adds_additional", "assigned_damage", "attached_gets", "bonus_damage", "buff_limit", "cannot_act",
                     "cannot_be", "cannot_be_chosen", "cannot_be_played", "cannot_be_revealed", "cannot_move",
                     "cannot_play", "cannot_score", "cost_change", "effects_also", "enter", "extra_trigger", "give",
                     "hide_permission", "lethal_any_damage", "look_permission", "might_bonus", "modify",
                     "move_permission", "no_combat_damage", "no_damage", "no_trigger", "play_only_to", "play_only_when",
                     "play_permission"]
StaticValue = Literal["additional", "any", "any_gain", "anywhere", "conquer", "double",
                      "exhausted", "from_base", "from_battlefield", "from_here", "hold", "ignoring_costs", "increased_by",
                      "first", "last", "lethal_first", "lethal_last", "lethal_before", "lethal_after", "combat_before",
                      "combat_after", "less", "less_either", "less_from_elsewhere", "minimum_1", "more", "move", "ready",
                      "reduced_by", "unless_already", "until_third_turn", "you"]
TokenType = Literal["battlefield", "gear", "unit"]
TriggerEvent = Literal["activate", "attach", "attack", "become", "begin", "buff", "choose", "conquer", "dealt_damage",
                       "defend", "die", "discard", "do", "draw", "end_of_turn", "hide", "hold", "is", "kill", "leave",
                       "look", "move", "play", "ready", "recycle", "reveal", "score", "spend",
                       "start_of_beginning_phase", "start_of_main_phase", "stun", "take", "win", "time",
                       # the other game actions a trigger names by their verb ("When you burn a card")
                       "banish", "burn", "channel", "counter", "disempower", "empower", "exhaust", "heal", "pay",
                       "recall", "skip"]
TriggerPlace = Literal["base", "battlefield", "here", "main_deck"]
TriggerQualifier = Literal["a_buff", "after_attack", "alone", "as", "at_battlefield", "by_you", "damage", "discarded",
                           "during_a_showdown", "during_your_beginning_phase", "each_turn", "first",
                           "from_battlefield", "from_deck", "from_facedown", "from_here", "from_keyword", "from_main_deck",
                           "from_location", "from_my_location", "in_a_turn", "in_combat", "keyword", "killed",
                           "one_on_one", "opponents_turn", "place_other_than_mine", "played",
                           "returned_hand", "sees_me", "the_board", "this_turn", "to_me", "top_of_deck", "top_of_main_deck",
                           "would", "your_turn",
                           # the participle of a passive event ("When a friendly unit is stunned", 382.1)
                           "banished", "buffed", "burned", "chosen", "countered", "disempowered", "empowered",
                           "exhausted", "healed", "moved", "readied", "recalled", "recycled", "revealed", "stunned"]
TriggerSubject = Literal["each_player", "next", "other", "self", "you", "you_next"]
TriggerLimit = Literal["first", "second", "third", "once_each_turn"]

# What each set is, for the schema (the rule ids in parentheses are cited as ``x-rules``).
DESCRIPTIONS = {
    "KeywordName": "A keyword, as the rules name it (800-829).",
    "DomainSymbol": "A power symbol by its letter: a domain, any (A) or the card's own (C) (134.2, 135.2.e).",
    "Action": "A game action by the verb the text uses (407-458); the verbs of rules_data/actions.yaml.",
    "CardType": "A card type (130).",
    "Relation": "Friendly or enemy: whose control, seen from the effect's controller (182.3).",
    "AmountKind": "How an amount is given: a number, equal to a measure, that much, any, all.",
    "ConditionKind": "The predicate of a condition.",
    "ConditionValue": "What a condition's predicate is tested against.",
    "TurnPart": "A phase of the turn (315-317), a combat (459) or a showdown (341): “during your Beginning Phase”.",
    "CombatStep": "A step of combat (463-466), the time a statement applies during: “during the Combat Damage step”.",
    "TurnState": "A state of the turn (308-309), a time a condition holds in: “during an Open State”.",
    "TextState": "A state card text can be in (720-725): “Inactive”.",
    "CostKind": "A cost symbol's kind: Energy, Power, exhaust (161).",
    "CreateAction": "How tokens come into being: created, played or added (439).",
    "DecisionValue": "A value the compiler settled from the rules.",
    "DelayedWhen": "When a delayed effect happens (389-392).",
    "PlayerWord": "A player named by the rules' default.",
    "DestinationZone": "Where a created object goes (439.2).",
    "FilterKind": "The test a filter applies to an object.",
    "FilterOp": "A comparison.",
    "FilterWord": "A fixed word a filter compares with.",
    "Duration": "How long an effect lasts.",
    "ActionOption": "A modifier of a game action: how it is done.",
    "MeasureKind": "A number read from the game.",
    "ModeLimit": "A limit on which mode may be chosen.",
    "ModeLabel": "The label a mode is printed with.",
    "ModificationKind": "What a modification changes.",
    "PlaceKind": "A place of the game named by the text (107-108).",
    "PlaceOwner": "Whose place it is.",
    "PlaceQualifier": "A word narrowing a place.",
    "RestrictionScope": "What a restriction applies to (377).",
    "RestrictionKind": "A restriction on using an ability (377).",
    "ControllerWord": "Who controls the objects.",
    "Quantity": "How many objects are meant and how they are chosen.",
    "Reference": "A word that refers back or to the card itself; resolved in ``antecedent``.",
    "State": "A state an object is in.",
    "ObjectType": "The kind of object or player a selector names.",
    "StaticKind": "What a passive statement does (363-366).",
    "StaticValue": "A value a passive statement carries.",
    "TokenType": "A token's card type (187).",
    "TriggerEvent": "The event of a trigger condition (383).",
    "TriggerPlace": "Where a triggering event happens.",
    "TriggerQualifier": "A word narrowing a triggering event.",
    "TriggerSubject": "Who does the triggering event.",
    "TriggerLimit": "How often a triggered ability may trigger (383).",
}

_COMPOSITE = ("@", ":", "|", ">", " ", "[", "keyword_", "place_owner_")


def members(alias) -> tuple[str, ...]:
    """The strings a Literal set allows."""
    return tuple(get_args(alias))


def value_sets(lexicon=None) -> dict[str, tuple[str, ...]]:
    """Every value set by name: the sets the rules name read from ``lexicon`` (the shipped rules data when
    None), the compiler's own as written here."""
    found = {name: members(globals()[name]) for name in DESCRIPTIONS}
    if lexicon is not None:
        found.update(rules_sets(lexicon))
    return found


def composite_members() -> dict[str, tuple[str, ...]]:
    """Members that pack several facts or an English phrase into one word, by set name."""
    found = {}
    for name in DESCRIPTIONS:
        packed = tuple(m for m in members(globals()[name]) if any(mark in m for mark in _COMPOSITE))
        if packed and name not in ("ModeLabel", "FilterOp"):
            found[name] = packed
    return found
