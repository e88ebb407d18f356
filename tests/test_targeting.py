"""Choosing targets on a copy of the game (engine/targeting, 355.5-355.11): which errors end the trial."""
from __future__ import annotations

import pytest

from interpreter.engine.errors import Unsupported, UnsupportedEffect
from interpreter.engine.state import GameState, IllegalAction
from interpreter.engine.targeting import TargetRefused, choose_targets
from interpreter.rules.data import default_rules


@pytest.fixture()
def state() -> GameState:
    game = GameState(default_rules(), ["A", "B"], "A")
    game.answers = ["kept"]
    return game


@pytest.mark.parametrize("refusal", [IllegalAction("359.3.e.11", "not a choice"), Unsupported("a shape"),
                                     UnsupportedEffect("an effect")])
def test_a_refusal_of_the_runtime_ends_the_trial_with_the_choices_made(state, refusal):
    def resolve_copy(trial):
        trial.answers.pop(0)                       # a choice made on resolution, not a target
        raise refusal
    assert choose_targets(state, "A", resolve_copy) == []
    assert state.answers == ["kept"] and state.answers_taken == 1     # the real game keeps its answers


@pytest.mark.parametrize("bug", [TypeError("unhashable"), AttributeError("no field"), KeyError("zone"),
                                 ValueError("bad")])
def test_any_other_error_in_the_trial_is_raised_not_taken_for_the_end_of_the_choices(state, bug):
    def resolve_copy(trial):
        raise bug
    with pytest.raises(type(bug)):
        choose_targets(state, "A", resolve_copy)


def test_a_required_target_not_chosen_refuses_the_play(state):
    def resolve_copy(trial):
        trial.answers.pop(0)
        raise TargetRefused("355.8", "no unit to choose")
    with pytest.raises(TargetRefused) as refused:
        choose_targets(state, "A", resolve_copy)
    assert refused.value.taken == 1
