"""AST nodes: what the text says, as the transformer reads it, before any rule is applied.

Nodes keep the words' meaning in typed fields and a ``Span`` of where they came
from; the compiler turns them into effect objects using rules_data.
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

    @classmethod
    def of(cls, meta_or_token) -> "Span":
        item = meta_or_token
        return cls(item.line, item.column, item.end_line, item.end_column, item.start_pos, item.end_pos)


@dataclass(frozen=True, slots=True)
class Node:
    """Base of every AST node."""

    span: Span


@dataclass(frozen=True, slots=True)
class KeywordRef(Node):
    """A keyword as written: ``[Assault 2]`` is name Assault, value 2."""

    name: str
    value: int | None = None


@dataclass(frozen=True, slots=True)
class TokenPhrase(Node):
    """``a ready 3 [M] Sprite unit token``: quantity, state, stats, name, type."""

    quantity: int | None          # None for "the"
    state: str | None
    might: int | None
    name: tuple[str, ...]
    card_type: str | None
    name_span: Span | None = None


@dataclass(frozen=True, slots=True)
class Place(Node):
    """A location or zone named by the text: here, there, your base, the board."""

    kind: str


@dataclass(frozen=True, slots=True)
class EntryState(Node):
    state: str


@dataclass(frozen=True, slots=True)
class Granted(Node):
    keywords: tuple[KeywordRef, ...]


@dataclass(frozen=True, slots=True)
class TokenInstruction(Node):
    """Play, create or add a token, with what follows it (place, state, grants)."""

    verb: str
    token: TokenPhrase
    modifiers: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Resource(Node):
    kind: str            # energy | power
    value: str           # "2" for [2], a domain letter for power


@dataclass(frozen=True, slots=True)
class AddResources(Node):
    resources: tuple[Resource, ...]


@dataclass(frozen=True, slots=True)
class ObjectChoice(Node):
    """``a unit from your trash``: how many, which type, from where."""

    quantity: int | None
    card_type: str
    zone: Place | None


@dataclass(frozen=True, slots=True)
class ObjectRef(Node):
    """A reference: ``me``/``this``/``it`` (self) or ``the battlefield it replaced``."""

    kind: str
    card_type: str | None = None


@dataclass(frozen=True, slots=True)
class Banish(Node):
    choice: ObjectChoice


@dataclass(frozen=True, slots=True)
class GiveKeyword(Node):
    target: ObjectRef
    keyword: KeywordRef
    duration: str | None


@dataclass(frozen=True, slots=True)
class ReplaceObject(Node):
    target: ObjectRef
    replacement: ObjectRef


@dataclass(frozen=True, slots=True)
class Optional(Node):
    """``you may ...``"""

    instruction: Node


@dataclass(frozen=True, slots=True)
class IfYouDo(Node):
    """``If you do, ...``"""

    instruction: Node


@dataclass(frozen=True, slots=True)
class EffectBody(Node):
    clauses: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class UnitGroup(Node):
    """``Bird, Cat and Dog units``: tags and a plural card type."""

    tags: tuple[str, ...]
    card_type: str


@dataclass(frozen=True, slots=True)
class KeywordAbility(Node):
    keyword: KeywordRef
    values: tuple[Resource, ...]


@dataclass(frozen=True, slots=True)
class Keyworded(Node):
    """``[K][>] ...`` or ``[K] — ...``: a keyword bound to an ability or effect."""

    keyword: KeywordRef
    body: Node
    arrow: str           # the separator as written: "[>]", "—", "-"


@dataclass(frozen=True, slots=True)
class Triggered(Node):
    event: str
    body: EffectBody


@dataclass(frozen=True, slots=True)
class Cost(Node):
    kind: str            # energy | power | exhaust | kill_self
    value: str | None = None


@dataclass(frozen=True, slots=True)
class Activated(Node):
    costs: tuple[Cost, ...]
    timing: KeywordRef | None
    body: EffectBody


@dataclass(frozen=True, slots=True)
class StaticMight(Node):
    group: UnitGroup
    place: Place | None
    delta: int


@dataclass(frozen=True, slots=True)
class MovePermission(Node):
    group: UnitGroup
    place: Place


@dataclass(frozen=True, slots=True)
class Instructions(Node):
    body: EffectBody


@dataclass(frozen=True, slots=True)
class CardLine(Node):
    ability: Node | None
    reminder: str | None     # reminder text is kept apart and adds no behaviour (135.2.d.3)


@dataclass(frozen=True, slots=True)
class CardText(Node):
    lines: tuple[CardLine, ...]


@dataclass(frozen=True, slots=True)
class TokenTrait(Node):
    kind: str                # might | tag | keyword | ability
    value: object


@dataclass(frozen=True, slots=True)
class TokenDefinition(Node):
    """A rule-187 token definition: the head names the token, traits define it."""

    head: TokenPhrase
    head_keyword: str | None     # "A 3 [M] Sprite token with Temporary"
    card_type: str
    traits: tuple[TokenTrait, ...]
    see_rules: tuple[str, ...]
