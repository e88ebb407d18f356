"""Variants of the forms added for Unleashed (issue #3), with other words in their slots.

Each form added since the tag unl-holdout-measure was written for one or two cards; a later set will
print the same templates with other subjects, objects, numbers, keywords and ability frames. The
sentences here are such variants, written by hand: each must compile and round-trip, and the tests
below the list check that the variants mean what they say.
"""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips, without_spans

from conftest import one_ability

# (card type, text), grouped by the form they vary.
VARIANTS = [
    # a keyword with a choice of costs (820.1.c.2), a nested arrow
    ("spell", "[Repeat] — [2] / [A]\nDraw 1."),
    ("spell", "[Repeat] — [2] / [A][A] / [1][A]\nDeal 2 to a unit."),
    ("gear", "[Level 3][>] [>>][Reaction][>] [E]: [Add] [1]."),
    ("gear", "[Level 6][>] [>>][Action][>] [1], [E]: Draw 1."),
    # a trigger whose effect waits for a time (390.2), before or after the instruction
    ("unit", "When I conquer, at the start of your next Main Phase, draw 1."),
    ("unit", "When I attack, at the start of your next Beginning Phase, ready me."),
    ("unit", "When you play me, at the end of your turn, draw 1."),
    ("unit", "When I conquer, draw 1 at the start of your next Beginning Phase."),
    ("unit", "When I conquer, ready me at the start of your next Main Phase."),
    ("unit", "When I conquer, give me +2 [M] at the start of your next Main Phase."),
    ("unit", "When I conquer, each player draws 1 at the start of your next Main Phase."),
    ("unit", "When I hold, an opponent kills one of their units at the start of your next Beginning Phase."),
    ("unit", "[Level 6][>] When I attack, at the start of your next Main Phase, draw 1."),
    # "While ..., when ..., ..." and "when ... while ..." (364.3.a, 383.2.a.1)
    ("battlefield", "While you control this battlefield, when you play a unit, draw 1."),
    ("unit", "While I'm at a battlefield, when an enemy unit dies, draw 1."),
    ("battlefield", "While you control this battlefield, when you play a spell, if you spent [3] or more, draw 1."),
    ("unit", "When a friendly unit dies while I'm at a battlefield, gain 1 XP."),
    ("unit", "When an opponent plays a spell while I'm at a battlefield, draw 1."),
    ("unit", "When an opponent plays a unit while I'm buffed, stun it."),
    ("unit", "Once each turn, when a friendly unit dies while I'm at a battlefield, draw 1."),
    ("unit", "Once each turn, if you would play a token unit, you may play that token and a copy of it instead."),
    # counted events, parts of the turn, "see me"
    ("unit", "When you play your second spell each turn, draw 1."),
    ("gear", "When an opponent plays their second card each turn, draw 1."),
    ("unit", "When you draw your third card each turn, ready me."),
    ("unit", "When you look at cards from the top of your deck and see me, you may play me for [1]."),
    ("unit", "When you play a spell during combat, draw 1."),
    ("unit", "When an opponent plays a spell during a showdown, draw 1."),
    ("unit", "When you play a spell on your turn, draw 1."),
    ("unit", "The first time a friendly unit dies during combat each turn, draw 1."),
    ("unit", "The first time an enemy unit dies during your Beginning Phase each turn, draw 1."),
    ("unit", "When you play me or at the start of your Beginning Phase, draw 1."),
    ("unit", "When I attack or at the end of your turn, ready me."),
    ("unit", "When I defend or I'm played, draw 1."),
    ("unit", "When you [Buff] a friendly unit, draw 1."),
    ("unit", "When an opponent draws their second card each turn, draw 1."),
    ("unit", "When an enemy unit moves to my battlefield while I'm buffed, stun it."),
    # what a passive forbids or allows
    ("unit", "I can't be stunned."), ("unit", "Friendly units here can't be stunned."),
    ("unit", "Enemy units here can't be readied."), ("unit", "While I'm at a battlefield, I can't be moved."),
    ("unit", "[Level 3][>] I can't be killed."),
    ("unit", "Any amount of your damage is enough to kill enemy units here."),
    ("unit", "[Level 11][>] Any amount of my damage is enough to kill enemy units."),
    ("unit", "When an opponent plays a unit, stun it. They can't ready it this turn."),
    ("unit", "When you play me, choose an opponent. You can look at their facedown cards this turn."),
    ("unit", "You can look at facedown cards here."),
    ("unit", "You may hide an additional card here."),
    # whose triggered abilities trigger again or not (383.4.c-d, 816.1.b)
    ("unit", "Your conquer effects trigger an additional time."),
    ("battlefield", "Your conquer effects for conquering here trigger an additional time."),
    ("unit", "Your [Deathknell] effects at my battlefield don't trigger."),
    ("unit", "Your [Temporary] effects don't trigger."),
    ("unit", "Your [Deathknell] effects here don't trigger."),
    ("unit", "When you play me, each opponent must kill one of their units. If you control a Dragon, they don't "
             "kill a unit this way."),
    ("unit", "When you play me, each player discards 1. If I'm buffed, you don't discard a card this way."),
    # cost changes of costs, of this ability, for a time
    ("unit", "When you play me, enemy spells cost [2] more to play this turn."),
    ("unit", "When I conquer, your units cost [1] less to play this turn."),
    ("battlefield", "While you control this battlefield, friendly [Accelerate] costs cost [1] less."),
    ("unit", "Additional costs you pay cost [A] less."), ("unit", "Enemy [Repeat] costs cost [1] more."),
    ("gear", "[Equip] [4]. This ability's Energy cost is reduced by [1] for each friendly unit."),
    ("gear", "[Equip] [2][A]. This ability's Energy cost is reduced by the Might of the unit you choose."),
    ("unit", "You may discard a unit as an additional cost to play me. If you do, I cost [1] less for each Power it costs."),
    ("unit", "If you control a Dragon, I cost [1] less and enter ready."),
    ("unit", "[Level 6][>] I have [Ganking] and enter ready."),
    # conditions
    ("spell", "Kill a unit at a battlefield. Then, if it had [Tank], draw 1."),
    ("spell", "Deal 3 to a unit. If it had 5 [M] or more, draw 1."),
    ("unit", "When you play a unit, if you spent [3] or more, ready me."),
    ("unit", "When I hold, score 1 point if your units have all of the following tags among them — Bird, Cat, and Dog."),
    ("unit", "When you play me, draw 1 if your other units here have total Might 4 or more."),
    ("spell", "If you have exactly 3 cards in hand and exactly 2 units at battlefields, draw 2."),
    ("unit", "When I attack, if my Might is less than the total Might of enemy units here, draw 1."),
    ("unit", "When I attack, if there's a friendly unit alone here, draw 1."),
    ("unit", "If an enemy unit died during your Beginning Phase this turn, I enter ready."),
    ("unit", "If a unit would die during combat, you may pay [1] to recall it instead."),
    ("unit", "I have +2 [M] while I'm defending with another unit."),
    ("unit", "[Level 6][>] I have +2 [M] while I'm attacking."),
    ("unit", "This costs [2] less if you choose a Mech."),
    ("gear", "[E]: [Reaction] — Draw 1. Use only if you've chosen enemy units twice this turn with spells."),
    ("unit", "When you play me, if an opponent didn't play a spell this turn, draw 1."),
    ("unit", "At the end of your turn, if you didn't kill an enemy unit this turn, draw 1."),
    ("unit", "I can be played to an occupied battlefield if a friendly unit is alone there."),
    ("unit", "I can be played to a battlefield where you have units."),
    # objects
    ("unit", "When you play me, play two Sprite unit tokens with [Temporary] here. They become copies of me."),
    ("spell", "Choose two enemy units. If at least one of them has [Ganking], stun each."),
    ("spell", "Choose a unit you control and another unit you control at a different location. If at least one of "
              "them is stunned, move each to the other's location."),
    ("spell", "Move a friendly unit to a battlefield where there's an enemy unit."),
    ("spell", "Choose a battlefield where an opponent controls units. Stun an enemy unit there."),
    ("spell", "Choose a battlefield where an opponent has units. Deal 1 to each enemy unit there."),
    ("spell", "Kill any number of enemy units with a total Might of 6 or less."),
    ("gear", "[E]: Play a spell banished with this, ignoring its cost."),
    ("unit", "[E]: Play a gear banished with me."),
    ("unit", "When I conquer, you may discard a unit to play a Dragon from your hand. Reduce its Energy cost by the "
             "Might of the unit you discarded."),
    ("unit", "Exhaust a friendly unit, [E]: Move me to the location of the unit you exhausted to pay for this ability."),
    ("spell", "Choose a friendly unit. Counter a spell that chooses it and no other unit."),
    ("unit", "When you play me, each player chooses a friendly unit that hasn't been chosen for this ability. Stun "
             "those units."),
    ("unit", "When you play me, choose up to one friendly unit at each location. Ready them."),
    ("spell", "Choose up to 2 units from your trash. Play them."),
    ("unit", "When I defend, the attacker must discard 1."),
    # instructions
    ("spell", "Give a friendly unit +2 [M] this turn. When it conquers this turn, draw 1."),
    ("unit", "[1], [E]: Give me +2 [M] this turn. When I conquer this turn, draw 1."),
    ("spell", "Deal 3 damage split among up to two enemy units."),
    ("gear", "[E]: Counter a spell. Return it to its owner's hand instead of putting it in their trash."),
    ("unit", "When you play me, choose an enemy unit. Its owner places it on the top of their Main Deck."),
    ("unit", "When I move, discard 1. Then, do the following based on the discarded card's type:\n• Spell — Draw 1.\n"
             "• Unit — Give me +1 [M] this turn."),
    ("spell", "Reveal the top rune of your rune deck, then recycle it. Do one of the following based on its domain:\n"
              "• [R] — Draw 1.\n• [B] — Stun an enemy unit."),
    ("unit", "When you play me, pay 1 XP to draw 1."),
    ("unit", "[1], [E]: [Add] [1]. Spend this Energy only during combat."),
    ("unit", "[E]: [Add] [R]. Spend this Power only during showdowns."),
    ("unit", "[Deathknell][>] Repeat my play effect."),
    ("spell", "Double all damage that would be dealt to enemy units this turn."),
    ("unit", "When I attack, give me +1 [M] this turn for each time I have moved this turn."),
    ("spell", "Draw 1 for each of the following tags among your units — Bird, Cat, Dog, and Poro."),
    ("unit", "When I conquer, draw 1 for each time a friendly unit has died this turn."),
    ("spell", "Discard 1. Play the card you discarded, ignoring its cost."),
    ("spell", "Discard 2. Draw 1. If the discarded card is a spell, draw 1."),
    ("unit", "When I conquer, gain 2 XP for each buffed friendly unit."),
    ("unit", "While I'm at a battlefield, your spells have [Repeat] [2]."),
    ("unit", "I have all [Deathknell] abilities of all friendly units."),
]


@pytest.mark.parametrize("card_type,text", VARIANTS, ids=[text[:60] for _, text in VARIANTS])
def test_a_variant_compiles_and_round_trips(card_type, text):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)


def test_a_delay_after_an_object_is_a_time_not_a_place():
    ability = one_ability("When I conquer, ready me at the start of your next Main Phase.")
    (delayed,) = ability.effects
    assert isinstance(delayed, fx.Delayed) and delayed.trigger.event == "start_of_main_phase"
    assert delayed.trigger.subject == "you_next"
    (readied,) = delayed.effects
    assert readied.action == "ready" and readied.objects[0].reference == "self" and readied.place is None
    assert render_card((ability,), "unit") == "When I conquer, at the start of your next Main Phase, ready me."


def test_a_delay_to_the_end_of_turn_stays_the_end_of_turn_delay():
    (delayed,) = one_ability("When you play me, ready me at the end of your turn.").effects
    assert isinstance(delayed, fx.Delayed) and delayed.when == "end_of_turn"
    assert delayed.effects[0].action == "ready"


def test_a_cost_reduction_of_this_ability_counts_for_each():
    keyword, passive = compile_text("[Equip] [4]. This ability's Energy cost is reduced by [1] for each friendly unit.",
                                    card_type="gear")
    assert keyword.keyword.name == "Equip"
    (static,) = passive.effects
    assert static.cost[0].amount == 1 and static.kind == "cost_change" and static.value == "less" and static.holder.types == ("ability",)
    assert static.per.types == ("unit",) and static.per.relation == "friendly"


def test_didnt_takes_the_object_of_the_event():
    (conditional,) = one_ability("When you play me, if an opponent didn't play a spell this turn, draw 1.").effects
    condition = conditional.condition
    assert condition.kind == "did_play" and condition.negated and condition.duration == "this_turn"
    assert condition.subject.types == ("opponent",) and condition.object.types == ("spell",)
    (conditional,) = one_ability("At the end of your turn, if I didn't conquer this turn, draw 1.").effects
    assert conditional.condition.kind == "did_conquer" and conditional.condition.object is None


def test_i_am_played_after_another_event_of_mine_is_said_as_printed():
    ability = one_ability("When I defend or I'm played, draw 1.")
    assert ability.trigger.event == "defend" and ability.trigger.subject == "self"
    (played,) = ability.also
    assert played.event == "play" and played.subject == "self" and played.object is None
    assert render_card((ability,), "unit") == "When I defend or I'm played, draw 1."
    ability = one_ability("When you play me or another Dragon, draw 1.")
    assert render_card((ability,), "unit") == "When you play me or another Dragon, draw 1."


def test_i_have_agrees_in_a_count_of_times():
    text = "When I attack, give me +1 [M] this turn for each time I have moved this turn."
    ability = one_ability(text)
    (given,) = ability.effects
    assert given.amount.per.filters[0].kind == "happened_this_turn" and given.amount.per.filters[0].value == "moved"
    assert render_card((ability,), "unit") == text


def test_the_attacker_is_a_player_as_the_defender_is():
    (discarded,) = one_ability("When I defend, the attacker must discard 1.").effects
    assert discarded.action == "discard" and discarded.subject.types == ("attacker",)
    (killed,) = one_ability("When I attack, the defender must kill one of their units here.").effects
    assert killed.action == "kill" and killed.subject.types == ("defender",)


def test_cant_be_takes_any_participle_and_any_holder():
    for text, verb in [("I can't be stunned.", "stun"), ("Enemy units here can't be readied.", "ready")]:
        (static,) = one_ability(text).effects
        assert static.kind == "cannot_be" and static.value == verb


def test_and_an_object_after_a_trailing_condition_continues_the_condition():
    text = "Draw 1 if you have exactly 4 cards in hand and exactly 2 units at battlefields."
    (conditional,) = compile_text(text, card_type="spell")[0].effects
    (drawn,) = conditional.effects
    assert drawn.action == "draw" and drawn.objects == ()
    first, second = conditional.condition, conditional.condition.also
    assert first.kind == second.kind == "has" and second.subject.reference == "you"
    assert (first.object.count, first.object.types) == (4, ("card",))
    assert (second.object.count, second.object.types) == (2, ("unit",))
    leading = compile_text("If you have exactly 4 cards in hand and exactly 2 units at battlefields, draw 1.",
                           card_type="spell")[0].effects[0]
    assert leading.condition.also.object.types == ("unit",)
    # after a leading condition "and <object>" still joins the instruction
    (conditional,) = compile_text("If you control a Dragon, kill a unit and a gear.", card_type="spell")[0].effects
    assert conditional.condition.also is None
    assert [o.types for o in conditional.effects[0].objects] == [("unit",), ("gear",)]


def test_three_conditions_joined_by_and_are_all_kept():
    (conditional,) = compile_text("If you control a Dragon and a Mech and a gear, draw 1.", card_type="spell")[0].effects
    condition = conditional.condition
    assert [c.object.types or c.object.tags for c in (condition, condition.also, condition.also.also)] == \
        [("Dragon",), ("Mech",), ("gear",)]


def test_a_trigger_keeps_whose_place_a_unit_moves_to():
    ability = one_ability("When an enemy unit moves to my battlefield, stun it.")
    assert ability.trigger.event == "move" and ability.trigger.place == "battlefield"
    assert ability.trigger.whose == "my"
    assert render_card((ability,), "unit") == "When an enemy unit moves to my battlefield, stun it."
    assert one_ability("When an enemy unit moves to a battlefield, stun it.").trigger.qualifiers == ()


def test_an_opponents_event_verb_agrees_with_its_subject():
    for text in ("When an opponent draws their second card each turn, draw 1.", "When an opponent discards a card, draw 1.",
                 "When an opponent kills a unit, draw 1."):
        ability = one_ability(text)
        assert ability.trigger.actor.types == ("opponent",)
        assert render_card((ability,), "unit") == text


def test_effects_here_dont_trigger_keeps_the_place():
    (static,) = one_ability("Your [Deathknell] effects here don't trigger.").effects
    assert static.kind == "no_trigger" and static.keyword == "Deathknell" and static.place.kind == "here"


def test_exactly_one_is_singular():
    text = "If you have exactly 1 card in hand, draw 3."
    (ability,) = compile_text(text, card_type="spell")
    assert ability.effects[0].condition.object.quantity == "exactly" and ability.effects[0].condition.object.count == 1
    assert render_card((ability,), "spell") == text


def test_the_first_time_keeps_every_event_listed():
    ability = one_ability("The first time a friendly unit attacks or defends alone each turn, draw 1.")
    assert ability.limit == "first" and ability.trigger.event == "attack"
    (defends,) = ability.also
    assert defends.event == "defend" and "alone" in defends.qualifiers
    assert render_card((ability,), "unit") == "The first time a friendly unit attacks or defends alone each turn, draw 1."


def test_a_delayed_first_time_with_two_events_is_refused_not_cut():
    with pytest.raises(InputError) as error:
        compile_text("The first time I attack or defend this turn, draw 1.", card_type="unit")
    assert error.value.diagnostic.code == "E010"


def test_a_delay_after_a_subjects_instruction_is_the_same_as_leading():
    late = one_ability("When I conquer, each player draws 1 at the start of your next Main Phase.")
    lead = one_ability("When I conquer, at the start of your next Main Phase, each player draws 1.")
    assert without_spans(late) == without_spans(lead)
    (delayed,) = late.effects
    assert delayed.trigger.event == "start_of_main_phase" and delayed.effects[0].subject.types == ("player",)


def test_the_card_you_discarded_after_discard_n_is_a_card_discarded_this_way():
    (ability,) = compile_text("Discard 1. Play the card you discarded, ignoring its cost.", card_type="spell")
    discarded, played = ability.effects
    assert discarded.action == "discard" and discarded.amount.value == 1
    (card,) = played.objects
    assert played.action == "play" and card.antecedent.types == ("card",)
    assert card.antecedent.filters == (fx.Filter("this_way", None, "discarded"),)


def test_for_each_time_counts_deaths():
    (drawn,) = one_ability("When I conquer, draw 1 for each time a friendly unit has died this turn.").effects
    (happened,) = drawn.amount.per.filters
    assert drawn.amount.per.types == ("time",) and happened.kind == "happened_this_turn" and happened.value == "died"
    assert happened.of.types == ("unit",) and happened.of.relation == "friendly"


def test_where_an_opponent_has_is_a_place_condition_on_the_opponents_objects():
    (ability,) = compile_text("Choose a battlefield where an opponent has units. Draw 1.", card_type="spell")
    (where,) = ability.effects[0].objects[0].filters
    assert where.kind == "where" and where.condition.kind == "has"
    assert where.condition.subject.types == ("opponent",) and where.condition.object.types == ("unit",)
    assert "where an opponent has units" in render_card((ability,), "spell")


def test_units_with_that_tag_name_the_tag_chosen_before():
    text = "As you play me, choose Mech, Yordle, or Dragon. Friendly units with that tag have +1 [M]."
    abilities = compile_text(text, card_type="unit")
    (ability,) = abilities
    chosen, static = ability.effects
    assert chosen.action == "choose" and chosen.objects[0].tags == ("Mech", "Yordle", "Dragon")
    holder = static.holder
    assert holder.relation == "friendly" and fx.Filter("chosen_tag") in holder.filters
    assert "with that tag" in render_card(abilities, "unit") and round_trips(abilities, "unit")
