"""Bonus Damage (712-715) read from passives and from an attached Equipment's effect text (136.2.c)."""
from interpreter.compiler.pipeline import compile_text
from interpreter.engine.context import Context
from interpreter.engine.effect_run import run_effects
from interpreter.engine.passive_support import board_gaps

from conftest import board

CROWN = {"name": "Test Crown", "type": "Gear", "effect_text": "Your spells and abilities deal 2 Bonus Damage."}
WALL = {"name": "Test Wall", "type": "Unit", "might": 9}


def _deal(state, player: str, target) -> None:
    state.answers = [target]
    run_effects(Context(state, player), compile_text("Deal 1 to a unit.", start="effect_text"))


def test_an_attached_effect_text_gives_its_unit_controller_bonus_damage():
    state, (unit, crown, wall) = board({"name": "Plain", "type": "Unit", "might": 2}, CROWN, WALL)
    wall.controller = "B"
    _deal(state, "A", wall)
    assert wall.damage_total == 1                        # not attached: the effect text does nothing
    crown.attached_to = unit.identity
    assert board_gaps(state) == []                       # read, so no gap on the board
    _deal(state, "A", wall)
    assert wall.damage_total == 1 + 3
    _deal(state, "B", unit)                              # another player's spell gets none of it
    assert unit.damage_total == 1


def test_instances_of_bonus_damage_are_summed():
    state, (annie, other, wall) = board(
        {"name": "Test Flame", "type": "Unit", "might": 2, "text": "Your spells and abilities deal 1 Bonus Damage."},
        {"name": "Test Flare", "type": "Unit", "might": 2, "text": "Your spells and abilities deal 2 Bonus Damage."},
        WALL)
    wall.controller = "B"
    _deal(state, "A", wall)
    assert wall.damage_total == 1 + 1 + 2                # 714: summed, applied once
