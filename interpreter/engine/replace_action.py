"""The Replace action (438) and swapping back (438.7), as seed 003 explains them.

Replacing creates a token in the place of an object without playing it. The token
takes the identity of what it replaced, so effects that refer to that object follow
the token (438.1.a), and it inherits its statuses and effects. The original goes to
its owner's banishment with the Replaced status; this is not the Banish action
(438.4, 438.5). A replaced token ceases to exist there, which does not undo the
replacement (438.6). Swapping back removes the token and returns the nearest eligible
original card along the chain of replacements, with the token's current statuses and
effects (438.7.b); with no such card the swap cannot happen (438.7.c).
"""
from __future__ import annotations

from .state import Characteristics, GameObject, GameState, IllegalAction

# What the replacement inherits: statuses (124.2) and effects applied to the object.
INHERITED = ("exhausted", "damage", "buffed", "stunned", "empowered", "might_this_turn", "granted", "contested_by",
             "attached_to", "controller", "facedown", "revealed")


def _inherit(new: GameObject, old: GameObject) -> None:
    for name in INHERITED:
        value = getattr(old, name)
        setattr(new, name, list(value) if isinstance(value, list) else value)


def _take_place(state: GameState, new: GameObject, old: GameObject) -> None:
    """``new`` stands exactly where ``old`` stood: same battlefield slot or same zone position."""
    new.zone = old.zone
    if old.zone[0] == "battlefield_zone":
        state.battlefields[state.battlefields.index(old)] = new
    elif old.zone[0] == "chain":
        for item in state.chain:
            if item.obj is old:
                item.obj = new
    else:
        objects = state.zones[old.zone]
        objects[objects.index(old)] = new


def replace(state: GameState, target: GameObject, chars: Characteristics, player: str) -> GameObject:
    """Replace ``target`` with a new token of ``chars`` (438.1); returns the token."""
    if target.zone[0] not in ("base", "battlefield", "battlefield_zone", "legend", "chain"):
        raise IllegalAction("438.1", f"{target.name} is not on the board or the chain, nothing to replace")
    token = GameObject(state.new_id(), target.identity, chars, True, player, target.controller,
                       target.zone, state.next_arrival())
    _inherit(token, target)
    token.replaced_chain = (target,) + target.replaced_chain
    _take_place(state, token, target)
    state.note(f"{chars.name} replaces {target.name} without being played and is treated as the same object",
               "438.1", "438.1.a")
    _to_banishment(state, target)
    state.cleanup_due = True
    return token


def _to_banishment(state: GameState, original: GameObject) -> None:
    state.renew(original)                                              # 124: banishment is not the board
    original.controller = original.owner
    original.replaced = True
    state.place(original, ("banishment", original.owner))
    state.note(f"{original.name} goes to {original.owner}'s banishment as Replaced, not banished",
               "438.5", "438.5.a", "438.4")
    if original.token:
        state.remove(original)
        original.zone = ("ceased", None)
        state.note(f"the replaced token {original.name} ceases to exist; the replacement stands", "438.6", "438.6.a")


def eligible_original(token: GameObject) -> GameObject | None:
    """The nearest card this token, or a token it replaced, replaced, still in banishment (438.7.b.1)."""
    for original in token.replaced_chain:
        if not original.token and original.replaced and original.zone == ("banishment", original.owner):
            return original
    return None


def swap_back(state: GameState, token: GameObject) -> GameObject:
    """The token stops existing and the original card takes its place with its current state (438.7.b)."""
    original = eligible_original(token) if token.token else None
    if original is None:
        raise IllegalAction("438.7.c", f"{token.name} has nothing in banishment to swap back to")
    state.zones[original.zone].remove(original)
    original.replaced = False
    original.identity = token.identity
    _inherit(original, token)
    original.replaced_chain = token.replaced_chain[token.replaced_chain.index(original) + 1:]
    _take_place(state, original, token)
    token.zone = ("ceased", None)
    state.note(f"{token.name} stops existing and {original.name} swaps back into its place with its current "
               "effects and statuses", "438.7", "438.7.b", "438.7.b.1")
    state.cleanup_due = True
    return original
