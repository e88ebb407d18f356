"""Dependent keywords mean their rule's definition (828.1.b.1), and the forms that definition is read with.

"[Empowered][>] <text>" compiles to the quoted text of 828.1.b.1 with the card's own text in for "[Text]";
the forms it needs are general ones, checked here on sentences of our own too: having a status ("while I
have the Stunned status"), "this card" as the card itself, "gains" under a lasting "While" (a passive
statement), and "This ability costs ..." after a cost keyword belonging to the ability the keyword is.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.keyword_definitions import _at
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card


def _one(text, card_type="unit"):
    (ability,) = compile_text(text, card_type=card_type)
    return ability


def test_empowered_compiles_to_its_definition_with_the_cards_text():
    ability = _one("[Empowered][>] I have +2 [M].")
    assert isinstance(ability, fx.KeywordedAbility) and "828.1.b.1" in ability.rules
    (passive,) = ability.definition
    (conditional,) = passive.effects
    assert (conditional.condition.kind, conditional.condition.value) == ("is", "empowered")
    assert conditional.condition.subject.reference == "self"
    (gains,) = conditional.effects
    assert gains.kind == "modify" and gains.holder.reference == "self"
    (granted,) = gains.modifications
    assert granted.kind == "ability" and _at(granted.ability, None) == _at(ability.ability, None)   # its own text


def test_empowered_trigger_is_the_text_it_gains():
    ability = _one("[Empowered][>] When I attack, draw 1.")
    granted = ability.definition[0].effects[0].effects[0].modifications[0].ability
    assert isinstance(granted, fx.TriggeredAbility) and granted.trigger.event == "attack"


def test_render_gives_the_keyword_back_not_its_expansion():
    abilities = compile_text("[Empowered][>] I have +2 [M].", card_type="unit")
    assert render_card(abilities, "unit") == "[Empowered][>] I have +2 [M]."


def test_having_a_status_is_being_in_it():
    for status in ("Stunned", "Buffed", "Empowered"):
        (conditional,) = _one(f"While I have the {status} status, I have +1 [M].").effects
        assert (conditional.condition.kind, conditional.condition.value) == ("is", status.lower())


def test_this_card_is_the_card_itself_on_any_card_type():
    for card_type in ("unit", "gear"):
        (conditional,) = _one("While I'm buffed, this card has \u201cWhen I attack, draw 1.\u201d", card_type).effects
        assert conditional.effects[0].holder.reference == "self" and conditional.effects[0].holder.types == ()


def test_gains_under_a_lasting_while_is_a_passive_statement():
    (conditional,) = _one("While I'm buffed, I gain [Shield].").effects
    (statement,) = conditional.effects
    assert isinstance(statement, fx.StaticEffect) and statement.kind == "modify"
    assert statement.modifications[0].keyword.name == "Shield"


def test_gains_with_its_own_duration_stays_an_instruction():
    (ability,) = compile_text("When you play me, a friendly unit gains [Shield] this turn.", card_type="unit")
    assert ability.effects[0].action == "give" and ability.effects[0].duration == "this_turn"


def test_a_cost_change_after_empower_belongs_to_its_ability():
    keyword, passive = compile_text("[Empower] [5]. This ability costs [3] less if you control a gear.",
                                    card_type="unit")
    (activated,) = keyword.definition
    empower, conditional = activated.effects
    assert empower.action == "empower" and conditional.condition.kind == "controls"
    (change,) = conditional.effects
    assert (change.kind, change.value, change.cost) == ("cost_change", "less", (fx.Cost("energy", 3),))
    assert passive.effects == (conditional,)       # the printed sentence stays on the card's line
    assert render_card((keyword, passive), "unit").startswith("[Empower] [5]. ")


def test_equip_is_its_definition_and_a_cost_change_after_it_stays_a_passive_of_its_own():
    # [Equip] [3][A] is "[3][A]: Attach this gear to a unit you control." (818.1.c.2); "This ability costs [1]
    # less" is read as that ability is activated (818.1.c.4), as for [Empower]
    keyword, passive = compile_text("[Equip] [3][A]. This ability costs [1] less.", card_type="gear")
    (ability,) = keyword.definition
    assert isinstance(ability, fx.ActivatedAbility) and ability.effects[0].action == "attach"
    assert ability.effects[0].objects[0].reference == "self" and isinstance(passive, fx.PassiveAbility)


def test_a_move_route_on_sentences_of_our_own():
    # the same form for other holders and places: a designer's "Friendly units can move to your base from a
    # battlefield" and "I can move to a battlefield from your base with a standard move"
    (route,) = _one("Friendly units can move to your base from a battlefield.").effects
    assert (route.holder.relation, route.place.kind, route.value) == ("friendly", "base", "from_battlefield")
    (route,) = _one("I can move to a battlefield from your base with a standard move.").effects
    assert (route.holder.reference, route.place.kind, route.value) == ("self", "battlefield", "from_base")
    assert "144.4" in route.rules


def test_then_banish_it_after_a_play_is_a_delayed_replacement():
    (ability,) = compile_text("Play a spell from your trash, ignoring its cost. Then recycle it.", card_type="spell")
    play, delayed = ability.effects
    assert delayed.when == "after" and delayed.rules == ("390", "390.3.a")
    assert delayed.effects[0].action == "recycle" and delayed.effects[0].objects[0].antecedent == play.objects[0]
    # after another instruction "then" keeps its plain order
    (ability,) = compile_text("Draw 1. Then discard 1.", card_type="spell")
    assert [e.action for e in ability.effects] == ["draw", "discard"]
