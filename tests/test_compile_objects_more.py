"""More object and instruction forms: counts per object, copies, cards banished with a source, named
tags, repeated effects. Each test checks compiled values and that the canonical text compiles back."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card

from conftest import round_trip


def _triggered(text: str, card_type: str = "unit") -> tuple:
    (ability,) = round_trip(text, card_type)
    assert isinstance(ability, fx.TriggeredAbility)
    return ability.effects


# ---- "gain N XP for each ..." (730.1) ----------------------------------------------------
def test_gain_xp_for_each_friendly_unit_counts_per_unit():
    (gain,) = _triggered("When you play me, gain 1 XP for each friendly unit.")
    assert gain.action == "gain_xp" and gain.amount.value == 1
    assert gain.amount.per.types == ("unit",) and gain.amount.per.relation == "friendly"


def test_gain_xp_for_each_card_in_a_zone():
    (ability,) = round_trip("Gain 2 XP for each card in your hand.", "spell")
    (gain,) = ability.effects
    assert gain.amount.value == 2
    assert gain.amount.per.types == ("card",) and (gain.amount.per.zone or gain.amount.per.location).kind == "hand"
    assert render_card((ability,), "spell") == "Gain 2 XP for each card in your hand."


# ---- "They become copies of me" (477.1.b) ----------------------------------------------
def test_tokens_just_played_become_copies_of_me():
    play, copy = _triggered("When you play me, play two Reflection unit tokens here. They become copies of me.")
    assert play.count == 2 and play.token.name == "Reflection"
    assert copy.action == "become_copy"
    assert copy.objects[0].reference == "they" and copy.objects[1].reference == "self"


def test_chosen_units_become_copies_of_a_named_object():
    choose, copy = _triggered("When I attack, choose two friendly units. They become copies of me.")
    assert choose.objects[0].count == 2
    assert copy.action == "become_copy" and copy.objects[0].reference == "they"
    (ability,) = compile_text("When I attack, choose two friendly units. They become copies of me.", card_type="unit")
    assert render_card((ability,), "unit").endswith("They become copies of me.")


# ---- "I can't be readied" (364): an action forbidden on the holder ------------------------
def _statement(text: str, card_type: str = "unit") -> fx.StaticEffect:
    (ability,) = round_trip(text, card_type)
    (statement,) = ability.effects
    return statement


def test_i_cant_be_readied_forbids_the_ready_action_on_me():
    statement = _statement("I can't be readied.")
    assert statement.kind == "cannot_be" and statement.value == "ready"
    assert statement.holder.reference == "self"
    assert "415" in statement.rules


def test_other_holders_and_participles():
    statement = _statement("Friendly gear cannot be killed.", "gear")
    assert statement.value == "kill" and statement.holder.types == ("gear",)
    assert statement.holder.relation == "friendly"
    moved = _statement("Enemy units here can't be moved.")
    assert moved.value == "move" and moved.holder.location.kind == "here"


# ---- "if my Might is greater than the total Might of ..." (143) ------------------------------
def test_might_compared_with_the_total_might_of_objects():
    (ability,) = round_trip("[P]: Move me to an occupied enemy battlefield if my Might is greater than the total "
                            "Might of enemy units there.", "unit")
    (move,) = ability.effects
    condition = move.place.where      # "there" is the battlefield chosen: the condition limits the choice
    assert condition.kind == "more_might_than" and condition.value == "total"
    assert condition.subject.reference == "self"
    assert condition.object.relation == "enemy" and condition.object.location.kind == "there"


def test_its_might_less_than_the_total():
    choose, conditional = _triggered("When I attack, choose a friendly unit. Kill it if its Might is less than "
                                     "the total Might of enemy units here.")
    condition = conditional.condition
    assert condition.kind == "less_might_than" and condition.value == "total"
    assert condition.subject.reference == "it" and condition.object.location.kind == "here"


# ---- "a unit banished with this" (427.3, 397) --------------------------------------------
def _activated(text: str, card_type: str) -> fx.ActivatedAbility:
    abilities = round_trip(text, card_type)
    ability = abilities[-1]
    assert isinstance(ability, fx.ActivatedAbility)
    return ability


def test_play_a_unit_banished_with_this():
    ability = _activated("[E]: Play a unit banished with this. (You must pay its costs.)", "gear")
    (play,) = ability.effects
    assert play.action == "play"
    (target,) = play.objects
    assert target.quantity == "one" and target.types == ("unit",)
    assert fx.Filter("banished_with", "==", "self") in target.filters


def test_play_all_banished_with_this_ignoring_their_costs():
    ability = _activated("[3][B], Banish this: Play all units banished with this, ignoring their costs.", "gear")
    (play,) = ability.effects
    assert play.objects[0].quantity == "all" and "ignore_cost" in play.options
    assert render_card((ability,), "gear") == ("[3][B], Banish this: Play all units banished with this, "
                                               "ignoring their costs.")


def test_banished_with_me_on_a_unit_and_another_verb():
    (ret,) = _triggered("When I die, return a spell banished with me to its owner's hand.")
    assert ret.action == "return_to_hand" and ret.objects[0].types == ("spell",)
    assert ret.objects[0].filters == (fx.Filter("banished_with", "==", "self"),)


# ---- "Repeat this gear's play effect" (383.4.a) --------------------------------------------
def test_repeat_this_gears_play_effect():
    abilities = round_trip("When you play this, play a ready 3 [M] Sprite unit token to your base.\n"
                           "[Deathknell][>] Repeat this gear's play effect.", "gear")
    deathknell = abilities[-1]
    assert deathknell.trigger.event == "die" and "808" in deathknell.rules
    (repeat,) = deathknell.effects
    assert repeat.action == "repeat_effects" and repeat.options == ("play",)
    assert repeat.objects[0].reference == "self" and repeat.rules == ("383.4.a",)


def test_repeat_my_conquer_effect_on_a_unit():
    (repeat,) = _triggered("When I hold, repeat my conquer effect.")
    assert repeat.options == ("conquer",) and repeat.objects[0].reference == "self"
    (same,) = _triggered("When I hold, repeat this unit's conquer effect.")
    assert same == repeat.__class__(same.span, repeat.rules, repeat.action, repeat.objects, options=repeat.options)


# ---- naming and choosing tags (760-763, 355.5) ---------------------------------------------
def test_name_a_tag_then_a_unit_with_the_named_tag():
    as_play, activated = round_trip("As you play this, name a tag. (For example, Miss Fortune, Demacia, and Poro "
                                    "are tags.)\n[E]: Give a unit with the named tag -2 [M] this turn.", "gear")
    assert "as" in as_play.trigger.qualifiers
    (name,) = as_play.effects
    assert name.action == "name" and name.options == ("tag",) and name.rules == ("760", "763")
    (give,) = activated.effects
    assert give.objects[0].filters == (fx.Filter("named_tag"),)
    assert give.modifications[0].amount == -2


def test_name_a_card_and_another_object_with_the_named_tag():
    (name, reveal) = _triggered("When I attack, name a card. Each opponent reveals their hand.")
    assert name.options == ("card",) and name.rules == ("760", "762")
    (kill,) = _activated("[1], [E]: Kill a gear with the named tag.", "gear").effects
    assert kill.objects[0].types == ("gear",) and kill.objects[0].filters == (fx.Filter("named_tag"),)


def test_choose_among_listed_tags_then_gain_that_tag():
    (ability,) = round_trip("As you play me, choose Bird, Cat, Dog, or Poro. I gain that tag.", "unit")
    choose, gain = ability.effects
    # a choice among tags: one of the tags listed (a tag selector), not free option words
    assert choose.action == "choose" and choose.objects == (fx.Selector("one_of", types=("tag",), tags=("Bird", "Cat", "Dog", "Poro")),)
    assert gain.action == "give" and gain.objects[0].reference == "self"
    assert gain.modifications == (fx.Modification("chosen_tag"),)
    assert render_card((ability,), "unit") == "As you play me, choose Bird, Cat, Dog, or Poro. I gain that tag."


def test_a_chosen_unit_gains_the_chosen_tag_this_turn():
    _choose, choose_tag, gain = _triggered("When you play me, choose a friendly unit. Choose Mech, Dragon, or Yordle. "
                                           "It gains that tag this turn.")
    assert choose_tag.objects[0].tags == ("Mech", "Dragon", "Yordle") and choose_tag.objects[0].types == ("tag",)
    assert gain.objects[0].reference == "it" and gain.duration == "this_turn"
    assert gain.objects[0].antecedent.types == ("unit",)        # the unit chosen, not the tag


def test_units_having_all_of_the_following_tags_among_them():
    (ability,) = round_trip("When I conquer or hold, score 1 point if your units have all of the following tags "
                            "among them — Bird, Cat, Dog, and Poro.", "unit")
    (conditional,) = ability.effects
    condition = conditional.condition
    assert condition.kind == "has_all_tags"
    assert condition.subject.types == ("unit",) and condition.subject.controller == "you"
    assert condition.object.tags == ("Bird", "Cat", "Dog", "Poro")
    assert conditional.effects[0].action == "score"


def test_all_of_three_tags_among_units_here():
    (conditional,) = _triggered("When I attack, draw 2 if friendly units here have all of the following tags among "
                                "them — Mech, Yordle, and Dragon.")
    assert conditional.condition.object.tags == ("Mech", "Yordle", "Dragon")
    assert conditional.condition.subject.location.kind == "here"


# ---- "[K][>] [>>][K2][>] ...": a keyworded ability nested in another (135.2.e.7) ------------------
def test_the_nested_arrow_opens_a_keyworded_ability_inside_a_level():
    (level,) = round_trip("[Level 6][>] [>>][Reaction][>] [E]: [Add] [1][A].", "gear")
    assert level.keyword.name == "Level" and level.keyword.value == 6
    ability = level.ability
    assert [k.name for k in ability.permissions] == ["Reaction"]
    (add,) = ability.effects
    assert add.energy == 1 and add.power == ("A",)
    same = compile_text("[Level 6][>] [Reaction][>] [E]: [Add] [1][A].", card_type="gear")
    from interpreter.render.renderer import without_spans
    assert without_spans(same) == without_spans((level,))


def test_a_nested_action_ability_with_an_energy_cost():
    (level,) = round_trip("[Level 3][>] [>>][Action][>] [1], [E]: Draw 1.", "gear")
    assert level.keyword.value == 3 and [k.name for k in level.ability.permissions] == ["Action"]
    assert level.ability.effects[0].action == "draw"


# ---- "that chooses it and no other friendly unit" (359) -------------------------------------
def test_counter_what_chooses_the_chosen_unit_and_no_other_friendly_unit():
    (spell,) = round_trip("Choose a friendly unit at a battlefield. Counter an enemy spell or ability that chooses it "
                          "and no other friendly unit.", "spell")
    choose, counter = spell.effects
    (target,) = counter.objects
    chooses, only = target.filters
    assert chooses.kind == "chooses" and chooses.of.reference == "it"
    assert chooses.of.antecedent == choose.objects[0]
    assert only.kind == "chooses_no_other" and only.of.types == ("unit",) and only.of.relation == "friendly"


def test_chooses_it_and_no_other_gear():
    (spell,) = round_trip("Choose an enemy gear. Counter a spell that chooses it and no other gear.", "spell")
    (target,) = spell.effects[1].objects
    assert target.types == ("spell",)
    assert target.filters[0].of.antecedent.types == ("gear",)
    assert target.filters[1] == fx.Filter("chooses_no_other", of=fx.Selector("all", types=("gear",)))


def test_that_chooses_it_alone_is_read_like_the_form_with_no_other():
    # one rule reads "that chooses ..." with or without "and no other": the pronoun is the object chosen before
    (spell,) = round_trip("Choose an enemy gear. Counter a spell that chooses it.", "spell")
    choose, counter = spell.effects
    (chooses,) = counter.objects[0].filters
    assert chooses.kind == "chooses" and chooses.of.reference == "it" and chooses.of.antecedent == choose.objects[0]
    from interpreter.engine.selectors import runs_selector
    assert not runs_selector(counter.objects[0])      # the chain keeps no targets: refused, not run as "any spell"


# ---- "the location of <object>", "the unit you exhausted to pay for this ability" ------------------
def test_move_to_the_location_of_the_unit_exhausted_to_pay_for_this_ability():
    ability = _activated("[Action][>] Exhaust a unit you control, [E]: Move a different unit you control to the "
                         "location of the unit you exhausted to pay for this ability.", "gear")
    (move,) = ability.effects
    assert move.action == "move" and move.objects[0].states == ("different",)
    assert move.place.kind == "location"
    paid = move.place.of
    assert paid.types == ("unit",) and paid.filters == (fx.Filter("paid_with", None, "exhausted_ability"),)


def test_the_location_of_a_pronoun_and_a_killed_payment():
    (spell,) = round_trip("Choose a friendly unit. Move an enemy unit to the location of it.", "spell")
    move = spell.effects[1]
    assert move.place.kind == "location" and move.place.of.reference == "it"
    assert move.place.of.antecedent.relation == "friendly"
    ability = _activated("Kill a friendly unit, [E]: Move an enemy unit to the location of the unit you killed to pay "
                         "for this ability.", "gear")
    assert ability.effects[0].place.of.filters[0].value == "killed_ability"


# ---- "Any amount of your damage is enough to kill enemy units" (142.4.c) ---------------------
def test_any_amount_of_your_damage_kills_enemy_units():
    statement = _statement("Any amount of your damage is enough to kill enemy units.")
    assert statement.kind == "lethal_any_damage" and "142.4.c" in statement.rules
    assert statement.holder.relation == "enemy" and statement.holder.types == ("unit",)
    assert statement.by.reference == "you"


def test_any_amount_of_my_damage_kills_stunned_units_here():
    statement = _statement("Any amount of my damage is enough to kill stunned enemy units here.")
    assert statement.by.reference == "self"
    assert statement.holder.states == ("stunned",) and statement.holder.location.kind == "here"


# ---- "As this is attached to a unit, copy that unit's text to this Equipment's effect text ..." (477.2) ----
def test_copy_the_attached_units_text_to_this_equipments_effect_text():
    (ability,) = round_trip("As this is attached to a unit, copy that unit's text to this Equipment's effect text for "
                            "as long as this is attached to it.", "gear")
    assert ability.trigger.event == "attach" and "as" in ability.trigger.qualifiers
    assert ability.trigger.object.types == ("unit",)
    (copy,) = ability.effects
    assert copy.action == "copy_text" and copy.duration == "while_attached"
    source, target = copy.objects
    assert source.reference == "that" and source.antecedent == ability.trigger.object
    assert target.reference == "self" and target.types == ("equipment",)
    assert copy.options == ("text", "effect_text")


def test_copy_its_rules_text_with_no_duration():
    (ability,) = round_trip("As this is attached to a friendly unit, copy its rules text to this gear's effect text.",
                            "gear")
    (copy,) = ability.effects
    assert copy.objects[0].reference == "it" and copy.objects[0].antecedent.relation == "friendly"
    assert copy.objects[1].types == ("gear",) and copy.duration is None
    assert copy.options == ("rules_text", "effect_text")


def test_the_participles_of_earlier_instructions_come_from_the_lexicon():
    # "the revealed cards" (np_premod) and "the cards you revealed" (the reduced relative's verbs, rel_verb) read
    # the participle of every action of the lexicon (_action_done), and the compiler finds the instruction behind
    # any of them: no list of verbs to keep in step
    import re

    from interpreter.compiler.objects import is_participle
    from interpreter.base.resources import grammar_dir
    from interpreter.language.lexicon import shipped_lexicon

    source = (grammar_dir() / "objects.lark").read_text(encoding="utf-8")
    assert "DONE_TO" not in source
    for name in ("np_premod", "rel_verb"):
        rule = re.search(rf"^!{name}:(.*?)(?=^\S)", source, re.M | re.S).group(1)
        assert "_action_done" in rule, name
    participles = [action.forms[2] for action in shipped_lexicon().actions.values() if action.forms]
    assert participles and all(map(is_participle, participles)) and not is_participle("ready")
