"""Pronoun-like noun phrases read by the grammar's phrase structure (issue 14: no lookahead terminals).

"each" standing alone, "the other"/"the others"/"the rest", "the remaining cards", "any you did not <verb>" and
"those you don't" are ordinary noun-phrase alternatives: these sentences, none of them a card's, compile to the
objects they name (each of the objects named before, or the rest of the cards looked at).
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text


def _actions(value) -> list:
    """Every GameAction inside ``value``, in text order."""
    found = []
    if isinstance(value, fx.GameAction):
        found.append(value)
    if isinstance(value, (tuple, list)):
        for item in value:
            found.extend(_actions(item))
    elif is_dataclass(value):
        for field in fields(value):
            found.extend(_actions(getattr(value, field.name)))
    return found


def _action(text: str, verb: str) -> fx.GameAction:
    return next(a for a in _actions(compile_text(text, card_type="Spell")) if a.action == verb)


@pytest.mark.parametrize("text, verb", [
    ("Choose two friendly units. Give each +1 [M] this turn.", "give"),
    ("Choose two units. Move each to your base.", "move"),
    ("Choose up to two enemy units. Stun each.", "stun"),
])
def test_each_alone_is_each_of_the_objects_named_before(text, verb):
    selector = _action(text, verb).objects[0]
    assert selector.quantity == "each" and selector.reference == "them"
    assert selector.antecedent is not None and selector.antecedent.types == ("unit",)


@pytest.mark.parametrize("text", ["Kill each exhausted unit.", "Kill each other unit.", "Stun each [Tank] unit."])
def test_each_before_a_noun_is_still_the_determiner(text):
    selector = _action(text, text.split()[0].lower()).objects[0]
    assert selector.quantity == "each" and selector.types == ("unit",) and selector.reference is None


@pytest.mark.parametrize("text, verb", [
    ("Look at the top 3 cards of your Main Deck. Draw 1 and put the others into your trash.", "put"),
    ("Look at the top 2 cards of your Main Deck. Put the rest into your trash.", "put"),
    ("Look at the top 2 cards of your Main Deck. You may banish one. Recycle the other.", "recycle"),
    ("Look at the top 4 cards of your Main Deck. You may banish one. Recycle the remaining cards.", "recycle"),
    ("Look at the top 3 cards of your Main Deck. You may banish one. Draw any you did not banish.", "draw"),
    ("Reveal the top 2 cards of your Main Deck. You may play one. Draw any you didn't play this way.", "draw"),
    ("Look at the top 2 cards of your Main Deck. You may recycle one of them. Put those you don't back in any order.",
     "put_back"),
])
def test_the_rest_of_the_cards_looked_at(text, verb):
    action = next(a for a in _actions(compile_text(text, card_type="Spell"))
                  if a.action == verb or (verb == "put_back" and a.action.startswith("put")))
    selector = action.objects[0]
    assert selector.quantity == "the" and selector.types == ("rest",)
    assert selector.antecedent is not None and selector.antecedent.quantity == "top"


def test_the_other_before_a_noun_is_a_premodifier():
    selector = _action("Choose a unit. Kill the other unit there.", "kill").objects[0]
    assert selector.types == ("unit",) and selector.other


@pytest.mark.parametrize("text, tag", [("Your Poro's Energy costs are reduced by [1].", "Poro"),
                                       ("Your Mechs' Energy costs are reduced by [2], to a minimum of [1].", "Mech")])
def test_a_named_possessor_of_energy_costs(text, tag):
    # one capitalised word in the possessive ("Poro's", "Mechs'") names whose costs, with no lookahead in its terminal
    (static,) = compile_text(text, card_type="Unit")[0].effects
    assert static.kind == "cost_change" and static.value == "less"
    assert static.holder.tags == (tag,) and static.holder.controller == "you" and static.holder.quantity == "all"


@pytest.mark.parametrize("text", ["Double a friendly unit's Might this turn.",
                                  "Your opponents' [Hidden] cards can't be revealed here."])
def test_lower_case_possessives_stay_the_words_the_grammar_spells(text):
    assert compile_text(text, card_type="Spell")
