"""The engine's bus: game actions announce events, and the modules that react to them subscribe.

Imports inside the engine only go down. A game action (a move, a kill, a score) does not import
the triggered abilities, the replacement effects or the chain that react to it; it publishes what
happened (``publish("moved", ...)``: every subscriber reacts, as triggered abilities do, 383), or
hands an event to its one performer (``perform("die", ...)``), which applies the replacement
effects first (370.1.c) and then carries it out. Effects that run effects again (a replacement's
instructions, a spell that plays a card that resolves) reach the chain and the effect handlers
the same way.

The reacting modules register when the engine package is imported (engine/__init__.py), so
every caller finds its performer.
"""
from __future__ import annotations

from collections.abc import Callable

_SUBSCRIBERS: dict[str, list[Callable]] = {}
_PERFORMERS: dict[str, Callable] = {}


def subscribe(topic: str) -> Callable:
    """Decorator: call the function each time ``topic`` is published."""
    def register(function: Callable) -> Callable:
        _SUBSCRIBERS.setdefault(topic, []).append(function)
        return function
    return register


def performs(topic: str) -> Callable:
    """Decorator: the function is the one performer of ``topic``."""
    def register(function: Callable) -> Callable:
        if _PERFORMERS.setdefault(topic, function) is not function:
            raise RuntimeError(f"two performers of {topic!r}: {_PERFORMERS[topic].__qualname__} and {function.__qualname__}")
        return function
    return register


def publish(topic: str, *args, **kwargs) -> None:
    """Tell every subscriber of ``topic`` what happened."""
    for function in _SUBSCRIBERS.get(topic, ()):
        function(*args, **kwargs)


def perform(topic: str, *args, **kwargs):
    """Hand ``topic`` to its performer and give back what it returns."""
    try:
        function = _PERFORMERS[topic]
    except KeyError:
        raise RuntimeError(f"nothing performs {topic!r}: import the interpreter.engine package whole") from None
    return function(*args, **kwargs)
