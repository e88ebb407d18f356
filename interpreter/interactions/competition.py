"""Which replacement effects of a pool can compete for one event (367-375).

Events are imagined on the design board: each unit dying, each permanent entering the shared
battlefield, each player playing a unit token. For each event, the replacement effects of
different cards that would apply to it (the engine's ``applies``, 370.1) compete: the player
rule 372 names orders them, one applying at a time (373.2). The engine's replacement graph
(``build_graph``) says why the order matters for each pair; with no edge every order gives
the same result.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from interpreter.engine.effect_run import UnsupportedEffect
from interpreter.engine.events import GameEvent, chooser
from interpreter.engine.replacement_graph import build_graph
from interpreter.engine.replacements import Replacement, applies, of_object
from interpreter.engine.state import Characteristics
from interpreter.base.diagnostics import InputError

from .board import Board


@dataclass
class Competition:
    """Replacement effects that all apply to one event, who orders them, and the graph of why it matters."""

    event: str
    chooser: str
    rule: str
    replacements: list[Replacement]
    graph: nx.DiGraph


@dataclass
class ReplacementStudy:
    """The replacement effects studied, the competitions found, and those the runtime cannot read yet."""

    replacements: list[Replacement]
    competitions: list[Competition]
    unread: list[tuple[str, str]]          # (card name, why)


def study(board: Board) -> ReplacementStudy:
    state = board.state
    found, unread = [], []
    for obj in board.sources():
        try:
            found.extend(of_object(state, obj))
        except (UnsupportedEffect, InputError) as error:
            unread.append((obj.name, str(error)))
    competitions, seen = [], set()
    for event in _events(board):
        applying = _applying(state, found, event, unread)
        keys = frozenset(r.key for r in applying)
        if len({r.source.oid for r in applying}) < 2 or keys in seen:
            continue
        seen.add(keys)
        player, rule = chooser(state, event)
        competitions.append(Competition(event.describe(state), player, rule, applying, build_graph(applying)))
    return ReplacementStudy(found, competitions, sorted(set(unread)))


def _applying(state, replacements, event, unread) -> list[Replacement]:
    applying = []
    for replacement in replacements:
        try:
            if applies(state, replacement, event) and _works_on(replacement, event):
                applying.append(replacement)
        except UnsupportedEffect as error:
            unread.append((replacement.source.name, str(error)))
    return applying


def _works_on(replacement: Replacement, event: GameEvent) -> bool:
    """An entry replacement of a permanent's own ("I enter ready") works only on its own entry (369.3)."""
    subject = replacement.subject
    if event.kind == "enter" and subject is not None and subject.reference == "self":
        return event.obj is replacement.source
    return True


def _events(board: Board):
    """Deaths of units and entries of permanents (each object of either player), unit tokens played."""
    state = board.state
    table = ("battlefield", 0)
    for obj in state.board_objects():
        if obj.card_type == "unit":
            yield GameEvent("die", obj, fields={"location": obj.zone})
        if obj.card_type in ("unit", "gear"):
            yield GameEvent("enter", obj, player=obj.controller,
                            fields={"location": table, "ready": False, "played_to": table})
    for player in state.order:
        chars = Characteristics("Recruit", "unit", might=1, tags=("Recruit",), supertype="Token")
        yield GameEvent("play_token", None, player=player,
                        fields={"chars": chars, "name": chars.name, "effect": None, "location": table})
