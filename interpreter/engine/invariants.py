"""What must hold of every game state, checked after every step of random play and full games, and
the fingerprint a refused step must leave unchanged (a refusal changes nothing).

The invariants: every object in exactly one zone, and its zone agreeing with where it is; no token
outside the zones tokens may be in (186.1); owners unchanged (the owner is who brought
the card into the game, 127.1); as many cards as at the start (cards are never created or destroyed, only moved).
"""
from __future__ import annotations

from .state import GameState


def fingerprint(state: GameState) -> tuple:
    """Everything a refused step must leave as it was."""
    objects = tuple(sorted((str(o.zone), o.name, o.oid, o.owner, str(o.controller), o.exhausted, o.damage_total,
                            o.buffed, o.extra_buffs, o.stunned, o.empowered, o.facedown, len(o.granted), o.might_this_turn)
                           for o in list(state.all_objects()) + state.battlefields))
    fields = tuple((b.controller, b.contested_by) for b in state.battlefields)
    players = tuple((p.energy, tuple(p.power), p.points, p.cards_played) for p in state.players.values())
    chain = tuple(item.name for item in state.chain)
    flow = (state.phase, state.turn_player, repr(state.showdown), repr(state.combat),     # 307-313, 459
            tuple(o.combat_role for o in state.board_objects()))
    return objects, fields, players, chain, state.winner, len(state.layer_effects), flow   # registered effects too


class Invariants:
    """What must always hold; counts every break."""

    def __init__(self, state: GameState):
        self.owners = {id(o): (o, o.owner) for o in _everything(state)}     # holding o keeps its id unique
        self.cards = _card_count(state)
        self.broken: dict[str, int] = {}

    def check(self, state: GameState) -> None:
        seen = {}
        for zone, objects in state.zones.items():
            for obj in objects:
                self.expect(obj.zone == zone, "object's zone disagrees with where it is")
                self.expect(id(obj) not in seen, "object in two zones")
                seen[id(obj)] = zone
                self.expect(not obj.token or zone[0] in state.rules.token_zones["allowed"], "token off board/chain")
                self.expect(self.owners.setdefault(id(obj), (obj, obj.owner))[1] == obj.owner, "owner changed")
        for item in state.chain:
            if item.obj is not None:
                self.expect(id(item.obj) not in seen, "object in two zones")
        self.expect(_card_count(state) == self.cards, "card count changed")

    def expect(self, condition: bool, what: str) -> None:
        if not condition:
            self.broken[what] = self.broken.get(what, 0) + 1


def _everything(state: GameState):
    return list(state.all_objects()) + state.battlefields


def _card_count(state: GameState) -> int:
    return sum(1 for o in _everything(state) if not o.token)
