"""Conditions read late: states held at a place ("is alone here"), "there's ... alone at ...", what was spent
or played, "during" a phase, past states ("had"), exact counts, total Might, "where" places, and trailing
"while" on a passive. Each test checks the compiled values and that the canonical text compiles back."""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text

from conftest import canonical


def _conditional(text: str, card_type: str) -> fx.Conditional:
    """The first Conditional of the last ability, looking inside triggered and spell abilities."""
    (*_, ability) = compile_text(text, card_type=card_type)
    from interpreter.compiler.standing import as_conditional
    stack = list(as_conditional(ability)) if isinstance(ability, fx.ReplacementAbility) else [ability]
    while stack:
        effect = stack.pop(0)
        if isinstance(effect, fx.Conditional):
            return effect
        stack.extend(getattr(effect, "effects", ()) or ())
    raise AssertionError(f"no Conditional in {ability!r}")


# ---- a state held at a place (740.2.a) -------------------------------------------------------------
def test_a_unit_alone_here_is_a_state_at_a_place():
    text = "When I attack or defend, if an enemy unit is alone here, give me +2 [M] this turn and gain 2 XP."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "is" and condition.value == "alone"
    assert condition.subject.relation == "enemy" and condition.subject.types == ("unit",)
    assert condition.place == fx.Place("here")
    assert "if an enemy unit is alone here," in canonical(text, "unit")


def test_other_states_and_places_read_the_same_way():
    condition = _conditional("If a friendly unit is damaged at a battlefield, draw 2.", "spell").condition
    assert condition.kind == "is" and condition.value == "damaged"
    assert condition.subject.relation == "friendly"
    assert condition.place.kind == "battlefield"
    assert "is damaged at a battlefield" in canonical("If a friendly unit is damaged at a battlefield, draw 2.", "spell")


def test_there_is_a_unit_alone_at_a_place_is_the_same_test():
    text = "Move an enemy unit from a battlefield to its base. Then, if there's an enemy unit alone at that battlefield, draw 1."
    condition = _conditional(text, "spell").condition
    assert condition.kind == "is" and condition.value == "alone"
    assert condition.subject.relation == "enemy"
    assert condition.place.kind == "battlefield" and condition.place.qualifiers == ("that",)
    varied = _conditional("If there's a friendly Mech alone at your base, channel 1 rune.", "spell").condition
    assert varied.subject.tags == ("Mech",) or varied.subject.names == ("Mech",)
    assert varied.place.kind == "base" and varied.place.owner == "you"
    canonical(text, "spell")


# ---- what the play cost and how it was made (357.1, 354.1, 355.2) -----------------------------------
def test_spent_on_the_play_is_the_amount_paid_as_printed():
    text = "When you play a spell, if you spent [4] or more, ready me."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "spent" and condition.cost == (fx.Cost("energy", 4),)
    assert condition.subject.reference == "you"
    varied = _conditional("When you play a unit, if you spent [2][A] or more, draw 2.", "gear").condition
    assert varied.kind == "spent" and varied.cost == (fx.Cost("energy", 2), fx.Cost("power", 1, "A"))
    assert "if you spent [4] or more, ready me" in canonical(text, "unit")


def test_played_from_a_zone_names_the_card_and_the_zone():
    text = "Stun a unit. If you played this from your hand, draw 1."
    condition = _conditional(text, "spell").condition
    assert condition.kind == "played" and condition.object.reference == "self"
    assert condition.object.zone.kind == "hand" and condition.object.zone.owner == "you"
    varied = _conditional("Draw 2. If you played this from your trash, channel 1 rune.", "spell").condition
    assert varied.object.zone.kind == "trash"
    assert "If you played this from your hand, draw 1." in canonical(text, "spell")


def test_play_to_a_place_is_the_location_chosen_as_it_is_played():
    text = "If you play me to a battlefield, I enter ready."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "play" and condition.object.reference == "self"
    assert condition.place.kind == "battlefield"
    varied = _conditional("If you play me to your base, I enter exhausted.", "unit").condition
    assert varied.place == fx.Place("base", "you")
    assert canonical(text, "unit").startswith("If you play me to a battlefield, I enter ready.")


# ---- "banished with me", "during ..." ----------------------------------------------------------------
def test_cards_banished_with_me_are_a_filter_on_the_source():
    text = "If there are two spells banished with me, draw 1."
    condition = _conditional(text, "legend").condition
    assert condition.kind == "exists"
    assert condition.object.count == 2 and condition.object.types == ("spell",)
    assert fx.Filter("banished_with", "==", "self") in condition.object.filters
    assert "banished with me" in canonical(text, "legend")


def test_during_names_the_part_of_the_turn_an_event_is_in():
    text = "If a friendly unit died during your Beginning Phase this turn, I enter ready."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "died" and (condition.duration, condition.during, condition.whose) == ("this_turn", "beginning", "you")
    assert canonical(text, "unit") == text
    would = _conditional("If a unit here would die during combat, draw 1 instead.", "battlefield").condition
    assert would.kind == "would_die" and would.during == "combat" and would.value is None
    assert would.subject.location == fx.Place("here")
    showdown = _conditional("If an enemy unit would die during a showdown, recall it instead.", "gear").condition
    assert (showdown.during, showdown.whose, showdown.value) == ("showdown", None, None)
    assert "would die during a showdown" in canonical(
        "If an enemy unit would die during a showdown, recall it instead.", "gear")


# ---- "didn't <verb>", "had ...", total Might, exact counts -----------------------------------------
def test_an_event_that_did_not_happen_this_turn():
    text = "At the end of your turn, if I didn't conquer this turn, unattach this and deal 4 to me."
    conditional = _conditional(text, "gear")
    condition = conditional.condition
    assert condition.kind == "did_conquer" and condition.negated and condition.duration == "this_turn"
    assert condition.subject.reference == "self"
    assert [e.action for e in conditional.effects] == ["detach", "deal"]
    varied = _conditional("At the end of your turn, if you didn't attack this turn, draw 1.", "unit").condition
    assert varied.kind == "did_attack" and varied.subject.reference == "you"
    died = _conditional("If a friendly unit didn't die this turn, draw 1.", "spell").condition
    assert died.kind == "died" and died.negated and died.duration == "this_turn"
    assert "didn't conquer this turn, detach this" in canonical(text, "gear")


def test_had_tests_the_object_as_it_last_was():
    text = "Kill a unit at a battlefield. Then, if it had 3 [M] or less, you may play this from your trash for [A]."
    condition = _conditional(text, "spell").condition
    assert condition.kind == "with" and condition.past
    assert condition.object.filters == (fx.Filter("might", "<=", 3),)
    varied = _conditional("Kill a unit. If it had [Tank], draw 2.", "spell").condition
    assert varied.object.filters == (fx.Filter("keyword", None, "Tank"),)
    assert "If it had [Tank], draw 2." in canonical("Kill a unit. If it had [Tank], draw 2.", "spell")
    assert "If it had 3 [M] or less, you may play this from your trash for [A]." in canonical(text, "spell")


def test_total_might_of_a_group_is_compared():
    text = "When you play me, draw 1 if your other units have total Might 5 or more."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "with" and not condition.past
    assert condition.object.filters == (fx.Filter("total_might", ">=", 5),)
    assert condition.subject.other and condition.subject.controller == "you"
    varied = _conditional("If enemy units here have total Might 4 or less, channel 1 rune.", "spell").condition
    assert varied.object.filters == (fx.Filter("total_might", "<=", 4),)
    assert varied.subject.relation == "enemy"
    assert "if your other units have total Might 5 or more, draw 1" in canonical(text, "unit")


def test_exactly_a_number_and_a_second_object_of_the_same_verb():
    text = ("At the start of your Beginning Phase, if you have exactly 4 cards in hand and exactly 4 units at "
            "battlefields, you win the game.")
    condition = _conditional(text, "gear").condition
    assert condition.kind == "has" and condition.object.quantity == "exactly" and condition.object.count == 4
    assert condition.object.types == ("card",)
    assert condition.also.kind == "has" and condition.also.object.types == ("unit",)
    assert condition.also.object.quantity == "exactly" and condition.also.subject.reference == "you"
    varied = _conditional("If you control exactly two gear and a Mech, draw 1.", "spell").condition
    assert varied.kind == "controls" and varied.object.count == 2 and varied.object.quantity == "exactly"
    assert varied.also.kind == "controls" and varied.also.object.quantity == "one"
    assert "you have exactly 4 units at battlefields" in canonical(text, "gear")


# ---- a trailing "while" on a passive (364.3.a) -------------------------------------------------------
def test_a_passive_with_a_trailing_while_is_a_conditional_passive():
    text = "I have +2 [M] while I'm attacking with another unit."
    (ability,) = compile_text(text, card_type="unit")
    assert isinstance(ability, fx.PassiveAbility)
    (conditional,) = ability.effects
    assert conditional.rules == ("364",)
    assert conditional.condition.kind == "is" and conditional.condition.value == "attacking"
    assert conditional.condition.object.other and conditional.condition.object.types == ("unit",)
    assert conditional.effects[0].modifications[0].amount == 2
    varied = _conditional("Friendly units have [Assault] while I'm defending with a Mech.", "unit")
    assert varied.condition.value == "defending" and varied.effects[0].modifications[0].kind == "keyword"
    assert canonical(text, "unit") == "While I'm attacking with another unit, I have +2 [M]."


# ---- "where ..." after a place or an object ---------------------------------------------------------
def _first_action(text: str, card_type: str) -> fx.GameAction:
    (*_, ability) = compile_text(text, card_type=card_type)
    return next(e for e in ability.effects if isinstance(e, fx.GameAction))


def test_a_place_where_there_is_an_object_carries_the_condition():
    text = "Move an enemy unit to a location where there's a unit with the same controller."
    move = _first_action(text, "spell")
    assert move.action == "move" and move.place.kind == "location"
    assert move.place.where.kind == "exists"
    assert move.place.where.object.filters == (fx.Filter("same_controller"),)
    varied = _first_action("Move a friendly unit to a battlefield where there are two enemy units.", "spell")
    assert varied.place.where.object.count == 2 and varied.place.where.object.relation == "enemy"
    assert "to a battlefield where there are two enemy units" in canonical(
        "Move a friendly unit to a battlefield where there are two enemy units.", "spell")
    assert "to a location where there is a unit with the same controller" in canonical(text, "spell")


def test_a_play_permission_to_a_place_where_a_player_has_objects():
    text = "I can be played to a battlefield where there are enemy units."
    (ability,) = compile_text(text, card_type="unit")
    (static,) = ability.effects
    assert static.kind == "play_permission" and static.place.kind == "battlefield"
    assert static.place.where.kind == "exists" and static.place.where.object.relation == "enemy"
    (theirs,) = compile_text("Friendly Mechs can be played to a battlefield where an opponent controls a unit.",
                             card_type="unit")
    where = theirs.effects[0].place.where
    assert where.kind == "controls" and where.subject.types == ("opponent",) and where.object.types == ("unit",)
    assert "where an opponent controls a unit" in canonical(
        "Friendly Mechs can be played to a battlefield where an opponent controls a unit.", "unit")
    (mine,) = compile_text("I can be played to a battlefield where you control a Mech.", card_type="unit")
    where = mine.effects[0].place.where
    assert where.kind == "controls" and where.subject.reference == "you" and where.object.quantity == "one"
    assert canonical(text, "unit") == text


def test_an_object_where_a_player_has_units_is_a_filter():
    text = "Choose a battlefield where you have units. You may move up to one enemy unit to that battlefield."
    choose = _first_action(text, "spell")
    (chosen,) = choose.objects
    assert chosen.types == ("battlefield",)
    (test,) = chosen.filters
    assert test.kind == "where" and test.condition.kind == "has"
    assert test.condition.subject.reference == "you" and test.condition.object.types == ("unit",)
    varied = _first_action("Choose a battlefield where they control two gear.", "spell").objects[0].filters[0]
    assert varied.condition.kind == "controls" and varied.condition.object.count == 2
    assert "Choose a battlefield where you have units." in canonical(text, "spell")


# ---- "While ..., when ..., ...": a triggered ability that exists only while a condition holds -------------
def test_a_triggered_ability_under_while_is_a_conditional_passive():
    text = "While you control this battlefield, when you play a spell, if you spent [4] or more, [Predict]."
    (ability,) = compile_text(text, card_type="battlefield")
    assert isinstance(ability, fx.PassiveAbility) and ability.rules == ("364",)
    (conditional,) = ability.effects
    assert conditional.rules == ("364",) and conditional.condition.kind == "controls"
    assert conditional.condition.object.reference == "self"
    (triggered,) = conditional.effects
    assert isinstance(triggered, fx.TriggeredAbility) and triggered.trigger.event == "play"
    assert triggered.effects[0].condition.kind == "spent"
    varied = "While I'm at a battlefield, when a friendly unit dies, draw 1."
    (other,) = compile_text(varied, card_type="unit")
    assert other.effects[0].condition.kind == "is_at"
    assert other.effects[0].effects[0].trigger.event == "die"
    assert canonical(text, "battlefield") == text
    assert canonical(varied, "unit") == varied


# ---- "at least one of them", "has [Keyword]", "each" standing alone, "the other's location" ---------------
def test_at_least_one_of_them_has_a_keyword_then_each_moves_to_the_others_location():
    text = ("Choose a unit you control and another unit you control at a different location. If at least one of "
            "them has [Temporary], move each to the other's location. Draw 1.")
    conditional = _conditional(text, "spell")
    condition = conditional.condition
    assert condition.kind == "with" and condition.object.filters == (fx.Filter("keyword", None, "Temporary"),)
    assert condition.subject.quantity == "one_or_more" and condition.subject.count == 1
    assert condition.subject.reference == "them"
    (move,) = conditional.effects
    assert move.action == "move" and move.objects[0].quantity == "each" and move.objects[0].reference == "them"
    assert move.place == fx.Place("location", "the_others")
    varied = _conditional("Choose two friendly units. If at least one of them has [Shield], ready each.", "spell")
    assert varied.condition.object.filters[0].value == "Shield"
    assert canonical(text, "spell") == text


def test_each_put_in_a_zone():
    text = "If there are four spells banished with me, put each in its trash, channel 4 runes, and draw 1."
    conditional = _conditional(text, "legend")
    put = conditional.effects[0]
    assert put.action == "put" and put.objects[0].quantity == "each"
    assert put.objects[0].antecedent.count == 4 and put.objects[0].antecedent.types == ("spell",)
    assert put.place == fx.Place("trash", "its")
    varied = _conditional("If there are two cards in your trash, put each into your hand.", "spell").effects[0]
    assert varied.place == fx.Place("hand", "you")
    assert "put each into its trash, then channel 4 runes, then draw 1" in canonical(text, "legend")
