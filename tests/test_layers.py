"""The layer engine on the examples of rules 476-480, and the candidate index against all pairs.

Effects whose wording the grammar does not read yet ("increased to 5", "to a maximum of 5",
copies, tag grants) are built as ``ContinuousEffect`` objects directly; the rest come from
compiled text through a game state (tests/scenarios/layers/ has those as scenarios).
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine.layers.graph import all_pairs_edges, order
from interpreter.engine.layers.model import ABILITY, ARITHMETIC, TRAIT, Change, ContinuousEffect, Traits, View, fixed
from interpreter.engine.layers.apply import referenced_might, resolve, snapshot
from interpreter.rules.data import default_rules

RULES = default_rules()


def unit(oid, might, name="Unit", tags=(), keywords=None, controller="A"):
    return Traits(oid, name, "unit", might, frozenset(tags), dict(keywords or {}), controller, ("base", controller))


def effect(label, layer, change, oids, stamp, passive=True, **extra):
    return ContinuousEffect(label, layer, change, fixed(*oids), stamp, passive=passive, **extra)


def tagged(tag):
    return lambda view: [oid for oid, t in view.traits.items() if tag in t.tags]


def test_passive_increased_to_5_depends_on_discipline():
    """479 / 479.2: Discipline first (+2), then the passive (+0): 6 might whatever the timestamps."""
    for passive_stamp, discipline_stamp in ((1, 2), (2, 1)):
        view = View({1: unit(1, 4)})
        passive = effect("increased to 5", ARITHMETIC, Change("might_to", limit=5), [1], passive_stamp)
        discipline = effect("Discipline", ARITHMETIC, Change("might_add", 2), [1], discipline_stamp, passive=False)
        result = resolve([passive, discipline], view, RULES)
        assert view[1].might == 6
        assert [(e.first.label, e.dependent.label, e.rule) for e in result.edges] == \
            [("Discipline", "increased to 5", "478.1.c")]
        assert "depends on Discipline" in result.edges[0].reason()


def test_mutual_maximum_has_no_dependency_and_timestamps_decide():
    """479.1: both are altered by the order, so no dependency; the earlier timestamp applies first."""
    view = View({1: unit(1, 4)})
    passive = effect("increased to 5", ARITHMETIC, Change("might_to", limit=5), [1], 1)
    spell = effect("+2 to a maximum of 5", ARITHMETIC, Change("might_add_max", 2, limit=5), [1], 2)
    result = resolve([spell, passive], view, RULES)
    assert view[1].might == 5 and result.edges == []
    assert [(s.effect.label, s.changes) for s in result.steps] == \
        [("increased to 5", ((1, 1),)), ("+2 to a maximum of 5", ((1, 0),))]


def test_last_stand_on_a_negative_unit_increases_by_0():
    """477.3.c: Eclipse makes a 2 [M] unit -2; Last Stand's doubling adds 0; it counts as 0 (143.2.b)."""
    view = View({1: unit(1, 2)})
    eclipse = effect("Eclipse", ARITHMETIC, Change("might_add", -4), [1], 1, passive=False)
    now = resolve([eclipse], view.clone(), RULES).view
    last_stand = snapshot(effect("Last Stand", ARITHMETIC, Change("might_double"), [1], 2, passive=False), now)
    assert last_stand.change == Change("might_add", 0)
    resolve([eclipse, last_stand], view, RULES)
    assert view[1].might == -2 and referenced_might(view[1].might, RULES) == 0


def test_minus_4_to_a_minimum_of_1_snapshots():
    """477.3.b: on a 2 [M] unit it is -1 [M] for the turn, even after the unit grows."""
    view = View({1: unit(1, 2)})
    shrink = snapshot(effect("-4 to a min of 1", ARITHMETIC, Change("might_add_min", -4, limit=1), [1], 1,
                             passive=False), view)
    assert shrink.change == Change("might_add", -1)
    buff = effect("buff", ARITHMETIC, Change("might_add", 1), [1], 2, passive=False)
    resolve([shrink, buff], view, RULES)
    assert view[1].might == 2


def test_a_passive_limit_does_not_snapshot():
    passive = effect("increased to 5", ARITHMETIC, Change("might_to", limit=5), [1], 1)
    assert snapshot(passive, View({1: unit(1, 2)})) is passive


def test_decreases_apply_after_increases():
    """477.3.e: +3 then -2, whatever the timestamps; the decrease never sees the pre-increase might."""
    view = View({1: unit(1, 1)})
    down = effect("-2", ARITHMETIC, Change("might_add", -2), [1], 1)
    up = effect("+3", ARITHMETIC, Change("might_add", 3), [1], 2)
    result = resolve([down, up], view, RULES)
    assert [s.effect.label for s in result.steps] == ["+3", "-2"] and view[1].might == 2


def test_reflection_copying_a_reflection_copying_honest_broker():
    """477.1.b.1.b: the second copy takes what the first has become, whatever the timestamps."""
    for first_stamp, second_stamp in ((1, 2), (2, 1)):
        view = View({1: unit(1, 2, "Honest Broker", ["Ionia"]), 2: unit(2, 0, "Reflection"),
                     3: unit(3, 0, "Reflection")})
        first = effect("Reflection copies Honest Broker", TRAIT, Change("copy", of=1), [2], first_stamp, reads=(1,))
        second = effect("Mirror Image copies Reflection", TRAIT, Change("copy", of=2), [3], second_stamp, reads=(2,))
        result = resolve([second, first], view, RULES)
        assert [view[oid].name for oid in (1, 2, 3)] == ["Honest Broker"] * 3
        assert view[3].might == 2 and view[3].tags == {"Ionia"}
        assert [(e.first.label, e.dependent.label) for e in result.edges] == \
            [("Reflection copies Honest Broker", "Mirror Image copies Reflection")]


def test_tag_grant_changes_how_many_objects_a_tag_conditioned_grant_affects():
    """478.1.b in layer 1: "Yordles are Mechs" depends on "other friendly units are Yordles"."""
    view = View({1: unit(1, 2, "Source"), 2: unit(2, 3), 3: unit(3, 1, tags=["Yordle"])})
    yordles = ContinuousEffect("are Yordles", TRAIT, Change("tag_add", name="Yordle"), fixed(2, 3), 5)
    mechs = ContinuousEffect("Yordles are Mechs", TRAIT, Change("tag_add", name="Mech"), tagged("Yordle"), 1,
                             selective=True)
    buff = ContinuousEffect("Mechs have +1", ARITHMETIC, Change("might_add", 1), tagged("Mech"), 0, selective=True)
    result = resolve([buff, mechs, yordles], view, RULES)
    assert [(e.first.label, e.dependent.label, e.rule) for e in result.edges] == \
        [("are Yordles", "Yordles are Mechs", "478.1.b")]
    assert [view[oid].might for oid in (1, 2, 3)] == [2, 4, 2]


def test_existence_dependency_across_layers_repeats_the_sequence():
    """476.2: a keyword that exists only once might is 5+ is applied in a second sequence."""
    view = View({1: unit(1, 4, "Fiora, Victorious")})
    mighty = ContinuousEffect("Fiora: [Shield]", ABILITY, Change("keyword_add", name="Shield"), fixed(1), 1,
                              exists=lambda v: v[1].might >= 5)
    buff = effect("buff", ARITHMETIC, Change("might_add", 1), [1], 2, passive=False)
    result = resolve([mighty, buff], view, RULES)
    assert view[1].keywords == {"Shield": None} and view[1].might == 5
    assert [(s.sequence, s.effect.label) for s in result.steps] == [(1, "buff"), (2, "Fiora: [Shield]")]


def test_gained_then_lost_keyword_follows_timestamps():
    view = View({1: unit(1, 2)})
    gain = effect("gain [Assault]", ABILITY, Change("keyword_add", name="Assault"), [1], 1)
    lose = effect("lose [Assault]", ABILITY, Change("keyword_remove", name="Assault"), [1], 2)
    resolve([lose, gain], view, RULES)
    assert view[1].keywords == {}


@pytest.mark.parametrize("seed", range(5))
def test_candidate_index_finds_the_same_dependencies_as_every_pair(seed):
    """The index through touched objects misses no dependency that trying every pair finds."""
    rng = random.Random(seed)
    view = View({oid: unit(oid, rng.randint(0, 6)) for oid in range(12)})
    kinds = [Change("might_add", 2), Change("might_add", -1), Change("might_to", limit=5),
             Change("might_add_max", 3, limit=6)]
    effects = [effect(f"e{i}", ARITHMETIC, rng.choice(kinds), rng.sample(range(12), rng.randint(1, 3)), i)
               for i in range(30)]
    for group in ({e for e in effects if e.sublayer.endswith("increases")},):
        chosen = sorted(group, key=lambda e: e.timestamp)
        found = {(e.first.label, e.dependent.label) for e in order(chosen, view).edges}
        reference = {(e.first.label, e.dependent.label) for e in all_pairs_edges(chosen, view)}
        assert found == reference


def test_a_dependency_loop_is_ordered_by_timestamp_for_the_loop_only():
    """480: effects in a loop apply by timestamp; an effect outside it keeps its graph place."""
    from interpreter.engine.layers.graph import Edge, _order_with_loops
    import networkx as nx

    a, b, c, d = (effect(name, ARITHMETIC, Change("might_add", 1), [1], stamp)
                  for name, stamp in (("a", 3), ("b", 1), ("c", 2), ("d", 0)))
    edges = [Edge(a, b, "478.1.c", "outcome"), Edge(b, c, "478.1.c", "outcome"),
             Edge(c, a, "478.1.c", "outcome"), Edge(a, d, "478.1.c", "outcome")]
    graph = nx.DiGraph()
    graph.add_nodes_from((a, b, c, d))
    graph.add_edges_from((e.first, e.dependent) for e in edges)
    result = _order_with_loops(graph, edges)
    assert [e.label for e in result.effects] == ["b", "c", "a", "d"]
    assert [[e.label for e in loop] for loop in result.loops] == [["b", "c", "a"]]


def test_an_effect_that_brings_an_object_into_reach_is_found_as_a_candidate():
    """478.1.b: "+2" brings a 4 [M] unit into "units with 5+ [M] have +1"; the scope finds the pair."""
    view = View({1: unit(1, 4)})
    reach = lambda v: [oid for oid, t in v.traits.items() if t.might >= 5]  # noqa: E731
    big = ContinuousEffect("5+ have +1", ARITHMETIC, Change("might_add", 1), reach, 1, selective=True,
                           scope=lambda v: list(v.traits))
    plus = effect("+2", ARITHMETIC, Change("might_add", 2), [1], 2, passive=False)
    result = resolve([big, plus], view, RULES)
    assert view[1].might == 7 and [(e.first.label, e.rule) for e in result.edges] == [("+2", "478.1.b")]
    assert [s.sequence for s in result.steps] == [1, 1]


def test_a_control_change_in_layer_1_moves_a_friendly_bonus():
    """477.1.a before 477.3: the unit taken by B gets B's "other friendly units +2", not A's."""
    view = View({1: unit(1, 12, "A's Baron"), 2: unit(2, 12, "B's Baron", controller="B"), 3: unit(3, 1)})

    def friendly_of(source):
        return lambda v: [oid for oid, t in v.traits.items() if oid != source and t.controller == v[source].controller]
    bonuses = [ContinuousEffect(f"bonus {s}", ARITHMETIC, Change("might_add", 2), friendly_of(s), s, reads=(s,),
                                selective=True, scope=lambda v: list(v.traits)) for s in (1, 2)]
    taken = effect("B takes control", TRAIT, Change("controller_set", name="B"), [3], 9, passive=False)
    resolve(bonuses + [taken], view, RULES)
    assert view[3].controller == "B" and view[3].might == 3 and view[1].might == 12 and view[2].might == 12


@pytest.mark.parametrize("seed", range(3))
def test_the_result_does_not_depend_on_the_order_effects_are_listed(seed):
    rng = random.Random(seed)
    kinds = [Change("might_add", 2), Change("might_add", -3), Change("might_to", limit=5),
             Change("might_add_max", 2, limit=4), Change("keyword_add", name="Shield"),
             Change("keyword_remove", name="Shield")]
    made = []
    for i in range(25):
        change = rng.choice(kinds)
        layer = ABILITY if change.kind.startswith("keyword") else ARITHMETIC
        made.append(effect(f"e{i}", layer, change, rng.sample(range(6), 2), i))
    results = []
    for _ in range(3):
        rng.shuffle(made)
        view = View({oid: unit(oid, oid) for oid in range(6)})
        resolve(list(made), view, RULES)
        results.append([(t.might, sorted(t.keywords)) for t in view.traits.values()])
    assert results[0] == results[1] == results[2]
