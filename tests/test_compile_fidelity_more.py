"""Fidelity of the cards that compiled for the first time with the Unleashed forms: words whose meaning
the effects or the canonical text lost (a player, a qualifier), each checked in the effects and in the
text rendered back."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.render.renderer import render_card

from conftest import round_trip


def test_if_they_do_keeps_the_player_who_may():
    text = ("Deal 2 to a unit. Its controller may play this spell again for [A]. "
            "If they do, this deals 1 additional Bonus Damage for each time this spell has dealt damage this turn.")
    (spell,) = round_trip(text, "spell")
    may, done = spell.effects[1], spell.effects[2]
    assert isinstance(may, fx.MayDo) and may.player.types == ("controller",) and may.player.controller == "its"
    assert isinstance(done, fx.IfYouDo) and done.player.reference == "they"
    assert render_card((spell,), "spell") == text


def test_if_you_do_has_no_other_player():
    (spell,) = round_trip("You may discard 1. If you do, draw 2.", "spell")
    assert isinstance(spell.effects[1], fx.IfYouDo) and spell.effects[1].player is None
    assert render_card((spell,), "spell") == "You may discard 1. If you do, draw 2."


def test_base_cost_is_kept_apart_from_cost():
    (academy,) = round_trip("When you hold here, give your next spell this turn [Repeat] equal to its base cost.",
                            "battlefield")
    (modification,) = academy.effects[0].modifications
    assert modification.keyword.name == "Repeat" and modification.measure.kind == "base_cost"
    assert modification.measure.of.reference == "it"
    assert "equal to its base cost" in render_card((academy,), "battlefield")
    (portal,) = round_trip("[A], [E]: Give the next spell you play this turn [Repeat] equal to its cost.", "gear")
    assert portal.effects[0].modifications[0].measure.kind == "cost"


def test_them_after_a_listed_choice_names_every_object_listed():
    text = ("Choose a unit you control and another unit you control at a different location. "
            "If at least one of them has [Temporary], move each to the other's location. Draw 1.")
    (spell,) = round_trip(text, "spell")
    chosen = spell.effects[0].objects
    assert len(chosen) == 2 and chosen[1].other and chosen[1].location.qualifiers == ("a", "different")
    condition = spell.effects[1].condition
    assert condition.subject.reference == "them" and condition.subject.antecedent.alternatives == chosen
    (move,) = spell.effects[1].effects
    assert move.objects[0].quantity == "each" and move.objects[0].antecedent.alternatives == chosen


def test_a_later_object_ends_the_listed_group():
    (spell,) = round_trip("Choose a unit and a gear. Reveal the top 3 cards of your Main Deck. Recycle them.",
                          "spell")
    recycled = spell.effects[2].objects[0]
    assert recycled.reference == "them" and recycled.antecedent.types == ("card",)
    assert recycled.antecedent.count == 3


def test_a_trailing_condition_about_there_limits_the_battlefield_chosen():
    text = "[P]: Move me to an occupied enemy battlefield if my Might is greater than the total Might of enemy units there."
    (ability,) = round_trip(text, "unit")
    (move,) = ability.effects
    assert isinstance(move, fx.GameAction) and move.action == "move"
    assert move.place.kind == "battlefield" and move.place.qualifiers == ("an", "occupied", "enemy")
    where = move.place.where
    assert where.kind == "more_might_than" and where.subject.reference == "self" and where.value == "total"
    assert where.object.relation == "enemy" and where.object.location.kind == "there"
    assert render_card((ability,), "unit") == text


def test_a_play_permission_keeps_its_condition_on_the_battlefield():
    text = "I can be played to an occupied battlefield if an enemy unit is alone there."
    (ability,) = round_trip(text, "unit")
    (permission,) = ability.effects
    assert permission.kind == "play_permission" and permission.holder.reference == "self"
    where = permission.place.where
    assert where.kind == "is" and where.value == "alone" and where.subject.relation == "enemy"
    assert where.place.kind == "there"
    assert render_card((ability,), "unit") == text


def test_a_condition_without_there_still_conditions_the_clause():
    (ability,) = round_trip("[P]: Move me to an occupied enemy battlefield if you control a gear.", "unit")
    (conditional,) = ability.effects
    assert isinstance(conditional, fx.Conditional) and conditional.condition.kind == "controls"
    assert conditional.effects[0].place.where is None


def test_up_to_one_at_each_location_is_a_count_per_location():
    from interpreter.engine.selectors import runs_selector
    (ability,) = round_trip("When you play me, choose up to one enemy unit at each location. Deal 1 to them.", "unit")
    chosen = ability.effects[0].objects[0]
    assert chosen.quantity == "up_to" and chosen.count == 1 and chosen.location.qualifiers == ("each",)
    assert ability.effects[1].objects[0].antecedent == chosen
    # the runtime chooses place by place (selectors._per_place_choice; tests/scenarios/selectors/per_place.yaml)
    assert runs_selector(chosen)
    (single,) = round_trip("Choose up to one enemy unit at a battlefield. Deal 1 to it.", "spell")
    assert runs_selector(single.effects[0].objects[0])


def test_a_trigger_on_cards_looked_at_is_said_without_all():
    text = "When you look at cards from the top of your deck and see me, you may play me for [A]."
    (ability,) = round_trip(text, "unit")
    trigger = ability.trigger
    assert trigger.event == "look" and trigger.subject == "you" and trigger.object.types == ("card",)
    assert trigger.qualifiers == ("top_of_deck", "sees_me") and trigger.whose == "you"
    assert render_card((ability,), "unit") == text


def test_must_marks_an_instruction_that_chooses_nothing():
    text = "When you play me, each player must kill one of their units."
    (ability,) = round_trip(text, "unit")
    (kill,) = ability.effects
    assert kill.action == "kill" and "must" in kill.options and "355.10.f" in kill.rules
    assert kill.subject.quantity == "each" and kill.subject.types == ("player",)
    assert kill.objects[0].quantity == "one_of" and kill.objects[0].controller == "their"
    assert render_card((ability,), "unit") == text
    (plain,) = round_trip("When you play me, each player kills one of their units.", "unit")
    assert "must" not in plain.effects[0].options and "355.10.f" not in plain.effects[0].rules


def test_cards_counted_after_a_reveal_are_the_revealed_cards():
    text = ("When I defend, reveal the top 5 cards of your Main Deck. "
            "Deal 1 to an enemy unit here for each card with [Hidden], then recycle them.")
    (ability,) = round_trip(text, "unit")
    deal = ability.effects[1]
    per = deal.amount.per
    assert per.types == ("card",) and per.filters[0].kind == "keyword" and per.filters[0].value == "Hidden"
    assert per.filters[1].kind == "this_way" and per.filters[1].value == "revealed"
    # with no reveal before, "each card" keeps no such limit
    (plain,) = round_trip("When I defend, deal 1 to an enemy unit here for each card with [Hidden] in your trash.",
                          "unit")
    assert all(f.kind != "this_way" for f in plain.effects[0].amount.per.filters)
