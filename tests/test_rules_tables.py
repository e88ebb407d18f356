"""The tables RulesData builds from the encoded rules: the values and shapes other modules read."""
from __future__ import annotations

import pytest

from interpreter import default_rules


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def test_defaults_keep_their_shape_and_values(rules):
    d = rules.defaults
    assert d["entry_state"] == {
        "unit": {"state": "exhausted", "rule": "143.4"}, "gear": {"state": "ready", "rule": "149.1"},
        "rune": {"state": "ready", "rule": "439.2.b.3"}, "legend": {"state": "ready", "rule": "439.2.b.4"},
        "battlefield": {"state": "ready", "rule": "439.2.b.5"}}
    assert d["creation_zone"] == {
        "unit": {"zone": "playable_location", "rule": "439.2.b.1"},
        "gear": {"zone": "playable_location", "rule": "439.2.b.1"},
        "spell": {"zone": "chain", "rule": "439.2.b.2"}, "rune": {"zone": "base", "rule": "439.2.b.3"},
        "legend": {"zone": "legend_zone", "rule": "439.2.b.4"},
        "battlefield": {"zone": "battlefield_zone", "rule": "439.2.b.5"}}
    assert d["play_creation_zone"] == {"zone": "chain", "rules": ["439.2.c", "185.2.a"]}
    assert d["play_destination"]["gear"] == {"zone": "base", "rule": "149.2", "rules": ["149.2"]}
    assert d["play_destination"]["unit"]["rules"] == ["439.2.b.1", "355.2.a"]
    assert (d["entry_state_override_rule"], d["explicit_zone_rule"], d["granted_rule"]) == ("184.1", "439.2", "184.3")
    assert d["owner"] == {"player": "you", "rules": ["183", "439.4"]}
    assert d["controller"] == {"default": {"player": "you", "rules": ["182", "439.4.a"]},
                               "battlefield": {"player": None, "rules": ["439.4.b"]}}


def test_zones(rules):
    zones = rules.zones
    assert set(zones) == {"base", "battlefield", "facedown", "legend", "chain", "trash", "champion", "deck",
                          "rune_deck", "banishment", "hand"}
    assert {name for name, zone in zones.items() if zone["board"]} == {"base", "battlefield", "facedown", "legend"}
    assert zones["facedown"]["capacity"] == 1 and zones["facedown"]["capacity_rule"] == "107.3.b"
    assert zones["facedown"]["control_rule"] == "107.3.c"
    assert zones["facedown"]["location"] is False and zones["base"]["location"] is True
    assert {name for name, zone in zones.items() if zone["ordered"]} == {"chain", "deck", "rune_deck"}
    assert {name: zone["privacy"] for name, zone in zones.items() if zone["privacy"] != "public"} == {
        "facedown": "private", "hand": "private", "deck": "secret", "rune_deck": "secret"}
    assert all(zone["per_player"] for name, zone in zones.items()
               if name not in ("battlefield", "facedown", "chain"))
    assert rules.token_zones == {"allowed": ["base", "battlefield", "facedown", "legend", "chain"], "rule": "186.1"}
    assert rules.new_object_rule == "124"
    assert rules.new_object_clears == {"cleared": ["damage", "counters", "granted keywords", "statuses"],
                                       "rule": "124.1"}


def test_scoring(rules):
    assert rules.scoring == {"victory_score": {"points": 8, "rule": "194.3"},
                             "minimum_points": {"points": 0, "rule": "194.4"},
                             "win_check": {"rule": "194.2"}, "ties_play_on": {"rule": "194.2.b"},
                             "win_by_effect": {"rule": "195"}, "lose_by_effect": {"rule": "195.1"}}


def test_layers_in_order_with_sublayers(rules):
    assert [(layer["number"], layer["name"], layer["rule"]) for layer in rules.layers] == [
        (1, "trait-altering effects", "477.1"), (2, "ability-altering effects", "477.2"), (3, "arithmetic", "477.3")]
    assert rules.layers[2]["sublayers"] == [{"number": 1, "name": "increases", "rule": "477.3.e.1"},
                                            {"number": 2, "name": "decreases", "rule": "477.3.e.2"}]
    assert rules.layer_order()[-2:] == ["arithmetic/increases", "arithmetic/decreases"]
    assert rules.layer_rules == {"layers_repeat": "476", "dependency_first": "478", "timestamp_order": "480.3",
                                 "timestamp_renewed": "480.2"}


def test_might_damage_and_power(rules):
    assert rules.might["floor"] == {"below": 0, "counts_as": 0, "rule": "143.2.b"}
    assert rules.might["lethal_damage"] == {"minimum": 1, "rule": "142.4.b"}
    assert [t["time"] for t in rules.might["heal_times"]] == ["end_turn", "combat_cleanup"]
    assert rules.power_symbols["[Y]"] == {"domain": "Order", "rule": "134.2.f"}
    assert rules.power_symbols["[C]"]["domainless"] == {"means": "[A]", "rule": "135.2.e.6.b"}
    assert [t["time"] for t in rules.rune_pool["empties"]] == ["start_main_phase", "end_turn"]


def test_cleanup_recall_and_what_types_cannot_undergo(rules):
    assert rules.cleanup == [{"type": "gear", "unless": "unit", "frm": "battlefield",
                              "to": {"zone": "base", "whose": "controller"}, "action": "recall", "rule": "149.3"}]
    assert rules.cannot["battlefield"] == {"played": "133.6.a.1", "killed": "170.3", "moved": "170.4",
                                           "recycled": "185.2.e"}
    assert rules.recycle["rune"] == {"zone": "rune_deck", "whose": "owner", "rule": "161.2.b"}
    assert rules.recycle["unit"] == {"zone": "deck", "whose": "owner", "rule": "185.2.e"}
    assert rules.zones["facedown"]["overflow"] == {"to": {"zone": "trash", "whose": "controller"}, "rule": "107.3.b.2"}
    assert rules.categories["permanent"]["types"] == ["unit", "gear"]


@pytest.mark.parametrize(("name", "kind", "value", "rule"), [
    ("Assault", "passive", "optional_number", "807"), ("Deathknell", "triggered", "none", "808"),
    ("Equip", "cost", "energy", "818"), ("Level", "dependent", "number", "824"), ("Reaction", "permissive", "none", "813"),
    ("Mighty", "condition", "none", "706"), ("Stun", "action", "none", "423"),
])
def test_keyword_definitions(rules, name, kind, value, rule):
    definition = rules.keyword(name)
    assert (definition["kind"], definition["value"], definition["rule"]) == (kind, value, rule)


def test_keyword_meanings(rules):
    assert rules.keyword("Deathknell")["trigger"] == {"event": "die", "subject": "self", "rule": "808.1.c"}
    assert rules.keyword("Assault")["meaning"] == {"meaning": "might_while", "condition": "i_am_attacker",
                                                   "rule": "807.1.c"}
    assert rules.keyword("Assault")["instances"] == {"how": "add_up", "rule": "807.2"}
    assert [m["action"] for m in rules.keyword("Action")["meanings"]] == ["played", "activated"]
    assert len(rules.keywords) == 30


def test_replacement_rules_are_read_from_their_encodings(rules):
    table = rules.replacement
    assert table["replacement_as"] == "370.1.b.1"            # "as": the event stays, plus the instructions
    assert table["replacement_before"] == "370.1.c" and table["replacement_once"] == "370.2"
    assert table["ordered_by"]["object"] == {"chooser": "its_controller", "rule": "372"}
