"""Compile stage, shared pieces: the compile error, rule-id unions and cost symbols."""
from __future__ import annotations

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
