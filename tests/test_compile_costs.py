"""Costs, battlefields and passive wording read late: grants through Equipment and buffs, "use only to ... or
...", the Chosen Champion and its zone, "equal to its cost", "for each buff you spend". Each test checks the
compiled values and that the canonical text compiles back to the same effects."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips


def _effects(text: str, card_type: str):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type)
    return abilities


def test_equipment_each_give_a_keyword_to_what_they_are_attached_to():
    (ability,) = _effects("Your Equipment each give [Assault].", "legend")
    (static,) = ability.effects
    assert static.kind == "attached_gets"
    assert static.holder.types == ("equipment",) and static.holder.controller == "you"
    assert static.modifications[0].keyword.name == "Assault" and static.by is None


def test_buffs_give_more_might_to_the_units_named_for_the_turn():
    abilities = _effects("Buff a friendly unit. Buffs give an additional +1 [M] to friendly units this turn.", "spell")
    static = abilities[0].effects[-1]
    assert static.kind == "give" and static.holder.types == ("buff",)
    assert static.modifications[0].kind == "might" and static.modifications[0].amount == 1
    assert static.by.relation == "friendly" and static.by.types == ("unit",)
    assert static.duration == "this_turn"
    assert render_card(abilities, "spell").endswith("Buffs give an additional +1 [M] to friendly units this turn.")


def test_use_only_to_names_either_use():
    text = "[E]: [Add] [A]. Use only to play gear or use gear abilities."
    (ability,) = _effects(text, "gear")
    restriction = ability.effects[-1]
    assert restriction.kind == "only_to" and isinstance(restriction.effect, fx.Choice)
    play, use = restriction.effect.options
    assert play.action == "play" and play.objects[0].types == ("gear",)
    assert use.action == "activate" and use.objects[0].types == ("gear",)


def test_the_chosen_champion_returns_to_its_zone_if_that_is_empty():
    text = ("When you hold here, you may return your Chosen Champion from your trash to your Champion Zone "
            "if it is empty.")
    (ability,) = _effects(text, "battlefield")
    may = ability.effects[0]
    conditional = may.effect
    assert conditional.condition.kind == "is" and conditional.condition.value == "empty"
    (move,) = conditional.effects
    assert move.objects[0].types == ("chosen_champion",) and move.objects[0].zone.kind == "trash"
    assert move.place == fx.Place("champion_zone", "you")
    assert move.action == "return" and conditional.condition.place == move.place   # the zone is what is empty
    assert "you may return your Chosen Champion from your trash to your Champion Zone if it's empty" in \
        render_card([ability], "battlefield")


def test_a_keyword_value_equal_to_its_cost():
    (ability,) = _effects("[A], [E]: Give the next spell you play this turn [Repeat] equal to its cost.", "gear")
    (give,) = ability.effects
    (grant,) = give.modifications
    assert grant.keyword.name == "Repeat"
    assert grant.measure.kind == "cost" and grant.measure.of.reference == "it"
    assert grant.measure.of.antecedent.types == ("spell",)          # "its": the next spell you play


def test_a_cost_reduced_for_each_buff_spent_as_the_additional_cost():
    text = ("As you play me, you may spend any number of buffs as an additional cost. "
            "Reduce my cost by [O] for each buff you spend.")
    (ability,) = _effects(text, "unit")
    reduce = ability.effects[-1]
    assert reduce.action == "reduce_cost" and reduce.objects[0].reference == "self"   # "my cost"
    assert [(c.kind, c.domain) for c in reduce.cost] == [("power", "O")]
    assert reduce.amount.per.types == ("buff",)
    assert fx.Filter("spent_by", "==", "you") in reduce.amount.per.filters


def test_a_cost_reduced_for_each_object_killed_this_way():
    text = ("As you play me, you may kill any number of friendly units as an additional cost. "
            "Reduce my cost by [Y] for each killed this way.")
    (ability,) = _effects(text, "unit")
    per = ability.effects[-1].amount.per
    assert per.quantity == "all" and per.filters == (fx.Filter("this_way", None, "killed"),)


def test_for_each_buff_spent_leads_a_sentence():
    (ability,) = _effects("When you play me, spend any number of buffs. For each buff spent, channel 1 rune exhausted.",
                          "unit")
    for_each = ability.effects[-1]
    assert isinstance(for_each, fx.ForEach)
    assert for_each.each.types == ("buff",) and for_each.each.filters == (fx.Filter("spent"),)


def test_this_spells_energy_cost_is_reduced_by_a_measure():
    text = "This spell's Energy cost is reduced by the highest Might among units you control."
    (ability,) = _effects(text, "spell")
    (static,) = ability.effects
    assert static.kind == "cost_change" and static.value == "reduced_by" and static.holder.reference == "self"
    (reduction,) = static.modifications
    assert reduction.measure.kind == "highest_might"
    assert reduction.measure.of.types == ("unit",) and reduction.measure.of.controller == "you"


def test_a_cost_change_for_each_point_scored_from_holding_this_turn():
    (ability,) = _effects("I cost [2][G] less for each point you scored from holding this turn.", "unit")
    (static,) = ability.effects
    assert static.per.types == ("point",)
    assert static.per.filters == (fx.Filter("scored_from", "==", "hold", duration="this_turn"),)


def test_the_first_gear_played_each_turn_costs_less():
    text = "While you control this battlefield, the first friendly non-token gear played each turn costs [1] less."
    (ability,) = _effects(text, "battlefield")
    static = ability.effects[0].effects[0]
    holder = static.holder
    assert holder.states == ("first",) and holder.relation == "friendly" and holder.types == ("gear",)
    assert fx.Filter("not", None, "token") in holder.filters
    assert fx.Filter("played_each_turn") in holder.filters
    assert "the first friendly non-token gear played each turn costs [1] less" in render_card([ability], "battlefield")


def test_units_played_from_anywhere_other_than_a_hand_have_a_keyword():
    text = "Friendly units played from anywhere other than a player's hand have [Accelerate]."
    (ability,) = _effects(text, "unit")
    (static,) = ability.effects
    assert static.holder.filters == (fx.Filter("played_from_elsewhere", "!=", place=fx.Place("hand", "a_players")),)
    assert static.modifications[0].keyword.name == "Accelerate"


def test_the_points_needed_to_win_are_increased():
    (ability,) = _effects("Increase the points needed to win the game by 1.", "battlefield")
    (action,) = ability.effects
    assert action.action == "increase_victory_score" and action.amount.value == 1 and action.rules == ("194.3.a",)


def test_prevent_all_damage_of_the_sources_named_this_turn():
    (ability,) = _effects("Prevent all spell and ability damage this turn.", "spell")
    (action,) = ability.effects
    assert action.action == "prevent_damage" and action.amount.kind == "all"
    assert action.options == ("spell", "ability") and action.duration == "this_turn" and not action.objects


def test_prevent_the_next_damage_dealt_to_a_unit():
    (ability,) = _effects("Prevent the next 3 damage that would be dealt to a friendly unit this turn.", "spell")
    (action,) = ability.effects
    assert action.amount == fx.Amount("count", 3) and action.options == ()
    assert action.objects[0].relation == "friendly" and action.objects[0].quantity == "one"


def test_activate_the_conquer_effects_of_units_here():
    (ability,) = _effects("When you hold here, activate the conquer effects of units here.", "battlefield")
    (action,) = ability.effects
    assert action.action == "activate_effects" and action.options == ("conquer",) and action.rules == ("383.4.g",)
    assert action.objects[0].types == ("unit",) and action.objects[0].location == fx.Place("here")


def test_an_event_for_the_first_time_each_turn_is_a_first_time_trigger():
    text = "When a player chooses a friendly unit here with a spell for the first time each turn, they draw 1."
    (ability,) = _effects(text, "battlefield")
    assert ability.limit == "first" and ability.trigger.event == "choose"
    assert ability.trigger.object.filters == (fx.Filter("source", "==", "spell"),)
    assert render_card([ability], "battlefield").startswith("The first time a player chooses")


def test_an_action_paid_for_with_another_cost():
    (ability,) = _effects("You may pay [1] to hide a card with [Hidden] instead of [A].", "legend")
    pay_to = ability.effects[0].effect
    assert isinstance(pay_to, fx.PayToDo)
    assert [c.amount for c in pay_to.payment.cost] == [1]
    assert pay_to.result.action == "hide" and pay_to.result.options == ("instead_of",)
    assert [(c.kind, c.domain) for c in pay_to.result.cost] == [("power", "A")]


def test_put_an_object_into_a_hand_from_either_place():
    text = "[1], [E]: Put a Teemo unit you own into your hand from your Champion Zone or the board."
    (ability,) = _effects(text, "legend")
    (put,) = ability.effects
    assert put.action == "put" and put.place == fx.Place("hand", "you")
    zones = [choice.zone.kind for choice in put.objects[0].alternatives]
    assert zones == ["champion_zone", "board"]
    assert all(choice.tags == ("Teemo",) for choice in put.objects[0].alternatives)


def test_bonus_damage_of_spells_and_abilities_affecting_units_here():
    text = "Spells and abilities affecting units here each deal 1 Bonus Damage."
    (ability,) = _effects(text, "battlefield")
    (static,) = ability.effects
    assert static.kind == "bonus_damage" and static.modifications[0].amount == 1
    assert static.holder.types == ("spell", "ability")
    (affecting,) = static.holder.filters
    assert affecting.kind == "affecting"
    assert affecting.of.types == ("unit",) and affecting.of.location == fx.Place("here")


def test_recycle_one_or_both_then_put_those_you_dont_back():
    text = ("When you conquer here, look at the top two cards of your Main Deck. You may recycle one or both of them. "
            "Put those you don't back in any order.")
    (ability,) = _effects(text, "battlefield")
    look, may, put_back = ability.effects
    recycled = may.effect.objects[0]
    assert recycled.quantity == "one_or_more" and recycled.reference == "them"
    assert recycled.antecedent.quantity == "top" and recycled.antecedent.count == 2
    assert put_back.action == "put_back" and put_back.options == ("any_order",)
    assert put_back.objects[0].types == ("rest",)
    assert render_card([ability], "battlefield").endswith(
        "You may recycle one or both of them. Put the rest back in any order.")


def test_a_permission_for_this_turn_keeps_the_action_and_its_option():
    text = "Return up to two cards with [Hidden] from your trash to your hand. You can hide cards ignoring costs this turn."
    (ability,) = _effects(text, "spell")
    permission = ability.effects[-1]
    assert permission.kind == "hide_permission" and permission.duration == "this_turn"
    assert permission.holder.reference == "you" and permission.value == "ignoring_costs"
    assert permission.by.types == ("card",)
    assert render_card([ability], "spell").endswith("You can hide cards ignoring costs this turn.")


def test_equipment_attached_to_me_gives_double_its_might_bonus():
    (ability,) = _effects("Each Equipment attached to me gives double its base Might bonus.", "unit")
    (static,) = ability.effects
    assert static.kind == "might_bonus" and "137.3" in static.rules and static.value == "double"
    assert static.holder.quantity == "each" and static.holder.types == ("equipment",)
    assert static.holder.filters == (fx.Filter("attached_to", "==", "self"),)
