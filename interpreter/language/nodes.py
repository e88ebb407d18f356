"""AST nodes: what the text says, as the transformer reads it, before any rule is applied.

Noun phrases, places and amounts have their own node classes; every other construction
(instructions, conditions, events, abilities) is a ``Phrase`` whose ``kind`` is the
grammar alias that built it and whose ``parts`` are its transformed children. Nodes keep
the words' meaning in typed fields and a ``Span`` of where they came from; the compiler
turns them into effect objects using rules_data.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """Where a piece of text is: 1-based line and column, 0-based offsets."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int

    @staticmethod
    def of(meta_or_token) -> "Span":
        """The span of a Lark ``Meta`` or ``Token`` (replaced below by a faster builder of the same value)."""
        item = meta_or_token
        return Span(item.line, item.column, item.end_line, item.end_column, item.start_pos, item.end_pos)



def _span_of_builder():
    """``Span.of`` without the frozen dataclass's ``__init__``: it sets each of the six fields through
    ``object.__setattr__``, and the transformer builds a span for every node (about 20,000 a corpus); the
    fields' slots are set directly here, so the span is the same value (equal, same hash and repr)."""
    new = object.__new__
    line, column, end_line, end_column, start, end = (
        Span.__dict__[name].__set__ for name in ("line", "column", "end_line", "end_column", "start", "end"))

    def of(meta_or_token) -> Span:
        item, span = meta_or_token, new(Span)
        line(span, item.line)
        column(span, item.column)
        end_line(span, item.end_line)
        end_column(span, item.end_column)
        start(span, item.start_pos)
        end(span, item.end_pos)
        return span
    return of


Span.of = staticmethod(_span_of_builder())

@dataclass(frozen=True, slots=True)
class Node:
    """Base of every AST node."""

    span: Span


@dataclass(frozen=True, slots=True)
class Word(Node):
    """A word the grammar spells out (a premodifier, a noun, a state), lower-cased."""

    text: str


@dataclass(frozen=True, slots=True)
class KeywordRef(Node):
    """A keyword as written: ``[Assault 2]`` is name Assault, value 2."""

    name: str
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Symbol(Node):
    """A cost or resource symbol: energy ``[2]``, power ``[R]``/``[A]``/``[C]``, exhaust ``[E]``."""

    kind: str            # energy | power | exhaust
    value: str           # "2", "R", "E"


@dataclass(frozen=True, slots=True)
class Determiner(Node):
    """``a``, ``another``, ``all``, ``up to 2``, ``one of your``: kind, count and inner determiner."""

    kind: str
    count: int | None = None
    inner: "Determiner | None" = None


@dataclass(frozen=True, slots=True)
class Head(Node):
    """The head of a noun phrase: a noun, names before it, a tag list, the token suffix."""

    noun: str | None
    names: tuple[str, ...]
    token: bool
    listed: bool = False     # names from a tag list ("Bird, Cat, or Dog"), each its own tag


@dataclass(frozen=True, slots=True)
class Place(Node):
    """A place: ``here``, ``there``, ``anywhere``, or ``at``/``in``/``to`` + a place noun phrase."""

    kind: str                        # here | there | anywhere | everywhere | zone
    determiner: str | None = None    # your | its | their | a | the | its owner's ...
    premods: tuple[str, ...] = ()
    noun: str | None = None          # battlefield | base | hand | trash | main deck | location ...
    of: "NounPhrase | None" = None   # "the location of the unit you exhausted ..."
    where: Node | None = None        # "a battlefield where you have units": the condition the place meets


@dataclass(frozen=True, slots=True)
class Post(Node):
    """A modifier after a noun: a place, ``you control``, ``with 3 [M] or less``, ``from your trash``."""

    kind: str
    value: object = None


@dataclass(frozen=True, slots=True)
class NounPhrase(Node):
    """An object or player phrase: ``two 3 [M] Mech unit tokens``, ``it``, ``friendly units there``."""

    determiner: Determiner | None
    premods: tuple[str, ...]
    head: Head | None
    pronoun: str | None
    posts: tuple[Post, ...]


@dataclass(frozen=True, slots=True)
class Phrase(Node):
    """Any other construction: ``kind`` is the grammar alias, ``parts`` its children."""

    kind: str
    parts: tuple

    def part(self, cls, default=None):
        """The first part of type ``cls``."""
        return next((p for p in self.parts if isinstance(p, cls)), default)

    def all(self, cls) -> tuple:
        """Every part of type ``cls``."""
        return tuple(p for p in self.parts if isinstance(p, cls))


# ---- rule statements (definitions.lark) ---------------------------------------------
@dataclass(frozen=True, slots=True)
class TokenTrait(Node):
    """One trait of a rule-187 token definition: its Might, a tag, a keyword or an ability."""

    kind: str                # might | tag | keyword | ability
    value: object


@dataclass(frozen=True, slots=True)
class TokenDefinition(Node):
    """A rule-187 token definition: the head names the token, traits define it."""

    name: tuple[str, ...]
    might: int | None
    head_keyword: str | None     # "A 3 [M] Sprite token with Temporary"
    card_type: str
    traits: tuple[TokenTrait, ...]
    see_rules: tuple[str, ...]
    unique: bool = False         # "The Baron Pit battlefield token": named with "the"
