"""Cost templates read late: a passive "instead" of a lower level, "... and enter ready" after a passive,
cost changes of kinds of costs, "[Repeat]" with its costs, tags counted among units. Each test checks the
compiled values and that the canonical text compiles back to the same effects."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import round_trips

from conftest import canonical


def _statements(text: str, card_type: str = "unit") -> tuple:
    """The statements of a text's last passive ability (through a keyword's [>] and a condition)."""
    ability = compile_text(text, card_type=card_type)[-1]
    while isinstance(ability, fx.KeywordedAbility):
        ability = ability.ability
    assert isinstance(ability, fx.PassiveAbility)
    effects = ability.effects
    while len(effects) == 1 and isinstance(effects[0], fx.Conditional):
        effects = effects[0].effects
    return effects


# ---- "instead" after a passive statement --------------------------------------------------
def test_a_level_cost_reduction_instead_replaces_the_lower_one():
    (instead,) = _statements("[Level 6][>] I cost [4][G][G] less instead.")
    assert isinstance(instead, fx.Instead) and instead.rules == ("364",)
    static = instead.effect
    assert static.kind == "cost_change" and static.value == "less" and static.holder.reference == "self"
    assert [(c.kind, c.amount, c.domain) for c in static.cost] == [("energy", 4, None), ("power", 1, "G"),
                                                                    ("power", 1, "G")]


def test_a_spell_that_costs_less_instead_stays_a_passive_and_round_trips():
    text = "Draw 2.\n[Level 6][>] This costs [2] less.\n[Level 11][>] This costs [4] less instead."
    abilities = compile_text(text, card_type="spell")
    assert isinstance(abilities[-1].ability, fx.PassiveAbility)
    assert abilities[-1].ability.effects[0].effect.cost[0].amount == 4
    assert canonical(text, "spell") == text


def test_other_passives_take_instead_too():
    (instead,) = _statements("[Level 5][>] Friendly Mechs have +3 [M] instead.")
    assert instead.effect.kind == "modify" and instead.effect.modifications[0].amount == 3
    assert instead.effect.holder.tags == ("Mech",)


# ---- "... and enter ready" after a passive -------------------------------------------------
def test_a_cost_reduction_and_enter_ready_share_the_condition_and_the_holder():
    cost, enter = _statements("If an opponent controls a stunned unit, I cost [2] less and enter ready.")
    assert cost.kind == "cost_change" and cost.cost[0].amount == 2
    assert enter.kind == "enter" and enter.value == "ready" and enter.holder == cost.holder
    assert enter.rules == ("184.1",)


def test_a_might_bonus_and_enter_ready_under_a_level():
    text = "[Level 3][>] I have +1 [M] and enter ready. (While you have 3+ XP, get the effect.)"
    modify, enter = _statements(text)
    assert modify.kind == "modify" and modify.modifications[0].amount == 1
    assert enter.kind == "enter" and enter.value == "ready"
    assert canonical(text) == "[Level 3][>] I have +1 [M] and enter ready."


def test_other_holders_enter_exhausted_after_their_keyword():
    modify, enter = _statements("Enemy Birds have [Tank] and enter exhausted.", "gear")
    assert modify.modifications[0].keyword.name == "Tank"
    assert enter.value == "exhausted" and enter.holder.tags == ("Bird",) and enter.holder.relation == "enemy"
    assert canonical("Enemy Birds have [Tank] and enter exhausted.", "gear").endswith("and enter exhausted.")


# ---- "cost [1] more to play this turn" --------------------------------------------------------
def _triggered_static(text: str, card_type: str) -> fx.StaticEffect:
    (ability,) = compile_text(text, card_type=card_type)
    assert isinstance(ability, fx.TriggeredAbility)
    (static,) = ability.effects
    return static


def test_a_cost_change_for_the_rest_of_the_turn_keeps_its_duration():
    text = "When you hold here, your non-token units cost [1] more to play this turn."
    static = _triggered_static(text, "battlefield")
    assert static.kind == "cost_change" and static.value == "more" and static.duration == "this_turn"
    assert static.holder.types == ("unit",) and static.holder.controller == "you"
    assert static.holder.filters == (fx.Filter("not", value="token"),)
    assert canonical(text, "battlefield") == text


def test_a_cost_reduction_for_the_turn_of_other_objects():
    static = _triggered_static("When you conquer here, friendly spells cost [2] less to play this turn.", "battlefield")
    assert static.value == "less" and static.cost[0].amount == 2 and static.holder.types == ("spell",)
    assert static.duration == "this_turn"


# ---- a keyword given with its cost, a give whose duration comes first ----------------------------
def test_spells_have_repeat_with_its_cost():
    text = "While I'm in a showdown, your spells have [Repeat] [2][P]."
    (static,) = _statements(text)
    (granted,) = static.modifications
    assert granted.kind == "keyword" and granted.keyword.name == "Repeat" and granted.keyword.rules == ("820",)
    assert isinstance(granted.ability, fx.KeywordAbility)
    assert [(c.kind, c.amount, c.domain) for c in granted.ability.cost] == [("energy", 2, None), ("power", 1, "P")]
    assert static.holder.types == ("spell",) and static.holder.controller == "you"
    assert canonical(text) == text


def test_a_cost_keyword_beside_a_plain_keyword():
    (static,) = _statements("Friendly spells have [Repeat] [1][R] and [Tank].", "gear")
    repeat, tank = static.modifications
    assert [c.domain for c in repeat.ability.cost] == [None, "R"] and repeat.ability.cost[0].amount == 1
    assert tank.keyword.name == "Tank" and tank.ability is None


def test_give_with_the_duration_before_what_is_given():
    text = "When you hold here, give your next spell this turn [Repeat] equal to its base cost."
    (ability,) = compile_text(text, card_type="battlefield")
    (give,) = ability.effects
    assert give.action == "give" and give.duration == "this_turn"
    assert give.objects[0].types == ("spell",) and "next" in give.objects[0].states
    (granted,) = give.modifications
    assert granted.keyword.name == "Repeat" and granted.measure.kind == "base_cost"     # the printed cost (206, 356.1.c)
    assert granted.measure.of.reference == "it"
    assert round_trips(compile_text(text, card_type="battlefield"), "battlefield")


def test_give_a_unit_this_turn_might():
    (ability,) = compile_text("When you conquer here, give a friendly unit this turn +2 [M].", card_type="battlefield")
    (give,) = ability.effects
    assert give.duration == "this_turn" and give.modifications[0].amount == 2
    assert give.objects[0].relation == "friendly"


# ---- a cost keyword with a choice of costs ----------------------------------------------------
def test_repeat_with_three_costs_is_three_instances():
    text = ("[Repeat] — [1] / [A] / [1][A] (You may pay each additional cost to repeat this spell's effect.)\n"
            "Choose one you haven't already chosen —\n• Draw 1.\n• Deal 2 to a unit at a battlefield.")
    abilities = compile_text(text, card_type="spell")
    repeats = [a for a in abilities if isinstance(a, fx.KeywordAbility)]
    assert [a.keyword.name for a in repeats] == ["Repeat"] * 3 and repeats[0].rules == ("820",)
    assert [[(c.kind, c.amount, c.domain) for c in a.cost] for a in repeats] == [
        [("energy", 1, None)], [("power", 1, "A")], [("energy", 1, None), ("power", 1, "A")]]
    assert isinstance(abilities[-1], fx.ModalAbility) and len(abilities[-1].modes) == 2
    assert round_trips(abilities, "spell")


def test_two_costs_of_another_spell():
    abilities = compile_text("[Repeat] — [2] / [R][R]\nDraw 1.", card_type="spell")
    assert [[c.domain or c.amount for c in a.cost] for a in abilities[:2]] == [[2], ["R", "R"]]
    assert abilities[-1].effects[0].action == "draw"


def test_a_keyword_without_a_cost_takes_no_choice_of_costs():
    import pytest
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError, match="no cost keyword"):
        compile_text("[Tank] — [2] / [R]\nDraw 1.", card_type="spell")


# ---- costs of a kind as the holder of a cost change -------------------------------------------
def test_optional_additional_costs_you_pay_cost_less():
    text = "Optional additional costs you pay cost [1] or [A] less."
    (static,) = _statements(text)
    assert static.kind == "cost_change" and static.value == "less_either" and static.rules == ("131", "356.4.c")
    assert static.holder.types == ("cost",) and static.holder.states == ("optional", "additional")
    assert static.holder.filters == (fx.Filter("paid_by", "==", "you"),)
    assert [(c.kind, c.amount, c.domain) for c in static.cost] == [("energy", 1, None), ("power", 1, "A")]
    assert canonical(text) == text


def test_friendly_keyword_costs_cost_less_while_a_battlefield_is_controlled():
    text = "While you control this battlefield, friendly [Repeat] costs cost [1] less."
    (static,) = _statements(text, "battlefield")
    assert static.holder.types == ("cost",) and static.holder.relation == "friendly"
    assert static.holder.keywords_with == ("Repeat",) and static.value == "less" and static.cost[0].amount == 1
    assert canonical(text, "battlefield") == text


def test_enemy_keyword_costs_cost_more():
    (static,) = _statements("Enemy [Accelerate] costs cost [2] more.", "gear")
    assert static.holder.relation == "enemy" and static.holder.keywords_with == ("Accelerate",)
    assert static.value == "more" and static.cost[0].amount == 2 and static.holder.filters == ()


# ---- "if you choose ..." -----------------------------------------------------------------------
def test_a_spell_costs_less_if_you_choose_one_of_some_tags():
    text = ("This costs [2] less if you choose a Bird, Cat, Dog, or Poro.\n"
            "Play a unit with cost no more than [2] and no more than [A] from your trash, ignoring its cost.")
    passive = compile_text(text, card_type="spell")[0]
    (conditional,) = passive.effects
    assert conditional.condition.kind == "chooses" and conditional.condition.subject.reference == "you"
    assert conditional.condition.object.tags == ("Bird", "Cat", "Dog", "Poro")
    (static,) = conditional.effects
    assert static.kind == "cost_change" and static.cost[0].amount == 2
    assert canonical(text, "spell").startswith("If you choose a Bird, Cat, Dog, or Poro, this costs [2] less.")


def test_a_spell_costs_less_if_you_choose_a_damaged_unit():
    (conditional,) = compile_text("This costs [1] less if you choose a damaged unit.\nKill a unit.",
                                  card_type="spell")[0].effects
    assert conditional.condition.kind == "chooses"
    assert conditional.condition.object.types == ("unit",) and conditional.condition.object.states == ("damaged",)


# ---- "for each of the following tags among ..." ----------------------------------------------------
def test_give_for_each_listed_tag_among_your_units():
    text = ("Choose a unit. Give it +1 [M] this turn for each of the following tags among your units — "
            "Bird, Cat, Dog, and Poro.")
    give = compile_text(text, card_type="spell")[0].effects[-1]
    per = give.amount.per
    assert per.types == ("tag",) and per.tags == ("Bird", "Cat", "Dog", "Poro") and per.quantity == "each"
    (among,) = per.filters
    assert among.kind == "among" and among.of.types == ("unit",) and among.of.controller == "you"
    assert give.modifications[0].amount == 1 and give.duration == "this_turn"
    assert canonical(text, "spell") == text


def test_damage_for_each_listed_tag_among_friendly_units():
    text = "Deal 2 to an enemy unit for each of the following tags among friendly units — Mech, Yordle, and Dragon."
    deal = compile_text(text, card_type="spell")[0].effects[0]
    assert deal.amount.value == 2 and deal.amount.per.tags == ("Mech", "Yordle", "Dragon")
    assert deal.amount.per.filters[0].of.relation == "friendly"
    assert round_trips(compile_text(text, card_type="spell"), "spell")


def test_a_cost_reduction_for_each_listed_tag():
    (reduce,) = compile_text("Reduce my cost by [1] for each of the following tags among your units — Bird, Cat, "
                             "Dog, and Poro.", card_type="unit")[0].effects
    assert reduce.action == "reduce_cost" and reduce.cost[0].amount == 1
    assert reduce.amount.per.tags == ("Bird", "Cat", "Dog", "Poro")


# ---- "you don't <instruction> this way" -------------------------------------------------------
def test_a_player_left_out_of_the_kill_before_if_the_additional_cost_was_paid():
    text = ("You may spend 3 XP as an additional cost to play me.\n"
            "When you play me, each player must kill one of their units. If you paid my additional cost, "
            "you don't kill a unit this way.")
    triggered = compile_text(text, card_type="unit")[-1]
    kill, conditional = triggered.effects
    assert kill.action == "kill" and kill.subject.types == ("player",)
    assert conditional.condition.kind == "paid_additional_cost"
    (exempt,) = conditional.effects
    assert exempt.action == "exempt" and exempt.options == ("kill",) and exempt.subject.reference == "you"
    assert exempt.objects[0].types == ("unit",) and "359.3.e.14" in exempt.rules
    assert "you don't kill a unit this way" in canonical(text)


def test_an_opponent_left_out_of_a_discard():
    text = "When I attack, each player discards 2. If an opponent controls a Dragon, that opponent doesn't discard 2 this way."
    exempt = compile_text(text, card_type="unit")[0].effects[-1].effects[0]
    assert exempt.action == "exempt" and exempt.options == ("discard",) and exempt.amount.value == 2
    assert exempt.subject.types == ("opponent",)
    assert round_trips(compile_text(text, card_type="unit"), "unit")


def test_the_runtime_has_no_action_for_a_left_out_player():
    from interpreter.engine.effect_run import ACTIONS
    assert "exempt" not in ACTIONS


# ---- a cost bounded by another object's cost ---------------------------------------------------------
def test_play_a_unit_that_costs_no_more_of_each_than_the_killed_unit():
    text = ("As an additional cost to play this, kill a friendly unit.\n"
            "Play a unit from your trash that costs no more Energy and no more Power than the killed unit, "
            "ignoring its cost.")
    play = compile_text(text, card_type="spell")[-1].effects[0]
    assert play.action == "play" and play.options == ("ignore_cost",)
    energy, power = play.objects[0].filters
    assert (energy.kind, energy.op, power.kind, power.op) == ("cost", "<=", "power_cost", "<=")
    killed = compile_text(text, card_type="spell")[0].cost[0].objects[0]      # the cost's "a friendly unit"
    assert energy.of == power.of and energy.of.reference == "that" and energy.of.antecedent == killed
    assert killed.types == ("unit",) and killed.relation == "friendly"
    assert energy.value is None
    assert canonical(text, "spell") == text


def test_a_gear_bounded_by_the_chosen_unit():
    text = "Play a gear from your trash that costs no more Energy and no more Power than the chosen unit."
    play = compile_text(text, card_type="spell")[0].effects[0]
    energy, power = play.objects[0].filters
    assert play.objects[0].types == ("gear",) and energy.of.states == ("chosen",) and power.kind == "power_cost"
    assert round_trips(compile_text(text, card_type="spell"), "spell")


def test_the_runtime_refuses_a_bound_read_from_another_object():
    from interpreter.engine.selectors import runs_selector
    play = compile_text("Play a unit from your trash that costs no more Energy and no more Power than the "
                        "chosen unit.", card_type="spell")[0].effects[0]
    assert not runs_selector(play.objects[0])


# ---- "for each Energy it costs", and a second cost change of the same holder --------------------------
def test_a_cost_reduced_by_each_part_of_the_killed_units_cost():
    text = ("You may kill a friendly unit as an additional cost to play me. If you do, I cost [1] less for each "
            "Energy it costs and [Y] less for each Power it costs.")
    (ability,) = compile_text(text, card_type="unit")
    assert isinstance(ability, fx.AdditionalCost) and ability.optional    # "If you do" is what paying it gives
    energy, power = ability.effects
    assert isinstance(energy, fx.IfYouDo) and isinstance(power, fx.IfYouDo)
    energy, power = energy.effect, power.effect
    assert energy.cost == (fx.Cost("energy", 1),) and power.cost == (fx.Cost("power", 1, "Y"),)
    assert energy.per.types == ("energy",) and power.per.types == ("power",)
    (of,) = energy.per.filters
    assert of.kind == "in_cost_of" and of.of.reference == "it"
    assert of.of.antecedent.types == ("unit",) and of.of.antecedent.relation == "friendly"
    assert round_trips(compile_text(text, card_type="unit"), "unit")


def test_more_for_each_power_a_chosen_spell_costs():
    text = "Choose a spell. This costs [2] more for each Power it costs and [1] less for each Energy it costs."
    _choose, more, less = compile_text(text, card_type="spell")[0].effects
    assert (more.value, more.per.types, more.cost[0].amount) == ("more", ("power",), 2)
    assert (less.value, less.per.types) == ("less", ("energy",))
    assert more.per.filters[0].of.antecedent.types == ("spell",)


# ---- a keyword ability and a passive about it on one line -----------------------------------------
def test_equip_whose_energy_cost_is_reduced_by_the_might_of_the_chosen_unit():
    text = ("[Equip] [3][A]. This ability's Energy cost is reduced by the Might of the unit you choose. "
            "(Pay the cost: Attach this to a unit you control.)")
    equip, passive = compile_text(text, card_type="gear")
    assert equip.keyword.name == "Equip" and equip.cost == (fx.Cost("energy", 3), fx.Cost("power", 1, "A"))
    (static,) = passive.effects
    assert static.kind == "cost_change" and static.value == "reduced_by"
    assert static.holder.types == ("ability",) and static.holder.reference == "this"
    measure = static.modifications[0].measure
    assert measure.kind == "might" and measure.of.types == ("unit",) and measure.of.states == ("chosen",)
    assert canonical(text, "gear") == ("[Equip] [3][A]. This ability's Energy cost is reduced by the Might of the "
                                        "chosen unit.")


def test_an_ability_cost_reduced_by_a_number():
    text = "[Equip] [2]. This ability's Energy cost is reduced by [1]."
    _equip, passive = compile_text(text, card_type="gear")
    assert passive.effects[0].value == "less" and passive.effects[0].cost == (fx.Cost("energy", 1),)
    assert canonical(text, "gear") == text


def test_only_a_passive_follows_a_keyword_on_its_line():
    import pytest
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError, match="only a passive statement"):
        compile_text("[Equip] [2]. Draw 1.", card_type="gear")


# ---- "Spend this Energy only ..." -------------------------------------------------------------------
def test_added_energy_spent_only_during_showdowns():
    text = ("[Reaction][>] [E]: [Add] [1]. Spend this Energy only during showdowns. "
            "(Abilities that add resources can't be reacted to.)")
    (ability,) = compile_text(text, card_type="legend")
    added, restriction = ability.effects
    assert isinstance(added, fx.AddResources) and added.energy == 1
    assert restriction.kind == "spend_only_during" and restriction.applies_to == "this_energy"
    assert restriction.condition == fx.Condition("during", value="showdowns") and restriction.rules == ("429",)
    assert canonical(text, "legend") == "[Reaction][>] [E]: [Add] [1]. Spend this Energy only during showdowns."


def test_added_power_spent_only_to_play_spells():
    (ability,) = compile_text("[E]: [Add] [R]. Spend this Power only to play spells.", card_type="gear")
    restriction = ability.effects[-1]
    assert restriction.kind == "spend_only_to" and restriction.applies_to == "this_power"
    assert restriction.effect.action == "play" and restriction.effect.objects[0].types == ("spell",)
    assert round_trips(compile_text("[E]: [Add] [2]. Spend this Energy only during combat.", card_type="gear"), "gear")


def test_added_energy_spent_only_once_per_turn_is_refused():
    import pytest
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError, match="spent only during a time"):
        compile_text("[E]: [Add] [1]. Spend this Energy only once per turn.", card_type="gear")
