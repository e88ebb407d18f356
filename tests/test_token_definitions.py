"""Rule 187 as data: every token definition parses, with its stats and abilities."""
from __future__ import annotations

import pytest

from interpreter import compiler, default_rules
from interpreter import effects as fx

EXPECTED = {  # name: (rule, type, might, tags, keywords)
    "Recruit": ("187.1", "unit", 1, ("Recruit",), ()),
    "Sprite": ("187.2", "unit", 3, ("Fae",), ("Temporary",)),
    "Sand Soldier": ("187.3", "unit", 2, ("Shurima",), ()),
    "Mech": ("187.4", "unit", 3, ("Mech",), ()),
    "Gold": ("187.5", "gear", None, (), ()),
    "Reflection": ("187.6", "unit", 0, (), ()),
    "Bird": ("187.7", "unit", 1, ("Bird",), ("Deflect",)),
    "Brush": ("187.8", "battlefield", None, (), ()),
    "Baron Pit": ("187.9", "battlefield", None, (), ()),
    "Tentacle": ("187.10", "unit", 1, ("Bilgewater",), ()),
    "Shadow Clone": ("187.11", "unit", 0, (), ()),
}


def test_every_rule_187_token_is_defined():
    assert set(default_rules().tokens) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_token_stats(name):
    rule, card_type, might, tags, keywords = EXPECTED[name]
    token = compiler().token(name, None)
    assert token.rules == (rule,)
    assert (token.card_type, token.might, token.tags) == (card_type, might, tags)
    assert tuple(k.name for k in token.keywords) == keywords


def test_gold_has_its_reaction_ability():
    (ability,) = compiler().token("Gold", None).abilities
    assert isinstance(ability, fx.ActivatedAbility)
    assert [c.kind for c in ability.costs] == ["kill_self", "exhaust"]
    assert [k.name for k in ability.permissions] == ["Reaction"]
    assert ability.effects == (fx.AddResources(ability.effects[0].span, ("429",), 0, ("A",)),)


def test_brush_has_a_might_passive_and_a_score_trigger():
    passive, trigger = compiler().token("Brush", None).abilities
    assert isinstance(passive, fx.MightModifier)
    assert passive.amount == 1
    assert passive.affected.tags == ("Bird", "Cat", "Dog", "Poro", "Ivern")
    assert passive.affected.location == "here"
    assert trigger.trigger == fx.Trigger("score", "you", "here")
    (may,) = trigger.effects
    assert isinstance(may, fx.MayDo) and isinstance(may.effect, fx.ReplaceObject)
    assert may.effect.replacement == fx.Reference("replaced", "battlefield")


def test_baron_pit_lets_units_move_here_from_anywhere():
    (permission,) = compiler().token("Baron Pit", None).abilities
    assert isinstance(permission, fx.MovePermission)
    assert (permission.affected.card_type, permission.destination, permission.origin) == ("unit", "here", "anywhere")


def test_shadow_clone_attack_trigger():
    (ability,) = compiler().token("Shadow Clone", None).abilities
    assert ability.trigger == fx.Trigger("attack", "self")
    banish, give = ability.effects
    assert isinstance(banish, fx.MayDo) and banish.effect.target == fx.ObjectFilter("unit", 1, "trash", "you")
    assert isinstance(give, fx.IfYouDo)
    assert give.effect.keyword.name == "Assault" and give.effect.keyword.value == 4
    assert give.effect.duration == "this_turn"


def test_text_stats_win_over_the_definition():
    from interpreter import compile_text

    (effect,) = compile_text("Play a 2 [M] Recruit unit token here.", start="effect_text")
    assert effect.token.might == 2
    assert effect.token.tags == ("Recruit",)
