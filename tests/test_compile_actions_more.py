"""Instruction forms read late: a deck placement said with "places", XP paid as a cost, "opponents'"
zones, two tests joined under one "with", ... Each test checks the compiled values and the round trip,
on the card's own wording and on a varied sentence of the same template."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

from conftest import round_trip


def _effects(text: str, card_type: str = "spell") -> tuple:
    return round_trip(text, card_type)[-1].effects


@pytest.mark.parametrize("text, end", [
    ("Choose an enemy unit at a battlefield. Its owner places it on the top or bottom of their Main Deck.",
     "top_or_bottom"),
    ("Choose a friendly gear. Its controller places it on the bottom of their Main Deck.", "bottom"),
])
def test_places_on_a_deck_end_is_a_put_done_by_the_subject(text, end):
    _choose, put = _effects(text)
    assert put.action == "put" and put.options == (end,)
    assert put.place.kind == "main_deck" and put.place.owner == "their"
    assert put.subject.types in (("owner",), ("controller",))
    assert put.objects[0].reference == "it"


@pytest.mark.parametrize("text, count", [
    ("You may pay 2 XP to choose a card from their hand.", 2),
    ("Pay 5 XP to draw 3.", 5),
])
def test_paying_xp_is_spending_it_as_the_cost_of_the_linked_instruction(text, count):
    effect = _effects(text)[0]
    pay_to_do = effect.effect if isinstance(effect, fx.MayDo) else effect
    assert isinstance(pay_to_do, fx.PayToDo)
    assert pay_to_do.payment.action == "spend_xp" and pay_to_do.payment.amount.value == count


@pytest.mark.parametrize("text, kind", [
    ("Choose up to 3 cards from opponents' trashes. Their owners recycle them.", "trashes"),
    ("Banish a unit from opponents' bases.", "bases"),
])
def test_opponents_zones_are_the_zones_of_your_opponents(text, kind):
    chosen = _effects(text)[0].objects[0]
    assert chosen.zone == fx.Place(kind, "your_opponents")


@pytest.mark.parametrize("text, bound, rendered", [
    ("Move any number of enemy units with the same controller and a total Might of 8 or less to a single location.",
     ("<=", 8), "with the same controller and total Might 8 or less"),
    ("Kill any number of friendly units with the same controller and total Might 3 or more.",
     (">=", 3), "with the same controller and total Might 3 or more"),
])
def test_two_tests_under_one_with_both_bound_the_objects(text, bound, rendered):
    abilities = compile_text(text, card_type="spell")
    (action,) = abilities[-1].effects
    same, total = action.objects[0].filters
    assert same.kind == "same_controller"
    assert total.kind == "total_might" and (total.op, total.value) == bound
    assert rendered in render_card(abilities, "spell")
    assert round_trips(abilities, "spell")


@pytest.mark.parametrize("text, duration", [
    ("Choose a unit. Double all damage that would be dealt to it this turn.", "this_turn"),
    ("Double all damage that would be dealt to enemy units at a battlefield.", None),
])
def test_doubling_damage_that_would_be_dealt_is_a_double_of_damage(text, duration):
    doubled = _effects(text)[-1]
    assert doubled.action == "double" and doubled.options == ("damage",)
    assert doubled.duration == duration and "369.1" in doubled.rules
    assert doubled.objects[0].reference == "it" or doubled.objects[0].relation == "enemy"


@pytest.mark.parametrize("text, amount", [
    ("Choose a friendly unit. It deals damage equal to its Might split among enemy units at battlefields.",
     fx.Amount("equal", measure=fx.Measure("might", fx.Selector("the", reference="it", antecedent=fx.Selector(
         "one", types=("unit",), relation="friendly"))))),
    ("Deal 4 damage split among any number of enemy units here.", fx.Amount("count", 4)),
])
def test_any_damage_amount_can_be_split_among_objects(text, amount):
    deal = _effects(text)[-1]
    assert deal.action == "deal" and deal.options == ("split",)
    assert deal.amount == amount and deal.objects[0].relation == "enemy"


@pytest.mark.parametrize("text, per", [
    ("Deal 3 to a unit. Then for each unit this kills, do this: Gain 1 XP.", "gain_xp"),
    ("Deal 2 to all units here. For each unit this kills, draw 1.", "draw"),
])
def test_units_this_kills_are_the_units_killed_this_way(text, per):
    each = _effects(text)[-1]
    assert isinstance(each, fx.ForEach)
    assert each.each.filters == (fx.Filter("this_way", None, "killed"),)
    assert each.effects[0].action == per


@pytest.mark.parametrize("text", [
    "Choose a unit. Double all damage that would be dealt to it this turn.",      # damage_doubling (432)
    "Deal 4 damage split among any number of enemy units here.",                 # the split (355.14)
    "Double a friendly unit's Might this turn.",
])
def test_the_runtime_claims_the_forms_it_runs(text):
    from interpreter.engine.effect_run import runs
    assert runs(_effects(text)[-1])


def test_the_runtime_does_not_claim_forms_it_cannot_run():
    from interpreter.engine.effect_run import runs
    # only "this turn" doublings of damage are kept (damage_doubling.doubling_form)
    assert not runs(_effects("Choose a unit. Double all damage that would be dealt to it this combat.")[-1])


@pytest.mark.parametrize("text, holder, states", [
    ("Choose an opponent. They reveal their hand. You can look at their facedown cards this turn.", "you",
     ("facedown",)),
    ("Each player can look at the top card of your Main Deck this turn.", None, ()),
])
def test_a_permission_to_look_at_private_cards(text, holder, states):
    permission = _effects(text)[-1]
    assert isinstance(permission, fx.StaticEffect) and permission.kind == "look_permission"
    assert permission.duration == "this_turn" and "128.4" in permission.rules
    assert permission.holder.reference == holder
    assert permission.by.states == states


@pytest.mark.parametrize("text, kept, trash_owner", [
    ("Counter a spell. Return it to its owner's hand instead of putting it in their trash.", "return_to_hand", "their"),
    ("Kill a friendly unit. Banish it instead of putting it into your trash.", "banish", "you"),
])
def test_instead_of_names_the_event_it_replaces(text, kept, trash_owner):
    instead = _effects(text)[-1]
    assert isinstance(instead, fx.Instead) and "369.1" in instead.rules
    assert instead.effect.action == kept
    assert instead.replaced.action == "put" and instead.replaced.place == fx.Place("trash", trash_owner)
    assert instead.replaced.objects[0].reference == "it"


@pytest.mark.parametrize("text, event, actor", [
    ("Choose an opponent. Choose a card from their hand and banish it. When they hold, return it to their hand.",
     "hold", "they"),
    ("Choose a friendly unit. Stun it. When I attack, draw 2.", "attack", None),
])
def test_a_later_sentence_led_by_when_is_a_delayed_trigger(text, event, actor):
    delayed = _effects(text)[-1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "when" and "390.2" in delayed.rules
    assert delayed.trigger.event == event
    assert (delayed.trigger.actor.reference if delayed.trigger.actor else None) == actor


def test_when_first_in_a_line_is_still_a_triggered_ability():
    (ability,) = compile_text("When you play me, draw 1.", card_type="unit")
    assert isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == "play"


@pytest.mark.parametrize("text, actor, then", [
    ("An opponent reveals their hand. They play a unit from it, ignoring any and all costs. When they do, [Stun] it.",
     "they", "stun"),
    ("Choose a friendly unit. Its controller may move it. When it does, ready it.", "it", "ready"),
])
def test_when_they_do_triggers_on_the_instruction_before(text, actor, then):
    delayed = _effects(text)[-1]
    assert isinstance(delayed, fx.Delayed) and "387.3" in delayed.rules
    assert delayed.trigger.event == "do" and delayed.trigger.actor.reference == actor
    assert delayed.effects[0].action == then


@pytest.mark.parametrize("text, card_type, kind, labels", [
    ("When I attack, reveal the top rune of your rune deck, then recycle it. Do one of the following based on its "
     "domain:\n• [R] — Deal 2 to an enemy unit here.\n• [B] — Draw 1.", "unit", "domain", ("[R]", "[B]")),
    ("Reveal the top card of your Main Deck. Do the following based on its type:\n• Unit — Draw 1.\n"
     "• Spell — Channel 1 rune exhausted.\n• Gear — Gain 1 XP.", "spell", "type", ("unit", "spell", "gear")),
])
def test_a_list_done_by_a_characteristic_of_the_object_named_before(text, card_type, kind, labels):
    abilities = compile_text(text, card_type=card_type)
    *_before, switch = abilities[-1].effects
    assert isinstance(switch, fx.ModalAbility) and "387.1.b" in switch.rules
    assert switch.based_on.kind == kind and switch.based_on.of.reference == "it"
    assert tuple(m.label for m in switch.modes) == labels
    assert round_trips(abilities, card_type)


def test_the_basis_may_be_the_card_an_instruction_before_acted_on():
    text = ("When I move, draw 1, then discard 1. Then, do the following based on the discarded card's type:\n"
            "• Spell — Draw 1.\n• Unit — Give me +3 [M] this turn.")
    abilities = compile_text(text, card_type="unit")
    switch = abilities[-1].effects[-1]
    assert switch.based_on == fx.Measure("type", fx.Selector("the", types=("card",),
                                                             filters=(fx.Filter("this_way", None, "discarded"),)))
    assert "based on the discarded card's type:\n• Spell — Draw 1." in render_card(abilities, "unit")
    assert round_trips(abilities, "unit")


def test_the_top_rune_of_a_rune_deck():
    reveal = _effects("Reveal the top rune of your rune deck.")[0]
    assert reveal.objects[0].types == ("rune",) and reveal.objects[0].zone == fx.Place("rune_deck", "you")


@pytest.mark.parametrize("text, player_types, cost", [
    ("Deal 2 to a unit. Its controller may play this spell again for [A].", ("controller",), ("power", "A")),
    ("Draw 1. You may play this spell again for [2].", (), ("energy", None)),
])
def test_playing_this_spell_again_is_a_play_of_the_card_itself(text, player_types, cost):
    may = _effects(text)[-1]
    play = may.effect
    assert play.action == "play" and "again" in play.options
    assert play.objects[0].reference == "self" and play.objects[0].types == ("spell",)
    assert (play.cost[0].kind, play.cost[0].domain) == cost
    assert may.player.types == player_types


@pytest.mark.parametrize("text, event, additional", [
    ("Deal 2 to a unit. Its controller may draw 1. If they do, this deals 1 additional Bonus Damage for each time "
     "this spell has dealt damage this turn.", "dealt_damage", "additional"),
    ("This deals 2 Bonus Damage for each time a friendly unit has moved this turn.", "moved", None),
])
def test_bonus_damage_counted_per_event_of_this_turn(text, event, additional):
    abilities = compile_text(text, card_type="spell")
    assert round_trips(abilities, "spell")
    bonus = abilities[-1].effects[-1]
    bonus = bonus.effect if isinstance(bonus, fx.IfYouDo) else bonus
    assert bonus.kind == "bonus_damage" and bonus.value == additional
    (happened,) = bonus.per.filters
    assert bonus.per.types == ("time",) and happened.kind == "happened_this_turn" and happened.value == event


def test_draw_for_each_time_units_have_attacked_this_turn():
    draw = _effects("Draw 1 for each time friendly units have attacked this turn.")[0]
    (happened,) = draw.amount.per.filters
    assert happened.value == "attacked" and happened.of.relation == "friendly"
