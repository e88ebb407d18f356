"""Words the compiler used to drop without a trace, found by comparing each printed text with its
canonical text: each test checks that the meaning is now in the effects and comes back in the text."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips


def _ability(text: str, card_type: str):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type)
    return abilities


def test_an_opponents_score_is_not_your_score():
    text = "If an opponent's score is within 3 points of the Victory Score, this costs [2] less."
    (ability,) = _ability(text, "spell")
    condition = ability.effects[0].condition
    assert condition.subject.types == ("score",) and condition.subject.controller == "opponent"
    assert render_card((ability,), "spell") == text


def test_each_players_first_beginning_phase_keeps_first():
    (ability,) = _ability("At the start of each player's first Beginning Phase, that player channels 1 rune.",
                          "battlefield")
    assert ability.trigger.subject == "each_player" and ability.trigger.qualifiers == ("first",)


def test_conquer_with_mighty_units_keeps_the_units():
    (ability,) = _ability("When you conquer here with one or more [Mighty] units, you may pay [1] to draw 1.",
                          "battlefield")
    using = ability.trigger.using
    assert using.quantity == "one_or_more" and using.types == ("unit",) and using.keywords_with == ("Mighty",)


def test_power_spent_is_not_energy_spent():
    (ability,) = _ability("If you've spent at least [A][A] this turn, I have +2 [M].", "unit")
    condition = ability.effects[0].condition
    assert condition.kind == "spent_this_turn" and condition.cost == (fx.Cost("power", 1, "A"),) * 2
    (ability,) = _ability("If you've spent [4] or more to play a spell this turn, draw 1.", "spell")
    condition = ability.effects[0].condition
    assert condition.cost == (fx.Cost("energy", 4),) and condition.object.types == ("spell",)


def test_use_my_abilities_only_names_every_ability():
    abilities = _ability("[E]: Draw 1.\nUse my abilities only while I'm at a battlefield.", "unit")
    restriction = abilities[-1]          # a Restriction of the card, read before each ability (377)
    assert isinstance(restriction, fx.Restriction) and restriction.kind == "only_while" and restriction.applies_to == "my_abilities"
    assert render_card(abilities, "unit").endswith("Use my abilities only while I'm at a battlefield.")


def test_when_i_conquer_after_you_play_me_stays_my_conquest():
    text = "When I'm played and when I conquer, buff me."
    (ability,) = _ability(text, "unit")
    assert ability.trigger.subject == "self" and [t.subject for t in ability.also] == ["self"]
    assert ability.also[0].event == "conquer"
    # "When you play me or conquer" would make the conquest yours
    assert render_card((ability,), "unit") == "When you play me or when I conquer, buff me."


def test_i_was_mighty_is_the_last_known_state():
    (ability,) = _ability("[Deathknell][>] If I was [Mighty], draw 2.", "unit")
    condition = ability.effects[0].condition
    assert condition.kind == "is" and condition.keyword == "Mighty" and condition.past
    assert render_card((ability,), "unit") == "[Deathknell][>] If I was [Mighty], draw 2."
    (ability,) = _ability("While I'm [Mighty], I have [Ganking].", "unit")
    assert not ability.effects[0].condition.past


def test_it_was_an_enemy_unit_after_the_kill():
    text = "Kill a unit. If it was an enemy unit, draw 1."
    (ability,) = _ability(text, "spell")
    condition = ability.effects[1].condition
    assert condition.kind == "is_a" and condition.past and condition.object.relation == "enemy"
    assert render_card((ability,), "spell") == text


def test_a_name_alone_is_one_object_not_a_tag():
    (ability,) = _ability("If I would die, kill Guardian Angel instead.", "unit")
    assert isinstance(ability, fx.ReplacementAbility)
    killed = ability.effects[0].effect.objects[0]
    assert killed.quantity == "the" and killed.names == ("Guardian Angel",) and killed.tags == ()
    assert render_card((ability,), "unit") == "If I would die, kill Guardian Angel instead."


def test_your_second_card_is_one_card():
    (ability,) = _ability("When you play your second card in a turn, ready me.", "unit")
    played = ability.trigger.object
    assert played.states == ("second",) and played.controller == "you"
    assert render_card((ability,), "unit") == "When you play your second card in a turn, ready me."


def test_while_over_an_instruction_on_a_permanent_does_not_compile():
    text = "While I'm at a battlefield, ready 4 friendly runes."   # no time phrase names the event
    with pytest.raises(InputError) as error:
        compile_text(text, card_type="unit")
    assert "needs an event" in error.value.diagnostic.message
    (ability,) = _ability("At the end of your turn, if I'm at a battlefield, ready up to 4 friendly runes.", "unit")
    assert ability.trigger.event == "end_of_turn" and ability.trigger.subject == "you"


def test_may_covers_the_whole_list():
    (ability,) = _ability("When you buff a friendly unit, you may pay [O] and exhaust this to ready it.", "gear")
    may, then = ability.effects
    assert may.effect.action == "pay" and may.effect.cost[0].domain == "O"
    assert isinstance(then, fx.IfYouDo) and then.effect.payment.action == "exhaust"
    assert then.effect.result.action == "ready"
    (ability,) = _ability("When you play me, you may spend a buff to buff me and ready me.", "unit")
    assert isinstance(ability.effects[1], fx.IfYouDo) and ability.effects[1].effect.action == "ready"
    assert render_card((ability,), "unit") == "When you play me, you may spend a buff to buff me. If you do, ready me."


def test_a_list_after_may_in_a_condition_renders_without_if_you_do():
    text = "If a buffed unit you control would die, you may pay [A], then exhaust me, then recall it instead."
    (ability,) = _ability(text, "legend")
    may, exhaust, recall = ability.effects          # a ReplacementAbility: what is done in place of the death
    assert isinstance(may, fx.MayDo) and isinstance(exhaust, fx.IfYouDo) and isinstance(recall, fx.IfYouDo)
    assert render_card((ability,), "legend") == text


def test_your_unit_is_the_unit_chosen_before_and_there_is_where_it_goes():
    text = ("Choose a friendly unit in your base. Deal damage equal to its Might to all enemy units at a "
            "battlefield, then move your unit there.")
    (ability,) = _ability(text, "spell")
    move = ability.effects[-1]
    moved = move.objects[0]
    assert moved.quantity == "the" and moved.reference == "that" and moved.antecedent.relation == "friendly"
    assert move.place.kind == "there" and moved.location is None
    assert render_card((ability,), "spell").endswith("Move your unit there.")


def test_return_to_a_zone_is_no_move_and_it_is_the_empty_zone():
    text = "When you hold here, you may return your Chosen Champion from your trash to your Champion Zone if it's empty."
    (ability,) = _ability(text, "battlefield")
    conditional = ability.effects[0].effect
    returned = conditional.effects[0]
    assert returned.action == "return" and returned.rules == ("124",)
    assert returned.place.kind == "champion_zone" and returned.objects[0].zone.kind == "trash"
    assert conditional.condition.value == "empty" and conditional.condition.place == returned.place
    assert conditional.condition.subject is None
    assert render_card((ability,), "battlefield") == text
    (ability,) = _ability("Return all units with 2 [M] or less to their owners' hands.", "spell")
    assert ability.effects[0].action == "return_to_hand"


def test_buffs_give_an_additional_might():
    text = "Buff a friendly unit. Buffs give an additional +1 [M] to friendly units this turn."
    (ability,) = _ability(text, "spell")
    grant = ability.effects[1]
    assert grant.kind == "give" and grant.holder.types == ("buff",) and grant.modifications[0].amount == 1
    # each buff already gives +1 [M] (703): "Buffs give +1 [M]" would read as no change
    assert render_card((ability,), "spell") == text


def test_this_battlefield_is_the_card_itself():
    text = "While you control this battlefield, the first friendly non-token gear played each turn costs [1] less."
    (ability,) = _ability(text, "battlefield")
    controlled = ability.effects[0].condition.object
    assert controlled.reference == "self" and controlled.types == ("battlefield",)
    assert render_card((ability,), "battlefield") == text


def test_your_opponents_cards_are_theirs():
    text = "Your opponents' [Hidden] cards can't be revealed here."
    (ability,) = _ability(text, "unit")
    holder = ability.effects[0].holder
    assert holder.controller == "opponent" and holder.states == () and holder.keywords_with == ("Hidden",)
    assert render_card((ability,), "unit") == text


def test_that_unit_after_a_would_die_is_the_unit_that_would_die():
    text = "The next time a friendly unit would die, kill this instead. Recall that unit exhausted."
    abilities = _ability(text, "gear")
    recall = abilities[-1].then[-1]      # the sentence after the replacement's first is part of it
    target = recall.objects[0]
    assert recall.action == "recall" and recall.options == ("exhausted",)
    assert target.reference == "that" and target.antecedent.relation == "friendly" and target.states == ()
    assert render_card(abilities, "gear") == text
    abilities = _ability("If a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it.", "gear")
    heal = abilities[-1].then[0]
    assert heal.action == "heal" and heal.objects[0].reference == "that"


def test_that_player_is_the_player_whose_phase_it_is():
    text = "At the start of each player's first Beginning Phase, that player channels 1 rune."
    (ability,) = _ability(text, "battlefield")
    who = ability.effects[0].subject
    assert who.reference == "that" and who.antecedent.quantity == "each" and who.antecedent.types == ("player",)
    assert render_card((ability,), "battlefield") == text


def test_that_enemy_units_battlefield_is_said_as_printed():
    text = "Stun an enemy unit at a battlefield. You may move a friendly unit to that enemy unit's battlefield."
    (ability,) = _ability(text, "spell")
    place = ability.effects[1].effect.place
    assert place.kind == "battlefield" and place.owner == "that_enemy_unit"
    # "to its battlefield" could be read as the friendly unit's own
    assert render_card((ability,), "spell") == text


def test_an_instruction_to_gain_a_point_is_no_scoring():
    (ability,) = _ability("At the start of each player's first Beginning Phase, that player gains 1 point.",
                          "battlefield")
    gain = ability.effects[0]
    # Scoring (468) is gaining a point by conquering or holding; a gain told by an ability is 194.1.c
    assert gain.action == "score" and gain.rules == ("194.1.c",)


def test_cant_gain_points_is_wider_than_cant_score():
    (gain,) = _ability("While I'm at a battlefield, opponents can't gain points.", "unit")
    (score,) = _ability("While I'm at a battlefield, opponents can't score points.", "unit")
    gain_static, score_static = gain.effects[0].effects[0], score.effects[0].effects[0]
    assert gain_static.kind == score_static.kind == "cannot_score"
    assert gain_static.value == "any_gain" and score_static.value is None      # 194.1 against 468
    assert render_card((gain,), "unit").endswith("all opponents can't gain points.")


def test_its_might_is_said_before_the_unit_given_it():
    text = "Kill a friendly unit. If you do, give +[M] equal to its Might to another friendly unit this turn."
    (ability,) = _ability(text, "spell")
    give = ability.effects[1].effect
    assert give.objects[0].other and give.modifications[0].measure.of.reference == "it"
    # "give another friendly unit +[M] equal to its Might" would read as that unit's own Might
    assert render_card((ability,), "spell") == text


def test_the_third_time_in_a_turn_counts_every_turn():
    abilities = _ability("[Ganking]\nThe third time I move in a turn, you score 1 point.", "unit")
    ability = abilities[-1]
    # a triggered ability of the unit, limited to the third move of each turn; not a delayed trigger used once
    assert isinstance(ability, fx.TriggeredAbility) and ability.limit == "third"
    assert ability.trigger.event == "move" and ability.trigger.subject == "self" and ability.trigger.qualifiers == ()
    assert render_card(abilities, "unit").endswith("The third time I move each turn, you score 1 point.")


def test_that_chooses_names_what_the_spell_targets_with_its_own_or_list():
    text = "Counter an enemy spell or ability that chooses a friendly unit or gear."
    (ability,) = _ability(text, "spell")
    (counter,) = ability.effects
    (countered,) = counter.objects
    assert countered.types == ("spell", "ability") and countered.relation == "enemy"
    (chooses,) = countered.filters
    assert chooses.kind == "chooses" and chooses.of.types == ("unit", "gear") and chooses.of.relation == "friendly"
    assert render_card((ability,), "spell") == text


def test_that_unit_points_back_to_the_last_unit_named_not_the_last_object():
    text = ("Choose a unit and an Equipment with the same controller. Attach that Equipment to that unit or "
            "detach that Equipment from that unit. Draw 1.")
    (ability,) = _ability(text, "spell")
    choose, either, _draw = ability.effects
    unit, equipment = choose.objects
    attach, detach = either.options
    assert detach.action == "detach"
    for action in (attach, detach):
        assert action.objects[0].antecedent == equipment and action.objects[1].antecedent == unit
    (ability,) = _ability("Choose a friendly unit and a spell. Counter that spell and give that unit +[M] equal to "
                          "that spell's Energy cost this turn.", "spell")
    give = ability.effects[-1]
    assert give.objects[0].antecedent.types == ("unit",)
