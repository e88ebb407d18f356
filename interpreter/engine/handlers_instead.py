"""A later instruction that replaces an earlier one of the same text: "Deal 2 to a unit at a battlefield. If
it's attacking, deal 4 to it instead.", "[Level 6][>] Give it +3 [M] this turn instead." (158.2, 369.1).

``pair_insteads`` reads a sequence of instructions: an "instead" instruction (alone, under an "If ..." of
its own, or as the whole instruction behind a [Level][>] / [Legion][>] of a spell) is paired with the
nearest instruction before it doing the same game action, into one ``Replaced`` done at the earlier
instruction's place. When it runs, the objects the earlier instruction chooses are chosen first if the
"instead" or its condition refers back to them ("it"); then the condition is tested; the replacing
instruction is done when it holds, the earlier one otherwise, never both (158.2). An "instead" no
earlier instruction matches is left as it is (a replacement effect of its own, 367-375: a gap).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx
from . import bus
from .action_run import _targets
from .conditions import condition_holds, condition_runs
from .context import Context
from .delayed_replacements import delayed_replacement
from .handlers_played_here import pair_played_here
from .handlers_redirect import pair_redirects
from .passive_support import DEPENDENT_KNOWN


@dataclass(frozen=True, slots=True)
class Replaced:
    """The instruction ``done``, or ``instead`` in its place when ``condition`` (an "If ..." holding it, None:
    always) holds (158.2)."""

    done: fx.GameAction
    instead: fx.GameAction
    condition: fx.Conditional | None = None
    rules: tuple = ("158.2", "369.1")


def _instead_of(effect) -> tuple[fx.GameAction, fx.Conditional | None] | None:
    """The replacing instruction of an "instead" part, and the "If ..." it stands under; None otherwise."""
    if isinstance(effect, fx.Instead) and effect.replaced is None and isinstance(effect.effect, fx.GameAction):
        return effect.effect, None
    if isinstance(effect, fx.Conditional) and delayed_replacement(effect) is not None:
        return None              # "If it would die this turn, banish it instead": a replacement of a death (390.3)
    if isinstance(effect, fx.Conditional) and not effect.otherwise and len(effect.effects) == 1:
        inner = _instead_of(effect.effects[0])
        return (inner[0], effect) if inner is not None and inner[1] is None else None
    if isinstance(effect, fx.SpellEffect) and len(effect.effects) == 1:      # "[Level 6][>] ... instead."
        return _instead_of(effect.effects[0])
    return None


def spell_sequence(effects) -> tuple:
    """A spell's instructions as one sequence (359.3.d): the sentences of its abilities in order, an instruction
    behind [Level][>] or [Legion][>] kept whole where it stands (traits.active_abilities decides whether it is)."""
    out = []
    for effect in effects:
        if isinstance(effect, fx.SpellEffect):
            out.extend(effect.effects)
        elif isinstance(effect, fx.KeywordedAbility) and effect.keyword.name in DEPENDENT_KNOWN \
                and isinstance(effect.ability, fx.SpellEffect) and _instead_of(effect.ability) is not None:
            out.append(effect.ability)                       # static reading: what may replace an earlier one
        else:
            out.append(effect)
    return tuple(out)


def pair_insteads(effects: tuple) -> tuple:
    """``effects`` with each "instead" joined to the earlier instruction it replaces (see the module); a counter's
    "instead of putting it in their trash" first (handlers_redirect)."""
    out = list(pair_redirects(pair_played_here(tuple(effects))))      # "If it's a unit, ... play it here" too
    for position in range(len(out) - 1, -1, -1):
        found = _instead_of(out[position])
        if found is None:
            continue
        instead, condition = found
        for earlier in range(position - 1, -1, -1):
            done = out[earlier]
            if isinstance(done, fx.GameAction) and len(done.objects) <= 1 \
                    and (done.action == instead.action or _names_back(instead, condition, done)):
                out[earlier] = Replaced(done, instead, condition)
                del out[position]
                break
    return tuple(out)


def replaced_runs(effect: Replaced) -> bool:
    """Whether the condition is one ``conditions`` tests (the two instructions are checked as parts)."""
    return effect.condition is None or condition_runs(effect.condition)


def _names_back(instead: fx.GameAction, condition: fx.Conditional | None, done: fx.GameAction) -> bool:
    """Whether the "instead" or its condition says "it" about the objects ``done`` chooses ("Stun an attacking
    enemy unit. If it's already stunned, return it to its owner's hand instead.")."""
    chosen = set(done.objects)
    parts = list(instead.objects) + ([condition.condition.subject] if condition is not None else [])
    return any(sel is not None and sel.reference in ("it", "them") and sel.antecedent in chosen for sel in parts)


def _refers_back(effect: Replaced) -> bool:
    return _names_back(effect.instead, effect.condition, effect.done)


def run_replaced(ctx: Context, effect: Replaced) -> bool:
    """Choose first when the replacing part refers back, test the condition, then do one of the two (158.2)."""
    done = effect.done
    if _refers_back(effect):
        ctx.last = _targets(ctx, done)                       # "a unit at a battlefield": chosen once (355.5)
        back = fx.Selector("the", reference="it", antecedent=done.objects[0])
        done = replace(done, objects=(back,))                # the earlier instruction acts on what was chosen
    holds = True if effect.condition is None else condition_holds(ctx, effect.condition)
    ctx.state.note(f"the instruction is {'replaced' if holds else 'not replaced'} by the one done instead",
                   *effect.rules)
    return bool(bus.perform("run_effects", ctx, (effect.instead if holds else done,)))
