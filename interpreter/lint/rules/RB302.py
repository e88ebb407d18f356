""""card" where the words must also reach tokens, and "token" where no token can be.

What it does:
    Reports three wordings that get the card/token difference of rule 185 wrong:
    "card" for objects on the board ("friendly cards", "cards you control", "cards
    here"), which leaves token units and gear out; "token" in a hand, trash or deck,
    where no token can be; and "token card", which names nothing.

Why is this bad?
    Tokens are not cards (185, 185.1.b), and the FAQ rulings apply it to card text:
    "card" on a card means a main deck card, so tokens do not trigger Legion, and
    effects meant to reach tokens say "unit", "gear" or "something". A token put into
    any non-board zone other than the chain ceases to exist (186.1), so "a token in
    your trash" is never there to be found. Facedown cards at a battlefield are real
    cards ([Hidden], 811) and are not reported.

Example:
    Give friendly cards here +1 [M] this turn.
    Return a token unit from your trash to your hand.

Use instead:
    Give friendly units here +1 [M] this turn.
    Return a unit from your trash to your hand.
"""
from __future__ import annotations

import re

from interpreter.lint.model import Finding

FIX = "none"
_BOARD_QUALIFIER = r"(?:friendly|enemy|ready|exhausted|attacking|defending|buffed|stunned|damaged)"
_BOARD_PLACE = (r"(?:here|there|at (?:a|this|that|the|each|another) battlefield|in (?:your|their|a|its owner's) base"
                r"|on the board|you control|they control|an opponent controls|opponents control)")
_NOT_BOARD = r"(?:hand|hands|trash|trashes|deck|main deck|rune deck)"
# 185: tokens are not cards, so "card" on the board leaves token units and gear out.
_CARD_ON_BOARD = re.compile(
    r"(?i)(?<!facedown )(?<!hidden )(?<!\[hidden\] )\b(?:" + _BOARD_QUALIFIER + r"\s+cards?\b|cards?\s+" + _BOARD_PLACE
    + r"\b)")
# 186.1: a token put into a non-board zone other than the chain ceases to exist.
_TOKEN_OFF_BOARD = re.compile(
    r"(?i)\btokens?\b(?:\s+[a-z]+){0,2}?\s+(?:in|from)\s+(?:your|their|its owner's|an opponent's|a player's|the)\s+"
    + _NOT_BOARD + r"\b")
# 185.1.b: no object is both.
_TOKEN_CARD = re.compile(r"(?i)\btokens?\s+cards?\b")


def check(context):
    text = context.plain
    for match in _CARD_ON_BOARD.finditer(text):
        if _facedown_before(text, match.start()):
            continue
        yield Finding("RB302", "“card” here does not reach tokens, which are not cards (rule 185)", *match.span(),
                      help="name the type the effect should reach (unit, gear), or write non-token on purpose")
    for match in _TOKEN_OFF_BOARD.finditer(text):
        yield Finding("RB302", "No token can be in a hand, trash or deck: it ceases to exist there (rule 186.1)",
                      *match.span(), help="name a card type without “token”, or an object on the board")
    for match in _TOKEN_CARD.finditer(text):
        yield Finding("RB302", "“token card” names nothing: tokens are not cards (rule 185)", *match.span(),
                      help="write “token unit”, “token gear” or “card”")


def _facedown_before(text: str, at: int) -> bool:
    """Facedown and hidden cards are cards: "a facedown card here", "hide an additional card here"."""
    before = text[max(0, at - 40): at].lower()
    return bool(re.search(r"(?:facedown|face-down|hidden\]?)\s+(?:\w+\s+)?$|\bhide\b[^.,]*$", before))
