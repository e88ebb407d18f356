"""The objects the layer engine works on: working traits of objects and continuous effects.

A ``View`` holds, for every object the engine looks at, the traits being computed
(``Traits``): name, type, tags, controller, might, keywords and copyable traits. A
``ContinuousEffect`` is one effect of rules 473-480: the layer it belongs to (477), the
change it makes, which objects it affects and whether it exists right now, and its
timestamp (480.1). Applying an effect to a view returns an ``Outcome`` (what it changed),
which is what the dependency trial of 478.1 compares.

NOTE: the objects an effect affects and its existence condition are plain callables on the
view, so the same engine serves effects read from compiled card text, from the runtime's
records (buffs, "this turn" bonuses, granted keywords) and hand-built ones (benchmarks).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

SENSITIVE = frozenset({"might_to", "might_add_max", "might_add_min", "might_double", "keyword_remove", "copy",
                       "tag_remove", "controller_set", "might_add_count", "keyword_add_count"})
TRAIT, ABILITY, ARITHMETIC = "trait-altering effects", "ability-altering effects", "arithmetic"
INCREASES, DECREASES = "arithmetic/increases", "arithmetic/decreases"


@dataclass
class Traits:
    """The characteristics of one object while the layers are applied."""

    oid: int
    name: str
    card_type: str
    might: int | None
    tags: frozenset = frozenset()
    keywords: dict = field(default_factory=dict)      # name -> value
    controller: str | None = None
    zone: tuple | None = None
    copyable: tuple = ()                               # (name, card_type, might, tags, keywords) 477.1.b.1.a
    role: str | None = None                            # attacker | defender, for keyword might (807, 814)
    token: bool = False
    states: frozenset = frozenset()                    # exhausted, ready, buffed, stunned, damaged

    def clone(self) -> "Traits":
        return replace(self, keywords=dict(self.keywords))

    def printed_copyable(self) -> tuple:
        return (self.name, self.card_type, self.might, self.tags, tuple(self.keywords.items()))


class View:
    """Working traits of a set of objects, keyed by object id."""

    def __init__(self, traits: dict[int, Traits]):
        self.traits = traits

    def clone(self, only=None) -> "View":
        keys = self.traits.keys() if only is None else [k for k in only if k in self.traits]
        return View({k: self.traits[k].clone() for k in keys})

    def __getitem__(self, oid: int) -> Traits:
        return self.traits[oid]

    def __contains__(self, oid: int) -> bool:
        return oid in self.traits


@dataclass(frozen=True)
class Change:
    """What an effect does to each object it affects.

    ``kind``: might_add (+N/-N), might_to (increased to N, 479 example), might_add_max
    (+N to a maximum), might_set (477.1.a.1), tag_add, tag_remove, controller_set (477.1.a),
    keyword_add, keyword_remove, copy
    (477.1.b), keyword_might (Shield/Assault style "+N while I'm a defender").
    """

    kind: str
    amount: int | None = None
    limit: int | None = None
    name: str | None = None
    of: int | None = None                             # copy: the object copied
    role: str | None = None                           # keyword_might: attacker | defender
    count: Callable | None = field(default=None, compare=False)   # *_count: view -> the number it is "for each"


@dataclass(frozen=True, eq=False)
class ContinuousEffect:
    """One continuous effect: layer, change, affected objects, existence and timestamp.

    ``affects(view)`` gives the object ids it influences now (478.1.b); ``exists(view)``
    whether it exists now (478.1.a, e.g. "While I'm Mighty"); ``reads`` the objects whose
    traits it looks at besides those it affects (for finding candidate dependencies).
    """

    label: str
    layer: str
    change: Change
    affects: Callable
    timestamp: int
    exists: Callable | None = None
    reads: tuple = ()
    passive: bool = True
    rules: tuple = ()
    source: int | None = None
    selective: bool = False            # which objects it affects depends on traits (tags, keywords...)
    scope: Callable | None = None      # every object it could come to affect (for finding candidates)

    @property
    def sensitive(self) -> bool:
        """Whether another effect of its layer could alter it (so the 478.1 trial is needed)."""
        return self.change.kind in SENSITIVE or self.exists is not None or self.selective

    @property
    def sublayer(self) -> str:
        """The layer or arithmetic sublayer (477.3.e): increases before decreases."""
        if self.layer != ARITHMETIC:
            return self.layer
        return DECREASES if self.change.kind in ("might_add", "might_add_count") and (self.change.amount or 0) < 0 \
            else INCREASES

    def __repr__(self) -> str:
        return f"<{self.label} @{self.timestamp}>"


@dataclass(frozen=True)
class Outcome:
    """What applying an effect did: whether it existed, whom it touched, and how."""

    exists: bool
    objects: frozenset
    changes: tuple


def fixed(*oids: int) -> Callable:
    """An ``affects`` for effects that chose their objects when they began (not passives)."""
    chosen = frozenset(oids)
    return lambda view: [oid for oid in chosen if oid in view]


def apply(effect: ContinuousEffect, view: View) -> Outcome:
    """Apply ``effect`` to ``view`` in place and say what it did."""
    if effect.exists is not None and not effect.exists(view):
        return Outcome(False, frozenset(), ())
    objects = frozenset(oid for oid in effect.affects(view) if oid in view)
    changes = tuple(sorted((oid, _change(effect.change, view, view[oid])) for oid in objects))
    return Outcome(True, objects, changes)


def _change(change: Change, view: View, traits: Traits):
    """Do one change to one object; return a comparable record of what it did."""
    return CHANGES[change.kind](change, view, traits)


def _might_add(change: Change, view: View, t: Traits):
    if t.might is None:
        return 0
    t.might += change.amount
    return change.amount


def _might_to(change: Change, view: View, t: Traits):
    if t.might is None:
        return 0
    gain = max(0, change.limit - t.might)          # an increase is never negative (477.3.c)
    t.might += gain
    return gain


def _might_add_max(change: Change, view: View, t: Traits):
    if t.might is None:
        return 0
    gain = max(0, min(change.amount, change.limit - t.might))       # 477.3.c
    t.might += gain
    return gain


def _might_add_min(change: Change, view: View, t: Traits):
    if t.might is None:
        return 0
    loss = min(0, max(change.amount, change.limit - t.might))
    t.might += loss
    return loss


def _might_double(change: Change, view: View, t: Traits):
    if t.might is None:
        return 0
    gain = max(0, t.might)                         # doubling a negative might adds 0 (477.3.c)
    t.might += gain
    return gain


def _might_set(change: Change, view: View, t: Traits):
    if t.might is None:
        return None
    t.might = change.amount                        # 477.1.a.1
    return change.amount


def _tag_add(change: Change, view: View, t: Traits):
    added = change.name not in t.tags
    t.tags = t.tags | {change.name}
    return (change.name, added)


def _tag_remove(change: Change, view: View, t: Traits):
    removed = change.name in t.tags
    t.tags = t.tags - {change.name}
    return (change.name, removed)


def _controller_set(change: Change, view: View, t: Traits):
    """Control changes in layer 1 (477.1.a); who is "friendly" follows it."""
    before, t.controller = t.controller, change.name
    return (before, change.name)


def _keyword_add(change: Change, view: View, t: Traits):
    t.keywords.setdefault(change.name, change.amount)
    return (change.name, change.amount)


def _keyword_remove(change: Change, view: View, t: Traits):
    return (change.name, t.keywords.pop(change.name, "absent"))


def _copy(change: Change, view: View, t: Traits):
    """Take the copyable traits of ``of`` as they are now (477.1.b.1.b)."""
    original = view[change.of] if change.of in view else None
    if original is None:
        return None
    name, card_type, might, tags, keywords = original.copyable or original.printed_copyable()
    t.name, t.card_type, t.might, t.tags = name, card_type, might, tags
    t.keywords = dict(keywords)
    t.copyable = (name, card_type, might, tags, keywords)
    return (name, might)


def _might_add_count(change: Change, view: View, t: Traits):
    """"+1 [M] for each friendly gear", "My Might is increased by your points": ``amount`` times a number
    read from the view as the layers have made it so far (478.1.c)."""
    if t.might is None:
        return 0
    gain = change.amount * change.count(view)
    t.might += gain
    return gain


def _keyword_add_count(change: Change, view: View, t: Traits):
    """"I have [Assault] equal to the number of enemy units here": the keyword with that value (477.2)."""
    value = change.count(view)
    if change.name in t.keywords:                  # another instance adds to it ("for each instance of Assault")
        value += 1 if t.keywords[change.name] is None else t.keywords[change.name]
    t.keywords[change.name] = value
    return (change.name, value)


def _keyword_might(change: Change, view: View, t: Traits):
    """Shield / Assault: +N might while in a combat role (807.1.c, 814.1.c); a keyword without a number is 1."""
    if t.might is None or change.name not in t.keywords or t.role != change.role:
        return 0
    value = change.amount if t.keywords[change.name] is None else t.keywords[change.name]
    t.might += value
    return value


CHANGES = {
    "might_add": _might_add, "might_to": _might_to, "might_add_max": _might_add_max,
    "might_add_min": _might_add_min, "might_double": _might_double, "might_set": _might_set, "tag_add": _tag_add,
    "tag_remove": _tag_remove, "controller_set": _controller_set,
    "keyword_add": _keyword_add, "keyword_remove": _keyword_remove, "copy": _copy,
    "keyword_might": _keyword_might, "might_add_count": _might_add_count, "keyword_add_count": _keyword_add_count,
}
