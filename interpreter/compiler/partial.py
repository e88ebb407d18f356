"""Compile stage, partial items: the parts of a clause sequence that carry no instruction of their own.

"Kill a friendly unit and an enemy unit", "give a unit +2 [M] this turn and another unit -2 [M] this turn",
"play it, ignoring its cost", "+2 [M] this turn, to a maximum of 5 [M]": an item with only objects,
complements or options completes the effect before it (its innermost action, under "may", "if" or
"instead"), or adds a second effect of the same verb. ``partial_item`` is the entry point the ability
compiler calls; ``PARTIAL_KINDS`` names the items it takes. This module uses compiler.clauses, never the
other way round.
"""
from __future__ import annotations

from .base import replace

from . import clauses as cc
from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, costs_of
from .conditions import condition, same_verb
from .objects import Scope, for_each, place, selector


def partial_item(compiler, item, scope: Scope, effects: list, disjunctive: bool = False) -> None:
    """Complete the effect before ``item`` with what the item adds ("or" lists: ``disjunctive``)."""
    if not effects:
        raise CompileError(item.span, "this phrase needs an instruction before it")
    previous = effects[-1]
    if not disjunctive and item.kind == "conj_object" and len(item.parts) == 1 and _said_after(previous):
        effects[-1] = replace(previous, condition=_condition_also(previous.condition, item.parts[0], scope))
        return
    target = _innermost(previous)
    if disjunctive and item.kind == "conj_object":
        updated = _conj_alternative(item, scope, target)
    else:
        updated = _conj_modification(compiler, item, scope, target, disjunctive) if item.kind == "conj_modification" \
            else _PARTIAL[item.kind](compiler, item, scope, target)
    if isinstance(updated, _Pair):
        effects[-1] = _replace_innermost(previous, updated.first)
        effects.append(updated.second)
    else:
        effects[-1] = _replace_innermost(previous, updated)


def _said_after(effect) -> bool:
    """Whether ``effect`` is "<instruction> if <subject> has/controls <object>": a condition said after its
    instruction, about an object, that a following "and <object>" continues."""
    if not isinstance(effect, fx.Conditional) or effect.unless or len(effect.effects) != 1:
        return False
    condition = effect.condition
    if condition.kind not in ("has", "controls") or condition.object is None:
        return False
    inner = effect.effects[0]
    return effect.span is not None and inner.span is not None and effect.span.end > inner.span.end


def _condition_also(before: fx.Condition, np, scope) -> fx.Condition:
    """"Draw 1 if you have exactly 4 cards in hand and exactly 4 units at battlefields": the same subject and
    verb about a second object, as after a leading "If" (not an object of the instruction, which is done
    before the condition is said)."""
    if before.also is not None:                       # "... and exactly 2 units here and 3 gear"
        return replace(before, also=_condition_also(before.also, np, scope))
    return replace(before, also=same_verb(np, before, scope))


def _innermost(effect):
    while isinstance(effect, (fx.MayDo, fx.IfYouDo, fx.Instead, fx.PayToDo)):
        effect = effect.result if isinstance(effect, fx.PayToDo) else effect.effect
    if isinstance(effect, fx.Conditional) and len(effect.effects) == 1:
        return _innermost(effect.effects[0])
    return effect


def _replace_innermost(effect, new):
    if isinstance(effect, fx.PayToDo):
        return replace(effect, result=_replace_innermost(effect.result, new))
    if isinstance(effect, (fx.MayDo, fx.IfYouDo, fx.Instead)):
        return replace(effect, effect=_replace_innermost(effect.effect, new))
    if isinstance(effect, fx.Conditional) and len(effect.effects) == 1:
        return replace(effect, effects=(_replace_innermost(effect.effects[0], new),))
    return new


def _conj_static(item, scope, target):
    """"can't be chosen by enemy spells and abilities": a bare noun joins the "by" selector."""
    np = item.parts[0]
    if target.by is None or len(item.parts) > 1:
        raise CompileError(item.span, "this phrase must follow an instruction with an object")
    new = selector(np, scope)
    return replace(target, by=_merge_bare((target.by,), new, np)[-1])


def _need_action(item, target) -> fx.GameAction:
    if not isinstance(target, fx.GameAction):
        raise CompileError(item.span, "this phrase must follow an instruction with an object")
    return target


def _conj_object(compiler, item, scope, target):
    if isinstance(target, fx.StaticEffect):
        return _conj_static(item, scope, target)
    target = _need_action(item, target)
    np, *complements = item.parts
    per = target.amount.per if target.amount is not None else None
    if not target.objects and not complements and per is not None and (_is_bare(np) or _is_listed(np)):
        # "Draw 1 for each unit and gear you control": the noun joins the list of what is counted
        (counted,) = _merge_bare((per,), selector(np, scope), np)
        return replace(target, amount=replace(target.amount, per=counted))
    if not target.objects and not complements:
        # "Draw 1, TH": an object added to an instruction that names none would be dropped
        raise CompileError(item.span, "this phrase must follow an instruction with an object",
                           "expected another object after an instruction that acts on one, as in “Kill a unit and a gear.”")
    new = cc.named_object(np, scope)
    changes = {}
    for complement in complements:
        if isinstance(complement, n.Word):
            changes["duration"] = complement.text
        elif complement.kind == "to_place":
            changes["place"] = place(complement.parts[0])
        else:
            changes["modifications"] = (cc.compile_modification(compiler, complement, scope),)
    if set(changes) == {"place"} and target.place is None:
        # "Return a friendly unit and an enemy unit to their owners' hands": the place is for both.
        return replace(target, objects=_merge_bare(target.objects, new, np), place=changes["place"])
    if changes and target.objects:
        # "a unit +2 [M] this turn and another unit -2 [M] this turn": a second action of the same verb.
        return _Pair(target, replace(target, objects=(new,), **changes))
    merged = _merge_bare(target.objects, new, np)
    scope.remember_group(merged)
    return replace(target, objects=merged)


def _conj_alternative(item, scope, target):
    """"Kill a unit at a battlefield or a gear": one object, of any of the kinds listed."""
    target = _need_action(item, target)
    np, *complements = item.parts
    if any(not (isinstance(c, n.Phrase) and c.kind == "to_place") for c in complements) or not target.objects:
        raise CompileError(item.span, "an “or” list of objects takes only a place after it")
    changes = {"place": place(complements[0].parts[0])} if complements else {}
    return replace(target, objects=cc.merge_alternative(target.objects, cc.named_object(np, scope), np), **changes)


def _is_bare(np) -> bool:
    if not isinstance(np, n.NounPhrase):
        return False                         # "an additional copy of it"
    return np.determiner is None and np.pronoun is None and not np.premods and not np.posts


def _merge_bare(objects, new, np):
    """"all units and gear": a bare noun joins the previous selector's types; "spells and units from your trash",
    "gear and units here": the phrase after the last noun is said of the whole list."""
    if _is_bare(np) and objects:
        last = objects[-1]
        return objects[:-1] + (replace(last, types=last.types + new.types),)
    if _is_listed(np) and objects and _unmodified(objects[-1]):
        last = objects[-1]
        return objects[:-1] + (replace(new, quantity=last.quantity, count=last.count, types=last.types + new.types,
                                       relation=last.relation or new.relation, other=last.other or new.other,
                                       states=last.states + new.states),)
    return objects + (new,)


def _is_listed(np) -> bool:
    """A noun with trailing words only ("units from your trash"): the end of a list of nouns."""
    return isinstance(np, n.NounPhrase) and np.determiner is None and np.pronoun is None and not np.premods \
        and np.head is not None and not np.head.names


def _unmodified(selector) -> bool:
    """A selector of all objects of some types, with nothing said after its noun."""
    return selector.reference is None and selector.quantity == "all" and not selector.alternatives \
        and selector.types and not selector.tags and selector.zone is None and selector.location is None \
        and not selector.filters and selector.controller is None and not selector.keywords_with


class _Pair:
    """Two effects made from one clause and a partial item ("and another unit -2 [M]")."""

    def __init__(self, first, second):
        self.first, self.second = first, second


def _conj_amount_to(compiler, item, scope, target):
    target = _need_action(item, target)
    count, np = item.parts
    return _Pair(target, replace(target, objects=(cc.named_object(np, scope),), amount=fx.Amount("count", count)))


def _conj_resource(compiler, item, scope, target):
    """"Add 1 Energy and 1 Power of the Calm domain": the later resource is added by the same instruction."""
    if not isinstance(target, fx.AddResources):
        raise CompileError(item.span, "a resource here must follow an instruction that adds resources",
                           "write it after “Add ...”, e.g. “Add 1 Energy and 1 Power of the Calm domain.”")
    words = item.parts[0]
    if words.kind == "energy_resource":
        return replace(target, energy=target.energy + int(words.parts[0].value))
    return replace(target, power=target.power + (cc.domain_letter(compiler, words.parts[1]),) * words.parts[0])


def _conj_modification(compiler, item, scope, target, disjunctive: bool = False):
    target = _need_action(item, target)
    modification_node = item.parts[0]
    joined = _joined_keyword(item, target, disjunctive)
    if joined is not None:
        return joined
    if disjunctive:       # "give a unit [Tank] or [Shield]": a choice of what is granted, never read as both
        raise CompileError(item.span, "a choice between two things granted is not read yet",
                           "grant one of them, or both with “and”, e.g. “Give a unit [Tank] and [Shield] this turn.”")
    duration = next((p.text for p in item.parts[1:] if isinstance(p, n.Word)), target.duration)
    return replace(target, modifications=target.modifications + (cc.compile_modification(compiler, modification_node, scope),),
                   duration=duration)


def _joined_keyword(item, target, disjunctive: bool):
    """"Kill each unit that has [Tank] or [Shield]": a parser that looks one word ahead reads "or [Shield]" as a
    second thing granted; an instruction that grants nothing yet, whose last object ends with a keyword test,
    takes it as one more keyword of that test: any of them after "or", each of them after "and"."""
    node = item.parts[0]
    if target.modifications or len(item.parts) > 1 or node.kind != "keyword_grant" or not target.objects:
        return None
    last = target.objects[-1]
    tested = last.filters[-1] if last.filters else None
    if tested is None or tested.kind != "keyword":
        return None
    name = node.parts[0].name
    if not disjunctive:                      # "that has [Tank] and [Shield]": both tests
        joined = last.filters + (fx.Filter("keyword", None, name),)
    elif tested.op == "in":                  # "[Tank] or [Shield] or [Deflect]"
        joined = last.filters[:-1] + (replace(tested, values=tested.values + (name,)),)
    else:
        joined = last.filters[:-1] + (fx.Filter("keyword", "in", values=(tested.value, name)),)
    return replace(target, objects=target.objects[:-1] + (replace(last, filters=joined),))


def _conj_modification_if(compiler, item, scope, target):
    """"..., then an additional +1 [M] this turn if it is the only unit you control there": a second
    give to the same object, done only if the condition holds."""
    target = _need_action(item, target)
    modification_node, *rest = item.parts
    duration = next((p.text for p in rest if isinstance(p, n.Word)), target.duration)
    again = fx.Selector("the", reference="it", antecedent=target.objects[0] if target.objects else None)
    give = replace(target, objects=(again,), modifications=(cc.compile_modification(compiler, modification_node, scope),),
                   duration=duration, amount=None)
    return _Pair(target, fx.Conditional(item.span, (), condition(compiler, rest[-1], scope), (give,)))


def _conj_enters_state(compiler, item, scope, target):
    """"I cost [2] less and enter ready": the passive before names who enters, and how (184.1)."""
    if not isinstance(target, fx.StaticEffect):
        raise CompileError(item.span, "“enter” here needs a passive statement before it",
                            "a statement such as “I have +1 [M] and enter ready”")
    words = [p.text for p in item.parts if isinstance(p, n.Word)]
    duration = words[1] if len(words) > 1 else None
    return _Pair(target, fx.StaticEffect(item.span, ("184.1",), "enter", target.holder, value=words[0],
                                         duration=duration))


def _conj_cost_change(compiler, item, scope, target):
    """"I cost [1] less for each Energy it costs and [Y] less for each Power it costs": a second cost change of
    the same holder (131)."""
    if not (isinstance(target, fx.StaticEffect) and target.kind == "cost_change"):
        raise CompileError(item.span, "this phrase must follow a cost change", "“I cost [1] less ... and [A] less ...”")
    symbols, direction, per = item.parts
    second = replace(target, span=item.span, cost=costs_of(symbols), value=direction.text, per=for_each(per, scope),
                     minimum=())
    return _Pair(target, second)


def _option(name):
    def add(compiler, item, scope, target):
        target = _need_action(item, target)
        return replace(target, options=target.options + (name,))
    return add


def _ignoring(compiler, item, scope, target):
    target = _need_action(item, target)
    return replace(target, options=target.options + (ignored_cost_option(item.parts[0]),))


def ignored_cost_option(cost_ref) -> str:
    """The play option of "ignoring its cost" / "... its Energy cost" (356.1.b.1)."""
    _owner, kind = cc.cost_ref_words(cost_ref)
    if kind == "power":
        raise CompileError(cost_ref.span, "only the Energy cost or the whole cost can be ignored here",
                            "“ignoring its cost” or “ignoring its Energy cost”")
    return "ignore_energy_cost" if kind == "energy" else "ignore_cost"


def _reducing_cost(compiler, item, scope, target):
    target = _need_action(item, target)
    return replace(target, options=target.options + ("reduce_cost",), cost=costs_of(item.parts[-1]))


def _to_minimum(compiler, item, scope, target):
    if isinstance(target, fx.StaticEffect) and target.kind == "modify":
        return replace(target, value=f"minimum_{item.parts[0]}")
    target = _need_action(item, target)
    return replace(target, options=target.options + (f"minimum_{item.parts[0]}",))


def _to_maximum(compiler, item, scope, target):
    """"+2 [M] this turn, to a maximum of 5 [M]": the gain never takes the unit past it (477.3.b)."""
    target = _need_action(item, target)
    return replace(target, options=target.options + (f"maximum_{item.parts[0]}",))


def _conj_object_instead(compiler, item, scope, target):
    """"you may play that token and an additional copy of it instead": the list of objects, then the whole
    action replaces the event (367)."""
    updated = _conj_object(compiler, replace(item, kind="conj_object"), scope, target)
    return fx.Instead(item.span, ("367",), updated)


_PARTIAL = {"conj_object_instead": _conj_object_instead, "conj_object": _conj_object, "conj_amount_to": _conj_amount_to, "conj_resource": _conj_resource, "conj_modification": _conj_modification,
            "conj_modification_if": _conj_modification_if, "conj_enters_state": _conj_enters_state,
            "conj_cost_change": _conj_cost_change,
            "ignoring": _ignoring, "ignoring_all_costs": _option("ignore_all_costs"),
            "reducing_cost": _reducing_cost, "to_minimum": _to_minimum, "to_maximum": _to_maximum}
PARTIAL_KINDS = frozenset(_PARTIAL)
