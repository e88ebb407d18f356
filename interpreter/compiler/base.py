"""Compile stage, shared pieces: the compile error, rule-id unions, cost symbols, and ``replace``."""
from __future__ import annotations

import dataclasses
from functools import cache

from . import effects as fx
from interpreter.language import nodes as n


class CompileError(Exception):
    """Words that parsed but mean nothing the rules know; carries their span."""

    def __init__(self, span: n.Span, message: str, help: str = ""):
        super().__init__(message)
        self.span, self.message, self.help = span, message, help


def union(*groups) -> tuple[str, ...]:
    """Rule ids of several decisions, in first-seen order, without repeats."""
    seen: dict[str, None] = {}
    for group in groups:
        for rule in group:
            seen.setdefault(rule, None)
    return tuple(seen)


def cost(part) -> fx.Cost:
    """One cost symbol: energy [2], power [R]/[A]/[C], exhaust [E]."""
    if isinstance(part, n.Symbol):
        if part.kind == "energy":
            return fx.Cost("energy", int(part.value))
        if part.kind == "power":
            return fx.Cost("power", 1, part.value)
        return fx.Cost("exhaust")
    raise CompileError(part.span, "expected a cost symbol")


def costs_of(symbols: n.Phrase) -> tuple[fx.Cost, ...]:
    """The costs of a ``cost_symbols`` phrase ("[1][R]")."""
    return tuple(cost(s) for s in symbols.parts)


def cost_symbols_of(node) -> n.Phrase:
    """The first cost symbols among a node's parts ("[2]" of "cost [2] less")."""
    return next(p for p in node.parts if isinstance(p, n.Phrase) and p.kind == "cost_symbols")


def replace(obj, **changes):
    """``dataclasses.replace``, with the names of each class's fields read once: the compiler copies
    selectors and effects with a change thousands of times a corpus, and the standard function reads
    the fields again every time. Anything it would refuse is handed to it, to refuse as it does."""
    names = _init_fields(type(obj))
    if not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)
    for name in names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return type(obj)(**changes)


@cache
def _init_fields(cls) -> frozenset[str]:
    """The fields a dataclass's constructor takes (those ``replace`` copies)."""
    return frozenset(f.name for f in dataclasses.fields(cls) if f.init)
