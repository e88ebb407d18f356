"""The general forms Hidden's definition (811.1.b) is written in, each on sentences of its own: a permission
"While ..., you may <discretionary action>" on a permanent (811.1.c), an "or" of places in a zone condition,
"hide me facedown at <place>" (421), a relative clause "that doesn't already have ... there", the duration
"for as long as ...", the lead "Beginning on the next turn, ..." and "this" as the card itself. Each test checks
the compiled values and that the canonical text compiles back."""
from __future__ import annotations

import pytest

from interpreter.base.diagnostics import InputError
from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import round_trips


def _passive(text: str, card_type: str = "unit"):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), text
    (ability,) = abilities
    assert isinstance(ability, fx.PassiveAbility)
    return ability.effects


# ---- "While ..., you may <action>": a permission (811.1.c) --------------------------------------------------
def test_while_you_may_play_me_is_a_permission_of_a_permanent():
    (lasting,) = _passive("While I'm in your trash, you may play me.")
    assert isinstance(lasting, fx.Conditional) and lasting.condition.kind == "is_at"
    assert lasting.condition.place.kind == "trash" and lasting.condition.place.owner == "you"
    (may,) = lasting.effects
    assert isinstance(may, fx.MayDo) and may.player.reference == "you"
    assert may.effect.action == "play" and may.effect.objects[0].reference == "self"


def test_a_permission_may_have_a_price():
    (lasting,) = _passive("While I'm in your trash, you may pay [A] to play me.")
    (may,) = lasting.effects
    assert isinstance(may.effect, fx.PayToDo) and may.effect.payment.action == "pay"
    assert [(c.kind, c.domain) for c in may.effect.payment.cost] == [("power", "A")]
    assert may.effect.result.action == "play"


def test_only_a_discretionary_action_is_allowed_so():
    # drawing is no Discretionary Action (410.1): a permanent's "While ..., you may draw 1" still needs an event
    with pytest.raises(InputError) as error:
        compile_text("While I'm at a battlefield, you may draw 1.", card_type="unit")
    assert error.value.diagnostic.code == "E010"


# ---- an "or" of places in a zone condition -----------------------------------------------------------------
def test_a_zone_condition_may_name_places_joined_by_or():
    (lasting,) = _passive("While I'm in your hand or in your trash, I have [Reaction].")
    where = lasting.condition.place
    assert lasting.condition.kind == "is_at" and lasting.condition.subject.reference == "self"
    assert (where.kind, where.owner) == ("hand", "you")
    assert [(other.kind, other.owner) for other in where.alternatives] == [("trash", "you")]
    (static,) = lasting.effects
    assert static.modifications[0].keyword.name == "Reaction"


def test_the_places_may_differ_in_preposition_and_kind():
    (lasting,) = _passive("If I'm in your base or at a battlefield, I have +1 [M].")
    where = lasting.condition.place
    assert (where.kind, where.owner) == ("base", "you")
    assert [(other.kind, other.qualifiers) for other in where.alternatives] == [("battlefield", ("a",))]


def test_this_card_in_either_zone_on_your_turn_keeps_the_times():
    (lasting,) = _passive("While this card is in your hand or in your Champion Zone on your turn, you may play me.")
    condition = lasting.condition
    assert condition.subject.reference == "self"
    assert [p.kind for p in (condition.place, *condition.place.alternatives)] == ["hand", "champion_zone"]
    assert condition.also.kind == "turn" and condition.also.value == "you"


# ---- "hide me facedown at <place>": an action of the lexicon with a status and a place (421.1) ------------------
def _triggered(text: str, card_type: str = "unit"):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), text
    (ability,) = abilities
    return ability.effects


def test_hide_me_facedown_at_a_battlefield_you_control():
    (hide,) = _triggered("When you play me, hide me facedown at a battlefield you control.")
    assert hide.action == "hide" and "421" in hide.rules and "124.2" in hide.rules
    assert hide.objects[0].reference == "self" and hide.options == ("facedown",)
    assert (hide.place.kind, hide.place.qualifiers) == ("battlefield", ("a", "you_control"))


def test_hiding_without_a_place_is_still_the_plain_action():
    (hide,) = _triggered("When you play me, hide a unit.")
    assert hide.action == "hide" and hide.place is None and hide.options == ()
    assert hide.objects[0].types == ("unit",)


def test_the_status_must_follow_an_action_that_takes_an_object():
    # "burn" takes a count (440.2): a status and a place after an object are refused at its words
    with pytest.raises(InputError) as error:
        compile_text("When you play me, burn me facedown at a battlefield.", card_type="unit")
    assert "takes a number" in error.value.diagnostic.message


# ---- "that doesn't already have <object> <participle> there": a relative clause on a place -------------------
def test_the_place_an_action_puts_its_object_at_may_take_a_relative_clause():
    # "healed there": the participle of any action of the lexicon the grammar spells no phrase with (421.1 for hide)
    (hide,) = _triggered("When you play me, hide me facedown at a battlefield that doesn't already have a unit "
                         "healed there.")
    lacking = hide.place.where
    assert hide.place.kind == "battlefield"
    assert (lacking.kind, lacking.negated, lacking.already, lacking.subject) == ("exists", True, True, None)
    healed = lacking.object
    assert healed.types == ("unit",) and healed.location.kind == "there"
    assert [(f.kind, f.value) for f in healed.filters] == [("done_there", "healed")]


def test_hide_me_at_a_battlefield_with_no_card_hidden_there_yet():
    (hide,) = _triggered("When you play me, hide me facedown at a battlefield you control that doesn't already "
                         "have a facedown card hidden there.")
    assert hide.place.qualifiers == ("a", "you_control")
    card = hide.place.where.object
    assert hide.place.where.negated and hide.place.where.already
    assert card.states == ("facedown",) and card.location.kind == "there"


# ---- "for as long as <condition>": how long an action's result lasts ------------------------------------------
def test_for_as_long_as_after_an_action():
    (stun,) = _triggered("When you play me, stun an enemy unit for as long as you control a Mech.")
    assert stun.action == "stun" and stun.lasts_while.kind == "controls"
    assert stun.lasts_while.subject.reference == "you" and stun.lasts_while.object.tags == ("Mech",)


def test_for_as_long_as_after_a_paid_action_names_its_place_back():
    (lasting,) = _passive("While I'm in your trash, you may pay [A] to hide me facedown at a battlefield you control "
                          "for as long as you control that battlefield.")
    (may,) = lasting.effects
    hide = may.effect.result
    assert may.effect.payment.action == "pay" and hide.action == "hide" and hide.options == ("facedown",)
    held = hide.lasts_while
    assert held.kind == "controls" and held.subject.reference == "you"
    assert held.object.types == ("battlefield",) and held.object.reference == "that"   # the one it is hidden at


def test_an_action_that_lasts_is_a_gap_of_the_runtime():
    from interpreter.engine.runs import first_gap
    abilities = compile_text("When you play me, stun an enemy unit for as long as you control a Mech.", card_type="unit")
    assert "for as long as" in first_gap(abilities)


# ---- "Beginning on the next turn, ...": a delayed start --------------------------------------------------------
def test_beginning_on_the_next_turn_statements_hold_from_then_on():
    (later,) = _passive("Beginning on the next turn, this gains [Reaction] and you may play this, ignoring its "
                        "base cost.")
    assert isinstance(later, fx.Delayed) and later.when == "beginning" and "390.2" in later.rules
    assert (later.trigger.event, later.trigger.subject) == ("start_of_turn", "next")
    gains, play = later.effects
    assert isinstance(gains, fx.StaticEffect) and gains.holder.reference == "self"    # "gains": from then on
    assert isinstance(play, fx.MayDo) and play.effect.options == ("ignore_cost",)


def test_beginning_on_your_next_turn():
    (later,) = _passive("Beginning on your next turn, I have [Reaction].", card_type="gear")
    assert later.trigger.subject == "you_next"
    (has,) = later.effects
    assert has.kind == "modify" and has.modifications[0].keyword.name == "Reaction"


def test_beginning_later_inside_a_triggered_ability():
    (later,) = _triggered("When you play me, beginning on the next turn, I gain [Reaction].")
    assert isinstance(later, fx.Delayed) and later.when == "beginning"
    assert later.effects[0].kind == "modify"


# ---- "this" is the card itself, as "me" and "this card" are ----------------------------------------------------
def test_this_this_card_and_me_mean_the_same_card():
    from interpreter.render.renderer import without_spans
    texts = ("While this card is in your trash, you may play this.", "While this is in your trash, you may play me.",
             "While I'm in your trash, you may play me.")
    meanings = {without_spans(compile_text(text, card_type="unit")) for text in texts}
    assert len(meanings) == 1
