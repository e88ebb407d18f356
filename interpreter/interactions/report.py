"""The interactions found, as text for a person and as a graph (GraphML or DOT) for a viewer.

Nodes are effects (a continuous effect, or a replacement effect) with the card they come
from; edges are a dependency (478-479, or the layer order 477 across layers) or a
competition for one event (372-373). With new cards, only what involves them is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from interpreter.base.files import write_atomically

from .board import Board
from .competition import Competition, ReplacementStudy
from .layers import Dependency, LayerStudy


@dataclass
class Interactions:
    """Both studies of one board, narrowed to the new cards when there are any."""

    board: Board
    layers: LayerStudy
    replacements: ReplacementStudy

    @property
    def focused(self) -> bool:
        return bool(self.board.new)

    def dependencies(self) -> list[Dependency]:
        found = self.layers.dependencies
        if self.focused:
            found = [d for d in found if self.board.is_new(d.first.source) or self.board.is_new(d.dependent.source)]
        return found

    def loops(self) -> list[list]:
        return [loop for loop in self.layers.loops
                if not self.focused or any(self.board.is_new(e.source) for e in loop)]

    def competitions(self) -> list[Competition]:
        return [c for c in self.replacements.competitions
                if not self.focused or any(self.board.is_new(r.source.oid) for r in c.replacements)]


def replacement_label(r) -> str:
    """A replacement effect by its card, and its ability number when the card has several."""
    return r.source.name + (f" (ability {r.key[1]})" if r.key[1] > 1 else "")


def card_name(board: Board, oid) -> str:
    card = board.card_of(oid)
    return card.name if card is not None else "?"


def text(found: Interactions) -> str:
    """The report a designer reads: dependencies, loops, competitions, and what was studied."""
    board = found.board
    lines = []
    scope = "new card" + ("s " if len(board.new) > 1 else " ") + ", ".join(
        sorted(card_name(board, oid) for oid in board.new)) if found.focused else "the pool"
    lines.append(f"Interactions of {scope} ({len(board.cards)} cards on the board; "
                 f"{len(found.layers.effects)} continuous and {len(found.replacements.replacements)} "
                 "replacement effects studied)")
    lines.append("")
    lines.append(f"Continuous effects that depend on another (478-479): {len(found.dependencies())}")
    for d in found.dependencies():
        lines.append(f"  {card_name(board, d.dependent.source)} depends on {card_name(board, d.first.source)}: "
                     f"{d.dependent.label} <- {d.first.label}; {d.criterion} ({d.rule}); {d.how()}")
    lines.append(f"Dependency loops (480): {len(found.loops())}")
    for loop in found.loops():
        names = ", ".join(f"{e.label} ({card_name(board, e.source)})" for e in loop)
        lines.append(f"  loop of {names}: applied in timestamp order for this loop only")
    lines.append(f"Replacement effects competing for one event (372-373): {len(found.competitions())}")
    for c in found.competitions():
        lines.append(f"  {c.event}: {', '.join(replacement_label(r) for r in c.replacements)}; "
                     f"{c.chooser} orders them ({c.rule})")
        labels = {r.key: replacement_label(r) for r in c.replacements}
        for a, b, data in c.graph.edges(data=True):
            lines.append(f"    {labels[a]} -> {labels[b]}: {data['why']}")
        if c.graph.number_of_edges() == 0:
            lines.append("    every order gives the same result, so no choice is asked (370.2)")
    for name, why in found.replacements.unread:
        lines.append(f"  not studied: {name}: {why}")
    return "\n".join(lines)


def graph(found: Interactions) -> nx.DiGraph:
    """Effects as nodes and interactions as edges, with plain attributes GraphML can hold."""
    board, result = found.board, nx.DiGraph()

    def node(key: str, label: str, oid, kind: str) -> str:
        result.add_node(key, label=label, card=card_name(board, oid), kind=kind, new=board.is_new(oid))
        return key

    for d in found.dependencies():
        first = node(_effect_key(d.first), d.first.label, d.first.source, "continuous")
        dependent = node(_effect_key(d.dependent), d.dependent.label, d.dependent.source, "continuous")
        result.add_edge(first, dependent, kind="dependency" if d.same_layer else "layer order",
                        rule=d.rule, reason=f"{d.criterion}; {d.how()}")
    for c in found.competitions():
        keys = [node(f"replacement: {replacement_label(r)}", replacement_label(r), r.source.oid, "replacement")
                for r in c.replacements]
        for a in keys:
            for b in keys:
                if a < b and not result.has_edge(a, b):
                    result.add_edge(a, b, kind="competes", rule="372", reason=c.event)
    return result


def _effect_key(effect) -> str:
    return f"effect: {effect.label} @{effect.timestamp}"


def write(found: Interactions, path: Path) -> None:
    """GraphML for a .graphml file, DOT for a .dot or .gv file; written whole or not at all."""
    if path.suffix == ".graphml":
        write_atomically(path, "\n".join(nx.generate_graphml(graph(found))) + "\n")
    else:
        write_atomically(path, dot(graph(found)))


def dot(g: nx.DiGraph) -> str:
    """Graphviz DOT text (written here: networkx's own DOT writer needs pydot or pygraphviz)."""
    def quoted(value) -> str:
        return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["digraph interactions {", "  node [shape=box];"]
    for key, data in g.nodes(data=True):
        style = ", style=bold" if data["new"] else ""
        lines.append(f"  {quoted(key)} [label={quoted(data['label'])}{style}];")
    for a, b, data in g.edges(data=True):
        arrow = ", dir=none, style=dashed" if data["kind"] == "competes" else ""
        lines.append(f"  {quoted(a)} -> {quoted(b)} [label={quoted(data['kind'] + ' ' + data['rule'])}{arrow}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
