"""The last known state of an object that left the board: what "If it was an enemy unit", "if it had 3 [M] or
less" and "If I was [Mighty]" read after a kill or a death (the object as it last existed there, 124).

A permanent that leaves the board becomes a new object with no memory of its past (124.1); the instruction
that follows asks how it was just before. ``keep`` notes its statuses, controller and location (a copy of the
object) and its Might after the layers, under its identity on the board and the new one it has now, so that a
Deathknell ("I") and a "Kill a unit. Then, if it ..." ("it") find it alike.
"""
from __future__ import annotations

from .happenings import snapshot


def note(state, obj) -> tuple:
    """The object as it is on the board now, and its Might (143.2): taken just before it leaves."""
    from .traits import might_of
    return snapshot(obj), might_of(state, obj)


def keep(state, known: tuple, *identities: int) -> None:
    """Keep ``known`` for the object under each of ``identities`` (the old one and the new one)."""
    store = state.__dict__.setdefault("last_known", {})
    for identity in identities:
        store[identity] = known


def last_known(state, obj) -> tuple | None:
    """(the object as it last was on the board, its Might then), or None when it is still there or never was."""
    if obj is None or obj.zone[0] != "ceased" and state.is_board(obj.zone):     # a token ceased (186.1)
        return None
    return state.__dict__.get("last_known", {}).get(obj.identity)


def known_by_identity(state, identity: int | None) -> tuple | None:
    """The last known state kept under ``identity`` (a Deathknell's source, gone from the board), or None."""
    return state.__dict__.get("last_known", {}).get(identity)
