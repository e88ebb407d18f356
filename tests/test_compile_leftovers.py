"""The last Origins, Spiritforged and Unleashed wordings, and the typos of real card data the reader
copes with (each reported by a lint rule). Each test checks the compiled values, with the card's own
sentence and a varied one, and that the canonical text compiles back to the same effects."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.base.diagnostics import InputError
from interpreter.language.parse import tolerate_typos
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips, without_spans


def _same_meaning(text: str, clean: str, card_type: str) -> None:
    """``text`` compiles to the effects of ``clean``, the wording without the typo."""
    typed = compile_text(text, card_type=card_type)
    assert without_spans(typed) == without_spans(compile_text(clean, card_type=card_type))
    assert round_trips(typed, card_type)


# ---- typos of real data: each keeps the text's length, so spans point into the source ----------

@pytest.mark.parametrize("text, clean", [
    ("When you conquer here, draw 1 for each other battlefield you or allies control..",
     "When you conquer here, draw 1 for each other battlefield you or allies control."),
    ("Draw 2. . Discard 1.", "Draw 2. Discard 1."),
])
def test_a_doubled_period_ends_one_sentence(text, clean):
    _same_meaning(text, clean, "battlefield")
    assert len(tolerate_typos(text)) == len(text)


@pytest.mark.parametrize("text, clean", [
    ("[E]: Play two [1] [M] Bird unit tokens with [Deflect].", "[E]: Play two 1 [M] Bird unit tokens with [Deflect]."),
    ("When you play me, play a [3] [M] Sprite unit token.", "When you play me, play a 3 [M] Sprite unit token."),
])
def test_an_energy_symbol_before_might_reads_as_the_number(text, clean):
    _same_meaning(text, clean, "unit")
    (ability,) = compile_text(text, card_type="unit")
    assert ability.effects[0].token.might == int(clean.split(" [M]")[0].split()[-1])


@pytest.mark.parametrize("text, clean", [
    ("[Level 6][>] I have +1 [M]. (While you have 6+ XP, get the effect.)ambush",
     "[Level 6][>] I have +1 [M]. (While you have 6+ XP, get the effect.)"),
    ("[Hunt] (When I conquer or hold, gain 1 XP.)shield\nDraw 1.", "[Hunt] (When I conquer or hold, gain 1 XP.)\nDraw 1."),
])
def test_a_word_glued_to_reminder_text_at_the_end_of_a_line_is_skipped(text, clean):
    _same_meaning(text, clean, "unit")


def test_the_tolerances_are_narrow():
    assert tolerate_typos("(Wait...) Draw 1.") == "(Wait...) Draw 1."      # inside reminder text
    assert tolerate_typos("Add [1] [A].") == "Add [1] [A]."                # an energy symbol before power
    with pytest.raises(InputError):
        compile_text("Draw 1 (reminder)ambush Draw 1.", card_type="spell")  # a glued word inside a line


# ---- "While ..., <instruction> at the end of your turn" on a permanent (383.1.a, 383.2.a.1) -----

@pytest.mark.parametrize("text, trigger_first", [
    ("While I'm at a battlefield, ready 4 friendly runes at the end of your turn.",
     "At the end of your turn, if I'm at a battlefield, ready 4 friendly runes."),
    ("While you control a Mech, draw 2 at the end of your turn.",
     "At the end of your turn, if you control a Mech, draw 2."),
])
def test_a_lasting_condition_over_an_end_of_your_turn_instruction_is_a_trigger(text, trigger_first):
    (ability,) = compile_text(text, card_type="unit")
    assert isinstance(ability, fx.TriggeredAbility)
    assert (ability.trigger.event, ability.trigger.subject) == ("end_of_turn", "you")
    (conditional,) = ability.effects
    assert isinstance(conditional, fx.Conditional) and conditional.effects[0].action in ("ready", "draw")
    assert without_spans(compile_text(trigger_first, card_type="unit")) == without_spans((ability,))
    assert round_trips((ability,), "unit")


def test_a_lasting_condition_over_an_instruction_at_the_end_of_this_turn_is_still_refused():
    with pytest.raises(InputError, match="over an instruction"):
        compile_text("While you control a Mech, draw 1 at the end of this turn.", card_type="unit")


# ---- a permission on a permanent: "You may hide an additional card here" (364, 811.1.b) ------------

@pytest.mark.parametrize("text, holder, where", [
    ("You may hide an additional card here.", "you", "here"),
    ("Each opponent can hide an additional card there.", None, "there"),
])
def test_hiding_an_additional_card_is_a_passive_permission(text, holder, where):
    (ability,) = compile_text(text, card_type="battlefield")
    assert isinstance(ability, fx.PassiveAbility)
    (static,) = ability.effects
    assert (static.kind, static.value) == ("hide_permission", "additional")
    assert static.holder.reference == holder
    assert static.by.types == ("card",) and static.by.quantity == "one" and static.by.location.kind == where
    assert round_trips((ability,), "battlefield")
    assert render_card((ability,), "battlefield") == text.replace(" can ", " may ")


# ---- "the <participle> <noun>": the objects an earlier instruction of that verb acted on ----------

def test_the_revealed_cards_are_the_cards_the_reveal_named_not_the_last_object():
    (ability,) = compile_text("When I defend, choose an enemy unit here and reveal the top 5 cards of your Main Deck. "
                              "Deal 1 to that unit for each card with [Hidden] revealed this way, then recycle the "
                              "revealed cards.", card_type="unit")
    choose, reveal, deal, recycle = ability.effects
    (cards,) = recycle.objects
    assert (cards.reference, cards.quantity, cards.states, cards.types) == ("that", "all", ("revealed",), ("card",))
    assert cards.antecedent == reveal.objects[0] and reveal.objects[0].count == 5
    assert deal.objects[0].antecedent == choose.objects[0]
    assert round_trips((ability,), "unit")
    assert render_card((ability,), "unit").endswith("Recycle the revealed cards.")


def test_the_killed_unit_names_the_unit_killed_before():
    (ability,) = compile_text("Kill a friendly gear and banish an enemy unit. Return the banished unit to its "
                              "owner's hand.", card_type="spell")
    kill, banish, back = ability.effects
    (unit,) = back.objects
    assert unit.antecedent == banish.objects[0] and unit.quantity == "the" and unit.states == ("banished",)
    assert round_trips((ability,), "spell")


def test_a_lead_names_what_an_earlier_sentence_played_not_its_own_body():
    (ability,) = compile_text("When I attack, you may reveal the top 2 cards of your Main Deck. You may play one. "
                              "Then recycle the rest. If the played card is a unit, you may play it here.",
                              card_type="unit")
    played = ability.effects[1].effect.objects[0]
    conditional = ability.effects[-1]
    assert conditional.condition.kind == "is_a"
    subject = conditional.condition.subject
    assert subject.states == ("played",) and subject.antecedent == played and subject.reference == "that"
    assert round_trips((ability,), "unit")


def test_a_participle_with_nothing_done_before_is_refused():
    with pytest.raises(InputError, match="nothing was discarded before"):
        compile_text("Recycle the discarded cards.", card_type="spell")
    # a participle that is a status of the rules data (124.2: Revealed) names the cards in that status
    (recycle,) = compile_text("Recycle the revealed cards.", card_type="spell")[0].effects
    assert (recycle.objects[0].states, recycle.objects[0].antecedent) == (("revealed",), None)


# ---- "with Might up to N more than <object>" (143) --------------------------------------------------

@pytest.mark.parametrize("text, number, antecedent_types", [
    ("[1][Y], [E]: Kill a friendly unit. Look at the top 5 cards of your Main Deck. You may banish a unit from "
     "among them that has Might up to 1 more than the killed unit and play it, ignoring its cost. Then recycle "
     "the rest.", 1, ("unit",)),
    ("[E]: Recycle a friendly unit. Return a unit with Might up to 3 more than the recycled unit from your trash "
     "to your hand.", 3, ("unit",)),
])
def test_might_up_to_more_than_an_object_bounds_might_by_that_objects(text, number, antecedent_types):
    (ability,) = compile_text(text, card_type="gear")
    first = ability.effects[0]
    chosen = next(e for e in ability.effects if isinstance(e, (fx.MayDo, fx.GameAction)) and e is not first
                  and any(f.kind == "might_up_to_more_than"
                          for f in (e.effect if isinstance(e, fx.MayDo) else e).objects[0].filters))
    action = chosen.effect if isinstance(chosen, fx.MayDo) else chosen
    (bound,) = [f for f in action.objects[0].filters if f.kind == "might_up_to_more_than"]
    assert (bound.op, bound.value) == ("<=", number)
    assert bound.of.reference == "that" and bound.of.antecedent == first.objects[0]
    assert bound.of.antecedent.types == antecedent_types
    assert round_trips((ability,), "gear")


def test_the_runtime_reads_a_might_bound_from_the_killed_unit():
    # its Might as it last was on the board (359.3.e.12): tests/scenarios/selectors/killed_might.yaml
    from interpreter.engine.selectors import runs_selector
    (ability,) = compile_text("[E]: Kill a friendly unit. Banish a unit with Might up to 1 more than the killed unit.",
                              card_type="gear")
    assert runs_selector(ability.effects[1].objects[0])


# ---- "Reduce its Energy cost by <measure>" and "the unit you recycled" (356.4) ------------------------

@pytest.mark.parametrize("text, verb", [
    ("When I conquer, you may recycle another friendly unit to play a Mech from your trash. Reduce its Energy cost "
     "by the Might of the unit you recycled.", "recycle"),
    ("[E]: Kill a friendly unit to play a Dragon from your hand. Reduce its Energy cost by the Might of the unit "
     "you killed.", "kill"),
])
def test_a_cost_reduced_by_the_might_of_the_object_an_earlier_instruction_acted_on(text, verb):
    from interpreter.compiler.play_changes import _play_in
    (ability,) = compile_text(text, card_type="unit")
    reduce = _play_in(ability.effects[-1])      # the reduction belongs to the play it follows (356.4)
    assert (reduce.action, reduce.options, reduce.cost) == ("play", ("reduce_cost", "energy"), ())
    (played,) = reduce.objects
    assert played.zone.kind in ("trash", "hand")
    measure = reduce.amount.measure
    assert (reduce.amount.kind, measure.kind) == ("equal", "might")
    assert measure.of.reference == "that" and measure.of.states == (verb + "ed" if verb == "kill" else "recycled",)
    assert measure.of.antecedent.relation == "friendly" and measure.of.antecedent.types == ("unit",)
    assert round_trips((ability,), "unit")


def test_the_unit_you_recycled_is_the_recycled_unit():
    said = compile_text("Recycle a friendly unit. Deal damage equal to the Might of the unit you recycled to an "
                        "enemy unit.", card_type="spell")
    other = compile_text("Recycle a friendly unit. Deal damage equal to the Might of the recycled unit to an "
                         "enemy unit.", card_type="spell")
    assert without_spans(said) == without_spans(other)


# ---- "that hasn't been chosen for this spell" (355.5) -----------------------------------------------

@pytest.mark.parametrize("text, card_type, source", [
    ("Starting with the next player, each other player chooses a unit you don't control that hasn't been chosen "
     "for this spell. Kill those units.", "spell", "this_spell"),
    ("[E]: Each player chooses a gear that has not been chosen for this ability. Exhaust those gear.", "unit",
     "this_ability"),
])
def test_an_object_not_chosen_before_for_this_spell_or_ability(text, card_type, source):
    (ability,) = compile_text(text, card_type=card_type)
    *_, last = ability.effects
    (those,) = last.objects
    chosen = those.antecedent
    assert those.reference == "that" and chosen.quantity == "one"
    assert fx.Filter("chosen_for", "!=", source) in chosen.filters
    assert round_trips((ability,), card_type)


def test_the_runtime_refuses_a_choice_that_depends_on_earlier_choices():
    from interpreter.engine.selectors import runs_selector
    (ability,) = compile_text("Each player chooses a unit that hasn't been chosen for this spell.", card_type="spell")
    assert not runs_selector(ability.effects[0].objects[0])


# ---- "I have all [E] abilities of <listed types>" (477.2) ------------------------------------------

@pytest.mark.parametrize("text, which, types, relation, applied", [
    ("I have all [E] abilities of all friendly legends, units, and gear.", ("exhaust_abilities", None),
     ("legend", "unit", "gear"), "friendly", True),           # engine/gained_abilities.py
    ("Friendly units have all [Deathknell] abilities of all enemy units and gear.", ("abilities", "Deathknell"),
     ("unit", "gear"), "enemy", False),
])
def test_having_the_abilities_of_other_objects(text, which, types, relation, applied):
    from interpreter.engine.layer_sources import passive_runs
    (ability,) = compile_text(text, card_type="unit")
    (static,) = ability.effects
    (gained,) = static.modifications
    assert (static.kind, gained.kind, (gained.measure.kind, gained.measure.keyword)) == ("modify", "abilities", which)
    assert gained.measure.of.types == types and gained.measure.of.relation == relation
    assert round_trips((ability,), "unit")
    assert render_card((ability,), "unit").endswith(text.split(" have ")[-1])
    assert passive_runs(ability) == applied       # only activated [E] abilities are copied yet


# ---- "you've chosen <listed types> <times> this turn with <sources>" (355.6) ------------------------

@pytest.mark.parametrize("text, types, relation, times, sources", [
    ("[E]: [Reaction] — Draw 1. Use only if you've chosen enemy units and/or gear twice this turn with spells or "
     "unit abilities.", ("unit", "gear"), "enemy", 2, ("spell", "unit_ability")),
    ("[E]: Channel 1 rune. Use only if you've chosen friendly units 3 times this turn with spells.", ("unit",),
     "friendly", 3, ("spell",)),
])
def test_a_restriction_on_how_often_you_chose_objects_this_turn(text, types, relation, times, sources):
    (ability,) = compile_text(text, card_type="legend")
    restriction = ability.restrictions[-1]          # checked before the ability is activated (377)
    condition = restriction.condition
    assert (restriction.kind, condition.kind, condition.value) == ("only_if", "chose_this_turn", times)
    assert condition.subject.reference == "you"
    assert condition.object.types == types and condition.object.relation == relation
    assert condition.object.filters == (fx.Filter("source", "in", values=sources),)
    assert round_trips((ability,), "legend")
