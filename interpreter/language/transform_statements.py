"""Transformer of grammar/statements.lark: rules sentences to ``Statement`` objects.

One method per rule or alias of the grammar file, each only building a ``Statement``
(kind = the alias) or a small value for its parent; no rules logic here.
"""
from __future__ import annotations

from lark import Token, Transformer, v_args

from .nodes import Span
from .rule_statements import Destination, Statement, place_key, singular, zone_key
from .transform_turn import TurnStatementsTransformer

_FILLER = {"at", "the", "in", "a", "an", "of", "each", "on", "any"}


def _phrase(children) -> str:
    return " ".join(str(child) for child in children)


def _key(children) -> str:
    """A phrase as a key, small words dropped: 'at the end of each turn' -> 'end_turn'."""
    words = [str(c).lower() for c in children if str(c).lower() not in _FILLER and str(c) not in ",:"]
    return "_".join(words).replace("'", "")


def _stmt(statement_kind: str, meta, **args) -> Statement:
    return Statement(statement_kind, Span.of(meta), args)


@v_args(meta=True)
class StatementsTransformer(TurnStatementsTransformer, Transformer):
    """Builds ``Statement`` objects from ``grammar/statements.lark``."""

    # ---- shared pieces ------------------------------------------------------------
    def stmt_zone_subject(self, meta, children):
        return zone_key(children[0])

    def stmt_zone_name(self, meta, children):
        return children[0]

    def stmt_name(self, meta, children):
        return _phrase(children)

    def stmt_zone_class(self, meta, children):
        return str(children[0]).lower()

    def stmt_order(self, meta, children):
        return str(children[0]).lower()

    def stmt_privacy(self, meta, children):
        return str(children[0]).lower()

    def stmt_card_type(self, meta, children):
        return str(children[0]).lower()

    def stmt_entry_state(self, meta, children):
        return str(children[0]).lower()

    def stmt_type_subject(self, meta, children):
        return children[0]

    def stmt_type_group(self, meta, children):
        return tuple(singular(str(word)) for word in children)

    def stmt_category(self, meta, children):
        return singular(_phrase(children).lower())

    def stmt_created_subject(self, meta, children):
        return tuple(singular(str(word)) for word in children)

    def stmt_words(self, meta, children):
        return _phrase(children).lower()

    def stmt_word_list(self, meta, children):
        return tuple(children)

    def stmt_time(self, meta, children):
        return _key(children)

    def stmt_resource(self, meta, children):
        return str(children[0]).lower()

    def stmt_keyword_kind(self, meta, children):
        return str(children[0]).lower()

    def stmt_cost_words(self, meta, children):
        return "".join(str(c) for c in children) if children[0].type in ("ENERGY", "POWER") else "cost"

    def stmt_outcome(self, meta, children):
        return _key(children)

    def stmt_condition(self, meta, children):
        return _key(children)

    def stmt_event(self, meta, children):
        return _key(children)

    def stmt_play_timing(self, meta, children):
        return _key(children)

    def stmt_damage_turn(self, meta, children):
        return str(children[0]).lower()

    # ---- destinations and parties -------------------------------------------------
    def zone_destination(self, meta, children):
        return Destination(place_key(children[0]))

    def controller_zone_destination(self, meta, children):
        return Destination(place_key(children[0]), "controller")

    def owner_zone_destination(self, meta, children):
        return Destination(place_key(children[0]), "owner")

    def playable_destination(self, meta, children):
        return Destination("playable_location")

    def acting_player(self, meta, children):
        return "you"

    def no_player(self, meta, children):
        return None

    def source_controller(self, meta, children):
        return "source_controller"

    def source_owner(self, meta, children):
        return "source_owner"

    # ---- zones --------------------------------------------------------------------
    def zone_kind(self, meta, children):
        return _stmt("zone_kind", meta, zone=children[0], board=children[1] == "board")

    def zone_per_player(self, meta, children):
        return _stmt("zone_per_player", meta, zone=zone_key(children[0]))

    def zone_location(self, meta, children):
        return _stmt("zone_location", meta, zone=children[0], location=True)

    def zone_not_location(self, meta, children):
        return _stmt("zone_location", meta, zone=children[0], location=False)

    def zone_order(self, meta, children):
        return _stmt("zone_order", meta, zone=children[0], ordered=children[1] == "ordered")

    def zone_privacy(self, meta, children):
        return _stmt("zone_privacy", meta, zone=children[0], privacy=children[1])

    def zone_capacity(self, meta, children):
        return _stmt("zone_capacity", meta, zone=children[0], capacity=int(children[1]))

    def zone_control(self, meta, children):
        return _stmt("zone_control", meta, zone=children[0])

    def zone_overflow(self, meta, children):
        return _stmt("zone_overflow", meta, zone=children[0], to=children[1])

    # ---- categories ---------------------------------------------------------------
    def in_category(self, meta, children):
        return _stmt("in_category", meta, types=children[0], category=children[1], member=True)

    def not_in_category(self, meta, children):
        return _stmt("in_category", meta, types=children[0], category=children[1], member=False)

    def cannot_be(self, meta, children):
        return _stmt("cannot_be", meta, types=children[0], action=str(children[1]).lower())

    def entry_statement(self, meta, children):
        return _stmt("entry_state", meta, type=children[0], state=children[1])

    # ---- created and played objects -----------------------------------------------
    def created_goes(self, meta, children):
        return _stmt("created_goes", meta, types=children[0], to=children[1], state=None)

    def created_goes_entering(self, meta, children):
        return _stmt("created_goes", meta, types=children[0], to=children[1], state=children[2])

    def created_goes_as_said(self, meta, children):
        return _stmt("created_goes_as_said", meta, types=children[0])

    def created_owner(self, meta, children):
        return _stmt("created_owner", meta, types=children[0], player=children[1])

    def created_controller(self, meta, children):
        return _stmt("created_controller", meta, types=children[0], player=children[1])

    def played_token_zone(self, meta, children):
        return _stmt("played_token_zone", meta, zone=place_key(children[0]))

    def played_to(self, meta, children):
        return _stmt("played_to", meta, type=children[0], to=children[1])

    def token_played_as_card(self, meta, children):
        return _stmt("token_played_as_card", meta)

    # ---- objects ------------------------------------------------------------------
    def new_object(self, meta, children):
        return _stmt("new_object", meta, zone_class=children[0])

    def new_object_loses(self, meta, children):
        return _stmt("new_object_loses", meta, cleared=children[0])

    def token_zone_limit(self, meta, children):
        return _stmt("token_zone_limit", meta, zone_class=children[0], except_zone=zone_key(children[1]))

    def token_cost(self, meta, children):
        return _stmt("token_cost", meta, cost=int(children[0]))

    def token_domainless(self, meta, children):
        return _stmt("token_domainless", meta)

    def may_ignore_hidden(self, meta, children):
        return _stmt("may_ignore_hidden", meta)

    def resolved_spell(self, meta, children):
        return _stmt("resolved_spell", meta, to=children[0])

    def recycled_to(self, meta, children):
        return _stmt("recycled_to", meta, type=singular(str(children[0])), to=children[1])

    def controlled_by(self, meta, children):
        return _stmt("controlled_by", meta, type=children[0], player=children[1])

    def ability_controller(self, meta, children):
        return _stmt("controlled_by", meta, type="ability", player=children[0])

    def ability_off_board_controller(self, meta, children):
        return _stmt("controlled_by", meta, type="ability", where=children[0], player=children[1])

    def cleanup_recall(self, meta, children):
        kind, excluded, destination = children
        return _stmt("cleanup_recall", meta, type=singular(str(kind)), unless=singular(str(excluded)),
                     frm="battlefield", to=destination)

    # ---- winning ------------------------------------------------------------------
    def victory_score(self, meta, children):
        return _stmt("victory_score", meta, points=int(children[0]))

    def win_check(self, meta, children):
        return _stmt("win_check", meta)

    def ties_play_on(self, meta, children):
        return _stmt("ties_play_on", meta)

    def minimum_points(self, meta, children):
        return _stmt("minimum_points", meta, points=int(children[0]))

    def win_by_effect(self, meta, children):
        return _stmt("win_by_effect", meta)

    def lose_by_effect(self, meta, children):
        return _stmt("lose_by_effect", meta)

    # ---- might and damage ---------------------------------------------------------
    def lethal_damage(self, meta, children):
        return _stmt("lethal_damage", meta, minimum=int(children[0]))

    def lethal_kills(self, meta, children):
        return _stmt("lethal_kills", meta)

    def might_floor(self, meta, children):
        return _stmt("might_floor", meta, below=int(children[0]), counts_as=int(children[1]))

    def heal_time(self, meta, children):
        return _stmt("heal_time", meta, time=children[0])

    def lethal_assignment_first(self, meta, children):
        return _stmt("lethal_assignment_first", meta)

    # ---- resources ----------------------------------------------------------------
    def domain_symbol(self, meta, children):
        return _stmt("domain_symbol", meta, symbol=str(children[0]), domain=str(children[1]))

    def any_power_symbol(self, meta, children):
        return _stmt("any_power_symbol", meta, symbol=str(children[0]))

    def own_power_symbol(self, meta, children):
        return _stmt("own_power_symbol", meta, symbol=str(children[0]))

    def domainless_own_power(self, meta, children):
        return _stmt("domainless_own_power", meta, symbol=str(children[0]), means=str(children[1]))

    def pool_empties(self, meta, children):
        return _stmt("pool_empties", meta, times=tuple(children))

    def domainless_resource(self, meta, children):
        return _stmt("domainless_resource", meta, resource=children[0])

    def pool_receiver(self, meta, children):
        return _stmt("pool_receiver", meta, player="source_controller")

    def basic_rune_ability(self, meta, children):
        return _stmt("basic_rune_ability", meta, cost=str(children[0]).lower(), adds=str(children[1]))

    # ---- layers -------------------------------------------------------------------
    def layer(self, meta, children):
        return _stmt("layer", meta, number=int(children[0]), name=children[1])

    def sublayer(self, meta, children):
        return _stmt("sublayer", meta, layer=int(children[0]), number=int(children[1]), name=children[2])

    def layer_applies(self, meta, children):
        return _stmt("layer_applies", meta, layer=int(children[0]), what=children[1])

    def layers_repeat(self, meta, children):
        return _stmt("layers_repeat", meta)

    def dependency_first(self, meta, children):
        return _stmt("dependency_first", meta)

    def timestamp_order(self, meta, children):
        return _stmt("timestamp_order", meta)

    def timestamp_renewed(self, meta, children):
        return _stmt("timestamp_renewed", meta)

    # ---- keywords -----------------------------------------------------------------
    def keyword_is(self, meta, children):
        return _stmt("keyword_kind", meta, keyword=_keyword_name(children[0]), kind=children[1])

    def keyword_number(self, meta, children):
        return _stmt("keyword_value", meta, keyword=_keyword_name(children[0]), value="number")

    def keyword_optional_number(self, meta, children):
        return _stmt("keyword_value", meta, keyword=_keyword_name(children[0]), value="optional_number",
                     omitted=int(children[1]))

    def keyword_cost(self, meta, children):
        return _stmt("keyword_value", meta, keyword=_keyword_name(children[0]), value="energy")

    def keyword_reminder(self, meta, children):
        return _stmt("keyword_reminder", meta, keyword=_keyword_name(children[0]),
                     template=str(children[1])[1:-1], source="corpus")

    def keyword_reminder_from_rules(self, meta, children):
        return _stmt("keyword_reminder", meta, keyword=_keyword_name(children[0]),
                     template=str(children[1])[1:-1], source="rules")

    def keyword_meaning(self, meta, children):
        meaning = children[1]
        return _stmt("keyword_meaning", meta, keyword=_keyword_name(children[0]), meaning=meaning.kind,
                     **meaning.args)

    def might_while(self, meta, children):
        return _stmt("might_while", meta, condition=children[0])

    def trigger_effect(self, meta, children):
        return _stmt("trigger", meta, event=children[0], does="effect")

    def trigger_gain_xp(self, meta, children):
        return _stmt("trigger", meta, event=children[0], does="gain_xp")

    def trigger_predict(self, meta, children):
        return _stmt("trigger", meta, event=children[0], does="predict")

    def dependent_text(self, meta, children):
        return _stmt("dependent_text", meta, condition=children[0])

    def play_permission(self, meta, children):
        return _stmt("play_permission", meta, action=children[0], timing=children[1])

    def choose_tax(self, meta, children):
        return _stmt("choose_tax", meta, per_value=str(children[0]), who="opponent")

    def hide_meaning(self, meta, children):
        return _stmt("hide", meta, cost=str(children[0]), play_from="next_turn", ignoring_cost=True)

    def reaction_attach(self, meta, children):
        return _stmt("reaction_attach", meta, has=_keyword_name(children[0]), event=children[1], does="attach")

    def ambush_meaning(self, meta, children):
        return _stmt("play_location_permission", meta, to="battlefield_with_your_units", has=_keyword_name(children[0]))

    def weaponmaster_meaning(self, meta, children):
        return _stmt("equip_on_play", meta, event=children[0], reduced_by=str(children[1]))

    def stmt_stacking(self, meta, children):
        return _key(children)

    def keyword_stacking(self, meta, children):
        return _stmt("keyword_stacking", meta, keyword=_keyword_name(children[0]), instances=children[1])

    def keyword_only_while_played(self, meta, children):
        return _stmt("keyword_only_while_played", meta, keyword=_keyword_name(children[0]))

    def keyword_entry_replacement(self, meta, children):
        return _stmt("keyword_entry_replacement", meta, keyword=_keyword_name(children[0]), state=children[1],
                     instead_of=children[2])

    def keyword_instance_order(self, meta, children):
        return _stmt("keyword_instance_order", meta, keyword=_keyword_name(children[0]), chooser=children[1])

    def keyword_grants_facedown(self, meta, children):
        return _stmt("keyword_grants", meta, keyword=_keyword_name(children[0]), grants=_keyword_name(children[1]),
                     states=("facedown", "played_from_facedown"))

    def stmt_hidden_choice(self, meta, children):
        words = [str(c).lower() for c in children]
        return {"location": "location", "targets": "targets", "units": "played_units"}[words[1]]

    def keyword_hidden_restriction(self, meta, children):
        return _stmt("keyword_hidden_restriction", meta, keyword=_keyword_name(children[0]), choice=children[1],
                     to="hidden_battlefield")

    def keyword_targets(self, meta, children):
        return _stmt("keyword_targets", meta, keyword=_keyword_name(children[0]))

    def keyword_pay_limit(self, meta, children):
        return _stmt("keyword_pay_limit", meta, keyword=_keyword_name(children[0]), times=int(children[1]))

    def keyword_repeat_count(self, meta, children):
        return _stmt("keyword_repeat_count", meta, keyword=_keyword_name(children[0]), times=int(children[1]))

    def keyword_choices_at_play(self, meta, children):
        return _stmt("keyword_choices_at_play", meta, keyword=_keyword_name(children[0]))

    def keyword_damage_ties(self, meta, children):
        return _stmt("keyword_damage_ties", meta, keyword=_keyword_name(children[0]), among="any_order")

    def keyword_conditional_permission(self, meta, children):
        return _stmt("keyword_conditional", meta, keyword=_keyword_name(children[0]), rule_part="permits_if_could_meet")

    def keyword_conditional_undo(self, meta, children):
        return _stmt("keyword_conditional", meta, keyword=_keyword_name(children[0]), rule_part="undo_if_unmet")

    def keyword_reduces_only(self, meta, children):
        return _stmt("keyword_reduces_only", meta, keyword=_keyword_name(children[0]), symbol=str(children[1]))

    def keyword_needs_cost(self, meta, children):
        return _stmt("keyword_needs_cost", meta, keyword=_keyword_name(children[0]), of=_keyword_name(children[1]))

    def keyword_cost_as_if(self, meta, children):
        return _stmt("keyword_cost_as_if", meta, keyword=_keyword_name(children[0]), of=_keyword_name(children[1]),
                     chosen="me")

    def keyword_not_activation(self, meta, children):
        return _stmt("keyword_not_activation", meta, keyword=_keyword_name(children[0]),
                     of=_keyword_name(children[1]))

    def keyword_permission_until(self, meta, children):
        return _stmt("keyword_permission_until", meta, keyword=_keyword_name(children[0]), needs="units_there",
                     until="finalized")

    def keyword_dependent_trigger(self, meta, children):
        return _stmt("keyword_dependent_trigger", meta, keyword=_keyword_name(children[0]),
                     event="become_" + str(children[1]).lower())

    def keyword_delayed_replacement(self, meta, children):
        return _stmt("keyword_delayed_replacement", meta, keyword=_keyword_name(children[0]), action="banish")

    def move_permission_meaning(self, meta, children):
        return _stmt("move_permission", meta, frm="battlefield", to="battlefield")

    def damage_order(self, meta, children):
        return _stmt("damage_order", meta, order=children[0])

    def kill_at_start(self, meta, children):
        return _stmt("kill_at_start", meta, phase="beginning")

    def equip_meaning(self, meta, children):
        return _stmt("activated", meta, does="attach")

    def empower_meaning(self, meta, children):
        return _stmt("activated", meta, does="empower")

    def additional_cost(self, meta, children):
        return _stmt("additional_cost", meta, cost=children[0], outcome=children[1])

    def flow_meaning(self, meta, children):
        return _stmt("alternate_cost", meta, zone="trash", then="banish")

    def deck_limit(self, meta, children):
        return _stmt("deck_limit", meta, copies=int(children[0]))

    # ---- what a creating effect may say -------------------------------------------
    def may_state_entry(self, meta, children):
        return _stmt("may_state_entry", meta)

    def may_grant(self, meta, children):
        return _stmt("may_grant", meta)

    def may_restrict_location(self, meta, children):
        return _stmt("may_restrict_location", meta)

    # ---- replacement effects ------------------------------------------------------
    def stmt_affected(self, meta, children):
        return _key(children)

    def stmt_orderer(self, meta, children):
        return _key(children)

    def replacement_once(self, meta, children):
        return _stmt("replacement_once", meta)

    def replacement_before(self, meta, children):
        return _stmt("replacement_before", meta)

    def replacement_as(self, meta, children):
        return _stmt("replacement_as", meta)

    def replacement_controller(self, meta, children):
        return _stmt("replacement_controller", meta, player=children[0])

    def replacement_order(self, meta, children):
        return _stmt("replacement_order", meta, affected=children[0], chooser=children[1])

    def replacement_turn_limit(self, meta, children):
        return _stmt("replacement_turn_limit", meta)

    def replacement_optional(self, meta, children):
        return _stmt("replacement_optional", meta)

    def replacement_declined(self, meta, children):
        return _stmt("replacement_declined", meta)

    def replacement_each_event(self, meta, children):
        return _stmt("replacement_each_event", meta)

    def replacement_turn_order(self, meta, children):
        return _stmt("replacement_turn_order", meta)

    def replacement_actions_first(self, meta, children):
        return _stmt("replacement_actions_first", meta)

    def replacement_one_sequence(self, meta, children):
        return _stmt("replacement_one_sequence", meta)

    def replacement_sequence_uninterrupted(self, meta, children):
        return _stmt("replacement_sequence_uninterrupted", meta)

    def replacement_inherits(self, meta, children):
        return _stmt("replacement_inherits", meta)

    # ---- chains and death triggers ------------------------------------------------
    def stmt_chain_act(self, meta, children):
        return "hide" if str(children[0]).lower() == "hiding" else "play_from_facedown"

    def opens_chain(self, meta, children):
        return _stmt("opens_chain", meta, act=children[0], opens=True)

    def opens_no_chain(self, meta, children):
        return _stmt("opens_chain", meta, act=children[0], opens=False)

    def death_trigger_needs(self, meta, children):
        return _stmt("death_trigger", meta, part="needs_zone", zone=children[0])

    def death_trigger_removed(self, meta, children):
        return _stmt("death_trigger", meta, part="removed_otherwise", zone=children[0])

    def death_trigger_pending(self, meta, children):
        return _stmt("death_trigger", meta, part="pending_before", zone=children[0])

    def death_trigger_notes(self, meta, children):
        return _stmt("death_trigger", meta, part="notes_location", zone=children[0])

    # ---- battlefield control ------------------------------------------------------
    def battlefield_control_states(self, meta, children):
        return _stmt("control_states", meta, types=children[0], states=("player", "no_one"))

    def control_established(self, meta, children):
        return _stmt("control_established", meta, when="showdown_or_combat_ends")

    def control_kept(self, meta, children):
        return _stmt("control_kept", meta, while_="units_there")

    def control_lost(self, meta, children):
        return _stmt("control_lost", meta, when="cleanup", unless="units_there")

    def contest_on_arrival(self, meta, children):
        return _stmt("contest_on_arrival", meta)

    def stays_contested(self, meta, children):
        return _stmt("stays_contested", meta)

    def contest_dropped(self, meta, children):
        return _stmt("contest_dropped", meta)

    def control_frozen(self, meta, children):
        return _stmt("control_frozen", meta)

    def uncontrolled_abilities(self, meta, children):
        return _stmt("uncontrolled_abilities", meta, handled_by="turn_player")

    def battlefield_you(self, meta, children):
        return _stmt("battlefield_you", meta, means="controller")

    # ---- timing -------------------------------------------------------------------
    def stmt_timed(self, meta, children):
        return _key(children)

    def stmt_done(self, meta, children):
        return str(children[0]).lower()

    def stmt_timing(self, meta, children):
        return _key(children)

    def stmt_place(self, meta, children):
        return _key(children)

    def allowed_timing(self, meta, children):
        subject, done, *timings = children
        return _stmt("allowed_timing", meta, subject=subject, action=done, only=tuple(timings))

    def move_route(self, meta, children):
        return _stmt("move_route", meta, frm=children[0], to=children[1])

    def move_cost(self, meta, children):
        return _stmt("move_cost", meta, cost="exhaust")

    def move_limit(self, meta, children):
        return _stmt("move_limit", meta, other_players_at_most=1)


def _keyword_name(token: Token) -> str:
    """'[Quick-Draw]' -> 'Quick-Draw'."""
    return str(token)[1:-1]
