"""Templates of time and replacement: "the next time" after the instruction, "now instead", "at end of turn"
for a pair of actions, "after you play it", "would be dealt damage", "instead" leading a list, choices made
again, additional turns. Each test checks the compiled values and that the canonical text compiles back."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips, without_spans


def _spell(text: str) -> tuple:
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell")
    return abilities[-1].effects


def test_the_next_time_after_the_instruction_is_a_delayed_trigger_as_when_it_leads():
    choose, delayed = _spell("Choose a unit. Kill it the next time it takes damage this turn.")
    assert isinstance(delayed, fx.Delayed) and delayed.when == "next_time" and delayed.rules == ("390",)
    assert delayed.trigger.event == "take" and delayed.trigger.qualifiers == ("damage", "this_turn")
    assert delayed.trigger.actor.antecedent == choose.objects[0]
    (kill,) = delayed.effects
    assert kill.action == "kill" and kill.objects[0].reference == "it"
    leading = _spell("Choose a unit. The next time it takes damage this turn, kill it.")
    assert without_spans(leading[1]) == without_spans(delayed)


def test_now_instead_marks_the_action_done_at_once():
    (instead,) = _spell("Choose a unit. Kill it now instead.")[1:]
    assert isinstance(instead, fx.Instead) and "158.2" in instead.rules
    assert instead.effect.action == "kill" and instead.effect.options == ("now",)


def test_pay_to_recall_exhausted_instead_is_a_paid_replacement():
    text = "Choose a friendly unit. The next time it dies this turn, you may pay [R] to recall it exhausted instead."
    delayed = _spell(text)[1]
    (may,) = delayed.effects
    paid = may.effect
    assert isinstance(paid, fx.PayToDo)
    assert [(c.kind, c.domain) for c in paid.payment.cost] == [("power", "R")]
    assert isinstance(paid.result, fx.Instead)
    recall = paid.result.effect
    assert recall.action == "recall" and recall.options == ("exhausted",) and recall.objects[0].states == ()
    assert render_card(compile_text(text, card_type="spell"), "spell") == text


def test_would_be_dealt_damage_and_prevent_it():
    text = "Choose a unit. The next time that unit would be dealt damage this turn, prevent it. Draw 1."
    choose, delayed, draw = _spell(text)
    trigger = delayed.trigger
    assert trigger.event == "dealt_damage" and trigger.qualifiers == ("would", "this_turn")
    assert trigger.actor.reference == "that" and trigger.actor.antecedent == choose.objects[0]
    (prevent,) = delayed.effects
    assert prevent.action == "prevent" and prevent.rules == ("437",) and prevent.options == ("that_damage",)
    assert draw.action == "draw"


def test_two_actions_joined_by_and_share_the_end_of_turn():
    (delayed,) = _spell("Take control of a unit. Lose control of it and recall it at end of turn.")[1:]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "end_of_turn"
    assert [e.action for e in delayed.effects] == ["lose_control", "recall"]
    assert delayed.effects[0].rules == ("188",)


def test_an_additional_turn_and_new_choices():
    (turn, banish) = _spell("Take a turn after this one. Banish this.")
    assert turn.action == "take_turn" and turn.rules == ("735",) and banish.objects[0].reference == "self"
    take, may = _spell("Gain control of a spell. You may make new choices for it.")
    assert take.action == "take_control"
    assert may.effect.action == "new_choices" and may.effect.rules == ("751",)
    assert may.effect.objects[0].antecedent == take.objects[0]


def test_swap_the_might_of_two_units_is_the_swap_action():
    (swap,) = _spell("Swap the Might of two units at the same battlefield this turn.")
    assert swap.action == "swap" and swap.rules == ("433",) and swap.options == ("might",)
    assert swap.duration == "this_turn"
    (units,) = swap.objects
    assert units.quantity == "count" and units.count == 2 and units.location.qualifiers[-1] == "same"


def test_a_play_permission_for_the_turn_keeps_its_duration():
    text = "Kill a friendly gear. Play a gear from your hand with Energy cost no more than [7] this turn, " \
           "ignoring its Energy cost."
    kill, play = _spell(text)
    assert play.action == "play" and play.duration == "this_turn" and play.options == ("ignore_energy_cost",)
    assert [(f.kind, f.op, f.value) for f in play.objects[0].filters] == [("energy_cost", "<=", 7)]


def test_after_you_play_it_is_a_delayed_replacement_of_the_played_card():
    text = "When you play me, you may play a spell from your trash. Recycle that spell after you play it."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    delayed = ability.effects[-1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "after" and "390.3.a" in delayed.rules
    assert delayed.trigger.event == "play" and delayed.trigger.subject == "you"
    assert delayed.trigger.object.reference == "it"
    assert delayed.effects[0].action == "recycle" and delayed.effects[0].objects[0].reference == "that"


def test_something_else_that_is_exhausted():
    (ability,) = compile_text("When I attack, you may ready something else that's exhausted.", card_type="unit")
    assert round_trips((ability,), "unit")
    target = ability.effects[0].effect.objects[0]
    assert target.reference == "something" and target.other and target.states == ("exhausted",)


def test_instead_leading_a_list_and_a_comparison_of_might():
    text = "If another unit you control here would die, if it has less Might than me, " \
           "instead heal it, exhaust it, and recall it."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    from interpreter.compiler.standing import as_conditional
    assert isinstance(ability, fx.ReplacementAbility)
    (outer,) = as_conditional(ability)
    assert outer.condition.kind == "would_die"
    (inner,) = outer.effects
    assert inner.condition.kind == "less_might_than" and inner.condition.subject.reference == "it"
    assert inner.condition.object.reference == "self"
    first, *rest = inner.effects
    assert isinstance(first, fx.Instead) and first.effect.action == "heal"
    assert [e.action for e in rest] == ["exhaust", "recall"]


def test_excess_damage_keeps_whose_damage_counts():
    text = "When I conquer after an attack, if you assigned 5 or more excess damage to enemy units, " \
           "you may deal that much to an enemy unit."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    (conditional,) = ability.effects
    assert conditional.condition.kind == "excess_damage" and conditional.condition.value == 5
    assert conditional.condition.object.relation == "enemy"
    deal = conditional.effects[0].effect
    assert deal.action == "deal" and deal.amount.kind == "that_much"
    assert "excess damage to enemy units, you may deal that much damage" in render_card((ability,), "unit")


def test_increase_its_might_to_the_might_of_another_unit():
    choose, give = _spell("Choose a friendly unit. This turn, increase its Might to the Might of another friendly unit.")
    assert give.action == "give" and give.rules == ("477.3",) and give.duration == "this_turn"
    assert give.objects[0].reference == "it" and give.objects[0].antecedent == choose.objects[0]
    (raised,) = give.modifications
    assert raised.kind == "might_to" and raised.measure.kind == "might"
    assert raised.measure.of.relation == "friendly" and raised.measure.of.other


def test_could_not_do_it_this_way_names_the_action_and_its_count():
    channel, conditional = _spell("Channel 2 runes exhausted. If you couldn't channel 2 runes this way, draw 1.")
    assert channel.options == ("exhausted",)
    condition = conditional.condition
    assert condition.kind == "channel_this_way" and condition.value == 2 and condition.negated
    assert conditional.effects[0].action == "draw"


def test_an_additional_bonus_if_a_condition_holds_gives_the_same_unit_again():
    text = "Give a friendly unit +1 [M] this turn, then an additional +1 [M] this turn " \
           "if it is the only unit you control there."
    give, conditional = _spell(text)
    assert [m.amount for m in give.modifications] == [1]
    assert conditional.condition.kind == "is_a" and conditional.condition.object.states == ("only",)
    (again,) = conditional.effects
    assert again.action == "give" and again.duration == "this_turn" and [m.amount for m in again.modifications] == [1]
    assert again.objects[0].reference == "it" and again.objects[0].antecedent == give.objects[0]


def test_control_until_i_leave_the_board_is_a_delayed_end_of_control():
    text = "When you play me, move an enemy gear to your base. You control it until I leave the board."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    move, delayed = ability.effects
    assert isinstance(delayed, fx.Delayed) and delayed.when == "until" and "390.4" in delayed.rules
    assert delayed.trigger.event == "leave" and delayed.trigger.subject == "self"
    assert delayed.trigger.qualifiers == ("the_board",)
    (control,) = delayed.effects
    assert control.action == "take_control" and control.objects[0].antecedent == move.objects[0]


def test_a_look_done_first_and_those_cards_pointing_back_to_the_cards_revealed():
    text = "If you would reveal cards from a deck, look at the top card first. You may recycle it. " \
           "Then reveal those cards."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    from interpreter.compiler.standing import as_conditional
    conditional, may, reveal = as_conditional(ability)
    revealed = conditional.condition.object
    assert conditional.condition.kind == "would_reveal" and revealed.types == ("card",)
    (look,) = conditional.effects
    assert look.action == "look_at" and look.options == ("first",)
    assert may.effect.objects[0].antecedent == look.objects[0]
    assert reveal.objects[0].reference == "that" and reveal.objects[0].antecedent == revealed
    assert render_card((ability,), "unit").endswith("Reveal those cards.")


def test_unless_a_player_has_you_do_something():
    choose, conditional = _spell("Choose an enemy unit. Deal 6 to it unless its controller has you draw 2.")
    assert conditional.unless and conditional.condition.kind == "has_you_draw" and conditional.condition.value == 2
    assert conditional.condition.subject.types == ("controller",)
    (deal,) = conditional.effects
    assert deal.amount.value == 6 and deal.objects[0].antecedent == choose.objects[0]


def test_you_and_each_opponent_may_and_for_each_opponent_who_did():
    text = "When you play me, you and each opponent may play a Gold gear token exhausted. " \
           "For each opponent who did, you play a Gold gear token exhausted."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    may, for_each = ability.effects
    assert may.player.quantity == "both"
    assert [(a.reference, a.types) for a in may.player.alternatives] == [("you", ()), (None, ("opponent",))]
    assert isinstance(may.effect, fx.CreateTokens) and may.effect.token.name == "Gold"
    assert for_each.each.types == ("opponent",) and [f.kind for f in for_each.each.filters] == ["did"]
    assert "you and each opponent may play a Gold gear token exhausted" in render_card((ability,), "unit")


def test_a_spell_line_can_name_what_the_line_before_it_named():
    text = "Take control of an enemy unit at a battlefield. Ready it.\n" \
           "Lose control of that unit and recall it at end of turn."
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell")
    first, second = abilities
    taken = first.effects[0].objects[0]
    (delayed,) = second.effects
    lose, recall = delayed.effects
    assert lose.objects[0].reference == "that" and lose.objects[0].antecedent == taken
    assert "Lose control of that unit and recall it" in render_card(abilities, "spell")


def test_we_and_our_mights_name_me_and_the_chosen_unit():
    text = "When you play me, choose an enemy unit at a battlefield. We deal damage equal to our Mights to each other."
    (ability,) = compile_text(text, card_type="unit")
    assert round_trips((ability,), "unit")
    choose, deal = ability.effects
    assert deal.action == "deal" and deal.subject.reference == "we"
    assert deal.subject.antecedent == choose.objects[0]
    assert deal.amount.kind == "equal" and deal.amount.measure.of.reference == "we"
    assert deal.objects[0].reference == "each_other"


def test_a_choice_of_named_options_and_the_players_that_chose_one():
    text = "Each other player chooses Cards or Runes. For each player that chooses Cards, you and that player " \
           "each draw 1. For each player that chooses Runes, you and that player each channel 1 rune exhausted."
    choose, cards, runes = _spell(text)
    assert choose.action == "choose" and choose.options == ("Cards", "Runes") and choose.objects == ()
    assert choose.subject.quantity == "each" and choose.subject.other and choose.subject.types == ("player",)
    assert [(f.kind, f.value) for f in cards.each.filters] == [("chose", "Cards")]
    (draw,) = cards.effects
    you, that = draw.subject.alternatives
    assert draw.subject.quantity == "both" and you.reference == "you"
    assert that.reference == "that" and that.antecedent == cards.each
    assert runes.effects[0].action == "channel" and runes.effects[0].options == ("exhausted",)
    assert render_card(compile_text(text, card_type="spell"), "spell") == text


def test_that_chooses_it_is_not_a_named_option():
    import pytest

    from interpreter import InputError

    with pytest.raises(InputError) as raised:
        compile_text("Counter a spell that chooses it.", card_type="spell")
    assert raised.value.diagnostic.column == 30 and "pronoun" in raised.value.diagnostic.message   # "it" is not read here


def test_a_combat_where_you_are_the_attacker_ending_in_a_tie():
    text = "If a combat where you are the attacker ends in a tie, recall ALL units instead."
    (ability,) = compile_text(text, card_type="gear")
    assert round_trips((ability,), "gear")
    from interpreter.compiler.standing import as_conditional
    (conditional,) = as_conditional(ability)
    combat = conditional.condition.subject
    assert conditional.condition.kind == "ends_in_tie"
    assert combat.types == ("combat",) and [(f.kind, f.value) for f in combat.filters] == [("role", "attacker")]
    (instead,) = conditional.effects
    assert instead.effect.action == "recall" and instead.effect.objects[0].quantity == "all"
    assert instead.effect.objects[0].types == ("unit",)
