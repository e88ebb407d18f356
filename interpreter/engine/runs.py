"""Which compiled abilities the runtime runs whole, and the first gap where it does not.

A card "runs" when every effect object of every text it carries has a handler in the runtime, in
the form its text gives: each game action in the actions table, each selector one the runtime can
find, each passive applied by the layer engine or the play, each trigger watched in that form,
each triggered keyword watched. ``coverage`` reports the count beside "compiled", and random play
draws its decks from such cards; both use this one check.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import fields, is_dataclass, replace

from interpreter.compiler import effects as fx
from . import bus, turn_statements
from .conditional_triggers import under_conditions
from .cost_changes import about_this_ability, instruction_runs
from .action_run import MEASURED, return_read
from .effect_run import ACTIONS, runs, spell_part
from .errors import UnsupportedEffect
from .delayed_replacements import delayed_replacement
from .damage_prevention import delayed_prevention
from .as_played_costs import SELF_COST_CHANGES, chosen_change, without_change
from .conditions import condition_runs as condition_tested
from .handlers_each import EachDoes, Exempted, each_chooses_own, each_form, own, pair_each_sequences, \
    pair_exemptions, theirs
from .handlers_pay import any_amount_unit, payment_runs
from .additional_costs import additional_runs, instruction_after, to_its_battlefield
from .battlefield_choosers import as_controller, chooser_form
from .gained_abilities import quoted
from .layer_sources import passive_runs
from .passive_support import DEPENDENT_KNOWN, ability_gap, keyword_gap, keyworded_gap
from .replacements import paid_for
from .restrictions import restriction_gap
from .replacements import with_test_of_it
from .replacement_run import replayed_tokens
from .handlers_instead import Replaced, pair_insteads, replaced_runs, spell_sequence
from .handlers_players import as_them, chosen_by, each_own_hand, they_act
from .handlers_phase_player import as_chosen, phase_ability
from .handlers_repeat import checked_parts
from .move_places import trigger_place_gap
from .restricted_pool import restriction_read
from .payments import payment_form
from .selectors import hand_of_each, names_a_player, players_read, runs_selector
from .trigger_support import condition_runs, trigger_gap

# Classes that only carry parts: they run when their parts do.
# Game actions whose subject is a player, found by ``selectors.players``.
_PLAYER_ACTIONS = {"draw", "discard", "score", "gain_xp", "win_game"}
_CONTAINERS = (fx.TriggeredAbility, fx.ActivatedAbility, fx.KeywordAbility, fx.PayCost, fx.TokenCharacteristics,
               fx.Keyword, fx.Trigger, fx.KeywordedAbility, fx.Mode, fx.ReplacementAbility)


_CHECKED_RESTRICTIONS = ("once_per_turn", "only_while", "only_if")


# The phrases that chose a player earlier in the sentences being checked ("Choose an opponent. They ...")
_CHOSEN: ContextVar[tuple] = ContextVar("players chosen before", default=())
_CARD_TYPE: ContextVar[str | None] = ContextVar("the type of the card whose text is checked", default=None)
_PAID_AMOUNT: ContextVar[bool] = ContextVar("an amount paid before", default=False)
# Conditions that count what "that much" after them means (conditions_paid: the excess damage assigned)
COUNTING = ("excess_damage",)
_UNCHOSEN = "the player a sentence chose (“They discard 1”) is not tracked yet"


def card_gap(card) -> str | None:
    """The first gap of a card's texts: its printed text, and an Equipment's effect text as the unit it is
    attached to gets it (136.2.c); "does not compile" when a text does not (a card runs only compiled)."""
    outer = _CARD_TYPE.set(card.card_type)
    try:
        return _card_gap(card)
    finally:
        _CARD_TYPE.reset(outer)


def _card_gap(card) -> str | None:
    from interpreter.compiler.card_texts import equipment_of
    from interpreter.compiler.pipeline import compile_card, compile_text
    from interpreter.base.diagnostics import InputError

    result = compile_card(card)
    if not result.compiled:
        return "its text does not compile"
    effect_text = card.fields.get("effect_text")
    gap = first_gap(result.abilities)
    if gap is not None or not isinstance(effect_text, str) or not effect_text.strip():
        return gap
    try:
        abilities = compile_text(effect_text, card_type="unit",       # the unit's text (136.2.c)
                                 equipment=equipment_of(card, "effect_text"))
    except InputError:
        return "its effect text does not compile"
    return first_gap(abilities)       # the unit has them while it is attached (equipment_texts, 136.2.c)


def gap_of_text(abilities: tuple, card_type: str | None) -> str | None:
    """The first gap of the compiled text of a card of ``card_type`` (a battlefield's abilities are read as its
    own, 190.6.c)."""
    outer = _CARD_TYPE.set(card_type)
    try:
        return first_gap(abilities)
    finally:
        _CARD_TYPE.reset(outer)


def first_gap(value) -> str | None:
    """Why the runtime would not run ``value`` (an effect object or a tuple of them) whole, or None."""
    if isinstance(value, tuple):
        return _sequence_gap(_unbound(value))
    if isinstance(value, fx.Selector):
        if _names_unchosen(value):
            return _UNCHOSEN
        return None if runs_selector(_owner_chosen(value)) else "a selector the runtime cannot find yet"
    if isinstance(value, Replaced):
        # the two instructions and the condition's test; the "If ..." holding the "instead" is read here
        if not replaced_runs(value):
            return "Instead in this form is not run yet"
        return first_gap((value.done, value.instead))
    if isinstance(value, EachDoes):                 # "Each player looks at ..., chooses one, then recycles the rest"
        return first_gap(value.effects)
    if isinstance(value, Exempted):                 # "you don't kill a unit this way": the condition and the kill
        if value.condition is not None and not condition_tested(value.condition):
            return "Conditional in this form is not run yet"
        return first_gap((value.done, value.left_out))
    if isinstance(value, fx.AdditionalCost) and value.effects and additional_runs(value, _CARD_TYPE.get() == "spell"):
        # "If you do, I cost [3] less": applied by the play (as_played_costs.linked); a spell's "If you do, draw
        # 2" is done as it resolves (additional_costs.already_paid)
        # "You may play me to its battlefield": a play location the play reads (additional_costs.its_battlefields)
        after = () if to_its_battlefield(value) else tuple(e for e in value.effects if instruction_after(e))
        return first_gap(value.cost) or first_gap(after)
    if isinstance(value, fx.Amount) and value.kind == "that_much" and not _PAID_AMOUNT.get():
        return "“that much” of anything but a payment of any amount is not measured yet"   # handlers_pay
    if isinstance(value, fx.Conditional) and value.condition.kind in COUNTING and not value.otherwise:
        outer = _PAID_AMOUNT.set(True)              # "..., you may deal that much": what the condition counted
        try:
            return _own_gap(value) or first_gap(value.effects)
        finally:
            _PAID_AMOUNT.reset(outer)
    if isinstance(value, fx.PayToDo) and payment_runs(value.payment):
        # the payment is read whole by handlers_pay (its objects by payments.py); "Pay any amount of [A] to deal
        # that much ...": the result reads the amount paid (444.1)
        outer = _PAID_AMOUNT.set(any_amount_unit(value.payment) is not None)
        try:
            return _own_gap(value) or first_gap(value.result)
        finally:
            _PAID_AMOUNT.reset(outer)
    if isinstance(value, fx.Amount) and value.measure is not None and value.measure.kind not in MEASURED:
        return f"a number read as “{value.measure.kind}” is not measured yet"          # action_run.measured
    if isinstance(value, fx.Trigger) and not condition_runs(value):
        return "a trigger condition the runtime does not check yet"
    if not is_dataclass(value) or not hasattr(value, "rules"):
        return None
    if isinstance(value, fx.GameAction) and they_act(value):
        # "They move a unit they control": done as "you" by the player a phrase before chose (handlers_players)
        if value.subject.antecedent not in _CHOSEN.get():
            return _UNCHOSEN
        value = as_them(value)
    if isinstance(value, fx.GameAction) and each_chooses_own(value):
        value = replace(value, subject=None, objects=tuple(map(own, value.objects)))     # each one's own groups
    if isinstance(value, fx.GameAction) and each_form(value):
        # "Each player kills one of their units": each player's choice is read as "one unit you control"
        value = replace(value, subject=None, objects=tuple(map(theirs, value.objects)))
    if isinstance(value, fx.TriggeredAbility) and chosen_change(value) is not None:
        value = replace(value, effects=without_change(value))    # the cost change is applied by the play (356.1.b)
    if isinstance(value, fx.ActivatedAbility):       # "This ability costs [1] less ...": read as it is activated
        value = replace(value, effects=tuple(s for s in value.effects if not about_this_ability(s)))
    if isinstance(value, fx.KeywordAbility):
        return _paid_gap(value) or keyword_gap(value.keyword) or _definition_gap(value) or first_gap(value.effects)
    if isinstance(value, fx.KeywordedAbility) and value.definition:
        # its condition is read by traits.defined_condition; the ability behind the keyword is checked as usual
        return _own_gap(value) or first_gap(value.ability)
    if _CARD_TYPE.get() == "battlefield" and chooser_form(value):   # "When a player ..., they may ...": theirs (190.6.c)
        return first_gap(as_controller(value))
    actor = _player_actor(value)                     # "When a player chooses ..., they draw 1" (event_watch)
    if actor is not None and actor not in _CHOSEN.get():
        outer = _CHOSEN.set(_CHOSEN.get() + (actor,))
        try:
            return first_gap(value)
        finally:
            _CHOSEN.reset(outer)
    read = as_chosen(value)                          # "At the start of each player's ..., that player ..."
    if read is not None:
        outer = _CHOSEN.set(_CHOSEN.get() + read[1])
        try:
            return first_gap(read[0])
        finally:
            _CHOSEN.reset(outer)
    gap = _own_gap(value)
    if gap is not None:
        return gap
    if isinstance(value, fx.TriggeredAbility) and value.trigger.replaces and value.trigger.event == "play" \
            and value.effects and all(map(replayed_tokens, value.effects)):
        return None          # "you may play that token and an additional copy of it instead" (replacement_run, 375)
    if isinstance(value, fx.PassiveAbility):         # read by the layer engine and the play, not run; the
        return first_gap(quoted(value)) if quoted(value) else None     # quoted abilities it gives must run
    if isinstance(value, fx.Restriction) and restriction_read(value):
        return None                                  # what it allows is read as the resources are spent
    if isinstance(value, fx.Delayed) and delayed_prevention(value):
        return None                                   # kept by handlers_prevent, read by actions.deal_damage (437)
    if isinstance(value, (fx.Delayed, fx.Conditional)) and delayed_replacement(value) is not None:
        return first_gap(delayed_replacement(value))  # done in place of the death by replacement_run (390.3)
    if isinstance(value, fx.ReplacementAbility):     # done in place of the event by replacement_run (374)
        value = with_test_of_it(value)               # "..., if it has less Might than me, instead ..." (369.1)
        return first_gap(tuple(e.effect if isinstance(e, fx.Instead) else e for e in paid_for(value)))
    if isinstance(value, fx.StaticEffect) and (instruction_runs(value) or turn_statements.runs(value)):
        # its holder is read by the cost change or turn_statements.py; a quoted ability it gives must run
        return first_gap(turn_statements.given(value)) if turn_statements.given(value) else None
    if isinstance(value, fx.GameAction) and turn_statements.next_spell_give(value):
        return None                                  # kept for the next spell by turn_statements.keep_given
    if isinstance(value, fx.GameAction) and value.lasts_while is not None:
        return "an action whose result lasts “for as long as ...” is not run yet"
    if isinstance(value, (fx.InTurnOrder, fx.ForEach, fx.MayDo)):   # each player's part as "you"; "each buff spent"
        value = checked_parts(value)                      # (handlers_repeat)
    return next((gap for gap in (first_gap(getattr(value, f.name)) for f in fields(value) if f.name != "token")
                 if gap is not None), None)


def _unbound(abilities: tuple) -> tuple:
    """The abilities of a text without the passives already bound into a keyword's definition before them
    ("[Empower] [5]. This ability costs [3] less if ...": read as that ability is activated, 827.1.c.3)."""
    bound = {statement for ability in abilities if isinstance(ability, fx.KeywordAbility)
             for part in ability.definition if isinstance(part, fx.ActivatedAbility)
             for statement in part.effects if about_this_ability(statement)}
    return tuple(a for a in abilities if not (isinstance(a, fx.PassiveAbility) and a.effects
                                             and all(s in bound for s in a.effects)))


def _paid_gap(value: fx.KeywordAbility) -> str | None:
    """A keyword's cost written as instructions ("[Repeat] — Discard 1", "[Equip] — [Y], Kill a friendly
    unit") is paid by no handler yet, and no ability of the keyword's definition is made with it."""
    if value.paid and not value.definition and not _paid_as_played(value):
        return f"a [{value.keyword.name}] cost written as instructions (“— ...”) is not paid yet"
    return None


def _paid_as_played(value: fx.KeywordAbility) -> bool:
    """"[Repeat] — Discard 1": an additional cost paid as the card is played (820.1.d), its symbols and its
    game actions (playing._repeat_cost, payments.py, 203.3)."""
    from interpreter.rules.data import default_rules
    meaning = (default_rules().keyword(value.keyword.name) or {}).get("meaning") or {}
    return meaning.get("outcome") == "repeat_instructions" \
        and all(isinstance(p, fx.PayCost) or payment_form(p) for p in value.paid)


def _definition_gap(value: fx.KeywordAbility) -> str | None:
    """A keyword's definition (keyword_definitions) is run where the rules use it: an activated ability by
    playing.activate (with its "Use only ..." restrictions and cost changes), a move route by the standard
    move (810.1.b), a play permission and its "Then banish it" by the play (829.1.b, 390.3.a)."""
    for part in value.definition:
        if isinstance(part, fx.ActivatedAbility):
            unread = [r for r in part.restrictions if not _restriction_read(r)]
            if unread:
                return f"the “{unread[0].kind}” restriction of [{value.keyword.name}]'s ability is not checked yet"
            gap = first_gap(replace(part, restrictions=()))
        elif isinstance(part, fx.PassiveAbility):
            gap = next((f"[{value.keyword.name}]'s definition holds a statement the runtime does not read"
                        for s in part.effects if not _definition_statement_read(s)), None)
        else:
            gap = first_gap(part)
        if gap is not None:
            return gap
    return None


def _restriction_read(restriction) -> bool:
    """The restrictions restrictions.check_activation tests: once per turn, a status of the source (negated
    too: "Play only if not Empowered", 827.1.c.1) or a condition the layer engine tests (377)."""
    from .passive_support import condition_readable
    if restriction.kind == "once_per_turn":
        return True
    condition = restriction.condition
    if restriction.kind not in ("only_if", "only_while") or condition is None:
        return False
    return condition_readable(replace(condition, negated=False) if condition.kind == "is" else condition)


def _definition_statement_read(statement) -> bool:
    from .playing import instead_of_leaving_chain
    if isinstance(statement, fx.Delayed):
        return instead_of_leaving_chain(statement) is not None                          # 390.3.a
    return isinstance(statement, fx.StaticEffect) and statement.holder.reference == "self" and (
        statement.kind == "move_permission" and str(statement.value).startswith("from_")    # actions._route
        or statement.kind == "play_permission" and statement.holder.zone is not None)    # playing.zone_permission


def _sequence_gap(parts: tuple) -> str | None:
    """The first gap of instructions done in order; a player chosen by one is known to those after it."""
    outer = _CHOSEN.get()
    try:
        for part in pair_insteads(pair_exemptions(pair_each_sequences(spell_sequence(parts)))):
            _CHOSEN.set(_CHOSEN.get() + chosen_by(part))      # "An opponent reveals their hand": for its own words too
            gap = first_gap(part)
            if gap is not None:
                return gap
        return None
    finally:
        _CHOSEN.set(outer)


def _player_actor(value) -> fx.Selector | None:
    """The player phrase a trigger's event is done by ("When a player chooses ..."): the watch keeps who did it
    for "they" in the effect (event_watch._actor_player)."""
    from .event_forms import player_actor

    if isinstance(value, fx.TriggeredAbility) and not value.also and value.trigger.subject == "other" \
            and player_actor(value.trigger.actor):
        return value.trigger.actor
    return None


def _owner_chosen(sel: fx.Selector) -> fx.Selector:
    """"a card from their hand" after "Choose an opponent.": the zone of the one player chosen before (read as
    ``selectors.owners_of`` reads it), checked as a zone of a known owner."""
    if sel.zone is None or sel.zone.owner != "their" or len(set(_CHOSEN.get())) != 1:
        return sel
    return replace(sel, zone=replace(sel.zone, owner="any"))


def _names_unchosen(sel: fx.Selector) -> bool:
    """"they", "that player", "their hand" about a player no phrase before chose (handlers_players)."""
    names = sel.reference in ("they", "that") or sel.controller == "their"
    return names and names_a_player(sel.antecedent) and sel.antecedent not in _CHOSEN.get()


def _own_gap(value) -> str | None:
    """The gap of the object itself, its parts aside."""
    name = type(value).__name__
    if isinstance(value, fx.PassiveAbility):        # "While ..., when ...": the triggered abilities' own parts
        gap = next(filter(None, map(first_gap, under_conditions(value))), None)     # (conditional_triggers)
        if gap is not None:
            return gap
    if isinstance(value, fx.PassiveAbility) and not passive_runs(value):
        return ability_gap(value) or "a passive ability the runtime does not apply yet"
    if isinstance(value, fx.Restriction):            # checked before activating (engine/restrictions.py, 377)
        if value.kind in _CHECKED_RESTRICTIONS or restriction_read(value):   # restricted_pool: as it is spent
            return None
        return f"the restriction “{value.kind}” is not checked yet"
    if isinstance(value, fx.ReplacementAbility):
        from .replacements import replacement_gap
        return replacement_gap(value)
    if isinstance(value, fx.KeywordAbility):
        return keyword_gap(value.keyword)
    if isinstance(value, fx.KeywordedAbility):
        return _keyworded_gap(value)
    if isinstance(value, fx.TriggeredAbility):
        return trigger_gap(value) or trigger_place_gap(value)
    if isinstance(value, fx.Restriction):
        return restriction_gap(value)                # checked before the activation (restrictions.py)
    if isinstance(value, fx.SpellEffect) and _plays_me(value):
        # "You may play me to an open battlefield" on a unit: a permission of the card, not an instruction it runs
        return "a permission to play me is not applied yet"
    if isinstance(value, fx.GameAction) and any(hand_of_each(o) for o in value.objects) and not each_own_hand(value):
        return _UNCHOSEN                    # "their hand" of each player, outside "each player discards their hand"
    if isinstance(value, fx.ActivatedAbility) and not all(map(_cost_paid, value.costs)):
        return "a cost of this activated ability is not paid by the runtime yet (playing.activate)"
    if isinstance(value, fx.GameAction) and value.action in SELF_COST_CHANGES:
        return f"the game action “{value.action}” is applied only after an optional additional cost (356.1.b)"
    if isinstance(value, fx.GameAction) and value.action not in ACTIONS:
        return f"the game action “{value.action}” has no handler yet"
    if isinstance(value, fx.GameAction) and value.action == "return" and not return_read(value):
        return "a return to a board location is not run yet (only to a zone, 124)"
    if isinstance(value, fx.GameAction) and value.action in _PLAYER_ACTIONS and not players_read(value.subject):
        return _UNCHOSEN
    # Parts that are not effects (a Destination, a Decision) are read by the handler of the effect holding them
    if isinstance(value, fx.Effect) and not isinstance(value, (fx.PassiveAbility, *_CONTAINERS)) \
            and not runs(value):
        return f"{name} in this form is not run yet"
    return None


def _keyworded_gap(value: fx.KeywordedAbility) -> str | None:
    """"[Legion] — When you play me, ...": the ability behind the keyword is made active by
    traits.active_abilities while the keyword's condition holds (135.2.e.7); its parts are checked as usual."""
    inner, name = value.ability, value.keyword.name
    if isinstance(inner, fx.ActivatedAbility) and name not in DEPENDENT_KNOWN:
        return f"an activated ability behind [{name}][>] cannot be activated yet"      # playing.activate
    if isinstance(inner, fx.ActivatedAbility):
        return None           # playing.activate while traits.active_abilities makes it active; its parts as usual
    if isinstance(inner, fx.SpellEffect) and name not in DEPENDENT_KNOWN:
        # run_item runs the instructions behind [Level][>] and [Legion][>] while their condition holds
        return f"a spell instruction behind [{name}][>] is not run yet"
    if isinstance(inner, fx.SpellEffect) and _plays_me(inner):
        # "[Legion][>] You may play me from your trash": a permission of the card, not an instruction run_item does
        return f"a permission behind [{name}][>] to play me is not applied yet"
    if isinstance(inner, fx.SpellEffect):
        return None                                   # its parts are checked as usual
    if not isinstance(inner, (fx.TriggeredAbility, fx.PassiveAbility)):
        return f"a {type(inner).__name__} behind [{name}][>] is not run yet"
    return keyworded_gap(value)


def _cost_paid(cost) -> bool:
    """Whether ``playing.activate`` pays this cost: symbols, "Kill this", or a game action payments.py makes."""
    if not isinstance(cost, fx.GameAction):
        return True
    return cost.action == "kill" and bool(cost.objects) and cost.objects[0].reference == "self" \
        or payment_form(cost)


def _plays_me(spell: fx.SpellEffect) -> bool:
    """Whether a sentence plays the card itself ("You may play me from your trash")."""
    actions = [e.effect if isinstance(e, fx.MayDo) else e for e in spell.effects]
    return any(isinstance(a, fx.GameAction) and a.action == "play"
               and any(o.reference == "self" for o in a.objects) for a in actions)


@bus.performs("refuse_unrun")
def refuse_unrun(state, item) -> None:
    """Refuse a chain item before it resolves when the runtime would not run its effects whole, so that a
    refusal changes nothing (no draw before the gap is reached): the item stays on the chain, unresolved."""
    if item.obj is None:
        effects, name = tuple(item.effects), item.label
        # a phase trigger's "that player" is read with its trigger (handlers_phase_player)
        phase = phase_ability(state, state.by_identity(item.source_identity), effects)
        effects = (phase,) if phase is not None else effects
    else:
        abilities = item.obj.chars.abilities()
        effects = tuple(a for a in abilities if spell_part(a)
                        or isinstance(a, fx.KeywordedAbility) and isinstance(a.ability, fx.SpellEffect))
        name = item.obj.name
    outer = _CARD_TYPE.set(item.obj.card_type if item.obj is not None else None)
    chosen = _CHOSEN.set(_CHOSEN.get() + tuple(phrase for phrase, _ in item.players))   # who did the event
    try:
        gap = first_gap(effects)
    finally:
        _CHOSEN.reset(chosen)
        _CARD_TYPE.reset(outer)
    if gap is not None:
        raise UnsupportedEffect(f"unsupported: {name}: {gap}")
