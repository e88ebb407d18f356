"""A modified copy of rules_data changes what the interpreter does (issue 4, "Must show").

The copy is the shipped rules_data with a few statements rewritten: Recruit with 2 might
(187.1), a victory score of 10 (194.3), created spells going to the trash (439.2.b.2), and
one more token definition so that a spell token exists to be created.
"""
from __future__ import annotations

import shutil

import pytest

from interpreter import Compiler, RulesData, compile_text, default_rules
from interpreter.engine.cleanup import cleanup
from interpreter.base.resources import rules_data_dir
from interpreter.engine.state import GameState


def _rewrite(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def modified(tmp_path_factory) -> RulesData:
    folder = tmp_path_factory.mktemp("rules") / "rules_data"
    shutil.copytree(rules_data_dir(), folder)
    rules = folder / "rules"
    _rewrite(rules / "100-199.yaml",
             'encoding: "A 1 [M] Recruit token is a domainless unit token with 1 Might and the Recruit tag."',
             'encoding: "A 2 [M] Recruit token is a domainless unit token with 2 Might and the Recruit tag."')
    _rewrite(rules / "100-199.yaml", 'encoding: "The victory score is 8 points."',
             'encoding: "The victory score is 10 points."')
    _rewrite(rules / "439.yaml", 'encoding: "A created spell goes to the chain."',
             'encoding: "A created spell goes to the trash."')
    _rewrite(rules / "100-199.yaml",
             'encoding: "A 0 [M] Reflection token is a domainless unit token with 0 Might."',
             'encoding: "A 0 [M] Reflection token is a domainless unit token with 0 Might."\n'
             '- id: "187.12"\n  text: "A Spark spell token is a domainless spell token."\n'
             '  start: "token_definition"\n  encoding: "A Spark spell token is a domainless spell token."')
    return RulesData(folder)


def test_recruit_has_the_might_of_the_copy(modified):
    (effect,) = compile_text("Play a Recruit unit token here.", start="effect_text", using=Compiler(modified))
    assert (effect.token.name, effect.token.might, effect.token.rules) == ("Recruit", 2, ("187.1",))
    (shipped,) = compile_text("Play a Recruit unit token here.", start="effect_text")
    assert shipped.token.might == 1


def test_created_spells_go_where_the_copy_says(modified):
    # The text states an entry state: the compiler asks one of every created type, and spells have none.
    (effect,) = compile_text("Create a ready Spark spell token.", start="effect_text", using=Compiler(modified))
    assert (effect.created_to.zone, effect.created_to.rules) == ("trash", ("439.2.b.2",))
    assert default_rules().defaults["creation_zone"]["spell"] == {"zone": "chain", "rule": "439.2.b.2"}


@pytest.mark.parametrize(("points", "winner"), [(9, None), (10, "A")])
def test_the_copy_needs_ten_points_to_win(modified, points, winner):
    state = GameState(modified, ["A", "B"], "A")
    state.players["A"].points = points
    cleanup(state)
    assert state.winner == winner
    assert modified.scoring["victory_score"] == {"points": 10, "rule": "194.3"}


def test_the_shipped_rules_need_eight_points():
    state = GameState(default_rules(), ["A", "B"], "A")
    state.players["A"].points = 8
    cleanup(state)
    assert state.winner == "A"
