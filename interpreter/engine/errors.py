"""The runtime's refusals, at the bottom of the engine so that every module can raise them.

A refusal names what the runtime does not run yet and changes nothing: the scenario runner
reports it as a failure naming the gap, and random play counts the card as not run.
"""
from __future__ import annotations


class UnsupportedEffect(Exception):
    """An effect, trigger or passive the runtime does not run yet."""


class Unsupported(Exception):
    """A shape of instruction or selector the runtime does not run yet (reported as UnsupportedEffect)."""
