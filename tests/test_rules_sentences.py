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

# Sentences that do not compile yet, each with why. Most are the meanings the rules give keywords (800-829),
# which issue 14 item 3 parses as keyword definitions; the others need a form named in the reason.
_KEYWORD_MEANING = "the meaning rule {} gives [{}]: parsed with the keyword definitions (issue 14 item 3)"
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


# ---- the meaning of some of them, checked by hand ----------------------------------------------------
def _first(sentence: str):
    from interpreter.compiler.pipeline import compile_text as compiled
    return compiled(sentence, card_type=compiles(sentence))


def test_skip_your_draw_phase():
    (ability,) = _first("Skip your Draw phase.")
    (skip,) = ability.effects
    assert (skip.action, skip.options) == ("skip", ("your", "draw_phase"))


def test_you_ignore_backline_while_assigning_combat_damage_here():
    (ability,) = _first("You ignore Backline while assigning combat damage here.")
    (ignored,) = ability.effects
    assert ignored.keyword.name == "Backline" and ignored.during == "assigning_combat_damage"
    assert ignored.place.kind == "here" and ignored.subject.reference == "you"


def test_ignore_deflect_while_paying_this_spells_costs():
    (ability,) = _first("Ignore Deflect while paying this spell\u2019s costs.")
    (ignored,) = ability.effects
    assert ignored.keyword.name == "Deflect" and ignored.during == "paying_costs" and ignored.of.reference == "self"


def test_a_units_might_becomes_4_this_turn():
    (ability,) = _first("A unit's Might becomes 4 this turn.")
    (give,) = ability.effects
    assert [(m.kind, m.amount) for m in give.modifications] == [("might_set", 4)] and give.duration == "this_turn"
    assert give.objects[0].types == ("unit",)


def test_i_cant_be_chosen_unless_in_combat():
    (ability,) = _first("I can\u2019t be chosen by enemy spells and abilities unless I\u2019m in combat.")
    (conditional,) = ability.effects
    assert conditional.unless and conditional.condition.place.kind == "combat"
    assert conditional.effects[0].kind == "cannot_be_chosen" and conditional.effects[0].by.relation == "enemy"


def test_add_one_energy_and_one_power_of_the_calm_domain():
    (ability,) = _first("Add 1 Energy and 1 Power of the Calm domain.")
    (added,) = ability.effects
    assert (added.energy, added.power) == (1, ("G",))


def test_skip_the_next_time_that_unit_would_move():
    (ability,) = _first("Choose an enemy unit. Skip the next time that unit would move this turn.")
    chosen, delayed = ability.effects
    assert delayed.when == "next_time" and delayed.trigger.event == "move" and delayed.effects[0].action == "skip"
    assert delayed.trigger.actor.antecedent == chosen.objects[0] and "this_turn" in delayed.trigger.qualifiers


def test_energy_cost_less_than_my_might():
    (ability,) = _first("I can\u2019t be chosen by enemy spells or abilities with Energy cost less than my Might.")
    (static,) = ability.effects
    (test,) = static.by.filters
    assert (test.kind, test.op, test.measure.kind, test.measure.of.reference) == ("energy_cost", "<", "might", "self")


def test_do_this_twice():
    (ability,) = _first("Do this twice: Deal 3 to a unit.")
    (repeated,) = ability.effects
    assert repeated.times == 2 and repeated.effects[0].action == "deal" and repeated.effects[0].amount.value == 3


def test_flow_definition_is_a_play_for_the_keywords_cost_then_a_delayed_banish():
    (ability,) = _first("You may play this from your trash for its flow cost. Then banish it.")
    may, banish = ability.effects
    play = may.effect
    assert (play.action, play.objects[0].reference, play.objects[0].zone.kind) == ("play", "self", "trash")
    assert play.keyword_cost.name == "Flow"
    assert banish.rules == ("390", "390.3.a") and banish.effects[0].action == "banish"
    assert banish.effects[0].objects[0].antecedent == play.objects[0]       # "it" is the card played


def test_ganking_definition_is_a_route_of_the_standard_move():
    (ability,) = _first("I may move to a battlefield from another battlefield with a standard move.")
    (route,) = ability.effects
    assert (route.kind, route.value, route.place.kind, route.holder.reference) == (
        "move_permission", "from_battlefield", "battlefield", "self")
    assert "144.4" in route.rules


def test_weaponmasters_meaning_821_1_c():
    sentence = next(s for s in SENTENCES if s.startswith("When you play me, you may choose a Card you control with"))
    (ability,) = _first(sentence)
    choose, ends, pay = ability.effects
    assert choose.effect.objects[0].tags == ("Equipment",) and choose.effect.objects[0].controller == "you"
    assert (ends.state, ends.text, ends.portions, ends.if_currently) == ("inactive", "rules_text", "necessary", True)
    assert ends.of.reference == "it" and ends.of.antecedent.tags == ("Equipment",)
    payment = pay.payment
    assert payment.keyword_cost.name == "Equip" and payment.objects[0].reference == "it"
    assert [(c.kind, c.amount, c.domain) for c in payment.reduced_by] == [("power", 1, "A")]
    assert pay.result.action == "attach" and pay.result.objects[1].reference == "self"


HIDDEN = ("While this card is in your hand or in your Champion Zone on your turn during an Open State, you may pay [A] "
          "to hide this facedown at a battlefield you control that doesn't already have a facedown card hidden there "
          "for as long as you control that battlefield. Beginning on the next turn, this gains [Reaction] and you may "
          "play this, ignoring its base cost.")


def test_hiddens_definition_811_1_b():
    from interpreter.compiler import effects as fx
    from interpreter.render.renderer import round_trips

    abilities = compile_text(HIDDEN, card_type="unit")
    assert round_trips(abilities, "unit")
    (ability,) = abilities
    assert isinstance(ability, fx.PassiveAbility)
    hiding, later = ability.effects
    # while this card is in your hand or in your Champion Zone, on your turn, during an Open State
    where = hiding.condition
    assert where.kind == "is_at" and where.subject.reference == "self"
    assert [(p.kind, p.owner) for p in (where.place, *where.place.alternatives)] == [("hand", "you"),
                                                                                     ("champion_zone", "you")]
    assert (where.also.kind, where.also.value) == ("turn", "you")
    assert (where.also.also.kind, where.also.also.value) == ("during", "open_state")
    # you may pay [A] to hide this facedown at a battlefield you control ...
    (may,) = hiding.effects
    assert isinstance(may, fx.MayDo) and may.player.reference == "you" and isinstance(may.effect, fx.PayToDo)
    assert [(c.kind, c.amount, c.domain) for c in may.effect.payment.cost] == [("power", 1, "A")]
    hide = may.effect.result
    assert hide.action == "hide" and hide.objects[0].reference == "self" and hide.options == ("facedown",)
    assert (hide.place.kind, hide.place.qualifiers) == ("battlefield", ("a", "you_control"))
    # ... that doesn't already have a facedown card hidden there
    lacking = hide.place.where
    assert (lacking.kind, lacking.negated, lacking.already) == ("exists", True, True)
    card = lacking.object
    assert card.types == ("card",) and card.states == ("facedown",) and card.location.kind == "there"
    assert [(f.kind, f.value) for f in card.filters] == [("done_there", "hidden")]
    # ... for as long as you control that battlefield
    held = hide.lasts_while
    assert held.kind == "controls" and held.subject.reference == "you"
    assert held.object.types == ("battlefield",) and held.object.reference == "that"
    # Beginning on the next turn, this gains [Reaction] and you may play this, ignoring its base cost.
    assert isinstance(later, fx.Delayed) and later.when == "beginning"
    assert (later.trigger.event, later.trigger.subject) == ("start_of_turn", "next")
    gains, play = later.effects
    assert gains.kind == "modify" and gains.holder.reference == "self"
    assert [m.keyword.name for m in gains.modifications] == ["Reaction"]
    assert isinstance(play, fx.MayDo) and play.effect.action == "play" and play.effect.objects[0].reference == "self"
    assert play.effect.options == ("ignore_cost",)
