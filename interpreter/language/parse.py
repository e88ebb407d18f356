"""Parse stage: the Lark grammar of the DSL, loaded once and cached.

The grammar is the files of ``grammar/`` joined in ``GRAMMAR_FILES`` order (shared
terminals first). LALR with the contextual lexer, positions propagated; the built parser is kept
between runs (``parser_cache``, over Lark's own cache) so the command line starts fast.
Parse errors become one ``InputError`` diagnostic saying, in words, what was expected.
"""
from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from interpreter.base.diagnostics import Diagnostic, InputError, at_offset, line_of
try:
    from .fast_lexing import speed_up
except ImportError:  # NOTE: a Lark whose internals fast_lexing does not know: Lark's own scanning, same trees
    def speed_up(parser):
        return parser
from .lexicon import Lexicon, active_lexicon
from .parser_cache import load_parser
from interpreter.base.resources import grammar_dir

GRAMMAR_FILES = ("common.lark", "objects.lark", "conditions.lark", "effects.lark", "abilities.lark", "definitions.lark",
                 "statements.lark")
RULE_GRAMMAR_FILES = ("definitions.lark", "statements.lark")
START_RULES = ("card_text", "effect_text", "token_definition", "rule_statement")

# How terminals read in a diagnostic; anonymous word literals show as the word itself.
_TERMINAL_WORDS = {
    "WORD": "a word",
    "NUMBER": "a number",
    "MIGHT": "the might symbol [M]",
    "EXHAUST": "the exhaust symbol [E]",
    "ENERGY": "an energy symbol such as [2]",
    "POWER": "a power symbol such as [A] or [R]",
    "ARROW": "the keyword arrow [>]",
    "NESTED_ARROW": "the nested arrow [>>]",
    "KEYWORD": "a bracketed keyword such as [Shield]",
    "DASH": "a dash",
    "HYPHEN": "a hyphen",
    "OPEN_QUOTE": "an opening quote",
    "CLOSE_QUOTE": "a closing quote",
    "STRAIGHT_QUOTE": "a quote",
    "PLUS": "a plus sign",
    "REMINDER": "reminder text in parentheses",
    "AT_THE_POINT": "“at the start” or “at the end”",
    "NAMED_CHOICE": "a choice of two named options such as “chooses Cards or Runes”",
    "THAT_CHOOSES": "“that chooses” and a named option",
    "HAS_YOU": "“has you”",
    "DONE_THIS_WAY": "a participle and “this way”, such as “killed this way”",
    "_NEWLINE": "a new line",
    "$END": "the end of the text",
}


def grammar_source(lexicon: Lexicon | None = None) -> str:
    """The whole grammar text: the files joined in order, then the word classes of ``lexicon``
    (the lexicon in use by default)."""
    return _grammar_source(lexicon or active_lexicon())


@cache
def _grammar_source(lexicon: Lexicon) -> str:
    folder = grammar_dir()
    # the words of single actions that phrase rules name ("_verb_pay") are put in from the lexicon first
    texts = {name: lexicon.expand((folder / name).read_text(encoding="utf-8")) for name in GRAMMAR_FILES}
    # The word classes leave out the words card text spells with phrase rules of its own (the rules'
    # statements are read in states of their own, so their words do not count).
    card_grammar = "\n".join(texts[name] for name in GRAMMAR_FILES if name not in RULE_GRAMMAR_FILES)
    whole = "\n".join(texts.values())
    return whole + "\n" + lexicon.terminals(card_grammar) + lexicon.no_words(whole)


# Card text and rule statements get a parser each: a command that reads cards loads only the
# card tables (the statements' states would add a third to its start-up). "all" is for tests.
PARSER_STARTS = {
    "cards": ("card_text", "effect_text", "token_definition"),
    "statements": ("rule_statement", "token_definition"),
    "all": START_RULES,
}


def parser(kind: str = "cards", lexicon: Lexicon | None = None) -> Lark:
    """An LALR parser of the DSL for the start rules of ``kind`` and the word classes of ``lexicon``
    (the lexicon in use by default), built once a process."""
    return _parser(kind, lexicon or active_lexicon())


@cache
def _parser(kind: str, lexicon: Lexicon) -> Lark:
    # The built parser is pickled in the temp folder (parser_cache); Lark's own cache of the
    # tables serves when that pickle is missing or stale.
    options = dict(parser="lalr", lexer="contextual", start=list(PARSER_STARTS[kind]), propagate_positions=True,
                   maybe_placeholders=False, cache=True)
    return speed_up(load_parser(grammar_source(lexicon), options))


def normalise(text: str) -> str:
    """The text the grammar reads: curly apostrophes as straight ones (same length, same spans)."""
    return text.replace("’", "'")


# Typos of real card data the reader copes with, each with a lint rule that reports it. Every
# tolerance keeps the text's length, so spans and diagnostics still point into the source.
# NOTE: each pattern is narrow on purpose (a doubled period, an energy symbol right before the
# might symbol, a lower-case word glued to a closing parenthesis at the end of a line): wider
# ones would read text nobody wrote.
_DOUBLED_PERIOD = re.compile(r"\.(?: *\.)+")                        # RB503: "control.."
_ENERGY_AS_NUMBER = re.compile(r"\[([0-9]+)\](?=[ \t]*\[[MS]\])")   # RB102: "two [1] [M] Bird"
_GLUED_WORD = re.compile(r"(?<=\))[a-z]+(?=\r?\n|$)")              # RB504: "(... the effect.)ambush"
# RB505: "[ Reaction ]", a keyword with spaces inside its brackets (as 822.1.b prints it)
SPACED_KEYWORD = re.compile(r"\[(?P<before> *)(?P<name>[A-Z][a-z]+(?:[ \-][A-Z][a-z]+)*(?: [0-9]+)?)(?P<after> *)\]")


def tolerate_typos(text: str) -> str:
    """The text with the known typos of real card data read as what they obviously mean."""
    text = _DOUBLED_PERIOD.sub(lambda m: m.group(0) if _in_parentheses(text, m.start()) else
                               "." + " " * (len(m.group(0)) - 1), text)
    text = _ENERGY_AS_NUMBER.sub(lambda m: f" {m.group(1)} ", text)
    text = SPACED_KEYWORD.sub(_closed_keyword, text)
    return _GLUED_WORD.sub(lambda m: " " * len(m.group(0)), text)


def _closed_keyword(match: re.Match) -> str:
    """"[ Reaction ]" as "[Reaction]" and the spaces after it (the same length); a keyword without spaces stays."""
    spaces = len(match.group("before")) + len(match.group("after"))
    return f"[{match.group('name')}]" + " " * spaces


def _in_parentheses(text: str, at: int) -> bool:
    return text.rfind("(", 0, at) > text.rfind(")", 0, at)


# The largest number a card text may hold (a count, an amount, a keyword's value, an energy
# symbol): printed cards stay under 20, and every count bounds work the runtime does (tokens
# played, cards drawn). Rule statements and token definitions (rules data) may name rule numbers
# ("See rule 816.") up to 9999.
MAX_NUMBER = 99
MAX_RULE_NUMBER = 9999
_DIGITS = re.compile(r"[0-9]+")


def parse(text: str, start: str = "card_text", path: str = "<text>", lexicon: Lexicon | None = None) -> Tree:
    """Parse ``text`` from the start rule ``start`` with the words of ``lexicon`` (the lexicon in
    use by default); bad text raises ``InputError``."""
    if not text.strip():
        raise InputError(Diagnostic("E001", "empty text", path, 1, 1, "", _EMPTY_HELP[start]))
    try:
        kind = "statements" if start == "rule_statement" else "cards"
        tree = parser(kind, lexicon).parse(tolerate_typos(normalise(text)), start=start)
    except UnexpectedInput as error:
        raise InputError(_diagnose(error, text, path)) from None
    _check_numbers(tree, text, path, MAX_NUMBER if start in ("card_text", "effect_text") else MAX_RULE_NUMBER)
    return tree


def _check_numbers(tree: Tree, text: str, path: str, largest: int) -> None:
    """Every number the text holds (plain, in a keyword such as [Deflect 2], in an energy symbol)
    is at most ``largest``: a located error otherwise."""
    for token in tree.scan_values(lambda value: isinstance(value, Token)):
        if token.type not in ("NUMBER", "KEYWORD", "ENERGY"):
            continue
        for digits in _DIGITS.finditer(str(token)):
            if len(digits.group()) > 6 or int(digits.group()) > largest:
                column = token.column + digits.start()
                shown = digits.group() if len(digits.group()) <= 12 else digits.group()[:9] + "..."
                raise InputError(Diagnostic("E012", f"the number {shown} is too large", path, token.line, column,
                                            line_of(text, token.line), f"expected a number from 0 to {largest}"))


_EMPTY_HELP = {
    "card_text": "write at least one ability, keyword or instruction",
    "effect_text": "write an instruction such as “Play a 1 [M] Recruit unit token here.”",
    "token_definition": "write a definition such as “A 1 [M] Recruit token is a domainless unit token with 1 Might.”",
    "rule_statement": "write a rules statement such as “A unit enters the board exhausted.”",
}


def _diagnose(error: UnexpectedInput, text: str, path: str) -> Diagnostic:
    """Turn a Lark error into a diagnostic at the offending spot."""
    if isinstance(error, UnexpectedEOF):
        line, column = at_offset(text, len(text.rstrip()))
        return Diagnostic("E002", "the text ends too early", path, line, column,
                          line_of(text, line), "expected " + describe_expected(error.expected))
    line, column = error.line, error.column
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        line, column = at_offset(text, len(text.rstrip()))      # just after the last character written
    if isinstance(error, UnexpectedToken):
        found = _describe_found(error.token)
        expected = error.accepts or error.expected
    elif isinstance(error, UnexpectedCharacters):
        found = repr(text[error.pos_in_stream]) if error.pos_in_stream < len(text) else "the end"
        expected = error.allowed or set()
    else:  # pragma: no cover - every Lark parse error is one of the above
        found, expected = "this", set()
    return Diagnostic("E002", f"cannot read {found} here", path, line, column,
                      line_of(text, line), "expected " + describe_expected(expected))


def _describe_found(token) -> str:
    if token.type == "$END":
        return "the end of the text"
    value = str(token)
    return repr(value if len(value) <= 40 else value[:37] + "...")


def describe_expected(names) -> str:
    """A readable, sorted list of what the parser would have accepted."""
    words = sorted({_terminal_word(name) for name in names})
    if not words:
        return "nothing more"
    if len(words) > 12:
        words = words[:12] + [f"… ({len(names) - 12} more)"]
    return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]


def _terminal_word(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"“{pattern.value}”"
    return f"“{name.strip('_').lower().replace('_', ' ')}”"     # a phrase terminal: IN_COMBAT, "in combat"
