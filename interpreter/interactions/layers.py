"""Which continuous effects of a pool can depend on each other (473-480).

Each pair of effects from different cards, at least one of which another effect could alter
(``ContinuousEffect.sensitive``), is tried with the engine's own dependency trial
(``interpreter.engine.layers.graph.trial``, 478.1): applied in both orders on a copy of just
the objects both could touch. An effect altered by the order depends on the other. Within one
layer that dependency orders them (479.2), and dependencies that form a cycle are a loop the
timestamps settle (480). Across layers the layer order already puts one first (477), but the
later one still reads what the earlier one changed, which a designer wants to see too.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from interpreter.engine.layer_sources import build_view, state_effects
from interpreter.engine.layers.graph import touched, trial
from interpreter.engine.layers.model import ContinuousEffect

from .board import Board


@dataclass(frozen=True)
class Dependency:
    """``dependent`` depends on ``first``: what ``criterion`` of it (478.1) changes when ``first`` applies."""

    first: ContinuousEffect
    dependent: ContinuousEffect
    rule: str
    criterion: str

    @property
    def same_layer(self) -> bool:
        return self.first.sublayer == self.dependent.sublayer

    def how(self) -> str:
        if self.same_layer:
            return f"same layer ({self.first.sublayer}): applied after it (479.2)"
        return f"{self.first.sublayer} before {self.dependent.sublayer} by the layer order (477)"


@dataclass
class LayerStudy:
    """The effects studied, the dependencies found, and the loops among them."""

    effects: list[ContinuousEffect]
    dependencies: list[Dependency]
    loops: list[list[ContinuousEffect]]


def study(board: Board) -> LayerStudy:
    """Dependencies between the continuous effects of different cards of ``board``."""
    view = build_view(board.state)
    effects = [e for e in state_effects(board.state) if e.source in board.cards]
    touches = {id(e): touched(e, view) for e in effects}
    found = []
    for a, b in combinations(effects, 2):
        if a.source == b.source or not (a.sensitive or b.sensitive):
            continue
        shared = touches[id(a)] & touches[id(b)]
        if not shared and not ({a.source, *a.reads} & touches[id(b)] or {b.source, *b.reads} & touches[id(a)]):
            continue
        objects = shared | {a.source, b.source, *a.reads, *b.reads}
        edge = trial(a, b, view, {oid for oid in objects if oid in view})
        if edge is not None:
            found.append(Dependency(edge.first, edge.dependent, edge.rule, edge.criterion))
    return LayerStudy(effects, found, _loops(found))


def _loops(dependencies: list[Dependency]) -> list[list[ContinuousEffect]]:
    """Cycles of same-layer dependencies: a loop, ordered by timestamp for that loop only (480)."""
    graph = nx.DiGraph()
    graph.add_edges_from((d.first, d.dependent) for d in dependencies if d.same_layer)
    return [sorted(part, key=lambda e: e.timestamp) for part in nx.strongly_connected_components(graph)
            if len(part) > 1]
