"""Game state: players in turn order, the zones of rules 107-108, game objects and the event log.

A ``GameState`` holds every game object in exactly one zone. Zones are keyed by
``(kind, whose)``: ``("hand", "A")``, ``("battlefield", 0)`` for what is at the first
battlefield, ``("facedown", 0)`` for its facedown zone, ``("battlefield_zone", None)`` for
the battlefields themselves, ``("chain", None)``. How a zone behaves (board or not,
privacy, capacity) is read from rules_data (``RulesData.zones``), never written here.

NOTE: an object has two numbers. ``oid`` is new at every change to or from a non-board
zone (124); ``identity`` is what effects that refer to an object follow, and a replacing
token takes the identity of what it replaced (438.1.a).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from interpreter.compiler import effects as fx
from interpreter.rules.data import RulesData

DOMAIN_LETTERS = {"Fury": "R", "Calm": "G", "Mind": "B", "Body": "O", "Chaos": "P", "Order": "Y"}
DOMAIN_NAMES = {letter: name for name, letter in DOMAIN_LETTERS.items()}


class IllegalAction(Exception):
    """A step the rules refuse; carries the rule that refuses it."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


@dataclass(frozen=True)
class Characteristics:
    """What an object is: name, type, might, tags, domains, cost, keywords and abilities."""

    name: str
    card_type: str                      # unit | gear | spell | rune | legend | battlefield
    might: int | None = None
    tags: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()       # domain letters R G B O P Y
    energy: int = 0
    power: tuple[str, ...] = ()
    supertype: str | None = None
    keywords: tuple[tuple[str, int | None], ...] = ()
    source: object = None               # a CardDef (cards) or TokenCharacteristics (tokens)

    def abilities(self):
        """Compiled abilities; raises InputError when the text does not compile yet."""
        abilities = getattr(self.source, "abilities", ())
        return abilities() if callable(abilities) else tuple(abilities)


@dataclass(eq=False)
class GameObject:
    """A card or token in a zone, with its owner, controller and statuses (124.2)."""

    oid: int
    identity: int
    chars: Characteristics
    token: bool
    owner: str
    controller: str | None
    zone: tuple
    arrival: int
    exhausted: bool = False
    damage: list = field(default_factory=list)          # [(amount, marked_by)] (142.3.a)
    buffed: bool = False
    extra_buffs: int = 0                                 # buffs past the first, where a unit may have more (426.1.b.2)
    stunned: bool = False
    empowered: bool = False                              # 441.1.a: a binary state
    facedown: bool = False
    revealed: bool = False
    replaced: bool = False
    attached_to: int | None = None
    might_this_turn: int = 0
    granted: list = field(default_factory=list)         # [(keyword, value, duration)]
    contested_by: str | None = None                     # battlefields (190.3)
    staged: bool = False                                 # a showdown or combat is staged here (323.8)
    replaced_chain: tuple = ()                           # oids this token replaced, nearest first (438.7.b.1)
    hidden_turn: int | None = None
    enter_ready: bool = False                            # Accelerate's delayed replacement (805.2.b)
    location_choice: tuple | None = None                 # where a permanent on the chain will enter (355.2)
    enter_at: tuple | None = None                        # where an "as" ability said it enters instead (369.3)
    combat_role: str | None = None                       # attacker | defender, only during a combat (323.2, 464.2.c.3)
    leaves_chain_to: str | None = None                   # a delayed replacement of its way off the chain (390.3.a)
    former_identities: tuple = ()                        # the objects it was before changes of zone (124.1)
    as_played: dict = field(default_factory=dict)        # choices made as it was played: "tag" named, "gained_tag"
    chosen_champion: bool = False                        # the card chosen in deck building (103.2.a): kept in every zone

    @property
    def name(self) -> str:
        return self.chars.name

    @property
    def card_type(self) -> str:
        return self.chars.card_type

    @property
    def damage_total(self) -> int:
        return sum(amount for amount, _ in self.damage)


@dataclass
class Player:
    """A player: rune pool, points, xp, and what they played this turn (812.1.c)."""

    name: str
    energy: int = 0
    power: list = field(default_factory=list)
    points: int = 0
    xp: int = 0
    cards_played: int = 0
    tokens_played: int = 0
    scored: set = field(default_factory=set)             # battlefield identities scored this turn (470)
    finalized: list = field(default_factory=list)        # cards finalized this turn (812.1.c, 419.4.b)


@dataclass
class ChainItem:
    """An item on the chain (108.1): a card or token being played, or an ability."""

    controller: str
    obj: GameObject | None = None        # a card or token
    effects: tuple = ()                  # an ability's instructions
    label: str = ""
    source_identity: int | None = None
    here: tuple | None = None            # the location "here" named when it triggered (359.3.f.3)
    finalized: bool = False
    hidden_at: tuple | None = None       # played from a facedown zone: its battlefield (811.1.d)
    repeats: int = 0                     # Repeat costs paid: extra executions (820.1.d)
    about: tuple = ()                    # identities of the objects its trigger event was about: "it"
    event_place: tuple | None = None     # where its trigger event happened: what "there" means (359.3.f.3)
    played_from: str | None = None       # the zone a card was played from: "If you played this from your hand"
    linked: tuple = ()                   # identities of what a linked delayed trigger acts on, in any zone (390.5)
    paid_with: tuple = ()                # (action, object) its costs were paid with: "the unit you exhausted to pay"
    targets: list = field(default_factory=list)   # (selector, identities) chosen as it was put on the chain (355.5)
    players: tuple = ()                  # (phrase, player): "When a player chooses ..., they draw 1" (383.2.c)
    chosen: bool = True                  # its targets are chosen; a trigger's wait for the player (355.5.b)
    about_phrase: object = None          # the trigger's phrase that ``about`` fits: "it" of "When you choose a unit"
    named: tuple = ()                    # (selector, objects) its additional costs named: "the killed unit"

    @property
    def name(self) -> str:
        return self.obj.name if self.obj is not None else self.label


@dataclass(frozen=True)
class Event:
    """One line of the event log and the rules it applied."""

    text: str
    rules: tuple[str, ...]


class GameState:
    """The whole game: players, zones, battlefields, chain, turn and the event log."""

    def __init__(self, rules: RulesData, players: list[str], turn: str):
        self.rules = rules
        self.players = {name: Player(name) for name in players}
        self.order = list(players)
        self.turn_player = turn
        self.turn_number = 1
        self.zones: dict[tuple, list[GameObject]] = {}
        self.battlefields: list[GameObject] = []      # slot order; a slot keeps its place when replaced
        self.chain: list[ChainItem] = []             # bottom first
        self.log: list[Event] = []
        self.winner: str | None = None
        self.showdown = None                          # the Showdown in progress (engine/showdown.py), or None (308)
        self.combat = None                            # the Combat in progress (engine/combat.py), or None (459)
        self.phase = "main"                           # the phase of the turn (314-317)
        self.phase_done = True                        # whether the tasks of that phase were carried out
        self.chain_passes = (0, 0)                    # (chain length, players who passed on it in sequence) (339)
        self.cleanup_due = False
        self.answers: list = []                       # choices given ahead of the decision that needs them
        self.layer_effects: list = []                 # continuous effects registered by code (layer_sources.register)
        self.victory_increase = 0                     # points card effects add to the Victory Score (194.3.a)
        self.skipped_phases: list[tuple[str, str]] = []   # (player, phase) to be replaced with nothing (443.2)
        self.extra_channel: dict[str, int] = {}       # runes a player channels more in their next Channel Phase (485.7)
        self.banished_by: dict[int, int] = {}         # a banished card's identity -> the object that banished it (427.3)
        self._ids = itertools.count(1)
        self._arrivals = itertools.count(1)

    @property
    def runtime(self) -> dict:
        """The ``runtime`` values of rules_data/game.yaml (lethal damage, costs, turn start...)."""
        return runtime_rules(self.rules.folder)

    # ---- log ------------------------------------------------------------------------
    def note(self, text: str, *rules: str) -> None:
        self.log.append(Event(text, tuple(rules)))

    # ---- zones ----------------------------------------------------------------------
    def zone_rule(self, kind: str) -> dict:
        """The rules_data entry of a zone kind (107-108)."""
        return self.rules.zones["battlefield" if kind == "battlefield_zone" else kind]

    def is_board(self, zone: tuple) -> bool:
        return bool(self.zone_rule(zone[0])["board"])

    def objects(self, zone: tuple) -> list[GameObject]:
        if zone[0] == "chain":
            return [item.obj for item in self.chain if item.obj is not None]
        return self.zones.setdefault(zone, [])

    def all_objects(self):
        for zone in list(self.zones):
            yield from self.zones[zone]
        yield from self.objects(("chain", None))

    def board_objects(self):
        return [obj for zone, objs in self.zones.items() if self.is_board(zone) for obj in objs]

    def new_object(self, chars: Characteristics, owner: str, controller: str | None, zone: tuple,
                   token: bool = False, top: bool = False) -> GameObject:
        """Put a new object into ``zone`` (on top when ``top``, else at the end)."""
        oid = next(self._ids)
        obj = GameObject(oid, oid, chars, token, owner, controller, zone, next(self._arrivals))
        self.place(obj, zone, top)
        return obj

    def place(self, obj: GameObject, zone: tuple, top: bool = False) -> None:
        obj.zone = zone
        if zone[0] == "battlefield_zone":
            return
        if zone[0] != "chain":
            objects = self.zones.setdefault(zone, [])
            objects.insert(0, obj) if top else objects.append(obj)

    def remove(self, obj: GameObject) -> None:
        if obj.zone[0] == "chain":
            self.chain = [item for item in self.chain if item.obj is not obj]
        elif obj.zone[0] != "battlefield_zone":
            self.zones[obj.zone].remove(obj)

    def renew(self, obj: GameObject) -> None:
        """A new object for tracking (124): new numbers, temporary modifications gone (124.1)."""
        obj.former_identities = (*obj.former_identities, obj.identity)
        obj.oid = obj.identity = next(self._ids)
        obj.arrival = next(self._arrivals)
        obj.damage, obj.granted = [], []
        obj.exhausted = obj.buffed = obj.stunned = obj.empowered = obj.revealed = obj.facedown = False
        obj.extra_buffs = 0
        obj.leaves_chain_to = None
        obj.might_this_turn, obj.attached_to, obj.enter_ready, obj.enter_at = 0, None, False, None
        obj.combat_role = None

    # ---- lookups --------------------------------------------------------------------
    def by_identity(self, identity: int | None) -> GameObject | None:
        """The object effects that refer to ``identity`` mean now, on the board or chain."""
        if identity is None:
            return None
        for obj in self.battlefields:
            if obj.identity == identity:
                return obj
        for obj in self.board_objects() + self.objects(("chain", None)):
            if obj.identity == identity:
                return obj
        return None

    def became(self, identity: int | None) -> GameObject | None:
        """The object ``identity`` means now (in any zone), or the new object it became by a change of zone (124.1):
        where its card is now, for the abilities it had (its last known information)."""
        found = self.by_identity(identity)
        if found is not None or identity is None:
            return found
        return next((o for o in self.all_objects() if o.identity == identity or identity in o.former_identities),
                    None)

    def slot_of(self, name: str) -> int | None:
        for slot, battlefield in enumerate(self.battlefields):
            if battlefield.name == name:
                return slot
        return None

    def location_name(self, zone: tuple) -> str:
        if zone[0] in ("battlefield", "facedown"):
            return self.battlefields[zone[1]].name
        return f"{zone[1]}.{zone[0]}" if zone[1] is not None else zone[0]

    def battlefield_controller(self, slot: int) -> str | None:
        return self.battlefields[slot].controller

    def opponents(self, player: str) -> list[str]:
        return [name for name in self.order if name != player]

    def next_arrival(self) -> int:
        return next(self._arrivals)

    def new_id(self) -> int:
        return next(self._ids)


def domain_letters(domains) -> tuple[str, ...]:
    """Domain names or letters as letters (134.2)."""
    return tuple(DOMAIN_LETTERS.get(d, d) for d in domains or ())


@cache
def runtime_rules(folder: Path) -> dict:
    """The ``runtime`` key of ``game.yaml`` in a rules_data folder."""
    return yaml.safe_load((Path(folder) / "game.yaml").read_text(encoding="utf-8"))["runtime"]


def token_characteristics(token: fx.TokenCharacteristics) -> Characteristics:
    """A token's characteristics as rule 187 and the effect give them; no cost, no domain (185.3)."""
    return Characteristics(token.name, token.card_type, token.might, tuple(token.tags), (),
                           supertype="Token", keywords=tuple((k.name, k.value) for k in token.keywords),
                           source=token)
