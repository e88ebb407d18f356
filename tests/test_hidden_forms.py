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
