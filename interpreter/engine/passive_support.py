"""Which passive statements the runtime applies, and the reason it refuses each of the others.

A passive (364) is not run like an instruction: the layer engine and the action code read it
where it matters. A statement none of them reads would be skipped without a word, so every
statement kind and form the runtime reads is listed here, mirroring the code that reads it,
and anything else has a gap: a sentence saying what is not applied. Random play leaves a card
with a gap out (``layer_sources.passive_runs``), and a scenario whose board holds one stops as
unsupported, naming the card and the gap (``board_gaps``).

Cost changes (356) and "enter" statements, conditional ones included (184.1), are read by the cost
and entry code (``cost_changes``), which refuses a play it cannot price or place (``statement_runs``);
a board holding one does not stop a scenario, since it matters only to the plays it changes.
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from .traits import abilities_of, defined_condition
from .trigger_support import trigger_gap

LEFT_TO_COSTS_AND_ENTRY = {"enter", "cost_change"}          # 356, 184.1: read by cost_changes
COST_ACTIONS = {"reduce_cost", "increase_cost"}


def statement_gap(statement) -> str | None:
    """Why the runtime does not apply a passive statement, or None when it does."""
    if isinstance(statement, fx.Instead):       # "[Level 11][>] I cost [4] less instead" (cost_changes)
        return statement_gap(statement.effect)
    if isinstance(statement, fx.Conditional) and _triggers_under(statement):
        return None          # "While you control this battlefield, when ...": conditional_triggers (364.3.a)
    if isinstance(statement, fx.Conditional) and _played_from_zone(statement):
        return None          # "If ..., you may play me for [B]": play_from_zones (356.1.a)
    if isinstance(statement, fx.Conditional):
        return _conditional_gap(statement)
    if isinstance(statement, fx.AppliedCost):
        return None          # refused when the game action it applies to happens (204.4, action_run)
    if isinstance(statement, fx.GameAction) and statement.action in COST_ACTIONS:
        return None          # "Reduce my cost by ..." (356.4.a): read by cost_changes
    if isinstance(statement, fx.TriggeredAbility):
        return "a triggered ability that exists only while a condition holds (364.3.a) never triggers yet"
    if isinstance(statement, fx.GameAction) and statement.action == "increase_victory_score":
        from .victory_score import statement_read        # "Increase the points needed to win ..." (194.3.a)
        return None if statement_read(statement) else "a change to the Victory Score in this form is not applied yet"
    if isinstance(statement, fx.MayDo) and _hides_for_other_cost(statement):
        return None          # "You may pay [1] to hide a card with [Hidden] instead of [A]": hide_costs (811.1.b)
    if isinstance(statement, fx.MayDo) and _played_from_zone(statement):
        return None          # "You may play me from your trash for ...": play_from_zones (355.2.b, 829.1.c.1)
    if not isinstance(statement, fx.StaticEffect):
        return f"a {type(statement).__name__} as a passive statement is not applied"
    if statement.kind in LEFT_TO_COSTS_AND_ENTRY:
        return None
    check = _STATIC_FORMS.get(statement.kind)
    if check is None:
        return f"“{statement.kind}” statements are not applied by the runtime yet"
    return check(statement)


def ability_gap(ability: fx.PassiveAbility) -> str | None:
    """The first gap among the statements of a passive ability, or None when all of them are applied."""
    for statement in ability.effects:
        gap = statement_gap(statement)
        if gap is not None:
            return gap
    return None


def object_gaps(obj) -> list[str]:
    """Gaps of one object's abilities: its passives, its triggered abilities (trigger_support.trigger_gap), and abilities behind a dependent keyword the runtime
    does not know (135.2.e.7: only [Legion][>] is made active when its condition holds); an attached
    Equipment's also those of the effect text it gives its unit (136.2.c)."""
    return abilities_gaps(abilities_of(obj)) + _effect_text_gaps(obj)


def abilities_gaps(abilities) -> list[str]:
    """The gaps of ``abilities`` as an object on the board has them (see ``object_gaps``)."""
    found = []
    for ability in abilities:
        if isinstance(ability, fx.PassiveAbility):
            gap = ability_gap(ability)
        elif isinstance(ability, fx.TriggeredAbility):
            gap = trigger_gap(ability)
        elif isinstance(ability, fx.KeywordAbility):
            gap = keyword_gap(ability.keyword, played=False)
        elif isinstance(ability, fx.KeywordedAbility):
            gap = _keyworded_gap(ability)
            if gap is None and isinstance(ability.ability, fx.PassiveAbility):
                gap = ability_gap(ability.ability)
            elif gap is None and isinstance(ability.ability, fx.TriggeredAbility):
                gap = trigger_gap(ability.ability)
        else:
            gap = None
        if gap is not None:
            found.append(gap)
    return found


def _effect_text_gaps(obj) -> list[str]:
    """An attached Equipment's effect text (136.2.c): the unit it is attached to has its abilities
    (traits.all_abilities), so their gaps are the Equipment's to report."""
    card = getattr(obj.chars.source, "card", None)
    text = card.fields.get("effect_text") if card is not None else None
    if getattr(obj, "attached_to", None) is None or not isinstance(text, str) or not text.strip():
        return []
    from .equipment_texts import effect_text_abilities
    abilities = effect_text_abilities(text, card.name or "")
    if abilities is None:
        return ["its effect text does not compile, so the unit it is attached to would not get it"]
    return abilities_gaps(abilities)


def board_gaps(state) -> list[str]:
    """"<name>: <gap>" for every object on the board (battlefields included) whose abilities have a gap."""
    found = []
    for obj in state.battlefields + state.board_objects():
        found.extend(f"{obj.name}: {gap}" for gap in object_gaps(obj))
    return found


TRIGGERED_KEYWORDS_RUN = {"Deathknell", "Temporary", "Vision",     # trigger_watch.dying, triggers.temporary, trigger_watch.played
                          "Hunt"}                                    # trigger_watch._keyword_triggers (823.1.c.1)


MEANINGS_RUN = {"equip_on_play"}      # meanings of triggered keywords run from the rules data (attaching.py, 821.1.c)
# Meanings of passive and permissive keywords (rules_data 800-829) the runtime applies: play timing (806, 813),
# Might while attacking or defending (807, 814), the Ganking route (810), hiding (811), the damage order (815,
# 826), Deflect's tax (809), Flow's play from the trash (829, by its definition), Ambush's play location and
# timing (822.1.b, for the places play_permissions.KEYWORD_PLACES knows); Unique limits a deck (825), which is
# deck construction, nothing done in play.
STANDING_MEANINGS_RUN = {"play_permission", "might_while", "move_permission", "hide", "damage_order", "choose_tax",
                         "alternate_cost", "deck_limit", "play_location_permission",
                         "reaction_attach"}   # Quick-Draw: Reaction timing (playing.inherent_keywords), attached as played (trigger_watch.played)


def keyword_gap(keyword: fx.Keyword, played: bool = True) -> str | None:
    """A triggered keyword whose trigger the runtime does not watch ([Hunt]: "When I conquer or hold, gain 1
    XP"), which would be skipped without a word."""
    from interpreter.rules.data import default_rules
    definition = default_rules().keyword(keyword.name) or {}
    if definition.get("kind") == "triggered" and keyword.name not in TRIGGERED_KEYWORDS_RUN \
            and (definition.get("meaning") or {}).get("meaning") not in MEANINGS_RUN:
        return f"the trigger of [{keyword.name}] is not watched by the runtime yet"
    meaning = (definition.get("meaning") or {}).get("meaning")
    # ``played``: the card is still to be played; on the board, what [Ambush] or [Quick-Draw] does as it is
    # played has already happened or never will
    if played and definition.get("kind") in ("passive", "permissive") and (
            meaning not in STANDING_MEANINGS_RUN or not _place_known(definition["meaning"])):
        return f"what [{keyword.name}] means ({meaning}, rule {definition['meaning'].get('rule')}) is not applied by " \
               "the runtime yet"
    return None


def _place_known(meaning: dict) -> bool:
    """A play location permission's place is one play_permissions tests (822.1.b); other meanings need none."""
    from .play_permissions import KEYWORD_PLACES
    return meaning.get("meaning") != "play_location_permission" or meaning.get("to") in KEYWORD_PLACES


def keyworded_gap(ability: fx.KeywordedAbility) -> str | None:
    """Why the ability behind ``[K][>]`` would not be made active when its condition holds, or None."""
    return _keyworded_gap(ability)


def _keyworded_gap(ability: fx.KeywordedAbility) -> str | None:
    name = ability.keyword.name
    if name in DEPENDENT_KNOWN or name not in DEPENDENT or defined_condition(ability) is not None:
        return None
    inner = ability.ability
    if isinstance(inner, fx.PassiveAbility) and all(_left_to_others(s) for s in inner.effects):
        return None          # "[Level 3][>] I cost [2] less": read by cost_changes
    return f"the condition of [{name}][>] is not checked, so its ability would never be active (135.2.e.7)"


DEPENDENT = {"Legion", "Level", "Empowered"}                  # the dependent keywords of rules 800-829
DEPENDENT_KNOWN = {"Legion", "Level"}                         # traits.active_abilities (812.1.c, 824.1.d);
# Empowered by the condition of its definition (828.1.b.1, traits.defined_condition)


# ---- conditions ------------------------------------------------------------------------
def _conditional_gap(statement: fx.Conditional) -> str | None:
    """"While ..., ...": the condition must be one the runtime tests (layer_sources.condition_test), and
    every statement under it applied."""
    inner = [s for s in statement.effects if not _left_to_others(s)]
    if not inner:
        return None
    if statement.unless or statement.otherwise:
        return "a passive with “unless” or “otherwise” is not applied yet"
    if not condition_readable(statement.condition):
        return f"the condition of a “While ...” passive (“{statement.condition.kind}”) is not tested yet (364.3.a)"
    from .passive_conditions import per_object
    if per_object(statement.condition):         # "While a friendly unit defends alone, it gets +2 [M]"
        return next((gap for gap in map(_about_it_gap, inner) if gap is not None), None)
    return next((gap for gap in map(statement_gap, inner) if gap is not None), None)


def _about_it_gap(statement) -> str | None:
    """A statement about "it", the unit a per-object condition describes (passive_conditions.meeting)."""
    if not (isinstance(statement, fx.StaticEffect) and statement.kind == "modify" and statement.holder.reference == "it"):
        return "a statement under a “While a unit ...” condition that is not about that unit is not applied yet"
    return _modify(replace(statement, holder=replace(statement.holder, reference=None)))


def _left_to_others(statement) -> bool:
    return isinstance(statement, fx.StaticEffect) and statement.kind in LEFT_TO_COSTS_AND_ENTRY \
        or isinstance(statement, fx.GameAction) and statement.action in COST_ACTIONS


STATUS_CONDITIONS = ("buffed", "exhausted", "ready", "stunned", "damaged", "empowered",   # (703, 441.2)
                     "attacking", "defending")                             # combat designations (323.2)


def condition_readable(condition: fx.Condition) -> bool:
    """Whether ``layer_sources.condition_test`` reads a passive's condition: "While I'm [Mighty]" (706),
    "While I'm buffed" (a status of STATUS_CONDITIONS), "While I'm at a battlefield", "If I have moved twice
    this turn", and the forms of ``passive_conditions``."""
    from .passive_conditions import readable
    return _status_readable(condition) or readable(condition)


def _status_readable(condition: fx.Condition) -> bool:
    if condition.subject is None or condition.subject.reference != "self" or condition.negated or condition.past \
            or condition.also is not None:     # "... and it's your turn", "... on your turn": not tested with it
        return False
    if condition.kind == "is":
        mighty = condition.keyword == "Mighty" and condition.value is None          # 706-708
        return (mighty or condition.keyword is None and condition.value in STATUS_CONDITIONS) and not condition.alone \
            and not condition.states and not condition.already and condition.place is None and condition.object is None
    if condition.kind == "is_at":
        return condition.place is not None and not condition.place.alternatives \
            and (condition.place.kind == "battlefield" or _in_showdown(condition))
    return condition.kind == "moved_this_turn"


def _in_showdown(condition: fx.Condition) -> bool:
    """"While I'm in a showdown": at the battlefield of the showdown in progress (308.1, 343)."""
    place = condition.place
    return place.kind == "showdown" and place.qualifiers in ((), ("a",)) and place.owner is None \
        and place.of is None and place.where is None


# ---- the statement kinds the runtime reads, each in the forms its reader knows ----------------
def _modify(statement: fx.StaticEffect) -> str | None:
    """Layer engine (layer_sources._statement, 477)."""
    from .layer_sources import modification_change, supported
    from .zone_grants import keywords_only, off_board
    from .gained_abilities import activated_form
    if activated_form(statement):          # "Units here have "[E]: Gain 1 XP."" (gained_abilities, 477.2);
        return None                          # engine/runs.py checks the quoted ability itself (gained_abilities.quoted)
    if off_board(statement.holder) and statement.per is None:
        # "your spells have [Repeat] ...", "each Equipment in your hand has ...": zone_grants, as they are played
        if not keywords_only(statement):
            return "a change other than a keyword to cards off the board is not applied yet"
        return next(filter(None, (keyword_gap(m.keyword) for m in statement.modifications)), None)
    if statement.holder.reference == "it":
        return "the layer engine does not read who this passive applies to yet"
    from .passive_measures import readable
    if statement.per is not None and not readable(statement):
        return "a passive change “for each ...” is not applied by the layer engine yet"
    if not supported(statement.holder):
        return "the layer engine does not read who this passive applies to yet"
    if statement.per is not None:
        return None                                  # passive_measures.change (477.3)
    for modification in statement.modifications:
        if modification.measure is not None and readable(statement):
            continue
        if modification_change(modification, statement)[0] is None:
            return _modification_words(modification) + " is not applied by the layer engine yet (477)"
    return None


def _modification_words(modification: fx.Modification) -> str:
    if modification.kind == "abilities":
        return "having all abilities of other objects"
    if modification.kind == "ability":
        return "a quoted ability that objects gain"
    if modification.measure is not None:
        return "a change by a measure (“equal to ...”)"
    return f"a “{modification.kind}” change"


def _holder_read(statement) -> str | None:
    from .layer_sources import supported
    return None if supported(statement.holder) else "the runtime does not read who this passive applies to yet"


def _form(test, words: str):
    """A check that passes when ``test(statement)`` holds, else names the form (``words``) as not applied."""
    return lambda statement: None if test(statement) else f"{words} is not applied by the runtime in this form yet"


def _attached_gets(s) -> bool:                 # layer_sources._equipment_grants
    return "equipment" in s.holder.types and s.holder.controller == "you" \
        and all(m.kind == "keyword" and m.keyword is not None for m in s.modifications)


def _might_bonus(s) -> bool:                   # layer_sources._bonus_factor (137.3)
    return s.value == "double" and fx.Filter("attached_to", "==", "self") in s.holder.filters


def _play_only_to(s) -> bool:                  # playing._check_play_only_to (366.1, 364)
    own = s.holder.reference == "self" and s.place is not None
    opponents = s.by is not None and "opponent" in s.holder.types and s.place is not None and s.place.kind == "base"
    return own or opponents


def _hide_permission(s) -> bool:               # playing._additional_hiding (811.1.b)
    return s.value == "additional" and s.holder.reference == "you" and s.by is not None \
        and s.by.location is not None and s.by.location.kind == "here"


def _move_permission(s) -> bool:               # actions: "Units can move here from anywhere"
    return s.value == "anywhere" and s.place is not None and s.place.kind == "here"


def _chosen_by_enemies(s) -> bool:           # selectors._choosable (364, 355.9)
    from .layer_sources import chosen_by_enemies
    return chosen_by_enemies(s)


def _statement_form(s) -> str | None:             # passive_statements: moves, combat damage, points
    from .passive_statements import form_gap
    return form_gap(s)


def _play_form(s) -> str | None:                  # play_permissions: where units may be played (355.2.b)
    from .play_permissions import form_gap
    return form_gap(s)


def _triggers_under(s) -> bool:                # conditional_triggers: made active while the condition holds
    from .conditional_triggers import statement_read
    return statement_read(s)


def _hides_for_other_cost(s) -> bool:
    from .hide_costs import statement_read
    return statement_read(s)


def _played_from_zone(s) -> bool:            # play_from_zones: played from a zone for its own cost
    from .play_from_zones import statement_read
    return statement_read(s)


def _bonus_read(s) -> bool:                        # bonus_damage: added to deal actions (712-715)
    from .bonus_damage import form_read
    return form_read(s)


def _triggers_mine(s) -> bool:                 # triggers.extra_times / no_trigger (383.4, 808.1.b.1)
    return s.holder.reference == "you"


_STATIC_FORMS = {
    "modify": _modify,
    # "Your damage can't be prevented": prevention (437) reads no passive yet; "can't be countered" is refused
    # where a counter happens (action_run.counter)
    "cannot_be": lambda s: "“... can't be prevented” is not applied by the runtime yet" if s.value == "prevent"
    else "“can't be ... by <source>” is not applied by the runtime yet" if s.by is not None
    else "“can't be ...” for a time is not applied by the runtime yet" if s.duration is not None
    else _holder_read(s),
    "lethal_any_damage": lambda s: _holder_read(s) if s.by is not None and s.by.reference == "you"
    else "“any amount of damage is lethal” for another player's damage is not applied yet",
    "attached_gets": _form(_attached_gets, "what Equipment give their units"),
    "might_bonus": _form(_might_bonus, "a change to Equipment's Might bonus"),
    "cannot_act": _form(lambda s: s.by is not None and bool(s.by.types), "“spells and abilities can't ...”"),
    "no_damage": _form(lambda s: s.holder.reference == "self", "“doesn't take damage”"),
    "play_only_to": _form(_play_only_to, "a limit on where cards are played"),
    "play_only_during": lambda s: None if s.value == "an opponent's turn" else   # playing._check_play_only_during
    f"“play me only during {s.value}” is not checked yet",
    "hide_permission": _form(_hide_permission, "a permission to hide"),
    "move_permission": _form(_move_permission, "a permission to move"),
    "cannot_be_chosen": lambda s: None if _chosen_by_enemies(s) else
    "“can't be chosen by ...” is not applied in this form yet (the runtime reads enemy spells and abilities, "
    "and holders it can select)",
    "extra_trigger": _form(_triggers_mine, "“... trigger an additional time”"),
    **{kind: _statement_form for kind in ("cannot_move", "no_combat_damage", "assigned_damage", "cannot_score",
                                          "buff_limit", "adds_additional", "cannot_be_revealed")},
    **{kind: _play_form for kind in ("play_permission", "cannot_be_played")},
    "bonus_damage": _form(lambda s: _bonus_read(s), "Bonus Damage"),
    "no_trigger": _form(_triggers_mine, "“... don't trigger”"),
}
