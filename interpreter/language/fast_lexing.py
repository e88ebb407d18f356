"""Faster scanning and position keeping for the built Lark parser, with the same tokens and trees.

Profiling the corpus parse (benchmarks/compile.py) puts most of its time in three places of
Lark's generic machinery, each replaced here by an equivalent that does less work:

- the contextual lexer's scanner of a parser state is one alternation of every terminal the
  state accepts, tried branch after branch at every position. ``FastScanner`` keeps that
  alternation but also groups its branches by the first character they can match (read from
  the compiled pattern's syntax tree): at a position it tries only the branches that can start
  with the character found there, in the same order, so the first branch that matches is the
  one the whole alternation would have chosen;
- a word the grammar spells as a literal is read as WORD and then retyped by a second
  alternation matched against the whole word (Lark's ``UnlessCallback``): ``FastRetype`` looks
  the word up in a dictionary instead, taking the first literal in the same order;
- every reduction computes the tree's positions from its children with many attribute
  look-ups (``PropagatePositions``): ``FastPositions`` computes the same values directly.

Text with a character outside ASCII at a scanning position falls back to Lark's own alternation
(case folding beyond ASCII is left to ``re``). ``speed_up`` applies all three to a parser object
after it is built or loaded, and the scanning and parsing loop of ``fast_parsing``; nothing of it
is pickled.
"""
from __future__ import annotations

import re

import lark
from lark import Token, Tree
from lark.lexer import BasicLexer, Scanner, UnlessCallback, _create_unless
from lark.parse_tree_builder import PropagatePositions
from lark.parsers.lalr_parser import _Parser

from .fast_parsing import FastLALR, place

try:                                   # the regular-expression parser of the standard library
    from re import _parser as sre_parse, _constants as sre
except ImportError:  # pragma: no cover - Python before 3.11
    import sre_constants as sre
    import sre_parse

CHECKED_LARK = "1.3."                   # the Lark whose internals this module was checked against
_ANY = None                           # "may start with any character"
_ASCII = frozenset(chr(code) for code in range(128))
_BUCKETS: dict = {}                    # (alternation, flags) -> compiled pattern, shared by the states


# ---- the first characters a pattern can match ----------------------------------------------------
def first_characters(regexp: str, flags: int = 0):
    """The ASCII characters a match of ``regexp`` can begin with, or None when that is not known
    (any character may begin it). A superset is always safe: it only means trying a branch more."""
    try:
        parsed = sre_parse.parse(regexp, flags)
    except (re.error, TypeError, ValueError):  # pragma: no cover - Lark compiled it already
        return _ANY
    fold = bool((flags | parsed.state.flags) & re.IGNORECASE)
    found, nullable = _first_of_sequence(list(parsed), fold)
    return _ANY if found is _ANY or nullable else frozenset(found)


def _first_of_sequence(items, fold: bool):
    """(first characters, whether the sequence can match the empty string)."""
    found: set = set()
    for op, argument in items:
        first, nullable = _first_of_item(op, argument, fold)
        if first is _ANY:
            return _ANY, False
        found |= first
        if not nullable:
            return found, False
    return found, True


def _first_of_item(op, argument, fold: bool):
    if op is sre.LITERAL:
        return _cased({chr(argument)}, fold), False
    if op is sre.IN:
        return _first_of_set(argument, fold), False
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return set(), True                     # zero width: the next item begins the match
    if op is sre.SUBPATTERN:
        add_flags, del_flags, pattern = argument[1], argument[2], argument[3]
        inner = (fold or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
        return _first_of_sequence(list(pattern), inner)
    if op is sre.BRANCH:
        found, nullable = set(), False
        for branch in argument[1]:
            first, empty = _first_of_sequence(list(branch), fold)
            if first is _ANY:
                return _ANY, False
            found |= first
            nullable = nullable or empty
        return found, nullable
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", None)):
        low, _high, pattern = argument
        first, empty = _first_of_sequence(list(pattern), fold)
        return first, empty or low == 0
    if op is getattr(sre, "ATOMIC_GROUP", None):
        return _first_of_sequence(list(argument), fold)
    return _ANY, False                         # any character, a back-reference, ...


def _first_of_set(items, fold: bool):
    found: set = set()
    for op, argument in items:
        if op is sre.LITERAL:
            found.add(chr(argument))
        elif op is sre.RANGE and argument[1] - argument[0] < 256:
            found |= {chr(code) for code in range(argument[0], argument[1] + 1)}
        else:                                   # a negated set, a category such as \s, a wide range
            return _ANY
    return _cased(found, fold)


def _cased(characters: set, fold: bool) -> set:
    if not fold:
        return set(characters)
    return {variant for char in characters for variant in (char, char.lower(), char.upper())}


# ---- the scanner -----------------------------------------------------------------------------------
class FastScanner(Scanner):
    """A state's scanner that tries only the branches that can begin with the character found."""

    def __init__(self, terminals, g_regex_flags, re_, use_bytes):    # Lark's own alternation: built lazily
        self.terminals, self.g_regex_flags, self.re_, self.use_bytes = terminals, g_regex_flags, re_, use_bytes
        self.allowed_types = {t.name for t in self.terminals}
        self._firsts = [(terminal, _first_of_terminal(terminal, g_regex_flags)) for terminal in terminals]
        self._by_char: dict = {}

    @property
    def _mres(self):
        """Lark's alternation of every terminal, compiled only when a character outside ASCII needs it."""
        if "_all" not in self.__dict__:
            self.__dict__["_all"] = self._build_mres(self.terminals, len(self.terminals))
        return self.__dict__["_all"]

    def match(self, text, pos):
        whole = text.text
        if pos < text.end:
            char = whole[pos]
            if char in _ASCII:
                scanner = self._by_char.get(char, False)
                if scanner is False:
                    scanner = self._by_char[char] = self._bucket(char)
                if scanner is None:
                    return None
                found = scanner.match(whole, pos, text.end)
                return (found.group(0), found.lastgroup) if found else None
        return super().match(text, pos)

    def _bucket(self, char: str):
        """One compiled alternation of the branches that can begin with ``char``, in their order."""
        chosen = [terminal for terminal, first in self._firsts if first is _ANY or char in first]
        if not chosen:
            return None
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in chosen)
        key = (pattern, self.g_regex_flags)
        if key not in _BUCKETS:
            _BUCKETS[key] = self.re_.compile(pattern, self.g_regex_flags)
        return _BUCKETS[key]


_TERMINAL_FIRSTS: dict = {}


def _first_of_terminal(terminal, flags: int):
    key = (terminal.pattern.to_regexp(), flags)
    if key not in _TERMINAL_FIRSTS:
        _TERMINAL_FIRSTS[key] = first_characters(terminal.pattern.to_regexp(), flags)
    return _TERMINAL_FIRSTS[key]


class FastRetype:
    """The literal a whole word is, by dictionary: the first of the ordered literals it equals
    (case-insensitive literals compared in lower case), as Lark's ``UnlessCallback`` finds it.
    The answer for a word is kept (``known``): words repeat, and the answer depends on the word alone."""

    def __init__(self, scanner: Scanner):
        self.scanner = scanner                 # Lark's, for words outside ASCII
        self.exact: dict = {}
        self.folded: dict = {}
        self.known: dict = {}                  # word -> its literal's terminal name, or None
        for order, terminal in enumerate(scanner.terminals):
            value = terminal.pattern.value
            table, word = (self.folded, value.lower()) if "i" in terminal.pattern.flags else (self.exact, value)
            table.setdefault(word, (order, terminal.name))

    def __call__(self, token: Token) -> Token:
        value = str(token)
        try:
            found = self.known[value]
        except KeyError:
            found = self.known[value] = self._literal(value)
        if found is not None:
            token.type = found
        return token

    def _literal(self, value: str):
        if not value.isascii():
            return self.scanner.fullmatch(value)
        exact, folded = self.exact.get(value), self.folded.get(value.lower())
        best = min((hit for hit in (exact, folded) if hit is not None), default=None)
        return best[1] if best else None


class FastLexer(BasicLexer):
    """Lark's basic lexer of one parser state with ``FastScanner`` and ``FastRetype``."""

    def _build_scanner(self) -> Scanner:
        # Lark's BasicLexer._build_scanner with the two replacements (Lark's own when lexer callbacks are set)
        if self.user_callbacks:
            return super()._build_scanner()
        terminals, self.callback = _create_unless(self.terminals, self.g_regex_flags, self.re, self.use_bytes)
        for name, callback in list(self.callback.items()):
            if type(callback) is UnlessCallback:
                self.callback[name] = FastRetype(callback.scanner)
        return FastScanner(terminals, self.g_regex_flags, self.re, self.use_bytes)


# ---- positions -------------------------------------------------------------------------------------
class FastPositions(PropagatePositions):
    """Lark's position propagation (same values: start of the first child's container, end of the
    last one's) with the children's positions read directly. A rule that hands on its one child
    (``?rule``) leaves it as it is: its container is the child's own, set when the child was built."""

    def __call__(self, children):
        result = self.node_builder(children)
        if not isinstance(result, Tree) or (len(children) == 1 and result is children[0]):
            return result
        place(result.meta, children)
        return result


def speed_up(parser):
    """Give a built Lark LALR parser (contextual lexer) the faster scanners and position keeping;
    returns it. Scanners stay built on first use, state by state, as in Lark. A Lark of another minor
    version than the one checked (``CHECKED_LARK``) keeps its own machinery."""
    if not lark.__version__.startswith(CHECKED_LARK):
        return parser
    frontend = parser.parser
    lexer = getattr(frontend, "lexer", None)
    for state_lexer in list(getattr(lexer, "lexers", {}).values()) + [getattr(lexer, "root_lexer", None)]:
        if type(state_lexer) is BasicLexer and state_lexer._scanner is None:
            state_lexer.__class__ = FastLexer
    loop = getattr(getattr(frontend, "parser", None), "parser", None)
    callbacks = getattr(loop, "callbacks", {})
    for callback in callbacks.values():
        if type(callback) is PropagatePositions and callback.node_filter is None:
            callback.__class__ = FastPositions
    if type(loop) is _Parser and not any(isinstance(name, str) for name in callbacks):   # no terminal callbacks
        loop.__class__ = FastLALR
    return parser
