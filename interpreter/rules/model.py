"""From encoded rules to the tables the interpreter reads (zones, defaults, scoring, keywords, layers).

Every value here comes from a statement of a numbered rule in rules_data/rules/, and
every table entry names that rule. Nothing in this module knows a zone, a victory score,
a keyword or a layer: change the statements and the tables change.

A statement whose words parse but name something the rules never define (a zone no
statement of 107-108 creates, a type that is no card type or category) stops the load
with a diagnostic at that statement.
"""
from __future__ import annotations

from .book import RuleBook
from .turn_model import turn_table
from interpreter.language.rule_statements import Destination

CARD_TYPES = ("unit", "gear", "spell", "rune", "legend", "battlefield")  # the grammar's type words


class RulesModel:
    """The tables built from one ``RuleBook``."""

    def __init__(self, book: RuleBook):
        self.book = book
        self.categories = _categories(book)
        self.zones = _zones(book)
        self._check_destinations()
        self.token_zones = _token_zones(book, self.zones)
        self.defaults = _defaults(self, book)
        self.scoring = _scoring(book)
        self.keywords = _keywords(book)
        self.turn = turn_table(book, self.keywords)
        self.layers = _layers(book)
        self.layer_rules = _layer_rules(book)
        self.might = _might(book)
        self.power_symbols = _power_symbols(book)
        self.rune_pool = {"empties": [{"time": t, "rule": r} for r, s in book.statements("pool_empties")
                                      for t in s["times"]],
                          "receiver": [{"player": s["player"], "rule": r} for r, s in book.statements("pool_receiver")]}
        self.cleanup = [dict(_plain(s.args), action="recall", rule=r) for r, s in book.statements("cleanup_recall")]
        self.cannot = _cannot(book)
        self.recycle = {}
        for rule_id, statement in book.statements("recycled_to"):
            self.recycle.setdefault(statement["type"], dict(_destination(statement["to"]), rule=rule_id))
        self.control = {kind: [r for r, _ in book.statements(kind)] for kind in
                        ("control_states", "control_established", "control_kept", "control_lost", "contest_on_arrival",
                         "stays_contested", "contest_dropped", "control_frozen", "uncontrolled_abilities",
                         "battlefield_you")}
        self.privacy = {"may_ignore_hidden": [r for r, _ in book.statements("may_ignore_hidden")]}
        self.replacement = _replacement(book)
        self.chain_opening = _chain_opening(book)
        self.death_trigger = _death_trigger(book)
        self.timing = {s["subject"]: {"only": list(s["only"]), "rule": r} for r, s in book.statements("allowed_timing")}
        self.standard_move = {"routes": [{"from": s["frm"], "to": s["to"], "rule": r} for r, s in book.statements("move_route")],
                              "cost": [{"cost": s["cost"], "rule": r} for r, s in book.statements("move_cost")],
                              "limits": [{"other_players_at_most": s["other_players_at_most"], "rule": r}
                                         for r, s in book.statements("move_limit")]}

    # ---- helpers ----------------------------------------------------------------
    def types_of(self, words, rule_id: str, statement) -> list[str]:
        """Card types named by words of a statement: a type, a category, or 'token'/'object' (all)."""
        types: list[str] = []
        for word in words:
            if word in CARD_TYPES:
                types.append(word)
            elif word in self.categories:
                types.extend(self.categories[word]["types"])
            elif word in ("token", "object"):
                types.extend(CARD_TYPES)
            else:
                known = ", ".join(sorted(set(CARD_TYPES) | set(self.categories)))
                self.book.fail("E109", f"{word!r} is no card type or category", rule_id, statement,
                               f"expected one of: {known}")
        return list(dict.fromkeys(types))

    def _check_destinations(self) -> None:
        """Every zone a statement sends objects to is a zone the rules define."""
        places = set(self.zones) | {f"{key}_zone" for key in self.zones} | {"playable_location"}
        for entry in self.book.entries.values():
            for statement in entry.statements:
                for value in getattr(statement, "args", {}).values():
                    if isinstance(value, Destination) and value.zone not in places:
                        self.book.fail("E110", f"unknown zone {value.zone.replace('_', ' ')!r}", entry.id,
                                       statement, "expected a zone defined at 107-108: " + ", ".join(sorted(self.zones)))


def _plain(args: dict) -> dict:
    out = {}
    for key, value in args.items():
        out[key.rstrip("_")] = _destination(value) if isinstance(value, Destination) else value
    return out


def _destination(value: Destination) -> dict:
    return {"zone": value.zone, "whose": value.whose}


def _categories(book: RuleBook) -> dict:
    """category -> {types, rule}, from "Units and gear are permanents." (133)."""
    categories: dict = {}
    for rule_id, statement in book.statements("in_category"):
        if statement["member"]:
            entry = categories.setdefault(statement["category"], {"types": [], "rule": rule_id, "not": {}})
            entry["types"].extend(t for t in statement["types"] if t not in entry["types"])
    for rule_id, statement in book.statements("in_category"):
        if not statement["member"] and statement["category"] in categories:
            for kind in statement["types"]:
                categories[statement["category"]]["not"][kind] = rule_id
    return categories


_ZONE_FIELDS = {  # statement kind -> (field, argument)
    "zone_per_player": ("per_player", None),
    "zone_location": ("location", "location"),
    "zone_order": ("ordered", "ordered"),
    "zone_privacy": ("privacy", "privacy"),
}


def _zones(book: RuleBook) -> dict:
    """Zone properties (106-109, 128): one entry per zone a zone_kind statement defines."""
    zones = {}
    for rule_id, statement in book.statements("zone_kind"):
        zones[statement["zone"]] = {"board": statement["board"], "per_player": False, "ordered": False,
                                    "rule": rule_id, "rules": {"board": rule_id}}
    for kind, (field, argument) in _ZONE_FIELDS.items():
        for rule_id, statement in book.statements(kind):
            zone = _zone(book, zones, rule_id, statement)
            zone[field] = True if argument is None else statement[argument]
            zone["rules"][field] = rule_id
    for rule_id, statement in book.statements("zone_capacity"):
        zone = _zone(book, zones, rule_id, statement)
        zone.update(capacity=statement["capacity"], capacity_rule=rule_id)
    for rule_id, statement in book.statements("zone_control"):
        _zone(book, zones, rule_id, statement)["control_rule"] = rule_id
    for rule_id, statement in book.statements("zone_overflow"):
        _zone(book, zones, rule_id, statement)["overflow"] = {"to": _destination(statement["to"]), "rule": rule_id}
    return zones


def _zone(book: RuleBook, zones: dict, rule_id: str, statement) -> dict:
    name = statement["zone"]
    if name not in zones:
        book.fail("E110", f"unknown zone {name!r}", rule_id, statement,
                  "expected a zone that a statement “The X is a board zone.” defines: " + ", ".join(sorted(zones)))
    return zones[name]


def _token_zones(book: RuleBook, zones: dict) -> dict:
    """Where a token may exist (186.1): every board zone, plus the named exceptions."""
    for rule_id, statement in book.statements("token_zone_limit"):
        board = statement["zone_class"] == "non-board"
        allowed = [name for name, zone in zones.items() if zone["board"] == board or name == statement["except_zone"]]
        return {"allowed": allowed, "rule": rule_id}
    return {"allowed": list(zones), "rule": None}


def _first(book: RuleBook, kind: str):
    return next(book.statements(kind), (None, None))


def _defaults(model: RulesModel, book: RuleBook) -> dict:
    """The shape of the former defaults.yaml, built from 143.4, 149, 182-186, 355.2.a and 439.

    NOTE: a played object with no named place goes where a created object of its type goes
    when that is also where it can be played (439.2.b.1, 439.2.c); the entry then cites the
    creation rule first and the play rule (355.2.a) after it in ``rules``.
    """
    defaults = {"entry_state": {}, "creation_zone": {}, "play_destination": {}}
    for rule_id, statement in book.statements("entry_state"):
        defaults["entry_state"].setdefault(statement["type"], {"state": statement["state"], "rule": rule_id})
    for rule_id, statement in book.statements("created_goes"):
        for kind in model.types_of(statement["types"], rule_id, statement):
            defaults["creation_zone"].setdefault(kind, {"zone": statement["to"].zone, "rule": rule_id})
            if statement["state"]:
                defaults["entry_state"].setdefault(kind, {"state": statement["state"], "rule": rule_id})
    for rule_id, statement in book.statements("played_to"):
        zone = statement["to"].zone
        created = defaults["creation_zone"].get(statement["type"], {})
        rules = [created["rule"], rule_id] if created.get("zone") == zone else [rule_id]
        defaults["play_destination"].setdefault(statement["type"], {"zone": zone, "rule": rules[0], "rules": rules})
    played_zone, played_rule = _first(book, "played_token_zone")[::-1]
    as_card = [rule_id for rule_id, _ in book.statements("token_played_as_card")]
    defaults["play_creation_zone"] = {"zone": played_zone["zone"] if played_zone else None,
                                      "rules": [r for r in (played_rule, *as_card) if r]}
    defaults["entry_state_override_rule"] = _first(book, "may_state_entry")[0]
    defaults["explicit_zone_rule"] = _first(book, "created_goes_as_said")[0]
    defaults["granted_rule"] = _first(book, "may_grant")[0]
    defaults["owner"] = _owner(book)
    defaults["controller"] = _controller(model, book)
    return defaults


def _owner(book: RuleBook) -> dict:
    found = list(book.statements("created_owner"))
    player = found[0][1]["player"] if found else None
    return {"player": player, "rules": [rule_id for rule_id, _ in found]}


def _controller(model: RulesModel, book: RuleBook) -> dict:
    """Who controls a created object (182, 439.4.a-b): a default, and types that differ."""
    controller = {"default": {"player": None, "rules": []}}
    for rule_id, statement in book.statements("created_controller"):
        if statement["player"] == "you":
            controller["default"]["player"] = "you"
            controller["default"]["rules"].append(rule_id)
            continue
        for kind in model.types_of(statement["types"], rule_id, statement):
            controller.setdefault(kind, {"player": statement["player"], "rules": []})["rules"].append(rule_id)
    return controller


def _scoring(book: RuleBook) -> dict:
    """Victory score and the win check (194-195)."""
    scoring = {}
    for kind in ("victory_score", "minimum_points"):
        rule_id, statement = _first(book, kind)
        if statement is not None:
            scoring[kind] = {"points": statement["points"], "rule": rule_id}
    for kind in ("win_check", "ties_play_on", "win_by_effect", "lose_by_effect"):
        rule_id, statement = _first(book, kind)
        if statement is not None:
            scoring[kind] = {"rule": rule_id}
    return scoring


def _keywords(book: RuleBook) -> dict:
    """Keyword definitions (800-829 and the action words): kind, value, reminder, meaning."""
    keywords: dict = {}
    for rule_id, statement in book.statements("keyword_kind"):
        keywords[statement["keyword"]] = {"rule": rule_id.split(".")[0], "kind": statement["kind"],
                                          "value": "none", "kind_rule": rule_id}
    for rule_id, statement in book.statements("keyword_value"):
        entry = _keyword(book, keywords, rule_id, statement)
        entry.update(value=statement["value"], value_rule=rule_id)
        if statement.get("omitted") is not None:
            entry["omitted"] = statement["omitted"]
    for rule_id, statement in book.statements("keyword_reminder"):
        entry = _keyword(book, keywords, rule_id, statement)
        entry.update(reminder=statement["template"], reminder_source=statement["source"], reminder_rule=rule_id)
    for rule_id, statement in book.statements("keyword_meaning"):
        entry = _keyword(book, keywords, rule_id, statement)
        meaning = _meaning(rule_id, statement)
        entry.setdefault("meanings", []).append(meaning["meaning"])
        entry.setdefault("meaning", meaning["meaning"])
        if "trigger" in meaning:
            entry.setdefault("trigger", meaning["trigger"])
    for rule_id, statement in book.statements("keyword_stacking"):
        _keyword(book, keywords, rule_id, statement)["instances"] = {"how": statement["instances"], "rule": rule_id}
    for rule_id, statement in book.statements("keyword_only_while_played"):
        _keyword(book, keywords, rule_id, statement)["only_while_played"] = rule_id
    for rule_id, statement in book.statements("keyword_entry_replacement"):
        _keyword(book, keywords, rule_id, statement)["entry_replacement"] = {
            "state": statement["state"], "instead_of": statement["instead_of"], "rule": rule_id}
    _keyword_details(book, keywords)
    return keywords


_KEYWORD_DETAILS = {  # statement kind -> field of the keyword's entry (one statement each)
    "keyword_instance_order": "instance_order",
    "keyword_targets": "targets",
    "keyword_pay_limit": "pay_limit",
    "keyword_repeat_count": "repeat",
    "keyword_choices_at_play": "choices_at_play",
    "keyword_damage_ties": "damage_ties",
    "keyword_reduces_only": "reduces_only",
    "keyword_needs_cost": "needs_cost",
    "keyword_cost_as_if": "cost_as_if",
    "keyword_not_activation": "not_activation",
    "keyword_permission_until": "permission_until",
    "keyword_dependent_trigger": "dependent_trigger",
    "keyword_delayed_replacement": "delayed_replacement",
}
_KEYWORD_KEYED = {  # statement kind -> (field, argument that keys the entries under it)
    "keyword_conditional": ("conditional", "rule_part"),
    "keyword_hidden_restriction": ("restrictions", "choice"),
    "keyword_grants": ("grants", "grants"),
}


def _keyword_details(book: RuleBook, keywords: dict) -> None:
    """The finer points of a keyword (806.4, 808.2.a, 811, 815, 818, 820-822, 826-829): each statement
    adds its arguments, with its rule, under one field of the keyword's entry."""
    for kind, field in _KEYWORD_DETAILS.items():
        for rule_id, statement in book.statements(kind):
            _keyword_ref_check(book, keywords, rule_id, statement)
            details = {key: value for key, value in statement.args.items() if key != "keyword"}
            _keyword(book, keywords, rule_id, statement)[field] = dict(details, rule=rule_id)
    for kind, (field, key) in _KEYWORD_KEYED.items():
        for rule_id, statement in book.statements(kind):
            _keyword_ref_check(book, keywords, rule_id, statement)
            details = {name: value for name, value in statement.args.items() if name not in ("keyword", key)}
            entry = _keyword(book, keywords, rule_id, statement).setdefault(field, {})
            entry[statement[key]] = dict(details, rule=rule_id)


def _keyword_ref_check(book: RuleBook, keywords: dict, rule_id: str, statement) -> None:
    """A keyword that a statement names besides its subject ("gives [Reaction]") is a defined keyword."""
    for key in ("grants", "of"):
        name = statement.get(key)
        if name is not None and name not in keywords:
            book.fail("E111", f"keyword [{name}] is not defined", rule_id, statement,
                      "expected a keyword that a statement “[Name] is a ... keyword.” defines")


def _keyword(book: RuleBook, keywords: dict, rule_id: str, statement) -> dict:
    name = statement["keyword"]
    if name not in keywords:
        book.fail("E111", f"keyword [{name}] has no kind", rule_id, statement,
                  f"expected a statement “[{name}] is a passive keyword.” before its other statements")
    return keywords[name]


def _meaning(rule_id: str, statement) -> dict:
    """The keyword's meaning; a trigger also gets the shape the compiler reads (event, subject, rule)."""
    meaning = {key: value for key, value in statement.args.items() if key != "keyword"}
    out = {"meaning": dict(meaning, rule=rule_id)}
    if meaning["meaning"] == "trigger":
        subject, _, event = meaning["event"].partition("_")
        event = event.removeprefix("am_")  # "when I am played" -> played
        out["trigger"] = {"event": event, "subject": "self" if subject == "i" else subject, "rule": rule_id}
    return out


def _layers(book: RuleBook) -> list[dict]:
    """The layer order (477) with what each layer applies and its sublayers."""
    layers = {s["number"]: {"number": s["number"], "name": s["name"], "rule": r, "applies": [], "sublayers": []}
              for r, s in book.statements("layer")}
    for rule_id, statement in book.statements("layer_applies"):
        _layer(book, layers, rule_id, statement)["applies"].append({"what": statement["what"], "rule": rule_id})
    for rule_id, statement in book.statements("sublayer"):
        _layer(book, layers, rule_id, statement)["sublayers"].append(
            {"number": statement["number"], "name": statement["name"], "rule": rule_id})
    for layer in layers.values():
        layer["sublayers"].sort(key=lambda sub: sub["number"])
    return [layers[number] for number in sorted(layers)]


def _layer(book: RuleBook, layers: dict, rule_id: str, statement) -> dict:
    number = statement["layer"]
    if number not in layers:
        book.fail("E112", f"there is no layer {number}", rule_id, statement,
                  "expected a layer that a statement “Layer N is ...” defines: " + ", ".join(map(str, sorted(layers))))
    return layers[number]


def _layer_rules(book: RuleBook) -> dict:
    """How effects are ordered inside the layers (476, 478-480)."""
    out = {}
    for kind in ("layers_repeat", "dependency_first", "timestamp_order", "timestamp_renewed"):
        rule_id, statement = _first(book, kind)
        if statement is not None:
            out[kind] = rule_id
    return out


def _might(book: RuleBook) -> dict:
    """Might and damage (142-143)."""
    out: dict = {"heal_times": [{"time": s["time"], "rule": r} for r, s in book.statements("heal_time")]}
    rule_id, statement = _first(book, "might_floor")
    if statement is not None:
        out["floor"] = {"below": statement["below"], "counts_as": statement["counts_as"], "rule": rule_id}
    rule_id, statement = _first(book, "lethal_damage")
    if statement is not None:
        out["lethal_damage"] = {"minimum": statement["minimum"], "rule": rule_id}
    out["lethal_kills"] = [rule_id for rule_id, _ in book.statements("lethal_kills")]
    out["lethal_assignment_first"] = [rule_id for rule_id, _ in book.statements("lethal_assignment_first")]
    return out


def _chain_opening(book: RuleBook) -> dict:
    """Which acts open a chain (811.1.c.2-3): {'hide': {'opens': False, 'rule': ...}, ...}."""
    return {s["act"]: {"opens": s["opens"], "rule": r} for r, s in book.statements("opens_chain")}


def _death_trigger(book: RuleBook) -> dict:
    """How a trigger on its source's death is handled around the move to the trash (808.1.d)."""
    return {s["part"]: {"zone": _destination(s["zone"]), "rule": r} for r, s in book.statements("death_trigger")}


def _power_symbols(book: RuleBook) -> dict:
    """Power symbols (134.2, 135.2.e.5-6): what each stands for."""
    symbols = {s["symbol"]: {"domain": s["domain"], "rule": r} for r, s in book.statements("domain_symbol")}
    for rule_id, statement in book.statements("any_power_symbol"):
        symbols[statement["symbol"]] = {"domain": "any", "rule": rule_id}
    for rule_id, statement in book.statements("own_power_symbol"):
        symbols[statement["symbol"]] = {"domain": "own", "rule": rule_id}
    for rule_id, statement in book.statements("domainless_own_power"):
        symbols.setdefault(statement["symbol"], {})["domainless"] = {"means": statement["means"], "rule": rule_id}
    return symbols


def _cannot(book: RuleBook) -> dict:
    """What objects of a type cannot undergo: {battlefield: {killed: '170.3', ...}}."""
    out: dict = {}
    for rule_id, statement in book.statements("cannot_be"):
        for kind in statement["types"]:
            out.setdefault(kind, {}).setdefault(statement["action"], rule_id)
    return out


def _replacement(book: RuleBook) -> dict:
    """Replacement effects (370-374): who orders them, and their limits."""
    out: dict = {"ordered_by": {}}
    for rule_id, statement in book.statements("replacement_order"):
        out["ordered_by"][statement["affected"]] = {"chooser": statement["chooser"], "rule": rule_id}
    for kind in ("replacement_once", "replacement_before", "replacement_as", "replacement_controller",
                 "replacement_turn_limit", "replacement_optional", "replacement_declined", "replacement_each_event",
                 "replacement_turn_order", "replacement_actions_first", "replacement_one_sequence",
                 "replacement_sequence_uninterrupted", "replacement_inherits"):
        rule_id, statement = _first(book, kind)
        if statement is not None:
            out[kind] = rule_id
    return out
