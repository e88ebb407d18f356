"""Phrases once read by lookahead terminals (issue 14), now by ordinary rules: each form with words of its own,
checked on the typed values it compiles to."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text


def _first_effect(text: str):
    ability, = compile_text(text)
    return ability.effects[0]


# ---- "at the start of" / "at the end of" (315.2.a.1): after an object, a time, not a place ----------------
def test_time_of_turn_after_an_object_is_a_delay_not_a_place():
    delayed = _first_effect("When I hold, ready me at the start of your next Main Phase.")
    assert isinstance(delayed, fx.Delayed)
    assert delayed.trigger.event == "start_of_main_phase" and delayed.trigger.subject == "you_next"
    assert delayed.effects[0].action == "ready"


def test_time_of_turn_after_a_place_of_the_object():
    delayed = _first_effect("When you play me, ready a unit at a battlefield at the end of each player's first turn.")
    assert delayed.trigger.event == "end_of_turn" and delayed.trigger.subject == "each_player"
    target, = delayed.effects[0].objects
    assert target.types == ("unit",) and target.location.kind == "battlefield"


def test_time_of_turn_with_and_without_the_article_reads_the_same():
    with_the, = compile_text("At the start of your Beginning Phase, draw 1.")
    without, = compile_text("At start of your Beginning Phase, draw 1.")
    assert with_the.trigger.event == without.trigger.event == "start_of_beginning_phase"


# ---- "deal(s) N (additional) bonus damage" (712): the subject of "deal" holds the bonus ---------------------
def _static(text: str) -> fx.StaticEffect:
    effect = _first_effect(text)
    assert isinstance(effect, fx.StaticEffect)
    return effect


def test_bonus_damage_with_each_after_the_holder():
    effect = _static("Friendly units each deal 2 additional bonus damage.")
    assert effect.kind == "bonus_damage" and effect.value == "additional"
    assert effect.holder.types == ("unit",) and effect.holder.relation == "friendly"
    assert effect.modifications[0].kind == "damage" and effect.modifications[0].amount == 2


def test_bonus_damage_of_me_to_a_kind_of_object():
    effect = _static("I deal 3 bonus damage to enemy units.")
    assert effect.holder.reference == "self" and effect.modifications[0].amount == 3
    assert effect.by.types == ("unit",) and effect.by.relation == "enemy"


def test_bonus_damage_for_each():
    effect = _static("Your Mechs deal 1 bonus damage for each buffed unit you control.")
    assert effect.holder.tags == ("Mech",) and effect.holder.controller == "you" and effect.value is None
    assert effect.per.types == ("unit",) and effect.per.states == ("buffed",)


def test_dealing_damage_is_still_an_instruction():
    effect = _first_effect("When you play me, I deal 3 damage to an enemy unit.")
    assert isinstance(effect, fx.GameAction) and effect.action == "deal"


# ---- "your/my <keyword or event> effects" (383, 808.1.b.1): a determiner, then what triggers -----------------
def test_effects_of_another_keyword_trigger_again():
    effect = _static("Your [Temporary] effects trigger an additional time.")
    assert effect.kind == "extra_trigger" and effect.keyword == "Temporary" and effect.holder.reference == "you"


def test_my_keyword_effects_do_not_trigger():
    effect = _static("My [Deathknell] effects don't trigger.")
    assert effect.kind == "no_trigger" and effect.keyword == "Deathknell" and effect.holder.reference == "self"


def test_event_effects_at_a_place_do_not_trigger():
    effect = _static("Your play effects at my battlefield don't trigger.")
    assert effect.kind == "no_trigger" and effect.value == "play"
    assert effect.place.kind == "battlefield" and effect.place.owner == "my"


def test_event_effects_are_also_other_event_effects():
    effect = _static("Your attack effects are also defend effects, and vice versa.")
    assert (effect.kind, effect.value, effect.also, effect.vice_versa) == ("effects_also", "attack", "defend", True)


def test_a_keyword_after_your_still_premodifies_a_noun():
    effect = _static("Your [Assault] units have +1 [M].")
    assert effect.kind == "modify" and effect.holder.keywords_with == ("Assault",)


def test_effects_of_another_determiner_is_a_located_error():
    import pytest
    from interpreter import InputError

    with pytest.raises(InputError) as error:
        compile_text("Each [Deathknell] effects trigger an additional time.")
    assert error.value.diagnostic.column == 1 and "your" in error.value.diagnostic.message


# ---- costs as a holder (131, 356.4.c): "optional"/"additional", then a noun's premodifiers, then "costs" ------
def test_additional_costs_you_pay():
    effect = _static("Additional costs you pay cost [1] less.")
    assert effect.kind == "cost_change" and effect.value == "less"
    assert effect.holder.types == ("cost",) and effect.holder.states == ("additional",)
    assert [f.kind for f in effect.holder.filters] == ["paid_by"]


def test_enemy_keyword_costs_cost_more():
    effect = _static("Enemy [Equip] costs cost [1] more.")
    assert effect.value == "more" and effect.holder.relation == "enemy" and effect.holder.keywords_with == ("Equip",)
    assert effect.holder.filters == ()


def test_a_premodifier_costs_have_not_is_a_located_error():
    import pytest
    from interpreter import InputError

    with pytest.raises(InputError) as error:
        compile_text("Stunned costs cost [1] less.")
    assert error.value.diagnostic.column == 1 and "costs are told apart" in error.value.diagnostic.message


# ---- a verb joined after a passive's list: "have X and enter ready" (184.1) ----------------------------------
def _statics(text: str) -> tuple:
    ability, = compile_text(text)
    return ability.effects


def test_keyword_grant_and_enter_ready():
    grant, enter = _statics("Friendly Mechs have [Assault] and enter ready.")
    assert grant.kind == "modify" and grant.modifications[0].keyword.name == "Assault"
    assert enter.kind == "enter" and enter.value == "ready" and enter.holder == grant.holder
    assert enter.holder.tags == ("Mech",) and enter.holder.relation == "friendly"


def test_list_of_two_then_enter_exhausted_after_a_comma():
    grant, enter = _statics("I have +2 [M] and [Shield], and enter exhausted.")
    assert [m.kind for m in grant.modifications] == ["might", "keyword"]
    assert enter.value == "exhausted" and enter.holder.reference == "self"


def test_enter_ready_with_a_duration():
    grant, enter = _statics("I have +1 [M] and enter ready this turn.")
    assert grant.modifications[0].amount == 1 and grant.duration is None
    assert (enter.value, enter.duration) == ("ready", "this_turn")


def test_the_list_still_joins_its_items():
    effect, = _statics("I have +1 [M] and [Shield].")
    assert [m.kind for m in effect.modifications] == ["might", "keyword"]


# ---- "first" closing a clause (370.1.b): an adverb after any instruction, an ordinal only before a noun -------
def test_first_after_an_amount_is_the_adverb():
    effect = _first_effect("When you play me, discard 2 first.")
    assert effect.action == "discard" and effect.amount.value == 2 and effect.options == ("first",)
    burn = _first_effect("Burn 2 first.")
    assert burn.action == "burn" and burn.options == ("first",)


def test_first_after_an_object():
    effect = _first_effect("When you play me, look at the top 2 cards of your deck first.")
    assert effect.action == "look_at" and effect.options == ("first",)
    assert effect.objects[0].quantity == "top" and effect.objects[0].count == 2


def test_first_before_a_noun_stays_an_ordinal():
    effect = _first_effect("When you play me, discard the first card of your hand.")
    assert effect.action == "discard" and "first" not in effect.options


# ---- "detach X from that <object>" (435): the object after "from", not a place --------------------------------
def test_detach_gear_from_that_unit():
    effect = _first_effect("Detach that gear from that unit.")
    assert effect.action == "detach"
    taken, holder = effect.objects
    assert taken.types == ("gear",) and taken.reference == "that"
    assert holder.types == ("unit",) and holder.reference == "that"


def test_from_that_battlefield_stays_a_place():
    effect = _first_effect("When I conquer, move a unit from that battlefield to its owner's base.")
    assert effect.action == "move"
    assert effect.objects[0].types == ("unit",) and effect.objects[0].zone.kind == "battlefield"


def test_from_that_object_outside_detach_is_a_located_error():
    import pytest
    from interpreter import InputError

    with pytest.raises(InputError) as error:
        compile_text("When you play me, kill a unit from that unit.")
    assert error.value.diagnostic.column == 31 and "detach" in error.value.diagnostic.message


def test_enter_ready_after_another_list_statement():
    gives, enter = _statics("Your Equipment each give [Assault] and enter ready.")
    assert gives.kind == "attached_gets" and enter.kind == "enter" and enter.holder == gives.holder


def test_enter_inside_a_list_followed_by_a_place_is_a_located_error():
    import pytest
    from interpreter import InputError

    with pytest.raises(InputError) as error:
        compile_text("Friendly units have [Assault] and enter ready here.")
    assert error.value.diagnostic.column == 35
