"""Combat (459-466): the combat showdown, combat damage and the resolution step.

A combat is staged where units of two opposing players are at a contested battlefield
(323.9, 461) and begins in a cleanup of a neutral open state, or as the showdown going
on there becomes a combat showdown (323.13, 323.14, 460.1). The player who applied
Contested is the attacker, the other the defender (464.2.c); units there carry the
designation of their controller while they are there, and only during the combat
(323.2, 464.2.c.3). When the combat showdown closes, the attacker then the defender
assign their units' summed might among the other side's units (465.2.c) under the
constraints of 465.2.c.3-465.2.c.7, and the damage is dealt at once (465.2.d). The
resolution step heals every unit, recalls attackers where defenders remain (466.1.a),
then the only player left establishes control, a conquer (466.5), and the combat ends
(466.7).

The deterministic default (DESIGN.md section 5): lethal damage first to each unit in the
order the rules require (Tank first, Backline last, then by arrival), the rest to the last.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import actions, turn_records
from .happenings import happen
from .scoring import score
from .showdown import Showdown, players_there
from .state import GameObject, GameState, IllegalAction
from .traits import keywords_of, might_of
from .triggers import role_gained

ROLES = {"attacker": "attacking", "defender": "defending"}


@dataclass
class Combat:
    """The combat in progress: where, the attacker and defender, and how far it has gone."""

    slot: int
    attacker: str
    defender: str
    stage: str = "showdown"           # showdown | assign | dealt (the combat cleanup is due) | result
    pending: list = field(default_factory=list)        # players still to assign damage (465.2.c)
    assigned: dict = field(default_factory=dict)       # player -> [(identity, amount)]
    recalled: bool = False            # attackers were recalled in the combat cleanup (466.3.d)

    def side_of(self, player: str) -> str | None:
        return "attacker" if player == self.attacker else "defender" if player == self.defender else None


# ---- beginning -------------------------------------------------------------------------
def begin(state: GameState, slot: int) -> None:
    """The combat showdown step (464): designations, focus, triggers on establishing them."""
    battlefield = state.battlefields[slot]
    present = players_there(state, slot)
    attacker = battlefield.contested_by if battlefield.contested_by in present else sorted(present)[0]
    defender = next(p for p in state.order if p in present and p != attacker)
    state.combat = Combat(slot, attacker, defender)
    current = state.showdown
    if current is None or current.slot != slot:
        state.showdown = Showdown(slot, attacker, attacker, combat=True)   # 464.2.c.1.a, 464.2.d
        opened = "a combat showdown opens"
    else:
        current.combat = True                                              # 464.2.c.1.b: focus is kept
        opened = "the showdown becomes a combat showdown"
    state.note(f"combat at {battlefield.name}: {opened}; {attacker} attacks, {defender} defends",
               "460", "464.2", "464.2.c.1", "464.2.c.2")
    if current is None or current.slot != slot:                            # "When a showdown begins here"
        happen(state, "begin", attacker, place=("battlefield", slot), at=battlefield, rules=("344.1",))
    gained = assign_roles(state)
    for side in ("attacker", "defender"):                                  # 464.2.e.1: the attacker's first
        for unit in gained:
            if unit.combat_role == side:
                role_gained(state, unit, "attack" if side == "attacker" else "defend")
    _announce_roles(state, slot, gained)


def _announce_roles(state: GameState, slot: int, gained: list[GameObject]) -> None:
    """The attack and the defence as events of the general watch (383.4.e, 383.4.f): each side's player and
    units, at the battlefield; "alone" when a side has one unit, "one on one" when both have one."""
    combat, battlefield = state.combat, state.battlefields[slot]
    sides = {side: [u for u in gained if u.combat_role == side] for side in ("attacker", "defender")}
    one_on_one = all(len(units) == 1 for units in sides.values())
    for side, event in (("attacker", "attack"), ("defender", "defend")):
        if not sides[side]:
            continue
        facts = {"at_battlefield"} | ({"alone"} if len(sides[side]) == 1 else set()) \
            | ({"one_on_one"} if one_on_one else set())
        happen(state, event, combat.attacker if side == "attacker" else combat.defender, sides[side],
               place=("battlefield", slot), at=battlefield, facts=frozenset(facts),
               rules=("383.4.e" if event == "attack" else "383.4.f",))


def assign_roles(state: GameState) -> list[GameObject]:
    """Step 2 of a cleanup (323.2): units at the combat's battlefield carry their controller's designation;
    units elsewhere lose theirs. Returns the units that gained one."""
    combat = state.combat
    gained = []
    for obj in state.board_objects():
        if obj.card_type != "unit":
            continue
        role = None
        if combat is not None and obj.zone == ("battlefield", combat.slot):
            role = combat.side_of(obj.controller)
        if role != obj.combat_role:
            if role is not None:
                gained.append(obj)
                state.note(f"{obj.name} is {'an' if role == 'attacker' else 'a'} {role}",
                           "464.2.c.3" if obj.combat_role is None else "323.2.b", "323.2.a")
            else:
                state.note(f"{obj.name} is no longer {ROLES[obj.combat_role]}", "323.2.c")
            obj.combat_role = role
    return gained


# ---- damage ----------------------------------------------------------------------------
def damage_step(state: GameState) -> None:
    """The combat showdown closed (348.1): the combat damage step (465), or straight on to resolution."""
    combat = state.combat
    combat.stage = "assign"
    units = _combatants(state)
    if not units["attacker"] or not units["defender"]:
        state.note("attacking and defending units are not both still there: no combat damage", "465.1")
        combat.stage = "dealt"
        state.cleanup_due = True
        return
    combat.pending = [combat.attacker, combat.defender]                    # 465.2.c: starting with the attacker
    state.note(f"combat damage: {combat.attacker} assigns {_total(state, combat.attacker)}, then "
               f"{combat.defender} assigns {_total(state, combat.defender)}", "465.2.a", "465.2.b", "465.2.c")


def awaiting(state: GameState) -> str | None:
    """The player who must assign combat damage now, if any."""
    combat = state.combat
    return combat.pending[0] if combat is not None and combat.stage == "assign" and combat.pending else None


def _combatants(state: GameState) -> dict[str, list[GameObject]]:
    combat = state.combat
    found = {"attacker": [], "defender": []}
    for obj in state.objects(("battlefield", combat.slot)):
        if obj.card_type == "unit" and obj.combat_role in found:
            found[obj.combat_role].append(obj)
    return found


def _total(state: GameState, player: str) -> int:
    """The summed might of the player's units in the combat (465.2.a, 465.2.b); a stunned unit adds none (423.1.b)."""
    from .passive_statements import no_combat_damage
    side = state.combat.side_of(player)
    return sum(max(might_of(state, u) or 0, 0) for u in _combatants(state)[side]
               if not u.stunned and no_combat_damage(state, u) is None)     # "I don't deal combat damage" (364)


def _targets(state: GameState, player: str) -> list[GameObject]:
    side = state.combat.side_of(player)
    return _combatants(state)["defender" if side == "attacker" else "attacker"]


def _groups(state: GameState, unit: GameObject) -> set[int]:
    """When the unit may be assigned damage: 0 first (Tank), 1 between, 2 last (Backline); a unit with both
    is assigned as either, its assigner's choice (465.2.c.8)."""
    found = set()
    for name in keywords_of(state, unit):
        meaning = (state.rules.keyword(name) or {}).get("meaning") or {}
        if isinstance(meaning, dict) and meaning.get("meaning") == "damage_order":
            found.add(0 if meaning["order"] == "first" else 2)
    from .passive_statements import assigned_order
    found |= assigned_order(state, unit)              # "I must be assigned combat damage last" (465.2.c.6)
    return found or {1}


def _need(state: GameState, unit: GameObject) -> int:
    """The damage still lethal for the unit: its might less marked damage, at least 1 (142.4.b)."""
    minimum = state.rules.might["lethal_damage"]["minimum"]
    return max(minimum, (might_of(state, unit) or 0) - unit.damage_total)


def _exempt(state: GameState, unit: GameObject) -> bool:
    """A unit that cannot be dealt damage is left out of the mandatory order (465.2.c.10)."""
    return actions._takes_no_damage(state, unit)


def default_assignment(state: GameState, player: str) -> dict[int, int]:
    """The contract's default: lethal first in the required order (Tank, others, Backline; then arrival),
    the rest to the last unit (465.2.c.3, 465.2.c.6)."""
    targets = [u for u in _targets(state, player) if not _exempt(state, u)] or _targets(state, player)
    targets.sort(key=lambda u: (min(_groups(state, u)), u.arrival))
    left, found = _total(state, player), {}
    for unit in targets:
        if left <= 0:
            break
        amount = min(_need(state, unit), left)
        found[unit.identity] = amount
        left -= amount
    if left > 0 and targets:
        found[targets[-1].identity] = found.get(targets[-1].identity, 0) + left
    return found


def check_assignment(state: GameState, player: str, wanted: dict[int, int]) -> None:
    """Refuse, citing the rule, an assignment that breaks 465.2.c-465.2.c.7."""
    targets = {u.identity: u for u in _targets(state, player)}
    for identity, amount in wanted.items():
        if identity not in targets:
            name = getattr(state.by_identity(identity), "name", "that object")
            raise IllegalAction("465.2.c", f"{name} is not a unit {player} assigns combat damage to")
        if amount < 0:
            raise IllegalAction("465.2.c", "an assignment cannot be negative")
    total = _total(state, player)
    if sum(wanted.values()) != total:
        raise IllegalAction("465.2.c", f"{player} must assign exactly {total} damage, the summed might of "
                            f"their units, not {sum(wanted.values())}")
    bound = [u for u in targets.values() if not _exempt(state, u)]
    full = {u.identity: wanted.get(u.identity, 0) >= _need(state, u) for u in bound}
    every = all(full.values())
    partial = [u for u in bound if 0 < wanted.get(u.identity, 0) < _need(state, u)]
    if len(partial) > 1:
        raise IllegalAction("465.2.c.3", f"{partial[0].name} and {partial[1].name} are both short of lethal "
                            "damage: one unit is assigned lethal damage in full before the next")
    for unit in bound:
        amount = wanted.get(unit.identity, 0)
        if not every and amount > _need(state, unit):
            raise IllegalAction("465.2.c.4", f"{unit.name} is assigned {amount}, more than the {_need(state, unit)} "
                                "that is lethal, while another unit is not assigned lethal damage")
        if amount <= 0:
            continue
        for other in bound:
            if max(_groups(state, other)) < min(_groups(state, unit)) and not full[other.identity]:
                raise IllegalAction("465.2.c.6", f"{other.name} must be assigned lethal damage before {unit.name} "
                                    "(Tank first, Backline last)")


def assign(state: GameState, player: str, wanted: dict[int, int] | None) -> None:
    """The player assigns combat damage (465.2.c); ``None`` takes the default. Once both have, it is dealt."""
    combat = state.combat
    if awaiting(state) is None:
        raise IllegalAction("465.2", "no combat damage is being assigned now")
    if player not in combat.pending:
        raise IllegalAction("465.2.c", f"{player} does not assign combat damage in this combat now")
    while combat.pending[0] != player:                                 # 465.2.c: the attacker assigns first
        _record(state, combat.pending[0], default_assignment(state, combat.pending[0]), "by default")
    if wanted is None:
        wanted, how = default_assignment(state, player), "by default"
    else:
        check_assignment(state, player, wanted)
        how = "as they chose"
    _record(state, player, wanted, how)
    if not combat.pending:
        deal(state)


def _record(state: GameState, player: str, wanted: dict[int, int], how: str) -> None:
    combat = state.combat
    combat.pending.remove(player)
    combat.assigned[player] = [(identity, amount) for identity, amount in wanted.items() if amount > 0]
    turn_records.note_assigned(state, player, sum(max(0, amount - _need(state, state.by_identity(identity)))     # 465.2.c.4
                                     for identity, amount in combat.assigned[player]))
    words = ", ".join(f"{amount} to {state.by_identity(identity).name}" for identity, amount in combat.assigned[player])
    state.note(f"{player} assigns {words or 'no damage'} {how}", "465.2.c", "465.2.c.1")


def deal(state: GameState) -> None:
    """All assigned damage is dealt at once (465.2.c.1.a, 465.2.d), then the resolution step (465.3)."""
    combat = state.combat
    for player, parts in combat.assigned.items():
        for identity, amount in parts:
            unit = state.by_identity(identity)
            if unit is not None and unit.zone == ("battlefield", combat.slot):
                actions.deal_damage(state, unit, amount, player, combat=True)
    state.note("combat damage is dealt", "465.2.d", "465.3")
    combat.stage = "dealt"                                             # the resolution step follows (466)
    state.cleanup_due = True


# ---- resolution ------------------------------------------------------------------------
def combat_cleanup(state: GameState) -> None:
    """The steps the combat cleanup adds (466.1.a), after a cleanup has killed what has lethal damage: heal all
    units, then recall attackers if defenders remain."""
    combat = state.combat
    combat.stage = "result"
    heal = [t["rule"] for t in state.rules.might["heal_times"] if t["time"] == "combat_cleanup"]
    for obj in state.board_objects():
        if obj.card_type == "unit":
            obj.damage = []
    state.note("combat cleanup: all units heal", "466.1.a", "466.1.a.1", *heal)
    units = _combatants(state)
    if units["defender"] and units["attacker"]:
        for unit in units["attacker"]:
            actions.recall(state, unit, rules=("466.1.a.2",))
        combat.recalled = True
    state.cleanup_due = True


def finish(state: GameState) -> None:
    """Combat result, control and the end of combat (466.3-466.7), once the chain is empty (466.2)."""
    combat = state.combat
    slot = combat.slot
    battlefield = state.battlefields[slot]
    present = players_there(state, slot)
    if len(present) == 1 and not combat.recalled:
        (player,) = present
        state.note(f"{player} wins the combat at {battlefield.name}", "466.3.a", "466.3.b")
        winners = [o for o in state.objects(("battlefield", slot)) if o.controller == player and o.card_type == "unit"]
        happen(state, "win", player, winners, place=("battlefield", slot), at=battlefield,   # "When I win a combat"
               rules=("466.3.a",))
    else:
        state.note(f"the combat at {battlefield.name} has no result", "466.3.d")
    attackers = tuple(o.identity for o in state.objects(("battlefield", slot)) if o.combat_role == "attacker")
    _end(state)
    if len(present) > 1:
        state.note(f"units of both players remain at {battlefield.name}: a showdown and a combat are staged",
                   "466.3.d.1")
        battlefield.staged = True
        return
    battlefield.contested_by, battlefield.staged = None, False                  # 466.5.a
    if not present:
        if battlefield.controller is not None:
            battlefield.controller = None
            state.note(f"no units remain at {battlefield.name}: it becomes uncontrolled", "466.5.b")
        return
    (player,) = present
    if battlefield.controller != player:
        was_uncontrolled = battlefield.controller is None                      # 170.11.b
        battlefield.controller = player
        state.note(f"{player} establishes control of {battlefield.name}", "466.5", "466.5.e",
                   *state.rules.control["control_established"])
        score(state, player, slot, "conquer", attackers=attackers, was_uncontrolled=was_uncontrolled)   # 466.5.d


def _end(state: GameState) -> None:
    """Combat ends (466.7): designations go, "this combat" effects expire."""
    for obj in state.board_objects():
        obj.combat_role = None
        obj.granted = [g for g in obj.granted if g[2] != "this combat"]
    state.combat = None
    state.showdown = None
    state.note("the combat ends: attacker and defender designations are removed; “this combat” effects expire",
               "466.7", "466.7.a", "466.7.c")
    state.cleanup_due = True
