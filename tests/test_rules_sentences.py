"""Every complete sentence the Core Rules quote as card text compiles (issue 14, first "Must show").

The sentences are taken from the rules file itself, never copied here:

1. every quotation of the file ("..." or curly double quotes), stripped, each distinct text once;
2. a quotation reads as card text when it starts with a capital letter or a bracket (a cost or a
   keyword such as ``[E]:`` or ``[Deathknell][>]``) and ends with a period or with the closing
   parenthesis of reminder text; anything else (lower-case fragments, single words, headings) is
   a phrase the rules talk about, not a sentence of a card;
3. among those, the exclusions below, each decided by a rule with its reason: placeholder
   templates, sentences cut with "...", and a few quotations that are not card text.

A sentence compiles when some card type carries it (the text alone does not say whether "me" is
a unit or a legend): the types are tried in a fixed order and the first that compiles counts.
``NOT_YET`` lists, with the reason, each sentence that does not compile yet; the test fails both
when one of them starts compiling (move it out of the list) and when any other fails.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.rules.data import default_rules

RULES_FILE = Path(__file__).resolve().parents[1].parent / "shared" / "rules" / "core-rules-2026-07-16.txt"
if not RULES_FILE.exists():   # a worktree one level deeper than the main checkout
    RULES_FILE = Path("/work/shared/rules/core-rules-2026-07-16.txt")

CARD_TYPES = ("unit", "spell", "gear", "battlefield", "legend")

# Symbols that are printed in brackets on cards (energy numbers, power domains, exhaust, might,
# the ability separators of keywords): anything else in brackets must be a keyword the rules know.
_SYMBOL = re.compile(r"^(\d+|[ERGBOPYACM]|>|>>)$")
_KEYWORD_WITH_VALUE = re.compile(r"^(?P<name>[A-Z][A-Za-z]+)(?: \d+)?$")

# Quotations that look like sentences but are not card text, each with why.
NOT_CARD_TEXT = {
    "Main Deck card.": "the end of a definition (101.x: a card that is a 'Main Deck card'), not a sentence",
    "Kato the Arm.": "a way of naming a card in conversation (the rules on names), not card text",
    "Swapped back.": "a description of what happens to a swapped battlefield, not card text",
    "All.": "an answer ('All.') in an example about 'any amount', not card text",
    "All cards currently in the specified zone.": "the rules' gloss of what 'Reveal [Zone]' means",
}
# The rules misspell one keyword in one example; the sentence is kept out with this reason.
MISSPELT = {"[Deathnkell][>] Banish me.": "the rules text misspells [Deathknell] here"}

# Sentences that do not compile yet, each with why (issue 14 item 5 work in progress).
NOT_YET: dict[str, str] = {}


def quotations(text: str) -> list[str]:
    """Every distinct quotation of ``text`` in order of first appearance."""
    found: list[str] = []
    for plain, curly in re.findall(r'"([^"\n]*)"|\u201c([^\u201d\n]*)\u201d', text):
        quote = (plain or curly).strip()
        if quote and quote not in found:
            found.append(quote)
    return found


def reads_as_card_text(quote: str) -> bool:
    """Rule 2 of the module docstring."""
    return bool(re.match(r"^[A-Z\[]", quote)) and quote.endswith((".", ")"))


def exclusion(quote: str, keywords) -> str | None:
    """The reason ``quote`` is left out, or None when it must compile."""
    if "..." in quote:
        return "cut with '...': the rules quote only the start of an ability"
    if quote in NOT_CARD_TEXT:
        return NOT_CARD_TEXT[quote]
    if quote in MISSPELT:
        return MISSPELT[quote]
    for inside in re.findall(r"\[([^\]]*)\]", quote):
        inside = inside.strip()
        named = _KEYWORD_WITH_VALUE.match(inside)
        if not (_SYMBOL.match(inside) or (named and keywords.get(named.group("name")) is not None)
                or inside == "Add"):
            return f"placeholder template: [{inside}] stands for something the rule leaves open"
    if re.search(r"\b[XN]\b", quote):
        return "placeholder template: X or N stands for a number the rule leaves open"
    if "\u2018" in quote:
        return "placeholder template: quotes a text to be filled in"
    return None


def card_sentences() -> tuple[list[str], dict[str, str]]:
    """(sentences that must compile, {excluded sentence: reason})."""
    keywords = default_rules().keywords
    kept, excluded = [], {}
    for quote in quotations(RULES_FILE.read_text(encoding="utf-8")):
        if not reads_as_card_text(quote):
            continue
        reason = exclusion(quote, keywords)
        if reason:
            excluded[quote] = reason
        else:
            kept.append(quote)
    return kept, excluded


def compiles(sentence: str) -> str | None:
    """The first card type for which ``sentence`` compiles, or None."""
    for card_type in CARD_TYPES:
        try:
            compile_text(sentence, card_type=card_type)
        except InputError:
            continue
        return card_type
    return None


SENTENCES, EXCLUDED = card_sentences() if RULES_FILE.exists() else ([], {})
pytestmark = pytest.mark.skipif(not RULES_FILE.exists(), reason="the Core Rules file is not beside the checkout")


def test_the_extraction_finds_the_rules_card_sentences():
    # The rule of extraction is stable: the figures change only with the rules file.
    assert len(SENTENCES) + len(EXCLUDED) > 200
    assert "Skip your Draw phase." in SENTENCES
    assert "I can\u2019t be chosen by enemy spells and abilities unless I\u2019m in combat." in SENTENCES
    assert EXCLUDED["Burn X."].startswith("placeholder")
    assert EXCLUDED["When you play me..."].startswith("cut with")
    assert all(reason for reason in EXCLUDED.values())


def test_every_not_yet_entry_is_a_kept_sentence():
    assert set(NOT_YET) <= set(SENTENCES)


@pytest.mark.parametrize("sentence", SENTENCES)
def test_core_rules_sentence_compiles(sentence):
    card_type = compiles(sentence)
    if sentence in NOT_YET:
        assert card_type is None, f"compiles now as a {card_type}: take it out of NOT_YET"
        pytest.xfail(NOT_YET[sentence])
    assert card_type is not None, sentence


def test_report_the_count(capsys):
    compiled = [sentence for sentence in SENTENCES if compiles(sentence)]
    with capsys.disabled():
        print(f"\nCore Rules card sentences: {len(compiled)} of {len(SENTENCES)} compile "
              f"({len(EXCLUDED)} excluded)")
    assert len(compiled) == len(SENTENCES) - len(NOT_YET)
