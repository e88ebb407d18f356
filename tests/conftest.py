"""Shared helpers for the tests: paths, running the command line in-process, compiling a text that must
render back to the same effects, a board of cards, and running a scenario written inline."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.compiler import effects as fx
from interpreter.engine.card_pool import CardDef
from interpreter.cards.card_files import Card
from interpreter.cli.main import main
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips
from interpreter.rules.data import default_rules
from interpreter.scenarios.load import load_scenarios
from interpreter.scenarios.run import run_scenario
from interpreter.engine.state import GameState

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"
CORPUS = ROOT.parent / "shared" / "corpus" / "cards.jsonl"


@pytest.fixture
def run_cli(capsys):
    """Run ``riftbound ARGS`` in-process; returns (exit code, stdout, stderr)."""
    def run(*args: str):
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err
    return run


def round_trip(text: str, card_type: str = "unit") -> tuple:
    """The abilities ``text`` compiles to, after checking that their canonical text compiles to them again."""
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    return abilities


def canonical(text: str, card_type: str = "unit") -> str:
    """The canonical text of ``text``'s abilities, after checking that it compiles to them again."""
    return render_card(round_trip(text, card_type), card_type)


def one_ability(text: str, card_type: str = "unit"):
    """The single ability ``text`` compiles to (unpacking fails if there are more or none)."""
    (ability,) = compile_text(text, card_type=card_type)
    return ability


def static_statement(text: str, card_type: str = "unit") -> fx.StaticEffect:
    """The last statement of the single ability ``text`` compiles to, looked for under its conditions."""
    (ability,) = compile_text(text, card_type=card_type)
    effect = ability.effects[-1]
    while isinstance(effect, fx.Conditional):
        effect = effect.effects[0]
    assert isinstance(effect, fx.StaticEffect)
    return effect


def board(*cards: dict) -> tuple[GameState, list]:
    """A two-player game state with ``cards`` (card file fields) in A's base; the state and their objects."""
    state = GameState(default_rules(), ["A", "B"], "A")
    objects = [state.new_object(CardDef(Card(fields, "<test>", 1)).characteristics(), "A", "A", ("base", "A"))
               for fields in cards]
    return state, objects


def scenario_result(tmp_path, text: str):
    """The result of running the single scenario written in ``text`` (the YAML of a scenario file)."""
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    (scenario,) = load_scenarios(path)
    return run_scenario(scenario)
