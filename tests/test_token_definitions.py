"""Rule 187 as data: every token definition parses, with its stats and abilities."""
from __future__ import annotations

import pytest

from interpreter import default_rules
from interpreter.compiler.compile import compiler
from interpreter.compiler import effects as fx

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
    (kill, exhaust) = ability.costs
    assert kill.action == "kill" and kill.objects[0].reference == "self"
    assert exhaust == fx.PayCost(exhaust.span, ("444",), (fx.Cost("exhaust"),))
    assert [k.name for k in ability.permissions] == ["Reaction"]
    assert ability.effects == (fx.AddResources(ability.effects[0].span, ("429",), 0, ("A",)),)


def test_brush_has_a_might_passive_and_a_score_trigger():
    passive, trigger = compiler().token("Brush", None).abilities
    (static,) = passive.effects
    assert isinstance(static, fx.StaticEffect) and static.kind == "modify"
    assert static.modifications == (fx.Modification("might", amount=1),)
    assert static.holder.tags == ("Bird", "Cat", "Dog", "Poro", "Ivern")
    assert static.holder.types == ("unit",) and static.holder.location == fx.Place("here")
    assert trigger.trigger == fx.Trigger("score", "you", "here")
    (may,) = trigger.effects
    assert isinstance(may, fx.MayDo) and may.effect.action == "replace"
    target, replacement = may.effect.objects
    assert target.reference == "self"
    assert replacement.reference == "replaced" and replacement.types == ("battlefield",)


def test_baron_pit_lets_units_move_here_from_anywhere():
    (passive,) = compiler().token("Baron Pit", None).abilities
    (static,) = passive.effects
    assert static.kind == "move_permission" and static.value == "anywhere"
    assert static.holder.types == ("unit",) and static.place == fx.Place("here")


def test_shadow_clone_attack_trigger():
    (ability,) = compiler().token("Shadow Clone", None).abilities
    assert ability.trigger == fx.Trigger("attack", "self")
    banish, give = ability.effects
    assert isinstance(banish, fx.MayDo) and banish.effect.action == "banish"
    (target,) = banish.effect.objects
    assert (target.quantity, target.types, target.zone) == ("one", ("unit",), fx.Place("trash", "you"))
    assert isinstance(give, fx.IfYouDo)
    assert give.effect.action == "give" and give.effect.duration == "this_turn"
    assert give.effect.modifications == (fx.Modification("keyword", keyword=fx.Keyword("Assault", 4, ("807",))),)
    assert give.effect.objects[0].reference == "self"


def test_text_stats_win_over_the_definition():
    from interpreter import compile_text

    (effect,) = compile_text("Play a 2 [M] Recruit unit token here.", start="effect_text")
    assert effect.token.might == 2
    assert effect.token.tags == ("Recruit",)
