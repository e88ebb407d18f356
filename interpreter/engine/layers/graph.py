"""Order of the effects of one layer: dependencies by trial (478-479), then timestamps (480).

Candidate pairs are found through the objects each effect touches (affects or reads), not by
trying every pair, and a pair is tried only when one of its effects could be altered by the
other at all (``ContinuousEffect.sensitive``). A trial applies the two effects in both orders
on a copy of just the objects they touch and compares what each did (478.1: existence, the
objects affected, the outcome). The one altered by the order depends on the other (479); when
both are altered there is no dependency (479.1). The effects and dependency edges form a
networkx DiGraph; it is sorted topologically with timestamps breaking ties (480.3), and a
dependency loop is ordered by timestamp, for that loop only.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from .model import ContinuousEffect, Outcome, View, apply

CRITERIA = (("exists", "478.1.a", "whether it exists"), ("objects", "478.1.b", "which objects it affects"),
            ("changes", "478.1.c", "what it does"))


@dataclass(frozen=True)
class Edge:
    """``dependent`` depends on ``first``: apply ``first`` first (479.2), for ``criterion``."""

    first: ContinuousEffect
    dependent: ContinuousEffect
    rule: str
    criterion: str

    def reason(self) -> str:
        return (f"{self.dependent.label} depends on {self.first.label}: {self.criterion} "
                f"differs when {self.first.label} applies first ({self.rule}, 479)")


def touched(effect: ContinuousEffect, view: View) -> set:
    """The objects an effect affects now or could come to affect, reads, or comes from."""
    found = set(effect.scope(view) if effect.scope is not None else effect.affects(view)) | set(effect.reads)
    if effect.source is not None:
        found.add(effect.source)
    return {oid for oid in found if oid in view}


def candidate_pairs(effects: list[ContinuousEffect], view: View, touches: list | None = None) -> set[tuple[int, int]]:
    """Index pairs sharing an object, at least one of which could be altered by the other."""
    if not any(effect.sensitive for effect in effects):
        return set()                                # nothing here can be altered: timestamps only
    by_object: dict[int, list[int]] = defaultdict(list)
    touches = touches if touches is not None else [touched(e, view) for e in effects]
    for index, objects in enumerate(touches):
        for oid in objects:
            by_object[oid].append(index)
    pairs = set()
    for indexes in by_object.values():
        sensitive = [i for i in indexes if effects[i].sensitive]
        for i in sensitive:
            for j in indexes:
                if i != j:
                    pairs.add((min(i, j), max(i, j)))
    return pairs


def trial(a: ContinuousEffect, b: ContinuousEffect, view: View, objects: set | None = None) -> Edge | None:
    """Apply a, b and b, a on copies of what they touch; the dependency found, if any (478-479)."""
    objects = objects if objects is not None else touched(a, view) | touched(b, view)
    first = view.clone(objects)
    a_alone, b_after = apply(a, first), apply(b, first)
    second = view.clone(objects)
    b_alone, a_after = apply(b, second), apply(a, second)
    a_altered, b_altered = _altered(a_alone, a_after), _altered(b_alone, b_after)
    if a_altered and not b_altered:
        return Edge(b, a, *a_altered)
    if b_altered and not a_altered:
        return Edge(a, b, *b_altered)
    return None                                                    # 479.1: none, or both altered


def _altered(alone: Outcome, after: Outcome) -> tuple[str, str] | None:
    for field, rule, words in CRITERIA:
        if getattr(alone, field) != getattr(after, field):
            return rule, words
    return None


@dataclass
class LayerOrder:
    """Effects of one layer in the order to apply them, with the edges and loops found."""

    effects: list[ContinuousEffect]
    edges: list[Edge]
    loops: list[list[ContinuousEffect]]


def order(effects: list[ContinuousEffect], view: View) -> LayerOrder:
    """Dependencies first (478-479), timestamps otherwise (480.3), loops by timestamp (480)."""
    if not any(effect.sensitive for effect in effects):
        return LayerOrder(sorted(effects, key=_stamp), [], [])
    touches = [touched(effect, view) for effect in effects]
    edges = [edge for i, j in sorted(candidate_pairs(effects, view, touches))
             if (edge := trial(effects[i], effects[j], view, touches[i] | touches[j])) is not None]
    if not edges:
        return LayerOrder(sorted(effects, key=_stamp), [], [])
    graph = nx.DiGraph()
    graph.add_nodes_from(effects)
    graph.add_edges_from((edge.first, edge.dependent) for edge in edges)
    if nx.is_directed_acyclic_graph(graph):
        return LayerOrder(list(nx.lexicographical_topological_sort(graph, key=_stamp)), edges, [])
    return _order_with_loops(graph, edges)


def _order_with_loops(graph: nx.DiGraph, edges: list[Edge]) -> LayerOrder:
    """Each loop (strongly connected part) is one node, ordered inside by timestamp (480)."""
    condensed = nx.condensation(graph)
    members = {node: sorted(data["members"], key=_stamp) for node, data in condensed.nodes(data=True)}
    ordered = nx.lexicographical_topological_sort(condensed, key=lambda node: _stamp(members[node][0]))
    loops = [group for group in members.values() if len(group) > 1]
    return LayerOrder([effect for node in ordered for effect in members[node]], edges, loops)


def _stamp(effect: ContinuousEffect) -> tuple:
    return (effect.timestamp, effect.label)


def all_pairs_edges(effects: list[ContinuousEffect], view: View) -> list[Edge]:
    """Every dependency by trying every pair: the slow reference the candidate index must match."""
    return [edge for a, b in combinations(effects, 2) if (edge := trial(a, b, view)) is not None]
