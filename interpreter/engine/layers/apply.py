"""The layer engine: continuous effects applied in layers until nothing changes (473-480).

``resolve(effects, view, rules)`` applies the effects to a view of the objects' traits in the
layer and sublayer order RulesData gives (477; arithmetic: increases, then decreases,
477.3.e). Inside each layer the order comes from ``layers.graph`` (dependencies 478-479,
timestamps 480). A sequence goes through every layer; sequences repeat until one applies
nothing new, and each effect is applied once across all of them (476.1-476.2). An effect that
does not exist yet (a "While I'm Mighty" passive before the might is known) stays pending for
a later sequence (476.3). The ``Resolution`` keeps a trace of what was applied, in which
sequence and layer, and why in that order, which ``riftbound explain`` prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .graph import Edge, LayerOrder, order
from .model import Change, ContinuousEffect, View, apply, fixed

MAX_SEQUENCES = 64


@dataclass(frozen=True)
class Step:
    """One effect applied: when, in which layer, to what, and why at that point."""

    sequence: int
    layer: str
    effect: ContinuousEffect
    objects: frozenset
    changes: tuple
    reason: str


@dataclass
class Resolution:
    """The computed traits, the steps applied in order, and the dependency edges found."""

    view: View
    steps: list[Step] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    loops: list[list[ContinuousEffect]] = field(default_factory=list)
    sequences: int = 0


def layer_groups(rules) -> list[str]:
    """Layers in order, a layer with sublayers replaced by them (477, 477.3.e)."""
    groups = []
    for layer in sorted(rules.layers, key=lambda entry: entry["number"]):
        subs = sorted(layer["sublayers"], key=lambda entry: entry["number"])
        groups.extend([f"{layer['name']}/{sub['name']}" for sub in subs] or [layer["name"]])
    return groups


def resolve(effects: list[ContinuousEffect], view: View, rules) -> Resolution:
    """Apply ``effects`` to ``view`` (changed in place) in layers until nothing changes (476)."""
    groups = layer_groups(rules)
    by_group: dict[str, list[ContinuousEffect]] = {group: [] for group in groups}
    for effect in effects:
        by_group[effect.sublayer].append(effect)
    result, applied = Resolution(view), set()
    for sequence in range(1, MAX_SEQUENCES + 1):
        result.sequences = sequence
        if not any([_apply_group(result, by_group[g], applied, sequence, g) for g in groups]):
            break
    return result


def _apply_group(result: Resolution, effects: list, applied: set, sequence: int, group: str) -> bool:
    """Apply the pending effects of one layer in dependency and timestamp order."""
    pending = [effect for effect in effects if effect not in applied]
    if not pending:
        return False
    layer_order = order(pending, result.view)
    _record_edges(result, layer_order)
    reasons = _reasons(layer_order)
    done = False
    for effect in layer_order.effects:
        outcome = apply(effect, result.view)
        if outcome.exists and outcome.objects:                          # 476.1: once, as soon as able
            applied.add(effect)
            result.steps.append(Step(sequence, group, effect, outcome.objects, outcome.changes,
                                     reasons.get(effect, f"timestamp {effect.timestamp} (480.3)")))
            done = True
    return done


def _record_edges(result: Resolution, layer_order: LayerOrder) -> None:
    known = {(edge.first, edge.dependent) for edge in result.edges}
    result.edges.extend(e for e in layer_order.edges if (e.first, e.dependent) not in known)
    result.loops.extend(layer_order.loops)


def _reasons(layer_order: LayerOrder) -> dict:
    reasons = {}
    for loop in layer_order.loops:
        names = ", ".join(effect.label for effect in loop)
        for effect in loop:
            reasons[effect] = f"in a dependency loop ({names}): timestamp {effect.timestamp} decides (480)"
    for edge in layer_order.edges:
        reasons.setdefault(edge.dependent, f"after {edge.first.label}, which it depends on (479.2)")
    return reasons


def referenced_might(might: int | None, rules) -> int | None:
    """Might as other effects and rules see it: below the floor it counts as the floor (143.2.b)."""
    if might is None:
        return None
    floor = rules.might["floor"]
    return floor["counts_as"] if might < floor["below"] else might


LIMITED = ("might_to", "might_add_max", "might_add_min", "might_double")


def snapshot(effect: ContinuousEffect, view: View) -> ContinuousEffect:
    """A non-passive limited effect fixed at what it gives now, remembered after (477.3.b).

    "-4 [M] to a min of 1" on a 2 [M] unit becomes -1 [M] for its duration; "Double a unit's
    Might" on a -2 [M] unit becomes +0 (477.3.c). Passive abilities never snapshot.
    """
    if effect.passive or effect.change.kind not in LIMITED:
        return effect
    trial = apply(effect, view.clone(effect.affects(view)))
    amount = sum(change for _oid, change in trial.changes)
    objects = tuple(trial.objects)
    return replace(effect, change=Change("might_add", amount), affects=fixed(*objects),
                   label=f"{effect.label} (snapshot {amount:+d} [M])", rules=effect.rules + ("477.3.b",))
