"""Assertions of scenarios (``then:`` and ``check:``): each returns what did not hold, in words.

A failure says what was expected and what the state was, so a reader can see at
once which rule the runtime got wrong.
"""
from __future__ import annotations

from .load import Located
from .refs import References, ScenarioFailure
from interpreter.engine.state import GameObject, GameState
from interpreter.engine.traits import keywords_of, might_of, tags_of, visible_to


def plain(value):
    """Strip positions from loaded YAML values."""
    if isinstance(value, Located):
        return plain(value.value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if not k.startswith("__")}
    return value


def describe(state: GameState, obj: GameObject) -> str:
    """A short readable line for an object and its state."""
    parts = [obj.name]
    if obj.token:
        parts.append("token")
    parts.append("exhausted" if obj.exhausted else "ready")
    if obj.damage_total:
        parts.append(f"damage {obj.damage_total}")
    for flag in ("buffed", "stunned", "empowered", "facedown", "replaced"):
        if getattr(obj, flag):
            parts.append(flag)
    might = might_of(state, obj)
    if might is not None:
        parts.append(f"might {might}")
    parts.append(f"owner {obj.owner}, controller {obj.controller}")
    return "{" + ", ".join(parts) + "}"


def object_fields(state: GameState, obj: GameObject) -> dict:
    """What an ``object:`` assertion can check, as the state has it now."""
    location = obj.zone
    return {
        "name": obj.name, "might": might_of(state, obj), "keywords": sorted(keywords_of(state, obj)),
        "tags": sorted(tags_of(state, obj)), "damage": obj.damage_total, "exhausted": obj.exhausted,
        "buffed": obj.buffed, "stunned": obj.stunned, "empowered": obj.empowered, "token": obj.token, "owner": obj.owner,
        "controller": obj.controller, "attached_to": _attached_label(state, obj), "replaced": obj.replaced,
        "facedown": obj.facedown, "revealed": obj.revealed, "contested": obj.contested_by is not None,
        "location": _location_label(state, location), "exists": location[0] != "ceased",
        "visible_to": sorted(visible_to(state, obj)),
        "attacking": obj.combat_role == "attacker", "defending": obj.combat_role == "defender",   # 323.2
    }


def _attached_label(state: GameState, obj: GameObject) -> str | None:
    """The card ``obj`` is attached to as an object reference ("A:Sentinel Adept"), or None (434)."""
    holder = state.by_identity(obj.attached_to) if obj.attached_to is not None else None
    return f"{holder.controller}:{holder.name}" if holder is not None else None


def _location_label(state: GameState, zone: tuple) -> str:
    if zone[0] in ("battlefield", "facedown"):
        return state.battlefields[zone[1]].name if zone[0] == "battlefield" else f"facedown[{state.battlefields[zone[1]].name}]"
    if zone[0] == "battlefield_zone":
        return "battlefield_zone"
    if zone[0] == "base":
        return "base"
    return zone[0]


def matches(state: GameState, obj: GameObject, wanted) -> bool:
    if isinstance(wanted, str):
        return obj.name == wanted
    fields = object_fields(state, obj)
    return all(_same(key, fields.get(key), value) for key, value in wanted.items())


def _same(key: str, actual, expected) -> bool:
    if key in ("keywords", "tags", "visible_to"):
        return sorted(actual) == sorted(expected or [])
    return actual == expected


class Checker:
    """Evaluates assertions against the state; ``refusal`` is the last refused step, if any."""

    def __init__(self, refs: References, state: GameState, runner):
        self.refs, self.state, self.runner = refs, state, runner

    def check(self, assertion: dict) -> list[str]:
        kind = assertion["kind"]
        return getattr(self, "_" + kind)(plain(assertion["value"]), plain(assertion["fields"]), assertion)

    def _in(self, zone, fields, assertion):
        objects, label = self.refs.zone(zone, assertion["positions"]["in"])
        shown = "[" + ", ".join(describe(self.state, o) for o in objects) + "]"
        problems = []
        left = list(objects)
        for wanted in fields.get("has", []):
            found = next((o for o in left if matches(self.state, o, wanted)), None)
            if found is None:
                problems.append(f"{label} should have {wanted}; it holds {shown}")
            else:
                left.remove(found)
        for unwanted in fields.get("lacks", []):
            if any(matches(self.state, o, unwanted) for o in objects):
                problems.append(f"{label} should not have {unwanted}; it holds {shown}")
        if "count" in fields and len(objects) != fields["count"]:
            problems.append(f"{label} should hold {fields['count']} objects; it holds {len(objects)}: {shown}")
        if "top" in fields and (not objects or objects[0].name != fields["top"]):
            problems.append(f"the top of {label} should be {fields['top']}; it holds {shown}")
        return problems

    def _object(self, ref, fields, assertion):
        try:
            obj = self.refs.object(ref, assertion["positions"]["object"])
        except ScenarioFailure as failure:
            return [] if fields.get("exists") is False else [str(failure)]
        actual = object_fields(self.state, obj)
        return [f"{ref}: {key} should be {value!r}, but it is {actual[key]!r} ({describe(self.state, obj)})"
                for key, value in fields.items() if not _same(key, actual[key], value)]

    def _points(self, wanted, fields, assertion):
        actual = {name: p.points for name, p in self.state.players.items()}
        return [f"{name} should have {value} points, but has {actual.get(name)}"
                for name, value in wanted.items() if actual.get(name) != value]

    def _pool(self, wanted, fields, assertion):
        problems = []
        for name, pool in wanted.items():
            player = self.state.players[name]
            actual = {"energy": player.energy, "power": sorted(player.power)}
            expected = {"energy": pool.get("energy", 0), "power": sorted(pool.get("power", []))}
            if actual != expected:
                problems.append(f"{name}'s pool should be {expected}, but is {actual}")
        return problems

    def _winner(self, wanted, fields, assertion):
        return [] if self.state.winner == wanted else [f"the winner should be {wanted}, but is {self.state.winner}"]

    def _chain(self, wanted, fields, assertion):
        actual = [item.name for item in reversed(self.state.chain)]
        return [] if actual == list(wanted) else [f"the chain (top first) should be {wanted}, but is {actual}"]

    def _error(self, rule, fields, assertion):
        return self.runner.take_refusal(rule)

    def _log_has(self, rule, fields, assertion):
        if any(rule in event.rules for event in self.state.log):
            return []
        return [f"the event log cites no rule {rule}; it cites {sorted({r for e in self.state.log for r in e.rules})}"]

    def _log_lacks(self, rule, fields, assertion):
        events = [e.text for e in self.state.log if rule in e.rules]
        return [f"the event log should not cite {rule}, but does: {events}"] if events else []

    def _cards_played(self, wanted, fields, assertion):
        return [f"{name} should have played {count} cards this turn, but played "
                f"{self.state.players[name].cards_played}" for name, count in wanted.items()
                if self.state.players[name].cards_played != count]

    def _xp(self, wanted, fields, assertion):
        return [f"{name} should have {value} XP, but has {self.state.players[name].xp}"
                for name, value in wanted.items() if self.state.players[name].xp != value]

    def _turn(self, wanted, fields, assertion):
        return [] if self.state.turn_player == wanted else [f"the turn player should be {wanted}, not {self.state.turn_player}"]

    def _phase(self, wanted, fields, assertion):
        actual = {"turn": self.state.turn_player, "phase": self.state.phase}
        return [f"the {key} should be {value}, but it is {actual[key]}" for key, value in wanted.items()
                if actual[key] != value]

    def _showdown(self, wanted, fields, assertion):
        current = self.state.showdown
        if wanted is None or current is None:
            return [] if wanted is None and current is None else [
                f"the showdown should be {wanted}, but it is {self._showdown_words()}"]
        actual = {"at": self.state.battlefields[current.slot].name, "focus": current.focus, "combat": current.combat}
        return [f"the showdown's {key} should be {value!r}, but it is {actual[key]!r} ({self._showdown_words()})"
                for key, value in wanted.items() if actual[key] != value]

    def _showdown_words(self) -> str:
        current = self.state.showdown
        if current is None:
            return "null (no showdown is going on)"
        kind = "a combat showdown" if current.combat else "a showdown"
        return f"{kind} at {self.state.battlefields[current.slot].name}, focus {current.focus}"

    def _combat(self, wanted, fields, assertion):
        current = self.state.combat
        if wanted is None or current is None:
            words = "null" if current is None else (f"at {self.state.battlefields[current.slot].name}, "
                                                   f"{current.attacker} attacking {current.defender}")
            return [] if wanted is None and current is None else [f"the combat should be {wanted}, but it is {words}"]
        actual = {"at": self.state.battlefields[current.slot].name, "attacker": current.attacker,
                  "defender": current.defender}
        return [f"the combat's {key} should be {value!r}, but it is {actual[key]!r}"
                for key, value in wanted.items() if actual[key] != value]
