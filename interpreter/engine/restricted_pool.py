"""Resources added with a limit on what they pay for: "[Add] [A]. Use only to play spells.", "Spend this
Energy only during showdowns." (429.1, 377).

The Add ability's restriction marks the resources it just added in the player's pool (``restrict``); a
payment may use them only for a purpose the restriction allows (``allows``: what is played or activated,
or the time of the game), and spends them before the free ones (``spend``). They leave the pool with the
rest when it empties (167). A restriction in a form not read here is a gap (``restriction_read``).
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx
from .context import Context
from .selectors import matches, runs_selector
from .state import GameObject, GameState

# What a purpose does, by the action a restriction names ("to play spells", "to use gear abilities")
PURPOSES = ("play", "activate")
# The times "Spend this Energy only during ..." names, by the state that holds then
TIMES = {"showdowns": lambda state: state.showdown is not None, "showdown": lambda state: state.showdown is not None}


@dataclass(frozen=True)
class Purpose:
    """What a payment pays for: a card played or an ability of an object activated; None for anything else."""

    action: str
    obj: GameObject


@dataclass
class Restricted:
    """Resources of the pool that pay only for what ``restriction`` allows."""

    energy: int
    power: list
    restriction: fx.Restriction
    source: str


def restriction_read(restriction: fx.Restriction) -> bool:
    """Whether ``allows`` reads the restriction: "Use only to <play/use abilities of> <objects the selectors
    read>" (one or a choice of them), "Spend this Energy only during showdowns"."""
    if restriction.kind == "only_to":
        return bool(_purposes(restriction.effect)) and all(
            a.action in PURPOSES and len(a.objects) == 1 and runs_selector(a.objects[0]) and a.subject is None
            for a in _purposes(restriction.effect))
    if restriction.kind == "spend_only_during":
        c = restriction.condition
        return c is not None and c.kind == "during" and c.value in TIMES and not c.negated
    return False


def _purposes(effect) -> tuple:
    if isinstance(effect, fx.GameAction):
        return (effect,)
    if isinstance(effect, fx.Choice) and all(isinstance(o, fx.GameAction) for o in effect.options):
        return tuple(effect.options)
    return ()


def restrict(state: GameState, player: str, energy: int, power: tuple, restriction: fx.Restriction,
             source: str) -> None:
    """Mark resources just added to ``player``'s pool as paying only for what ``restriction`` allows."""
    pools = _pools(state)
    pools.setdefault(player, []).append(Restricted(energy, list(power), restriction, source))
    state.note(f"{source}: {energy} energy and power {list(power)} of {player}'s pool pay only as its text says",
               "429.1", "377")


def allows(state: GameState, player: str, restricted: Restricted, purpose: Purpose | None) -> bool:
    """Whether the restricted resources may pay for ``purpose`` now."""
    r = restricted.restriction
    if r.kind == "spend_only_during":
        return TIMES[r.condition.value](state)
    if purpose is None:
        return False
    ctx = Context(state, player)
    return any(a.action == purpose.action and matches(ctx, a.objects[0], purpose.obj) for a in _purposes(r.effect))


def locked(state: GameState, player: str, purpose: Purpose | None) -> tuple[int, list]:
    """The energy and power of the pool that may not pay for ``purpose``."""
    energy, power = 0, []
    for entry in _pools(state).get(player, []):
        if not allows(state, player, entry, purpose):
            energy += entry.energy
            power += entry.power
    return energy, power


def spend(state: GameState, player: str, energy: int, power: list, purpose: Purpose | None) -> None:
    """Spend ``energy`` and ``power`` from the pool: what may pay only for this purpose first."""
    left = []
    for entry in _pools(state).get(player, []):
        if allows(state, player, entry, purpose):
            used = min(energy, entry.energy)
            energy, entry.energy = energy - used, entry.energy - used
            for letter in list(entry.power):
                if letter in power:
                    power.remove(letter)
                    entry.power.remove(letter)
        if entry.energy or entry.power:
            left.append(entry)
    _pools(state)[player] = left


def empty(state: GameState) -> None:
    """The restricted resources leave with the pools (167)."""
    _pools(state).clear()


def _pools(state: GameState) -> dict:
    return state.__dict__.setdefault("restricted_pool", {})
