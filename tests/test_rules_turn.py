"""The turn statements (301-348, 463-472): phases and steps, states, priority and focus, as parsed
sentences, as the tables of RulesData.turn, and as located errors when they name what no rule defines."""
from __future__ import annotations

import re

import pytest

from interpreter import default_rules
from interpreter.language.parse import parse
from interpreter.language.transform import DslTransformer


def _read(text: str):
    return DslTransformer().transform(parse(text, start="rule_statement"))


@pytest.mark.parametrize(("text", "kind", "args"), [
    ("The Awaken phase is phase 1 of the turn.", "turn_part",
     {"name": "awaken", "part": "phase", "numbered_as": "phase", "number": 1, "whole": "turn"}),
    ("The Scoring step is step 2 of the Beginning phase.", "turn_part",
     {"name": "scoring", "part": "step", "numbered_as": "step", "number": 2, "whole": "beginning phase"}),
    # sentences of our own: any name, any whole
    ("The Upkeep Tax step is step 3 of a cleanup.", "turn_part",
     {"name": "upkeep tax", "part": "step", "numbered_as": "step", "number": 3, "whole": "cleanup"}),
    ("The Dusk phase is phase 7 of the turn.", "turn_part",
     {"name": "dusk", "part": "phase", "numbered_as": "phase", "number": 7, "whole": "turn"}),
    ("The turn is in a showdown state while a showdown or combat is in progress.", "turn_state",
     {"state": "showdown", "present": True, "things": ("showdown", "combat"), "being": "in_progress"}),
    ("The turn is in an open state while no chain exists.", "turn_state",
     {"state": "open", "present": False, "things": ("chain",), "being": "exists"}),
    ("The turn is in a frozen state while a blizzard or duel or siege exists.", "turn_state",
     {"state": "frozen", "present": True, "things": ("blizzard", "duel", "siege"), "being": "exists"}),
    ("The turn is in a neutral open state while it is in a neutral state and an open state.", "turn_state_combined",
     {"state": "neutral open", "parts": ("neutral", "open")}),
    ("In a closed state, only cards and abilities with [Reaction] can be played.", "state_needs_keyword",
     {"state": "closed", "keywords": ("Reaction",)}),
    ("At most one player has focus.", "right_limit", {"right": "focus", "at_most": 1}),
    ("A player who gains focus also gains priority.", "right_follows",
     {"verb": "gains", "right": "focus", "then": "gains", "then_right": "priority"}),
    ("A player who loses initiative loses priority.", "right_follows",
     {"verb": "loses", "right": "initiative", "then": "loses", "then_right": "priority"}),
    ("In a neutral state, no player has focus.", "right_absent", {"state": "neutral", "right": "focus"}),
    ("A player scores at most once per battlefield each turn.", "score_once_per_battlefield",
     {"per": "battlefield", "each": "turn", "at_most": 1}),
    ("At most one chain exists at a time.", "one_at_a_time", {"thing": "chain", "at_most": 1}),
    ("At most one showdown exists at a time.", "one_at_a_time", {"thing": "showdown", "at_most": 1}),
])
def test_turn_statements_parse_to_their_meaning(text, kind, args):
    statement = _read(text)
    assert (statement.kind, statement.args) == (kind, args)


@pytest.mark.parametrize("text", [
    "The Awaken phase is phase one of the turn.",          # a numeral, not a number word
    "The turn is in a showdown state while showdowns happen.",
    "At most two players have priority.",
    "A player who takes focus also gains priority.",       # not a verb of rights
    "In a showdown state, only cards with [Action] can be played.",
])
def test_turn_sentences_nobody_can_read_fail(text):
    from interpreter import InputError

    with pytest.raises(InputError):
        parse(text, start="rule_statement")


def test_the_shipped_turn_has_its_phases_and_steps_in_order():
    turn = default_rules().turn
    phases = [(p["name"], p["rule"]) for p in turn["parts"]["turn"]]
    assert phases == [("awaken", "315.1"), ("beginning", "315.2"), ("channel", "315.3"), ("draw", "315.4"),
                      ("main", "316"), ("ending", "317")]
    assert [p["name"] for p in turn["parts"]["beginning phase"]] == ["beginning", "scoring"]
    assert [p["name"] for p in turn["parts"]["ending phase"]] == ["ending", "expiration"]
    assert [p["name"] for p in turn["parts"]["chain"]] == ["finalize", "execute", "pass", "resolve"]
    assert [(p["name"], p["rule"]) for p in turn["parts"]["combat"]] == [
        ("combat showdown", "464"), ("combat damage", "465"), ("resolution", "466")]


def test_the_shipped_turn_states_and_rights():
    turn = default_rules().turn
    assert turn["states"]["closed"] == {"present": True, "things": ["chain"], "being": "exists", "rule": "309.1"}
    assert turn["states"]["neutral"]["present"] is False and turn["states"]["neutral"]["rule"] == "308.2"
    assert turn["combined_states"]["showdown closed"] == {"parts": ["showdown", "closed"], "rule": "310.4"}
    assert turn["state_needs"]["showdown"] == {"keywords": ["Action", "Reaction"], "rule": "308.1.a"}
    assert turn["state_needs"]["closed"] == {"keywords": ["Reaction"], "rule": "309.1.a"}
    focus = turn["rights"]["focus"]
    assert (focus["at_most"], focus["rule"]) == (1, "313")
    assert focus["follows"] == [{"when": "gains", "then": "gains", "right": "priority", "rule": "313.2"}]
    assert focus["absent_in"] == [{"state": "neutral", "rule": "313.5"}]
    assert turn["rights"]["priority"]["follows"] == [
        {"when": "passes", "then": "keeps", "right": "focus", "rule": "313.3"}]
    assert turn["score_limit"]["rule"] == "470"
    assert turn["one_at_a_time"] == {"chain": {"at_most": 1, "rule": "330.1"}}


def test_rule_command_shows_the_turn_table_that_cites_a_rule(run_cli):
    code, out, _ = run_cli("rule", "315.2.b")
    assert code == 0
    assert "turn_part(name=scoring, part=step, numbered_as=step, number=2, whole=beginning phase)" in out
    assert "table  turn.parts.beginning phase[1]" in out


# ---- bad turn statements: one located diagnostic each, exit 2 ---------------------------------------
SMALL = '''- id: "315.1"
  text: "Awaken Phase"
  encoding: "The Awaken phase is phase 1 of the turn."
- id: "315.2"
  text: "Beginning Phase"
  encoding: "The Beginning phase is phase 2 of the turn."
- id: "315.2.b"
  text: "Scoring Step"
  encoding: "The Scoring step is step 1 of the Beginning phase."
- id: "309.1"
  text: "If a Chain exists, the turn is in a Closed State."
  encoding: "The turn is in a closed state while a chain exists."
- id: "313"
  text: "At any given time, up to one player has Focus."
  encoding: "At most one player has focus."
'''

BAD = {  # name: (replace this, with this, code, line, message part)
    "step of a phase nobody defines": ("of the Beginning phase.", "of the Dusk phase.", "E116", 9,
                                       "there is no dusk phase in the turn"),
    "parts numbered twice": ("is phase 2 of the turn.", "is phase 1 of the turn.", "E116", 6,
                             "expected 2"),
    "a phase numbered as a step": ("is phase 2 of the turn.", "is step 2 of the turn.", "E116", 6,
                                   "numbered as a step"),
    "a right nobody defines": ("At most one player has focus.", "A player who gains focus also gains priority.",
                               "E117", 15, "there is no right 'focus'"),
    "a combined state of unknown states": ("The turn is in a closed state while a chain exists.",
                                           "The turn is in a frozen open state while it is in a frozen state"
                                           " and an open state.",
                                           "E117", 12, "there is no state 'frozen'"),
    "a keyword need in a state nobody defines": ("The turn is in a closed state while a chain exists.",
                                 "In a closed state, only cards and abilities with [Reaction] can be played.",
                                 "E117", 12, "there is no state 'closed'"),
}


def _folder(tmp_path, text: str):
    rules = tmp_path / "rules_data" / "rules"
    rules.mkdir(parents=True)
    (rules / "300-366.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "rules_data"


def test_the_small_turn_folder_is_fine(tmp_path, run_cli):
    code, out, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, SMALL)))
    assert (code, err) == (0, "") and "5 rules, no problems" in out


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_turn_statements(tmp_path, run_cli, name):
    old, new, code_expected, line, message = BAD[name]
    assert old in SMALL
    code, out, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, SMALL.replace(old, new, 1))))
    assert code == 2 and out == ""
    first, source, caret, help_line = err.rstrip("\n").split("\n")
    assert re.fullmatch(rf".*300-366\.yaml:{line}:\d+: {code_expected} .*", first), first
    assert message in first
    assert source.startswith("  | ") and caret.strip().endswith("^")
    assert help_line.startswith("help: expected")
    assert "Traceback" not in err


def test_a_state_needing_an_undefined_keyword_is_located(tmp_path, run_cli):
    text = SMALL + '''- id: "309.1.a"
  text: "Only cards and abilities with the Reaction keyword can be played or activated in a Closed State."
  encoding: "In a closed state, only cards and abilities with [Riposte] can be played."
'''
    code, out, err = run_cli("rules", "--check", "--rules-data", str(_folder(tmp_path, text)))
    assert code == 2 and out == ""
    assert re.match(r".*300-366\.yaml:18:\d+: E111 rule 309\.1\.a: keyword \[Riposte\] is not defined", err), err


def test_the_shipped_steps_of_playing_a_card_and_activating_an_ability():
    parts = default_rules().turn["parts"]
    assert [(p["name"], p["rule"]) for p in parts["playing a card"]] == [
        ("move to chain", "354"), ("make relevant choices", "355"), ("determine total cost", "356"),
        ("pay costs", "357"), ("check legality", "358"), ("finish finalizing", "359")]
    assert [p["name"] for p in parts["activating an ability"]] == [
        "activate or trigger", "make relevant choices", "determine total cost", "pay costs", "check legality",
        "proceed with play"]
