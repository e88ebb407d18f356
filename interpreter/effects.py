"""Effect objects: what a text means, typed, with where it came from and which rules decided it.

Every object is a frozen, slotted dataclass with tuple fields, so it hashes and can be a
graph node. ``span`` locates the words it came from; ``rules`` lists the ids of the rules
that decided its fields. No object stores raw source text.
"""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Span


@dataclass(frozen=True, slots=True)
class Decision:
    """A value the compiler settled, and the rules that settled it (e.g. exhausted, 143.4)."""

    value: str | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability by name and value, citing the rule that defines it."""

    name: str
    value: int | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect and ability object."""

    span: Span | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TokenCharacteristics(Effect):
    """What a token is (187): name, type, might, tags, keywords and abilities."""

    name: str
    card_type: str
    might: int | None
    tags: tuple[str, ...]
    keywords: tuple[Keyword, ...]
    abilities: tuple[Effect, ...]
    domains: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Destination:
    """Where an object goes: a zone kind, whose, and the rules that decided it."""

    zone: str          # chain | base | here | there | playable_location | battlefield_zone | legend_zone | board
    player: str | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """Create or play ``count`` tokens (439; played tokens go through the chain, 439.2.c)."""

    action: str                      # create | play
    count: int
    token: TokenCharacteristics
    created_to: Destination
    played_to: Destination | None    # only when played
    enters: Decision                 # ready | exhausted
    owner: Decision
    controller: Decision             # value None: uncontrolled (439.4.b)
    granted: tuple[Keyword, ...]


@dataclass(frozen=True, slots=True)
class AddResources(Effect):
    """Add energy and power to the rune pool (429)."""

    energy: int
    power: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """Which objects an effect chooses or affects."""

    card_type: str
    count: int | None
    zone: str | None = None
    player: str | None = None
    tags: tuple[str, ...] = ()
    location: str | None = None


@dataclass(frozen=True, slots=True)
class Reference:
    """An object an effect refers to: ``self`` (me, this), ``replaced`` (what this replaced)."""

    kind: str
    card_type: str | None = None


@dataclass(frozen=True, slots=True)
class Banish(Effect):
    """Banish the chosen objects (427)."""

    target: ObjectFilter


@dataclass(frozen=True, slots=True)
class GiveKeyword(Effect):
    """Give an object a keyword, for a duration."""

    target: Reference
    keyword: Keyword
    duration: str | None


@dataclass(frozen=True, slots=True)
class ReplaceObject(Effect):
    """Replace one object with another (438)."""

    target: Reference
    replacement: Reference


@dataclass(frozen=True, slots=True)
class MayDo(Effect):
    """An optional instruction: the player may do it (``you may ...``)."""

    effect: Effect


@dataclass(frozen=True, slots=True)
class IfYouDo(Effect):
    """An instruction done only if the optional one before it was done."""

    effect: Effect


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger condition: an event, who does it, and where."""

    event: str          # play | move | attack | hold | score | die
    subject: str        # self | you
    place: str | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """One cost of an activated ability or an additional cost."""

    kind: str           # energy | power | exhaust | kill_self
    amount: int = 1
    domain: str | None = None


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Effect):
    trigger: Trigger
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Effect):
    costs: tuple[Cost, ...]
    permissions: tuple[Keyword, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class KeywordAbility(Effect):
    keyword: Keyword
    cost: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellEffect(Effect):
    """The instructions a spell carries out when it resolves."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class MightModifier(Effect):
    """A passive change of might for a group of objects."""

    affected: ObjectFilter
    amount: int


@dataclass(frozen=True, slots=True)
class MovePermission(Effect):
    """A permission for objects to move to a place from anywhere."""

    affected: ObjectFilter
    destination: str
    origin: str
