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


# ---- what a play paid, what a combat assigned, who conquered (read by conditions_paid.py) -----------
def note_paid(state, obj, energy: int) -> None:
    """Keep the Energy paid to play ``obj`` (357.1), read by "if you spent [N] or more"."""
    state.__dict__.setdefault("energy_paid", {})[obj.identity] = energy


def energy_paid(state, identity: int) -> int | None:
    """The Energy paid to play the object of ``identity`` (it may have left the chain since), or None when it
    was not played."""
    return state.__dict__.get("energy_paid", {}).get(identity)


def carry_paid(state, identity: int, obj) -> None:
    """The payment of a played card, kept as it leaves the chain as a new object (124.1): the triggers of its
    play see it as it is then."""
    paid = state.__dict__.get("energy_paid", {})
    if identity in paid and obj is not None:
        paid[obj.identity] = paid[identity]


def note_assigned(state, player: str, excess: int) -> None:
    """Keep the combat damage ``player`` assigned beyond lethal in the combat now (465.2.c.4)."""
    state.__dict__.setdefault("excess_assigned", {})[player] = (state.turn_number, excess)


def excess_assigned(state, player: str) -> int:
    """The excess damage ``player`` assigned in the latest combat of this turn (0 with none)."""
    turn, excess = state.__dict__.get("excess_assigned", {}).get(player, (None, 0))
    return excess if turn == state.turn_number else 0


def note_conquerors(state, units) -> None:
    """Keep the units with which their controller conquers a battlefield this turn (466.5.d)."""
    state.__dict__.setdefault("conquerors", set()).update((state.turn_number, u.identity) for u in units)


def conquered(state, obj) -> bool:
    """Whether ``obj`` was at a battlefield its controller conquered this turn."""
    return (state.turn_number, obj.identity) in state.__dict__.get("conquerors", set())
def begin_turn(state, previous: str) -> None:
    """Count the turn the turn player now begins (317.3); the game's first turn, ``previous``'s, counts too."""
    taken = state.__dict__.setdefault("turns_taken", {previous: 1})
    taken[state.turn_player] = taken.get(state.turn_player, 0) + 1


def turns_of(state, player: str) -> int:
    """How many turns ``player`` has begun, this one included: "until their third turn"."""
    taken = state.__dict__.get("turns_taken") or {state.turn_player: 1}
    return taken.get(player, 0)
