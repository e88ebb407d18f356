"""Templates read late: quoted abilities objects gain, cost floors and bounds, "you've played", modes under a
trigger or a cost. Each test checks the compiled values and the canonical text."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

from conftest import static_statement


def test_a_quoted_triggered_ability_is_compiled_as_the_gained_ability():
    text = 'Move a friendly unit. This turn, that unit has "When I conquer, you may move me to my base."'
    static = static_statement(text, "spell")
    assert static.kind == "modify" and static.duration == "this_turn"
    (gained,) = static.modifications
    assert gained.kind == "ability"
    assert isinstance(gained.ability, fx.TriggeredAbility)
    assert gained.ability.trigger.event == "conquer" and gained.ability.trigger.subject == "self"
    assert isinstance(gained.ability.effects[0], fx.MayDo)


def test_a_quoted_activated_ability_keeps_its_cost():
    static = static_statement('Units here have "[E]: Gain 1 XP."', "battlefield")
    ability = static.modifications[0].ability
    assert isinstance(ability, fx.ActivatedAbility)
    assert [c.kind for c in ability.costs[0].costs] == ["exhaust"]
    assert ability.effects[0].action == "gain_xp"


def test_the_quote_closes_the_sentence_and_the_duration_leads_in_canonical_text():
    text = 'Move a friendly unit. This turn, that unit has "When I conquer, you may move me to my base."'
    abilities = compile_text(text, card_type="spell")
    assert render_card(abilities, "spell") == text
    assert round_trips(abilities, "spell")


def test_a_cost_reduction_keeps_its_minimum():
    static = static_statement("I cost [2] less for each friendly unit, to a minimum of [1].", "unit")
    assert static.kind == "cost_change" and static.value == "less"
    assert [(c.kind, c.amount) for c in static.cost] == [("energy", 2)]
    assert [(c.kind, c.amount) for c in static.minimum] == [("energy", 1)]


def test_the_energy_costs_for_spells_read_as_a_cost_change_of_those_spells():
    text = "While I'm at a battlefield, the Energy costs for spells you play is reduced by [1], to a minimum of [1]."
    static = static_statement(text, "unit")
    assert static.kind == "cost_change" and static.holder.types == ("spell",)
    assert static.minimum and static.minimum[0].amount == 1
    abilities = compile_text(text, card_type="unit")
    assert "spells you play cost [1] less, to a minimum of [1]" in render_card(abilities, "unit")
    assert round_trips(abilities, "unit")


def test_an_energy_and_a_power_bound_are_two_filters():
    (spell,) = compile_text("Counter a spell that costs no more than [4] and no more than [A].", card_type="spell")
    filters = spell.effects[0].objects[0].filters
    assert [(f.kind, f.op, f.value) for f in filters] == [("cost", "<=", 4), ("power_cost", "<=", 1)]
    assert "that costs no more than [4] and no more than [A]" in render_card((spell,), "spell")


def test_cards_you_have_played_this_turn_are_the_cards_you_play_this_turn():
    static = static_statement("I cost [1] less for each card you've played this turn, to a minimum of [1].", "unit")
    assert [(f.kind, f.value) for f in static.per.filters] == [("played_by", "you_this_turn")]


MODAL_TRIGGER = """When you attach an Equipment to me, choose one that hasn't been chosen this turn —
• Draw 1.
• Give me +1 [M] this turn."""


def test_bullets_after_a_triggered_choose_one_are_the_modes_of_that_trigger():
    (ability,) = compile_text(MODAL_TRIGGER, card_type="unit")
    assert isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == "attach"
    (modal,) = ability.effects
    assert isinstance(modal, fx.ModalAbility)
    assert modal.choose == 1 and modal.limit == "not_chosen_this_turn"
    assert [m.effects[0].action for m in modal.modes] == ["draw", "give"]
    text = render_card((ability,), "unit")
    assert text.splitlines()[0].endswith(", choose one you've not chosen this turn —")
    assert round_trips((ability,), "unit")


def test_bullets_after_an_activated_choose_one_are_its_modes():
    text = "Spend my buff: Choose one you've not chosen this turn —\n• Draw 1.\n• Channel 1 rune exhausted."
    (ability,) = compile_text(text, card_type="unit")
    assert isinstance(ability, fx.ActivatedAbility)
    assert [m.effects[0].action for m in ability.effects[0].modes] == ["draw", "channel"]
    assert render_card((ability,), "unit") == text


def test_battlefields_you_or_allies_control():
    text = "When you conquer here, draw 1 for each other battlefield you or allies control."
    (ability,) = compile_text(text, card_type="battlefield")
    per = ability.effects[0].amount.per
    assert per.types == ("battlefield",) and per.other and per.controller == "you_or_allies"
    assert render_card((ability,), "battlefield") == text


def test_a_named_possessor_before_energy_costs():
    static = static_statement("Your Dragons' Energy costs are reduced by [2], to a minimum of [1].", "unit")
    assert static.kind == "cost_change" and static.holder.tags == ("Dragon",) and static.holder.controller == "you"
    assert [(c.kind, c.amount) for c in static.cost] == [("energy", 2)]
    assert [(c.kind, c.amount) for c in static.minimum] == [("energy", 1)]


def test_a_cost_increase_stays_an_increase():
    static = static_statement("Spells cost [1] more.", "unit")
    assert static.kind == "cost_change" and static.value == "more"
    assert render_card(compile_text("Spells cost [1] more.", card_type="unit"), "unit") == "All spells cost [1] more."
