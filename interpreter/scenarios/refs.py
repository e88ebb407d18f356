"""Object, zone and location references of scenarios (DESIGN.md section 5).

``"A:Name"`` is the unique object named Name that A controls on the board or the chain,
or that A owns elsewhere; ``"A:Name#2"`` the second by order of arrival; a battlefield
may be named alone. A reference matching two objects, or naming a card nobody knows,
is bad input (exit 2); one matching nothing is a failure of the scenario.
"""
from __future__ import annotations

from .load import REFERENCE, ZONE_PATTERN, Scenario
from interpreter.engine.state import GameObject, GameState


class ScenarioFailure(Exception):
    """The scenario does not hold: a readable reason."""


class References:
    """Resolves references of one scenario against its current state."""

    def __init__(self, scenario: Scenario, state: GameState, known_names: set[str]):
        self.scenario, self.state, self.known = scenario, state, known_names

    def object(self, text, at) -> GameObject:
        if not isinstance(text, str):
            raise self.scenario.error("E205", "an object reference must be a string", at,
                                      "expected \"A:Name\", \"A:Name#2\" or a battlefield name")
        match = REFERENCE.match(text)
        if match is None or match["player"] not in self.state.players:
            slot = self.state.slot_of(text)
            if slot is not None:
                return self.state.battlefields[slot]
            self._known(text, at)
            raise self.scenario.error("E205", f"{text!r} is not an object reference", at,
                                      "expected \"A:Name\" (A a player), \"A:Name#2\", or a battlefield name")
        player, name, index = match["player"], match["name"], match["index"]
        self._known(name, at)
        found = sorted(self._candidates(player, name), key=lambda o: o.arrival)
        if index is not None:
            if int(index) > len(found):
                raise ScenarioFailure(f"{text}: {player} has only {len(found)} object(s) named {name}")
            return found[int(index) - 1]
        if len(found) > 1:
            raise self.scenario.error("E207", f"{text!r} matches {len(found)} objects", at,
                                      f"write {player}:{name}#1 ... {player}:{name}#{len(found)} to pick one")
        if not found:
            raise ScenarioFailure(f"{text}: no object named {name} that {player} controls or owns")
        return found[0]

    def _known(self, name: str, at) -> None:
        if name not in self.known:
            raise self.scenario.error("E203", f"unknown card {name!r}", at,
                                      "expected a card of the embedded pool, of cards:, or a rule-187 token")

    def _candidates(self, player: str, name: str):
        state = self.state
        for battlefield in state.battlefields:
            if battlefield.name == name and battlefield.controller == player:
                yield battlefield
        for zone, objects in list(state.zones.items()) + [(("chain", None), state.objects(("chain", None)))]:
            for obj in objects:
                if obj.name != name:
                    continue
                board = state.is_board(zone) or zone[0] == "chain"
                if (board and obj.controller == player) or (not board and obj.owner == player):
                    yield obj

    def location(self, text, player: str, at) -> tuple:
        """``base`` (the player's) or a battlefield name."""
        if text == "base":
            return ("base", player)
        slot = self.state.slot_of(text) if isinstance(text, str) else None
        if slot is None:
            raise self.scenario.error("E204", f"unknown location {text!r}", at,
                                      "expected base or the name of a battlefield in play")
        return ("battlefield", slot)

    def zone(self, text: str, at) -> tuple[list[GameObject], str]:
        """The objects of a zone expression, and a label for messages."""
        match = ZONE_PATTERN.match(text)
        player = match["player"]
        if player is not None and player not in self.state.players:
            raise self.scenario.error("E204", f"unknown player {player!r} in zone {text!r}", at,
                                      "expected a zone of one of the players")
        if match["global"]:
            return self.state.objects(("chain", None)), text
        if match["gkind"]:
            kind, arg = match["gkind"], match["arg"]
            if kind == "facedown":
                return self.state.objects(("facedown", self._slot(arg, at))), text
            if arg not in self.state.players:
                raise self.scenario.error("E204", f"unknown player {arg!r} in zone {text!r}", at, "expected a player")
            return self.state.objects((kind, arg)), text
        kind = match["kind"]
        if match["bf"]:
            slot = self._slot(match["bf"], at)
            return [o for o in self.state.objects(("battlefield", slot)) if o.controller == player], text
        if kind in ("base", "runes"):
            objects = self.state.objects(("base", player))
            return [o for o in objects if (o.card_type == "rune") == (kind == "runes")], text
        return self.state.objects((kind, player)), text

    def _slot(self, name: str, at) -> int:
        slot = self.state.slot_of(name)
        if slot is None:
            raise self.scenario.error("E204", f"no battlefield named {name!r}", at, "expected a battlefield in play")
        return slot
