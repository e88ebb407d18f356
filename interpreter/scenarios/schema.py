"""The value types of scenario keys, checked on the YAML nodes so errors point at the value.

Each key maps to a type name: ``str``, ``int``, ``bool``, ``list``, ``map``, ``null``,
``player`` (a player name), ``players_int`` (player -> integer), ``players_pool``, or
several joined by ``|``. ``any`` accepts everything (checked later, with its own message).
A whole number is at most ``MAX_COUNT`` either way: no game state a scenario sets up needs
more, and a count such as ``draw: 1000000000`` would otherwise run for minutes.
"""
from __future__ import annotations

import re

import yaml

POWER_LETTERS = ("R", "G", "B", "O", "P", "Y", "A")
MAX_COUNT = 999
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,5})$")
STR, INT, BOOL, NULL = ("tag:yaml.org,2002:" + t for t in ("str", "int", "bool", "null"))

STEP_VALUE = {
    "play": "str", "do": "str", "activate": "str", "hide": "str", "choose": "list", "split": "map",
    "order": "list", "check": "list", "move": "str", "damage": "str", "might": "str", "grant": "str",
    "replace": "str", "draw": "int|null", "channel": "int|null", "gain_points": "int", "add": "map",
    "resolve": "null", "cleanup": "null", "end_turn": "null|map", "pass": "player|null", "assign": "map",
}
STEP_FIELDS = {
    "from": "str", "to": "str", "choose": "list", "pay": "map", "source": "str", "ability": "int",
    "at": "str", "standard": "bool", "amount": "int", "keyword": "str", "value": "int|null",
    "duration": "str|null", "with": "str", "by": "player",
}
REQUIRED_FIELDS = {"move": ("to",), "grant": ("keyword",), "replace": ("with",), "hide": ("at",), "damage": ("amount",),
                   "might": ("amount",)}
ASSERTION_VALUE = {
    "in": "str", "object": "str", "points": "players_int", "pool": "players_pool", "winner": "player|null",
    "chain": "list", "error": "str", "log_has": "str", "log_lacks": "str", "cards_played": "players_int",
    "turn": "player", "xp": "players_int", "phase": "map", "showdown": "map|null", "combat": "map|null",
}
ASSERTION_FIELDS = {
    "has": "list", "lacks": "list", "count": "int", "top": "str", "might": "int|null", "keywords": "list",
    "tags": "list", "damage": "int", "exhausted": "bool", "buffed": "bool", "stunned": "bool", "empowered": "bool", "token": "bool",
    "owner": "player", "controller": "player|null", "attached_to": "str|null", "location": "str",
    "replaced": "bool", "facedown": "bool", "revealed": "bool", "contested": "bool", "exists": "bool",
    "name": "str", "visible_to": "list", "attacking": "bool", "defending": "bool",
}
SIDE_FIELDS = {
    "hand": "list|null", "base": "list|null", "trash": "list|null", "deck": "list|null",
    "banishment": "list|null", "champion": "list|null", "rune_deck": "list|null", "battlefield": "map",
    "facedown": "map", "runes": "list|map", "pool": "map", "points": "int", "xp": "int", "legend": "str|map",
}
OBJECT_FIELDS = {"name": "str", "token": "bool", "exhausted": "bool", "damage": "int", "buffed": "bool",
                 "stunned": "bool", "empowered": "bool", "owner": "player", "revealed": "bool",
                 "controller": "player|null", "chosen_champion": "bool"}
WORDS = {"str": "a string", "int": "a whole number", "bool": "true or false", "list": "a list", "map": "a mapping",
         "null": "null", "player": "a player name", "players_int": "a mapping of players to numbers",
         "players_pool": "a mapping of players to {energy:, power:}"}


def check(reader, node, spec: str, what: str, players: list[str]) -> None:
    """Raise a located diagnostic when ``node`` is not of type ``spec``."""
    if any(_fits(node, kind, players) for kind in spec.split("|")):
        return
    expected = " or ".join(WORDS.get(kind, kind) for kind in spec.split("|"))
    if "player" in spec:
        expected += f" ({', '.join(players)})"
    bound = f" (at most {MAX_COUNT} either way)" if "int" in spec.split("|") else ""
    raise reader.fail(node, "E202", f"{what} must be {expected}", f"write {what} as {expected}{bound}")


def _fits(node, kind: str, players: list[str]) -> bool:
    if kind == "any":
        return True
    if kind == "int":
        return (isinstance(node, yaml.ScalarNode) and node.tag == INT and _DECIMAL.match(node.value) is not None
                and abs(int(node.value)) <= MAX_COUNT)
    if kind in ("str", "int", "bool", "null"):
        return isinstance(node, yaml.ScalarNode) and node.tag == {"str": STR, "int": INT, "bool": BOOL,
                                                                   "null": NULL}[kind]
    if kind == "list":
        return isinstance(node, yaml.SequenceNode)
    if kind == "map":
        return isinstance(node, yaml.MappingNode)
    if kind == "player":
        return isinstance(node, yaml.ScalarNode) and node.tag == STR and node.value in players
    if kind in ("players_int", "players_pool"):
        return isinstance(node, yaml.MappingNode) and all(
            key.value in players and _fits(value, "int" if kind == "players_int" else "map", players)
            for key, value in node.value)
    return False


def check_pool(reader, node, players: list[str]) -> None:
    """A pool mapping: ``energy:`` a number, ``power:`` a list of domain letters."""
    fields = reader.mapping(node, "a pool", {"energy", "power"})
    if "energy" in fields:
        check(reader, fields["energy"], "int", "energy", players)
    if "power" in fields:
        check(reader, fields["power"], "list", "power", players)
        for item in fields["power"].value:
            if not (isinstance(item, yaml.ScalarNode) and item.value in POWER_LETTERS):
                raise reader.fail(item, "E202", f"unknown power {getattr(item, 'value', '?')!r}",
                                  "expected a domain letter: R G B O P Y, or A for any (134.2, 135.2.e.5)")
