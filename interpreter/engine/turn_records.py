"""What each player did this turn, kept for the passives that ask about it (364.3.a).

"If you've discarded a card this turn", "If you've gained XP this turn", "If you've spent at least
[A][A] this turn": the game actions that do these things add to a count kept per turn and player
(``add``); the passive's condition reads it (``count``). The records live on the state, so a copied
state keeps them, and ``fingerprint`` lets the layer cache see them change.
"""
from __future__ import annotations

KINDS = ("discarded", "gained_xp", "spent_energy", "spent_power", "spell_energy",   # spell_energy: one a spell
         "unit_died")                   # by the unit's controller as it died, the phase as detail


def add(state, kind: str, player: str, amount: int = 1, detail: str | None = None) -> None:
    """Count ``amount`` more of ``kind`` for ``player`` this turn (``detail``: a power's domain)."""
    if amount <= 0:
        return
    records = state.__dict__.setdefault("turn_records", {})
    key = (state.turn_number, player, kind, detail)
    records[key] = records.get(key, 0) + amount


def count(state, kind: str, player: str, detail: str | None = None) -> int:
    """How many of ``kind`` ``player`` did this turn; for power, ``detail`` names a domain (None: any)."""
    records = state.__dict__.get("turn_records", {})
    return sum(n for (turn, who, what, how), n in records.items()
               if turn == state.turn_number and who == player and what == kind and (detail is None or how == detail))


def details(state, kind: str, player: str) -> list:
    """The details recorded for ``kind`` this turn (the Energy paid for each spell played)."""
    records = state.__dict__.get("turn_records", {})
    return [how for (turn, who, what, how) in records if turn == state.turn_number and who == player and what == kind]


def fingerprint(state) -> tuple:
    """This turn's records, for a cache that reads them."""
    records = state.__dict__.get("turn_records", {})
    return tuple(sorted((k, n) for k, n in records.items() if k[0] == state.turn_number))


def begin_turn(state, previous: str) -> None:
    """Count the turn the turn player now begins (317.3); the game's first turn, ``previous``'s, counts too."""
    taken = state.__dict__.setdefault("turns_taken", {previous: 1})
    taken[state.turn_player] = taken.get(state.turn_player, 0) + 1


def turns_of(state, player: str) -> int:
    """How many turns ``player`` has begun, this one included: "until their third turn"."""
    taken = state.__dict__.get("turns_taken") or {state.turn_player: 1}
    return taken.get(player, 0)
