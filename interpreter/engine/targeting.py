"""Choosing targets as a spell or ability is put on the chain (355.5-355.11) and Deflect's cost (809).

The choices a spell or ability makes are made before its costs are paid (355.5, 356, 357), and a play that
cannot make every required choice is refused with the state unchanged (355.8). The runtime finds them by
resolving the item on a copy of the game (``choose_targets``): every choice of a public object that the item's
controller makes there is a target (355.10.a), recorded with the answers it took. The real game keeps those
answers' objects on the chain item; as the item resolves, each of its selectors takes its recorded targets
again (``made``), those still valid (355.11.b: spells do not fizzle, an illegal target is left out).

An enemy's object with [Deflect] chosen this way adds [A] per Deflect value to the item's cost, paid with the
rest (809.1.c, 356.2.a.2). Choices of private objects ("discard a card", 355.10.a) are made on resolution.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, is_dataclass
from functools import lru_cache

from interpreter.compiler import effects as fx

from .cost_values import Cost
from .errors import Unsupported, UnsupportedEffect
from .state import ChainItem, GameObject, GameState, IllegalAction
from .traits import keywords_of


NOT_CHOSEN = ("all", "each", "every", "the", "top")       # quantities that name objects without a choice


class TargetRefused(IllegalAction):
    """A required target could not be chosen as the item was put on the chain (355.8)."""


@dataclass
class TargetPass:
    """The choices recorded while an item resolves on a copy of the game."""

    player: str
    answers: int                                   # how many answers were given ahead when the pass began
    records: list = field(default_factory=list)    # (selector, identities, answer positions), in text order

    def taken(self, state: GameState) -> int:
        return self.answers - len(state.answers)


def snapshot(state: GameState) -> GameState:
    """A copy of the state that can be changed and thrown away; rules and characteristics are shared."""
    memo = {id(state.rules): state.rules, id(getattr(state, "resolver", None)): getattr(state, "resolver", None)}
    for obj in list(state.all_objects()) + state.battlefields:
        memo[id(obj.chars)] = obj.chars
        for older in obj.replaced_chain:
            memo[id(older.chars)] = older.chars
    for item in state.chain:
        memo[id(item.effects)] = item.effects                          # effect objects are immutable
    return copy.deepcopy(state, memo)


def may_choose(value) -> bool:
    """Whether effects hold a phrase that can choose an object ("a unit", "up to two gear"): those that name
    all of something, refer back, or name the top cards choose nothing, and need no trial (355.10.d)."""
    try:
        return _may_choose(value)
    except TypeError:                       # an unhashable part: tried, to be safe
        return True


@lru_cache(maxsize=4096)
def _may_choose(value) -> bool:
    if isinstance(value, tuple):
        return any(_may_choose(part) for part in value)
    if isinstance(value, fx.Selector) and value.reference is None and value.quantity not in NOT_CHOSEN:
        return True
    if is_dataclass(value) and not isinstance(value, type):
        return any(_may_choose(getattr(value, f.name)) for f in fields(value))
    return False


def choose_targets(state: GameState, player: str, resolve_copy) -> list:
    """The targets of an item about to be put on the chain: ``resolve_copy(copy)`` puts it on the chain of a
    copy of the game and resolves it; the answers its targets took are removed from the real answers.
    A required target that can't be chosen, or an invalid one, refuses the play (355.8, 355.9)."""
    trial = snapshot(state)
    trial.target_pass = TargetPass(player, len(trial.answers))
    resolver = getattr(state, "resolver", None)
    if resolver is not None:                   # answers name the real objects: the copy takes its own twins
        trial.resolver = lambda raw, kind, who: _twin(trial, resolver(raw, kind, who))
    try:
        resolve_copy(trial)
    except TargetRefused as refused:
        refused.taken = trial.target_pass.taken(trial)        # the answers its choices took before the refusal
        raise
    except (IllegalAction, Unsupported, UnsupportedEffect):
        # the trial stops at the first refusal the runtime makes on purpose (engine/errors.py, an illegal
        # action): the rest of the resolution is done when the item resolves; any other error is a bug and
        # is raised, not taken for the end of the choices
        pass
    records = trial.target_pass.records
    used = sorted({p for _, _, positions in records for p in positions}, reverse=True)
    for position in used:
        del state.answers[position]
    state.answers_taken = trial.target_pass.taken(trial) - len(used)     # those of choices made on resolution
    return [(sel, ids) for sel, ids, _ in records]


def _twin(trial: GameState, answer):
    """The copy's object for an object of the real game; any other answer as it is."""
    if not isinstance(answer, GameObject):
        return answer
    every = list(trial.all_objects()) + list(trial.battlefields) + trial.objects(("chain", None))
    return next((o for o in every if o.oid == answer.oid and o.identity == answer.identity), answer)


def in_pass(state: GameState) -> TargetPass | None:
    return getattr(state, "target_pass", None)


def is_target(ctx, sel, found: list[GameObject]) -> bool:
    """355.10: a chosen object is a target unless it is in a zone that is not public (355.10.a) or another
    player chooses it (355.10.e)."""
    pass_ = in_pass(ctx.state)
    if pass_ is not None and ctx.player != pass_.player or ctx.each_chooses:
        return False
    if sel.quantity == "the":
        return False                    # "the rest": found by what the text did, not chosen (355.10.d)
    if sel.zone is not None and not found:
        from .selectors import zone_kind

        return _public(ctx.state, zone_kind(sel.zone.kind))
    return all(_public(ctx.state, o.zone[0]) for o in found)


def _public(state: GameState, kind: str) -> bool:
    try:
        return state.zone_rule(kind)["privacy"] == "public"
    except KeyError:
        return False


def record(ctx, sel, chosen: list[GameObject], before: int) -> None:
    """Keep the targets chosen on the copy, with the positions of the answers that named them."""
    pass_ = in_pass(ctx.state)
    positions = tuple(range(before, pass_.taken(ctx.state)))
    pass_.records.append((sel, tuple(o.identity for o in chosen), positions))


def refuse(rule: str, message: str) -> None:
    raise TargetRefused(rule, message)


def made(ctx, sel) -> list[GameObject] | None:
    """The targets chosen for ``sel`` as the resolving item was put on the chain, or None when it chose none
    for it then; each record is used once, in text order."""
    targets = getattr(ctx.state, "resolving_targets", None)
    if not targets:
        return None
    for index, (recorded, ids) in enumerate(targets):
        if recorded == sel:
            del targets[index]
            return [o for o in (_find(ctx.state, i) for i in ids) if o is not None]
    return None


def _find(state: GameState, identity: int) -> GameObject | None:
    """The object ``identity`` is now, wherever it is (a target may be in a trash, 355.9.a)."""
    return state.by_identity(identity) or next((o for o in state.all_objects() if o.identity == identity), None)


def resolving(state: GameState, item: ChainItem):
    """Make ``item``'s targets the ones its selectors take while it resolves; returns what to restore."""
    previous = getattr(state, "resolving_targets", None)
    state.resolving_targets = list(item.targets)
    return previous


def announce(state: GameState, player: str, targets: list, via: str) -> None:
    """Each choice of the item just put on the chain is an event (355.5): "When you choose a friendly unit"."""
    from .happenings import happen

    for _, ids in targets:
        chosen = [o for o in (_find(state, i) for i in ids) if o is not None]
        if chosen:
            happen(state, "choose", player, chosen, via=via, rules=("355.5",))


def resolving_now(state: GameState) -> bool:
    """Whether a chain item is resolving: its choices made now are events too (355.17, 355.5)."""
    return getattr(state, "resolving_targets", None) is not None


def deflect_cost(state: GameState, player: str, targets: list) -> Cost:
    """[A] per Deflect value of each enemy object chosen, once for each time it is chosen (809.1.c, 809.1.c.1);
    a Deflect with no value is 1 (809.1.b.3), and the values of several Deflects are summed (809.2)."""
    power = []
    for _, ids in targets:
        for identity in ids:
            obj = _find(state, identity)
            if obj is None or obj.controller in (None, player):
                continue
            value = keywords_of(state, obj).get("Deflect", 0)
            if "Deflect" in keywords_of(state, obj):
                power += ["A"] * (value or 1)
                state.note(f"{obj.name} is chosen: its [Deflect] adds [A] x{value or 1} to the cost", "809.1.c")
    return Cost(0, power)

