"""Compile stage, shared pieces: the compile error, rule-id unions, cost symbols, and ``replace``."""
from __future__ import annotations

import dataclasses
import inspect
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
    the fields again every time. An effect class of slots with nothing more in its constructor (every
    field taken by it, no ``__post_init__``) is copied slot by slot, without the frozen ``__init__``'s
    ``object.__setattr__`` for each field; any other dataclass through its constructor. Anything
    ``dataclasses.replace`` would refuse is handed to it, to refuse as it does."""
    cls = type(obj)
    names = _init_fields(cls)
    if not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)
    slots = _slot_copiers(cls)
    if slots is not None:
        copy = _new(cls)
        for name, read, write in slots:
            write(copy, changes[name] if name in changes else read(obj))
        return copy
    for name in names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return cls(**changes)


_new = object.__new__


@cache
def _init_fields(cls) -> frozenset[str]:
    """The fields a dataclass's constructor takes (those ``replace`` copies)."""
    return frozenset(f.name for f in dataclasses.fields(cls) if f.init)


@cache
def _slot_copiers(cls) -> tuple | None:
    """(name, read, write) of each field's slot, when the constructor is the dataclass's own and only sets
    the fields (all of them taken, no ``__post_init__``, every field a slot); else None."""
    fields = dataclasses.fields(cls)
    if not cls.__dataclass_params__.init or hasattr(cls, "__post_init__") or not all(f.init for f in fields):
        return None
    slots = [inspect.getattr_static(cls, f.name, None) for f in fields]
    if not all(type(slot) is _SLOT for slot in slots):
        return None
    return tuple((f.name, slot.__get__, slot.__set__) for f, slot in zip(fields, slots))


@dataclasses.dataclass(slots=True)
class _Slotted:
    """Only there to name the type of a slot's descriptor."""

    slot: int = 0


_SLOT = type(_Slotted.__dict__["slot"])
