""""Did you mean": a misspelled word near where a text stops parsing or compiling.

The words the language knows are data: the word literals of the grammar, the keywords
and token names of the rules data, the game actions, and the names and tags of the
card pool. A word of the text that is none of these and is one or two typing slips
(a letter left out, added, changed, or two letters swapped) from a known word is a
candidate; a candidate is kept only when the text with the known word in its place
gets further (it parses, or compiles, or its first error comes later). So a
suggestion never names a word the grammar would not read there.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache

_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*[A-Za-z]|[A-Za-z]")
_LITERAL = re.compile(r"^[a-z][a-z'\-]*$")
MAX_CANDIDATES = 6          # words tried, nearest to the error first
MAX_REPLACEMENTS = 3        # known words tried for each of them
_LOOK_BACK = 80             # characters before the error where a slip may sit


@dataclass(frozen=True)
class Suggestion:
    """Replace ``text[start:end]`` (``word``) with ``replacement``."""

    start: int
    end: int
    word: str
    replacement: str


def suggest(text: str, error_at: int, progress) -> Suggestion | None:
    """The best candidate near ``error_at``: the nearest word whose replacement lets the whole text
    through, else the nearest whose replacement moves the first error later.

    ``progress(new_text, start, new_end)`` says how far the new text gets (``FULL``, ``FURTHER``
    or ``NONE``), the replaced word being ``new_text[start:new_end]``.
    """
    further = None
    for start, end, word in _candidates(text, error_at):
        bracketed = text[start - 1: start] == "["
        for replacement in close_words(word, names=bracketed):
            changed = text[:start] + replacement + text[end:]
            outcome = progress(changed, start, start + len(replacement))
            if outcome == FULL:
                return Suggestion(start, end, word, replacement)
            if outcome == FURTHER and further is None:
                further = Suggestion(start, end, word, replacement)
    return further


FULL, FURTHER, NONE = "full", "further", "none"


def offset_of(text: str, line: int, column: int) -> int:
    """The character offset of a 1-based line and column of ``text``."""
    lines = text.split("\n")
    before = sum(len(part) + 1 for part in lines[: max(line - 1, 0)])
    return min(len(text), before + max(column - 1, 0))


def gets_further(attempt, error_at: int, old_text: str, worse: tuple[str, ...] = ()):
    """A ``progress`` test: ``FULL`` when ``attempt(text)`` raises nothing, ``FURTHER`` when its
    InputError comes later in the text than ``error_at`` (positions after the replaced word are
    compared as they were in ``old_text``), else ``NONE``; an error whose code is in ``worse``
    (a text that compiled no longer parsing) is never progress."""
    from interpreter.base.diagnostics import InputError

    def progress(changed: str, start: int, new_end: int) -> str:
        try:
            attempt(changed)
        except InputError as error:
            found = error.diagnostic
            if found.code in worse:
                return NONE
            at = offset_of(changed, found.line, found.column)
            old_end = new_end + len(old_text) - len(changed)
            old_at = at - (new_end - old_end) if at >= new_end else min(at, start)
            return FURTHER if old_at > error_at else NONE
        return FULL
    return progress


def _candidates(text: str, error_at: int):
    """Unknown words from the one at the error (inside the bracket or word there too) back to the
    start of its sentence, nearest first."""
    spot_end = error_at
    while spot_end < len(text) and not text[spot_end].isspace():
        spot_end += 1
    words = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)
             if m.start() < max(spot_end, error_at + 1) and m.end() >= error_at - _LOOK_BACK]
    sentence = max(text.rfind(".", 0, max(error_at - 1, 0)), text.rfind("\n", 0, max(error_at, 0)))
    found = [item for item in reversed(words) if item[0] > sentence and not known(item[2])]
    return found[:MAX_CANDIDATES]


def known(word: str) -> bool:
    """Whether the language or the card pool knows ``word`` (case aside for lower-case words)."""
    if word.lower() in _vocabulary().lower:
        return True
    return word[:1].isupper() and word in _names()


def close_words(word: str, names: bool = False) -> list[str]:
    """Known words within one slip (two for words of six letters or more), closest first; the
    capitalised words (keywords, tokens, the pool's names and tags) too for a capitalised word,
    or when ``names`` (a word inside brackets, where keywords go)."""
    limit = 1 if len(word) < 6 else 2
    pool = _sorted_names() if word[:1].isupper() or names else ()
    letters = _letters(word.lower())
    scored = []
    for known_word in (*_vocabulary().lower_list, *pool):
        if abs(len(known_word) - len(word)) > limit:
            continue
        if _letter_gap(letters, _letters(known_word.lower())) > 2 * limit:   # each slip changes at most 2 counts
            continue
        candidate = _cased(known_word, word)
        distance = slips(word.lower(), known_word.lower())
        if distance <= limit:   # ties: a swap (the same letters) first, then the closer by difflib
            same_letters = sorted(word.lower()) == sorted(known_word.lower())
            ratio = difflib.SequenceMatcher(None, word.lower(), known_word.lower()).ratio()
            scored.append((distance, not same_letters, -ratio, candidate))
    return [item[-1] for item in sorted(scored)][:MAX_REPLACEMENTS]


@lru_cache(maxsize=None)
def _letters(word: str) -> Counter:
    return Counter(word)


def _letter_gap(a: Counter, b: Counter) -> int:
    """How many letters differ in count between two words (a cheap lower bound of 2 x slips)."""
    return sum(((a - b) + (b - a)).values())


def _cased(known_word: str, word: str) -> str:
    """``known_word`` with a capital when ``word`` has one ("Drwa", "hWen" -> "Draw", "When"); names keep
    their own case."""
    if known_word[:1].isupper():
        return known_word
    return known_word.capitalize() if any(char.isupper() for char in word) else known_word


def slips(a: str, b: str) -> int:
    """Edit distance counting a swap of two neighbouring letters as one slip (optimal string alignment)."""
    previous2, previous = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


@dataclass(frozen=True)
class _Vocabulary:
    lower: frozenset[str]          # lower-case words of the language
    lower_list: tuple[str, ...]


@cache
def _vocabulary() -> _Vocabulary:
    from interpreter.rules.data import default_rules

    lower = set(grammar_words())
    for action in default_rules().actions:
        lower.update(action.split("_"))
    return _Vocabulary(frozenset(lower), tuple(sorted(lower)))


@cache
def _sorted_names() -> tuple[str, ...]:
    return tuple(sorted(_names()))


@cache
def _names() -> frozenset[str]:
    """Capitalised words of keywords, tokens, and the pool's card names and tags (read on first need)."""
    from interpreter.rules.data import default_rules

    rules = default_rules()
    words = set()
    for phrase in (*rules.keywords, *rules.tokens, *pool_names()):
        words.update(m.group(0) for m in _WORD.finditer(phrase) if m.group(0)[:1].isupper())
    return frozenset(words)


@cache
def grammar_words() -> frozenset[str]:
    """The word literals the grammar spells ("draw", "enemy", "unit", ...), lower case."""
    from interpreter.language.parse import parser

    words = set()
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str":
            words.update(part for part in pattern.value.lower().split() if _LITERAL.match(part))
    return frozenset(words)


@cache
def pool_names() -> tuple[str, ...]:
    """Names and tags of the embedded card pool."""
    from interpreter.base.diagnostics import InputError
    from interpreter.base.resources import cards_dir
    from interpreter.cards.card_files import card_files, load_cards

    found = []
    for path in card_files(cards_dir()):
        try:
            cards = load_cards(path)
        except InputError:
            continue
        for card in cards:
            found.append(card.name)
            tags = card.fields.get("tags")
            if isinstance(tags, list):
                found.extend(tag for tag in tags if isinstance(tag, str))
    return tuple(found)
