"""Building the game state a scenario's ``given`` describes (DESIGN.md section 5).

The game starts in the turn player's main phase, open, with an empty chain; no cleanup
runs before the first step. Objects put on the board by ``given`` are ready unless they
say ``exhausted: true``; runes are basic runes of the given domains (164.1), or without
domain when only counted.
"""
from __future__ import annotations

from interpreter.engine.card_pool import CardPool
from interpreter.compiler.compile import CompileError, compiler
from interpreter.engine.state import token_characteristics
from .load import Located, Scenario
from interpreter.engine.state import DOMAIN_NAMES, Characteristics, GameObject, GameState
from interpreter.rules.data import default_rules

BOARD_FIELDS = ("exhausted", "buffed", "stunned", "empowered", "revealed")


class Setup:
    """Reads ``given`` into a fresh ``GameState`` with the scenario's card pool."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.pool = CardPool(scenario.cards)
        given = scenario.given
        self.state = GameState(default_rules(), given["players"], given["turn"])

    def build(self) -> GameState:
        given = self.scenario.given
        for entry, at in given["battlefields"]:
            self._battlefield(entry, at)
        for player, side in given["sides"].items():
            self._side(player, side)
        self.state.phase = given.get("phase", "main")
        self.state.phase_done = self.state.phase == "main"      # another phase starts with its tasks to do
        return self.state

    # ---- characteristics ---------------------------------------------------------------
    def characteristics(self, name: str, token: bool, at) -> Characteristics:
        """A card of the pool, or a rule-187 token (``token: true``); unknown names are input errors."""
        if token and name in self.state.rules.tokens:
            try:
                return token_characteristics(compiler().token(name, None))
            except CompileError as error:
                raise self.scenario.error("E203", error.message, at, error.help) from None
        card = self.pool.get(name)
        if card is None:
            raise self.scenario.error("E203", f"unknown card {name!r}", at,
                                      "expected a card of the embedded pool (cards/) or of this scenario's cards:")
        return card.characteristics()

    def _entry(self, raw, at) -> tuple[str, dict, tuple]:
        if isinstance(raw, Located):
            raw, at = raw.value, (raw.line, raw.column)
        if isinstance(raw, str):
            return raw, {}, at
        if isinstance(raw, dict) and isinstance(raw.get("name"), str):          # fields checked on loading
            return raw["name"], raw, at
        raise self.scenario.error("E202", "an object must be a name or a mapping with name:", at,
                                  "expected e.g. Recruit or {name: Recruit, token: true, exhausted: true}")

    def new_object(self, raw, at, player: str, zone: tuple) -> GameObject:
        name, fields, at = self._entry(raw, at)
        token = bool(fields.get("token", False))
        chars = self.characteristics(name, token, at)
        token = token or chars.supertype == "Token"
        owner = fields.get("owner", player)
        if owner not in self.state.players:
            raise self.scenario.error("E202", f"unknown owner {owner!r}", at, "expected one of the players")
        board = self.state.is_board(zone) if zone[0] != "battlefield_zone" else True
        if token and not board and zone[0] != "chain":
            raise self.scenario.error("E202", f"a token cannot be in {zone[0]}", at,
                                      "tokens exist only on the board or the chain (rule 186)")
        obj = self.state.new_object(chars, owner, player if board else owner, zone, token)
        for key in BOARD_FIELDS:
            if key in fields:
                setattr(obj, key, bool(fields[key]))
        if fields.get("damage"):
            obj.damage = [(int(fields["damage"]), None)]
        # the Chosen Champion (103.2.a): the card set in the Champion Zone, or one marked so elsewhere
        obj.chosen_champion = zone[0] == "champion" or bool(fields.get("chosen_champion", False))
        return obj

    # ---- zones -------------------------------------------------------------------------
    def _battlefield(self, raw, at) -> None:
        name, fields, at = self._entry(raw, at)
        obj = self.new_object(raw, at, self.state.order[0], ("battlefield_zone", None))
        obj.controller = fields.get("controller")
        if obj.controller is not None and obj.controller not in self.state.players:
            raise self.scenario.error("E202", f"unknown controller {obj.controller!r}", at, "expected a player or null")
        self.state.battlefields.append(obj)

    def slot(self, name: str, at) -> int:
        slot = self.state.slot_of(name)
        if slot is None:
            known = ", ".join(b.name for b in self.state.battlefields) or "none"
            raise self.scenario.error("E204", f"no battlefield named {name!r}", at, f"expected one of: {known}")
        return slot

    def _side(self, player: str, side: dict) -> None:
        for key, (value, at) in side.items():
            getattr(self, "_given_" + key, self._given_cards)(player, key, value, at)

    def _given_cards(self, player, key, value, at) -> None:
        zone = ("base" if key == "base" else key, player)
        for item in self._items(value, at, key):
            self.new_object(item, at, player, zone)

    def _items(self, value, at, what) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.scenario.error("E202", f"{what} must be a list of objects", at, "expected e.g. [Recruit, Discipline]")
        return value

    def _given_battlefield(self, player, key, value, at) -> None:
        if not isinstance(value, dict):
            raise self.scenario.error("E202", "battlefield must map battlefield names to lists", at,
                                      "expected e.g. {The Grand Plaza: [Recruit]}")
        for name, items in value.items():
            if name.startswith("__"):
                continue
            name_at = value["__pos__"][name][0]
            slot = self.slot(name, name_at)
            for item in self._items(items, name_at, name):
                self.new_object(item, name_at, player, ("battlefield", slot))

    def _given_facedown(self, player, key, value, at) -> None:
        for name, item in ((k, v) for k, v in (value or {}).items() if not k.startswith("__")):
            name_at = value["__pos__"][name][0]
            obj = self.new_object(item, name_at, player, ("facedown", self.slot(name, name_at)))
            obj.controller, obj.facedown, obj.hidden_turn = player, True, 0

    def _given_legend(self, player, key, value, at) -> None:
        self.new_object(value, at, player, ("legend", player))

    def _given_runes(self, player, key, value, at) -> None:
        if isinstance(value, list):
            groups = {"ready": value}
        elif isinstance(value, dict):
            groups = {k: v for k, v in value.items() if not k.startswith("__")}
        else:
            raise self.scenario.error("E202", "runes must be a list of domains or {ready:, exhausted:}", at,
                                      "expected e.g. [R, R, Y] or {ready: 4, exhausted: 0}")
        for state_name, spec in groups.items():
            if state_name not in ("ready", "exhausted"):
                raise self.scenario.error("E201", f"unknown rune state {state_name!r}", at, "expected ready or exhausted")
            letters = [None] * spec if isinstance(spec, int) else [getattr(s, "value", s) for s in spec]
            for letter in letters:
                self._rune(player, letter, state_name == "exhausted", at)

    def _rune(self, player: str, letter, exhausted: bool, at) -> None:
        if letter is not None and letter not in DOMAIN_NAMES:
            raise self.scenario.error("E202", f"unknown domain {letter!r}", at, "expected one of R G B O P Y")
        name = f"{DOMAIN_NAMES[letter]} Rune" if letter else "Rune"
        chars = Characteristics(name, "rune", domains=(letter,) if letter else (), supertype="Basic")
        obj = self.state.new_object(chars, player, player, ("base", player))
        obj.exhausted = exhausted

    def _given_pool(self, player, key, value, at) -> None:
        pool = self.state.players[player]
        pool.energy = int(value.get("energy", 0))
        pool.power = [getattr(p, "value", p) for p in value.get("power", [])]

    def _given_points(self, player, key, value, at) -> None:
        self.state.players[player].points = int(value)

    def _given_xp(self, player, key, value, at) -> None:
        self.state.players[player].xp = int(value)
