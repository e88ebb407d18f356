"""Keyword reminder text (135.2.d) is rendered from the one reminder statement of each keyword in rules_data/rules/."""
from __future__ import annotations

import json
import re

import pytest

from interpreter import default_rules

from conftest import CORPUS


@pytest.mark.parametrize(("name", "value", "cost", "domain", "expected"), [
    ("Assault", 2, None, None, "+2 [M] while I'm an attacker."),
    ("Assault", None, None, None, "+1 [M] while I'm an attacker."),
    ("Shield", 3, None, None, "+3 [M] while I'm a defender."),
    ("Deflect", 2, None, None, "Opponents must pay [A][A] to choose me with a spell or ability."),
    ("Hunt", 1, None, None, "When I conquer or hold, gain 1 XP."),
    ("Level", 6, None, None, "While you have 6+ XP, get the effect."),
    ("Equip", None, "[1][R]", None, "[1][R]: Attach this to a unit you control."),
    ("Accelerate", None, None, "[O]", "You may pay [1][O] as an additional cost to have me enter ready."),
    ("Accelerate", None, None, None, "You may pay [1][C] as an additional cost to have me enter ready."),
    ("Tank", None, None, None, "I must be assigned combat damage first."),
])
def test_reminder_renders(name, value, cost, domain, expected):
    assert default_rules().reminder(name, value, cost=cost, domain=domain) == expected


def test_every_keyword_has_a_reminder_template():
    rules = default_rules()
    missing = [name for name, definition in rules.keywords.items() if not definition.get("reminder")]
    assert missing == []


def test_unknown_keyword_has_no_reminder():
    assert default_rules().reminder("Goblin") is None


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside this checkout")
def test_corpus_templates_are_printed_on_real_cards():
    """Every template taken from the corpus appears, rendered, in some card's reminder text."""
    texts = [json.loads(line).get("text") or "" for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    reminders = {m for text in texts for m in re.findall(r"\(([^()]*)\)", text)}
    rules = default_rules()
    unseen = []
    for name, definition in rules.keywords.items():
        if definition["reminder_source"] != "corpus":
            continue
        variants = {rules.reminder(name, v, cost=c, domain=d)
                    for v in (1, 2, 3, 5) for c in ("[A]", "[1]") for d in ("[R]", "[G]", "[O]")}
        if not any(variant in reminders or any(variant in r for r in reminders) for variant in variants):
            unseen.append(name)
    assert unseen == []
