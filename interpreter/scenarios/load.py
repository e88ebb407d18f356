"""Reading scenario files (DESIGN.md section 5): YAML checked key by key, positions kept.

Every mapping and list keeps the file position of its keys and items, so bad input
(an unknown key, an unknown card, a bad zone or reference, a rule id written as a
number) is one diagnostic at the exact line and column, and exit code 2.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.cards.card_files import card_from_node, load_cards, read_text_file
from interpreter.engine.turn import PHASES
from interpreter.base.diagnostics import Diagnostic, InputError, line_of, mark_position
from interpreter.base.file_input import compose_yaml
from interpreter.base.yaml_values import mapping_key, scalar_value
from .schema import (ASSERTION_FIELDS, ASSERTION_VALUE, OBJECT_FIELDS, REQUIRED_FIELDS, SIDE_FIELDS,
                     STEP_FIELDS, STEP_VALUE, check, check_pool)

TOP_KEYS = {"name", "rules", "cards", "given", "when", "then", "pending"}
GIVEN_KEYS = {"players", "turn", "battlefields", "phase"}
PHASE_NAMES = PHASES                                                            # 314-317, from rules_data
PLAYER_KEYS = {"hand", "base", "battlefield", "trash", "deck", "runes", "pool", "points", "xp", "legend",
               "champion", "facedown", "banishment", "rune_deck"}
# Step kind -> the other keys it accepts (``by`` is accepted everywhere).
STEP_KEYS = {
    "play": {"from", "to", "choose", "pay"}, "do": {"source", "choose", "pay"}, "activate": {"ability", "choose"},
    "hide": {"at", "pay"}, "choose": set(), "split": set(), "order": set(), "check": set(), "kill": set(),
    "move": {"to", "standard"}, "resolve": set(), "cleanup": set(), "end_turn": set(), "draw": set(),
    "discard": set(), "damage": {"amount"}, "heal": set(), "banish": set(), "recall": set(), "recycle": set(),
    "buff": set(), "spend_buff": set(), "ready": set(), "exhaust": set(), "stun": set(), "add": set(),
    "channel": set(), "gain_points": set(), "return_to_hand": set(), "reveal": set(), "might": {"amount"},
    "grant": {"keyword", "value", "duration"}, "take_control": set(), "replace": {"with"}, "swap_back": set(),
    "pass": set(), "assign": set(),
}
BARE_STEPS = {"resolve", "cleanup", "end_turn", "pass"}
ASSERTIONS = {
    "in": {"has", "lacks", "count", "top"}, "object": {"might", "keywords", "tags", "damage", "exhausted", "buffed",
    "stunned", "empowered", "token", "owner", "controller", "attached_to", "location", "replaced", "facedown", "revealed",
    "contested", "exists", "name", "visible_to", "attacking", "defending"}, "points": set(), "pool": set(),
    "winner": set(), "chain": set(), "error": set(), "log_has": set(), "log_lacks": set(), "cards_played": set(),
    "turn": set(), "xp": set(), "phase": set(), "showdown": set(), "combat": set(),
}
# The keys of the phase, showdown and combat assertions (DESIGN.md section 5).
STATE_KEYS = {"phase": {"turn": "player", "phase": "str"}, "showdown": {"at": "str", "focus": "player", "combat": "bool"},
              "combat": {"at": "str", "attacker": "player", "defender": "player"}}
ZONE_PATTERN = re.compile(r"^(?:(?P<player>[^.\[\]:]+)\.(?P<kind>hand|base|trash|deck|banishment|runes|rune_deck|"
                          r"legend|champion|battlefield\[(?P<bf>[^\]]+)\])|(?P<global>chain)|"
                          r"(?P<gkind>facedown|legend|champion|banishment)\[(?P<arg>[^\]]+)\])$")
REFERENCE = re.compile(r"^(?P<player>[^:]+):(?P<name>.+?)(?:#(?P<index>\d+))?$")


@dataclass
class Located:
    """A value read from a scenario file and where it was."""

    value: object
    line: int
    column: int


@dataclass
class Scenario:
    """One scenario document: setup, steps and assertions, each with its position."""

    path: str
    text: str
    line: int
    name: str
    rules: list[str]
    cards: list
    given: dict
    steps: list[dict]
    then: list[dict]
    pending: str | None = None
    positions: dict = field(default_factory=dict)

    def error(self, code: str, message: str, where: Located | tuple, help: str = "") -> InputError:
        line, column = (where.line, where.column) if isinstance(where, Located) else where
        return InputError(Diagnostic(code, message, self.path, line, column, line_of(self.text, line), help))


# ---- YAML with positions ---------------------------------------------------------------
class Reader:
    """Turns YAML nodes into checked Python values, raising located diagnostics."""

    def __init__(self, path: str, text: str):
        self.path, self.text = path, text
        self.players = ["A", "B"]

    def pos(self, node) -> tuple[int, int]:
        """The 1-based line and column where ``node`` starts ("\\n" lines, as every diagnostic counts)."""
        return mark_position(self.text, node.start_mark)

    def check(self, node, spec: str, what: str) -> None:
        check(self, node, spec, what, self.players)

    def fail(self, node, code: str, message: str, help: str) -> InputError:
        line, column = mark_position(self.text, node.start_mark)
        return InputError(Diagnostic(code, message, self.path, line, column, line_of(self.text, line), help))

    def value(self, node):
        """Plain Python data of a node; mappings become dicts with a ``__pos__`` of their keys."""
        if isinstance(node, yaml.MappingNode):
            result = {"__pos__": {}, "__at__": self.pos(node)}
            for key, item in node.value:
                name = mapping_key(key, self.text, self.path, "E201")
                result[name] = self.value(item)
                result["__pos__"][name] = (self.pos(key), self.pos(item))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [Located(self.value(item), *self.pos(item)) for item in node.value]
        return scalar_value(node, self.text, self.path, "E202")   # bounded: no odd tags, no huge numbers

    def key(self, node) -> str:
        """The word of a mapping key (a list or mapping as a key is a located error)."""
        return mapping_key(node, self.text, self.path, "E201")

    def mapping(self, node, what: str, allowed: set[str], unknown: str = "unknown key") -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, "E202", f"{what} must be a mapping", f"expected keys among: {', '.join(sorted(allowed))}")
        fields = {}
        for key, item in node.value:
            if not isinstance(key, yaml.ScalarNode) or key.value not in allowed:
                raise self.fail(key, "E201", f"{unknown} {getattr(key, 'value', '?')!r} in {what}",
                                "expected one of: " + ", ".join(sorted(allowed)))
            if key.value in fields:
                raise self.fail(key, "E201", f"{key.value!r} is given twice in {what}", "give each key once")
            fields[key.value] = item
        return fields

    def sequence(self, node, what: str) -> list:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, "E202", f"{what} must be a list", f"write {what} as a list: [ ... ] or '- ' items")
        return list(node.value)

    def string(self, node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise self.fail(node, "E206", f"{what} must be a quoted string", f"write {what} in quotes, e.g. \"439.2.c\"")
        return node.value


# ---- documents -------------------------------------------------------------------------
def load_scenarios(path: Path) -> list[Scenario]:
    """Every scenario document of a file."""
    text = read_text_file(path)
    # the bounded loader: anchor bombs, alias loops and deep nesting are located errors
    documents = compose_yaml(text, str(path), "E200", "expected scenario documents (name, rules, given, when, then)")
    reader = Reader(str(path), text)
    return [_scenario(reader, document) for document in documents]


def _scenario(reader: Reader, node) -> Scenario:
    fields = reader.mapping(node, "a scenario", TOP_KEYS)
    for required in ("name", "rules"):
        if required not in fields:
            raise reader.fail(node, "E202", f"a scenario needs {required}:",
                              "expected name: (a sentence) and rules: (the rule ids it exercises, quoted)")
    rules = [reader.string(item, "a rule id") for item in reader.sequence(fields["rules"], "rules")]
    if not rules:
        raise reader.fail(fields["rules"], "E202", "rules: is empty", "name at least one rule, e.g. [\"439.2.c\"]")
    cards = [card for item in reader.sequence(fields["cards"], "cards") for card in _cards(reader, item)] \
        if "cards" in fields else []
    given = _given(reader, fields.get("given"))
    reader.players = given["players"]
    steps = [_step(reader, item) for item in reader.sequence(fields["when"], "when")] if "when" in fields else []
    then = [_assertion(reader, item) for item in reader.sequence(fields["then"], "then")] if "then" in fields else []
    pending = reader.string(fields["pending"], "pending") if "pending" in fields else None
    if not then and not any(step["kind"] == "check" for step in steps) and pending is None:
        raise reader.fail(node, "E202", "a scenario needs assertions", "add then: with what must hold afterwards")
    return Scenario(reader.path, reader.text, mark_position(reader.text, node.start_mark)[0], reader.string(fields["name"], "name"),
                    rules, cards, given, steps, then, pending)


def _cards(reader: Reader, node) -> list:
    """An inline card, or a card file named by its path from the scenario's folder (DESIGN.md section 5)."""
    if not (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str"):
        return [card_from_node(node, reader.text, reader.path)]
    path = Path(reader.path).parent / node.value
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        raise reader.fail(node, "E204", f"no card file {node.value!r} next to this scenario",
                          "expected an inline card or the path of a .yaml card file, relative to the scenario")
    return load_cards(path)


def _given(reader: Reader, node) -> dict:
    if node is None:
        return {"players": ["A", "B"], "turn": "A", "battlefields": [], "sides": {}, "at": (1, 1), "phase": "main"}
    names = _player_names(reader, node)
    reader.players = names                  # "player" values below are checked against these
    raw = reader.mapping(node, "given", GIVEN_KEYS | set(names), "unknown player or key")
    for item in reader.sequence(raw["battlefields"], "battlefields") if "battlefields" in raw else ():
        _check_object(reader, item)          # a name, or {name:, controller:, ...} of known types
    sides = {name: _side(reader, raw[name], name) for name in names if name in raw}
    turn = reader.value(raw["turn"]) if "turn" in raw else names[0]
    if turn not in names:
        raise reader.fail(raw["turn"], "E202", f"turn player {turn!r} is not a player", "expected one of: " + ", ".join(names))
    phase = reader.string(raw["phase"], "phase") if "phase" in raw else "main"
    if phase not in PHASE_NAMES:
        raise reader.fail(raw["phase"], "E202", f"unknown phase {phase!r}", "expected one of: " + ", ".join(PHASE_NAMES))
    battlefields = [reader.value(item) for item in reader.sequence(raw["battlefields"], "battlefields")] \
        if "battlefields" in raw else []
    positions = [reader.pos(item) for item in raw["battlefields"].value] if "battlefields" in raw else []
    return {"players": names, "turn": turn, "battlefields": list(zip(battlefields, positions)), "sides": sides,
            "at": reader.pos(node), "phase": phase}


def _player_names(reader: Reader, node) -> list[str]:
    """The players in turn order: ``players:`` if given, else A and B."""
    if isinstance(node, yaml.MappingNode):
        for key, item in node.value:
            if reader.key(key) == "players":
                return [reader.string(p, "a player name") for p in reader.sequence(item, "players")]
    return ["A", "B"]


def _side(reader: Reader, node, player: str) -> dict:
    fields = reader.mapping(node, f"given.{player}", PLAYER_KEYS)
    for key, item in fields.items():
        reader.check(item, SIDE_FIELDS[key], key)
        _check_side_value(reader, key, item)
    return {key: (reader.value(item), reader.pos(item)) for key, item in fields.items()}


def _check_side_value(reader: Reader, key: str, node) -> None:
    if key == "pool":
        check_pool(reader, node, reader.players)
    elif key == "runes" and isinstance(node, yaml.MappingNode):
        for state_name, value in reader.mapping(node, "runes", {"ready", "exhausted"}).items():
            reader.check(value, "int|list", f"{state_name} runes")
    elif key in ("battlefield", "facedown"):
        for name, value in node.value:
            reader.check(name, "str", "a battlefield name")
            reader.check(value, "list|null" if key == "battlefield" else "str|map", f"what is at {name.value}")
            for item in value.value if isinstance(value, yaml.SequenceNode) else [value]:
                _check_object(reader, item)
    elif isinstance(node, yaml.SequenceNode) and key != "runes":
        for item in node.value:
            _check_object(reader, item)
    elif key == "legend":
        _check_object(reader, node)


def _check_object(reader: Reader, node, allowed: dict = OBJECT_FIELDS) -> None:
    """An object entry: a name, or a mapping of a name and its state."""
    if node is None or isinstance(node, yaml.ScalarNode):
        if node is not None:
            reader.check(node, "str", "an object name")
        return
    reader.check(node, "map", "an object")
    for key, value in reader.mapping(node, "an object", set(allowed)).items():
        reader.check(value, allowed[key], key)


def _step(reader: Reader, node) -> dict:
    if isinstance(node, yaml.ScalarNode):
        if node.value not in BARE_STEPS:
            raise reader.fail(node, "E208", f"unknown step {node.value!r}",
                              "expected a step such as play:, do:, kill:, resolve, cleanup or end_turn")
        return {"kind": node.value, "value": None, "by": None, "at": reader.pos(node), "fields": {}}
    if not isinstance(node, yaml.MappingNode) or not node.value:
        raise reader.fail(node, "E208", "a step must be a mapping", "expected a step such as play: Name")
    kind = reader.key(node.value[0][0])
    if kind not in STEP_KEYS:
        raise reader.fail(node.value[0][0], "E208", f"unknown step {kind!r}",
                          "expected one of: " + ", ".join(sorted(STEP_KEYS)))
    fields = reader.mapping(node, f"a {kind} step", {kind, "by"} | STEP_KEYS[kind])
    _check_step(reader, kind, fields, node)
    value = reader.value(fields[kind])
    if kind == "check":
        value = [_assertion(reader, item) for item in reader.sequence(fields[kind], "check")]
    extra = {k: (reader.value(v), reader.pos(v)) for k, v in fields.items() if k not in (kind, "by")}
    by = reader.value(fields["by"]) if "by" in fields else None
    return {"kind": kind, "value": value, "value_at": reader.pos(fields[kind]), "by": by, "at": reader.pos(node), "fields": extra}


def _check_step(reader: Reader, kind: str, fields: dict, node) -> None:
    reader.check(fields[kind], STEP_VALUE.get(kind, "str"), f"the value of {kind}:")
    for key, item in fields.items():
        if key != kind:
            reader.check(item, STEP_FIELDS[key], f"{key}:")
    for key in REQUIRED_FIELDS.get(kind, ()):
        if key not in fields:
            raise reader.fail(node, "E202", f"a {kind} step needs {key}:", f"add {key}: to the {kind} step")
    if "pay" in fields:
        for key, item in reader.mapping(fields["pay"], "pay", {"accelerate", "repeat", "alternate"}).items():
            reader.check(item, "bool", f"pay.{key}")
    if kind == "add":
        check_pool(reader, fields[kind], reader.players)
    if kind == "end_turn" and isinstance(fields[kind], yaml.MappingNode):
        for key, item in reader.mapping(fields[kind], "an end_turn step", {"stop"}).items():
            if not (isinstance(item, yaml.ScalarNode) and item.value in PHASE_NAMES):
                raise reader.fail(item, "E202", f"unknown phase {getattr(item, 'value', '?')!r}",
                                  "expected one of: " + ", ".join(PHASE_NAMES))
    if kind == "assign":
        for _key, item in fields[kind].value:
            reader.check(item, "int", "the damage assigned to a unit")


def _assertion(reader: Reader, node) -> dict:
    if not isinstance(node, yaml.MappingNode) or not node.value:
        raise reader.fail(node, "E209", "an assertion must be a mapping", "expected e.g. in: A.base, object:, points:")
    kind = reader.key(node.value[0][0])
    if kind not in ASSERTIONS:
        raise reader.fail(node.value[0][0], "E209", f"unknown assertion {kind!r}",
                          "expected one of: " + ", ".join(sorted(ASSERTIONS)))
    fields = reader.mapping(node, f"a {kind} assertion", {kind} | ASSERTIONS[kind])
    if kind in ("error", "log_has", "log_lacks"):
        reader.string(fields[kind], "a rule id")
    reader.check(fields[kind], ASSERTION_VALUE.get(kind, "str"), f"the value of {kind}:")
    for key, item in fields.items():
        if key != kind:
            reader.check(item, ASSERTION_FIELDS[key], f"{key}:")
    for key in ("has", "lacks"):
        for item in fields[key].value if key in fields else ():
            _check_object(reader, item, {k: v for k, v in ASSERTION_FIELDS.items() if k not in ("has", "lacks", "count", "top")})
    if kind == "pool":
        for _, pool in fields[kind].value:
            check_pool(reader, pool, reader.players)
    if kind == "in":
        _zone_syntax(reader, fields[kind])
    if kind in STATE_KEYS and isinstance(fields[kind], yaml.MappingNode):
        for key, item in reader.mapping(fields[kind], f"a {kind} assertion", set(STATE_KEYS[kind])).items():
            reader.check(item, STATE_KEYS[kind][key], key)
            if key == "phase" and item.value not in PHASE_NAMES:
                raise reader.fail(item, "E202", f"unknown phase {item.value!r}", "expected one of: " + ", ".join(PHASE_NAMES))
    values = {k: reader.value(v) for k, v in fields.items()}
    return {"kind": kind, "value": values.pop(kind), "fields": values, "at": reader.pos(node),
            "positions": {k: reader.pos(v) for k, v in fields.items()}}


def _zone_syntax(reader: Reader, node) -> None:
    text = reader.string(node, "a zone")
    if not ZONE_PATTERN.match(text):
        raise reader.fail(node, "E204", f"unknown zone {text!r}",
                          "expected A.hand, A.base, A.trash, A.deck, A.banishment, A.runes, A.battlefield[Name], "
                          "chain, facedown[Name], legend[A], champion[A] or banishment[A]")
