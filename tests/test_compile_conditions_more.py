"""Conditions read late: states held at a place ("is alone here"), "there's ... alone at ...", what was spent
or played, "during" a phase, past states ("had"), exact counts, total Might, "where" places, and trailing
"while" on a passive. Each test checks the compiled values and that the canonical text compiles back."""
from __future__ import annotations

from interpreter import effects as fx
from interpreter.pipeline import compile_text
from interpreter.render import render_card, round_trips


def _conditional(text: str, card_type: str) -> fx.Conditional:
    """The first Conditional of the last ability, looking inside triggered and spell abilities."""
    (*_, ability) = compile_text(text, card_type=card_type)
    stack = [ability]
    while stack:
        effect = stack.pop(0)
        if isinstance(effect, fx.Conditional):
            return effect
        stack.extend(getattr(effect, "effects", ()) or ())
    raise AssertionError(f"no Conditional in {ability!r}")


def _round_trips(text: str, card_type: str) -> str:
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type)
    return render_card(abilities, card_type)


# ---- a state held at a place (740.2.a) -------------------------------------------------------------
def test_a_unit_alone_here_is_a_state_at_a_place():
    text = "When I attack or defend, if an enemy unit is alone here, give me +2 [M] this turn and gain 2 XP."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "is" and condition.value == "alone"
    assert condition.subject.relation == "enemy" and condition.subject.types == ("unit",)
    assert condition.place == fx.Place("here")
    assert "if an enemy unit is alone here," in _round_trips(text, "unit")


def test_other_states_and_places_read_the_same_way():
    condition = _conditional("If a friendly unit is damaged at a battlefield, draw 2.", "spell").condition
    assert condition.kind == "is" and condition.value == "damaged"
    assert condition.subject.relation == "friendly"
    assert condition.place.kind == "battlefield"
    assert "is damaged at a battlefield" in _round_trips("If a friendly unit is damaged at a battlefield, draw 2.", "spell")


def test_there_is_a_unit_alone_at_a_place_is_the_same_test():
    text = "Move an enemy unit from a battlefield to its base. Then, if there's an enemy unit alone at that battlefield, draw 1."
    condition = _conditional(text, "spell").condition
    assert condition.kind == "is" and condition.value == "alone"
    assert condition.subject.relation == "enemy"
    assert condition.place.kind == "battlefield" and condition.place.qualifiers == ("that",)
    varied = _conditional("If there's a friendly Mech alone at your base, channel 1 rune.", "spell").condition
    assert varied.subject.tags == ("Mech",) or varied.subject.names == ("Mech",)
    assert varied.place.kind == "base" and varied.place.owner == "you"
    _round_trips(text, "spell")


# ---- what the play cost and how it was made (357.1, 354.1, 355.2) -----------------------------------
def test_spent_on_the_play_is_the_amount_paid_as_printed():
    text = "When you play a spell, if you spent [4] or more, ready me."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "spent" and condition.value == "[4]"
    assert condition.subject.reference == "you"
    varied = _conditional("When you play a unit, if you spent [2][A] or more, draw 2.", "gear").condition
    assert varied.kind == "spent" and varied.value == "[2][A]"
    assert "if you spent [4] or more, ready me" in _round_trips(text, "unit")


def test_played_from_a_zone_names_the_card_and_the_zone():
    text = "Stun a unit. If you played this from your hand, draw 1."
    condition = _conditional(text, "spell").condition
    assert condition.kind == "played" and condition.object.reference == "self"
    assert condition.object.zone.kind == "hand" and condition.object.zone.owner == "you"
    varied = _conditional("Draw 2. If you played this from your trash, channel 1 rune.", "spell").condition
    assert varied.object.zone.kind == "trash"
    assert "If you played this from your hand, draw 1." in _round_trips(text, "spell")


def test_play_to_a_place_is_the_location_chosen_as_it_is_played():
    text = "If you play me to a battlefield, I enter ready."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "play" and condition.object.reference == "self"
    assert condition.place.kind == "battlefield"
    varied = _conditional("If you play me to your base, I enter exhausted.", "unit").condition
    assert varied.place == fx.Place("base", "you")
    assert _round_trips(text, "unit").startswith("If you play me to a battlefield, I enter ready.")


# ---- "banished with me", "during ..." ----------------------------------------------------------------
def test_cards_banished_with_me_are_a_filter_on_the_source():
    text = "If there are two spells banished with me, draw 1."
    condition = _conditional(text, "legend").condition
    assert condition.kind == "exists"
    assert condition.object.count == 2 and condition.object.types == ("spell",)
    assert fx.Filter("banished_with", "==", "self") in condition.object.filters
    assert "banished with me" in _round_trips(text, "legend")


def test_during_names_the_part_of_the_turn_an_event_is_in():
    text = "If a friendly unit died during your Beginning Phase this turn, I enter ready."
    condition = _conditional(text, "unit").condition
    assert condition.kind == "died" and condition.value == "during your beginning phase this turn"
    assert _round_trips(text, "unit") == text
    would = _conditional("If a unit here would die during combat, draw 1 instead.", "battlefield").condition
    assert would.kind == "would_die" and would.value == "during combat"
    assert would.subject.location == fx.Place("here")
    showdown = _conditional("If an enemy unit would die during a showdown, recall it instead.", "gear").condition
    assert showdown.value == "during a showdown"
    assert "would die during a showdown" in _round_trips(
        "If an enemy unit would die during a showdown, recall it instead.", "gear")
