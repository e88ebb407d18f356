"""One imagined board holding every card of a pool, for design-time checks.

Every unit of the pool stands at one shared battlefield for player A, with a copy for
player B beside it (so "enemy" and "friendly" holders both find units); gear sits in A's
base, legends in A's legend zone, battlefield cards are battlefields. Only A's objects are
sources of the effects studied; B's copies are there to be affected.

NOTE: spells and runes are not laid out: their effects are not continuous effects of an
object on the board. Units stand at a battlefield, not in a base, so a holder such as "units
in your base" finds none here; the text report says how many effects were studied.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from interpreter.cards.card_files import Card
from interpreter.engine.card_pool import CardDef
from interpreter.engine.state import Characteristics, GameObject, GameState
from interpreter.rules.data import default_rules

STUDIED_TYPES = ("unit", "gear", "legend", "battlefield")
TABLE = "the design table"          # the shared battlefield every unit stands at
BEARER, BEARER_MIGHT = "an equipped unit", 2    # the plain unit an equipment is attached to


@dataclass
class Board:
    """The state, and for each of A's objects the card it stands for and whether it is new."""

    state: GameState
    cards: dict[int, Card] = field(default_factory=dict)      # oid of A's object -> card
    new: set[int] = field(default_factory=set)                 # oids of the new cards' objects

    def card_of(self, oid: int | None) -> Card | None:
        return self.cards.get(oid)

    def is_new(self, oid: int | None) -> bool:
        return oid in self.new

    def sources(self) -> list[GameObject]:
        return [obj for obj in self.state.battlefields + self.state.board_objects() if obj.oid in self.cards]


def lay_out(pool: list[Card], new: list[Card] = ()) -> Board:
    """A board with one object per card of ``pool`` and ``new`` (the new cards marked)."""
    state = GameState(default_rules(), ["A", "B"], "A")
    table = state.new_object(Characteristics(TABLE, "battlefield"), "A", None, ("battlefield_zone", None))
    state.battlefields.append(table)
    board = Board(state)
    new_names = {card.name for card in new}
    chosen = {card.name: card for card in pool if card.name not in new_names}
    chosen.update({card.name: card for card in new})
    for card in chosen.values():
        obj = _place(state, definition(card))
        if obj is not None:
            board.cards[obj.oid] = card
            if card.name in new_names:
                board.new.add(obj.oid)
    return board


_DEFINITIONS: dict[str, CardDef] = {}
MAX_DEFINITIONS = 20_000


def definition(card: Card) -> CardDef:
    """The card's definition, compiled once per process for the same card in the same place (a second
    study in one process, as the tests make, does not compile the pool again)."""
    key = json.dumps([card.path, card.line, card.fields], sort_keys=True, default=str)
    found = _DEFINITIONS.get(key)
    if found is None:
        if len(_DEFINITIONS) >= MAX_DEFINITIONS:
            _DEFINITIONS.clear()
        found = _DEFINITIONS[key] = CardDef(card)
    return found


def _place(state: GameState, definition: CardDef) -> GameObject | None:
    chars = definition.characteristics()
    kind = chars.card_type
    if kind not in STUDIED_TYPES:
        return None
    token = chars.supertype == "Token"
    if kind == "unit":
        state.new_object(chars, "B", "B", ("battlefield", 0), token)       # a target for "enemy" holders
        return state.new_object(chars, "A", "A", ("battlefield", 0), token)
    if kind == "battlefield":
        obj = state.new_object(chars, "A", "A", ("battlefield_zone", None), token)
        state.battlefields.append(obj)
        return obj
    if kind == "gear" and _equips(definition):
        bearer = state.new_object(Characteristics(BEARER, "unit", might=BEARER_MIGHT), "A", "A", ("battlefield", 0))
        gear = state.new_object(chars, "A", "A", ("battlefield", 0), token)
        gear.attached_to = bearer.identity                              # 136.2.c, 137: it gives the bearer
        return gear
    zone = ("base", "A") if kind == "gear" else ("legend", "A")
    return state.new_object(chars, "A", "A", zone, token)


def _equips(definition: CardDef) -> bool:
    """Equipment that gives the unit it is attached to something: an effect text or a Might bonus."""
    fields = definition.card.fields
    return bool(fields.get("effect_text")) or isinstance(fields.get("might_bonus"), int)
