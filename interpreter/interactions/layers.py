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

import copy
from dataclasses import dataclass, fields, is_dataclass
from itertools import combinations

import networkx as nx

from interpreter.compiler import effects as fx
from interpreter.engine.layer_sources import build_view, state_effects
from interpreter.engine.layers.graph import touched, trial
from interpreter.engine.layers.model import ContinuousEffect, View
from interpreter.engine.traits import abilities_of

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
    view = _QuickView(build_view(board.state).traits)
    effects = [e for e in state_effects(board.state) if e.source in board.cards]
    kept = _representatives(board, view, effects)
    touches = {id(e): touched(e, view) & kept for e in effects}
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


def _representatives(board: Board, view: View, effects: list[ContinuousEffect]) -> set[int]:
    """The objects the trials need: every source and object read, and one object for each set of traits
    an effect could tell apart among the others, and of effects affecting it now (many units differ
    only in name or in a tag no effect names; the holders the layer engine reads never select by
    name, ``layer_sources.supported``)."""
    kept = {oid for e in effects for oid in (e.source, *e.reads) if oid in view}
    tags = _named_tags(board) | {e.change.name for e in effects if e.change.kind.startswith("tag")}
    affected: dict[int, list[int]] = {}
    for number, effect in enumerate(effects):
        for oid in effect.affects(view):
            affected.setdefault(oid, []).append(number)
    seen = set()
    for oid, t in view.traits.items():
        signature = (t.card_type, t.might, t.tags & tags, tuple(sorted(t.keywords.items(), key=str)), t.controller,
                     t.zone, t.role, t.token, t.states, tuple(affected.get(oid, ())))
        if oid not in kept and signature not in seen:
            seen.add(signature)
            kept.add(oid)
    return kept


def _named_tags(board: Board) -> frozenset:
    """Every tag a selector of a source's abilities names ("Your Mechs", "friendly Birds")."""
    found = set()
    pending = [ability for obj in board.sources() for ability in abilities_of(obj)]
    while pending:
        value = pending.pop()
        if isinstance(value, fx.Selector):
            found.update(value.tags)
        if is_dataclass(value):
            for f in fields(value):
                item = getattr(value, f.name)
                pending.extend(item if isinstance(item, tuple) else (item,))
    return frozenset(found)


class _QuickView(View):
    """A view whose copies are made with ``copy.copy``: the trial copies the objects of each pair, and a
    pool-wide board makes that the bulk of the work (the copy is the same as ``Traits.clone``)."""

    def clone(self, only=None) -> "_QuickView":
        keys = self.traits.keys() if only is None else [k for k in only if k in self.traits]
        copies = {}
        for key in keys:
            traits = copy.copy(self.traits[key])
            traits.keywords = dict(traits.keywords)
            copies[key] = traits
        return _QuickView(copies)


def _loops(dependencies: list[Dependency]) -> list[list[ContinuousEffect]]:
    """Cycles of same-layer dependencies: a loop, ordered by timestamp for that loop only (480)."""
    graph = nx.DiGraph()
    graph.add_edges_from((d.first, d.dependent) for d in dependencies if d.same_layer)
    return [sorted(part, key=lambda e: e.timestamp) for part in nx.strongly_connected_components(graph)
            if len(part) > 1]
