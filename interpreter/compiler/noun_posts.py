"""Compile stage, the general modifiers of a noun phrase: what ``transform_nouns`` builds, as selector fields.

- a domain before the noun, by name or symbol ("a Fury unit", "a [R] unit": 134.2) -> a ``domain`` filter;
- a relative clause: "that is stunned" (a state, 124.2), "that is at a battlefield" (a location), "that attacked
  this turn" (``did_this_turn``), "that was dealt damage this turn" (``was_this_turn``);
- a reduced relative: "you control", "an opponent owns", "an opponent played this turn", "you killed this turn";
- "besides me" / "other than that unit" (``other``, or an ``other_than`` filter naming the object);
- "with <characteristic> <comparison>": "with 3 Might or less", "with an Energy cost of [3] or less", "with Might
  equal to my Might", "with the same name as it".

``objects`` calls these through its tables (``POSTS``, ``WITH_FILTERS``); this module reads ``objects``'s
helpers when a phrase is compiled, never at import.
"""
from __future__ import annotations

from .base import replace

from . import effects as fx
from interpreter.language import nodes as n
from interpreter.language.lexicon import active_lexicon
from .base import CompileError

# The characteristic a "with" phrase names (130-138), as a filter kind.
STATS = {"energy cost": "energy_cost", "power cost": "power_cost", "cost": "cost", "might": "might"}
# Past events of an object itself ("that attacked this turn") and things done to it ("that was stunned").
_EVENTS = {"dealt damage": "dealt_damage", "attacked": "attacked", "defended": "defended", "moved": "moved",
           "died": "died", "conquered": "conquered", "held": "held"}
_DONE = {"dealt damage": "dealt_damage"}
_MIGHT_THAN = {"<": "less_might_than", ">": "more_might_than", "<=": "no_more_might_than"}


def _objects():
    from . import objects
    return objects


def _add(base: fx.Selector, *filters: fx.Filter) -> fx.Selector:
    return replace(base, filters=base.filters + filters)


# ---- before the noun -----------------------------------------------------------------------
def domain_filter(premod: n.Phrase) -> fx.Filter:
    """"Fury", "[R]", "Fury [R]": the domain of 134.2 by its name or its power symbol (which must agree)."""
    (word,) = premod.parts
    return fx.Filter("domain", "==", _letter(word))


def domain_alternatives(np: n.NounPhrase) -> tuple[n.NounPhrase, ...]:
    """"a Fury or Chaos unit": one noun phrase for each domain listed (an object of any of them), or ()."""
    for index, premod in enumerate(np.premods):
        if isinstance(premod, n.Phrase) and premod.kind == "domain" and len(premod.parts) > 1:
            return tuple(replace(np, premods=np.premods[:index] + (replace(premod, parts=(word,)),)
                                 + np.premods[index + 1:]) for word in premod.parts)
    return ()


def _letter(word: n.Phrase) -> str:
    domains = active_lexicon().vocabulary["domains"]
    premod = word
    letters = []
    for part in word.parts:
        if isinstance(part, n.Symbol):
            letters.append(part.value)
        else:
            letters.append(str(domains[part.text.lower()]["symbol"]))
    known = {str(entry["symbol"]) for entry in domains.values()}
    if letters[0] not in known:
        names = ", ".join(f"{word.capitalize()} [{entry['symbol']}]" for word, entry in domains.items())
        raise CompileError(premod.span, f"[{letters[0]}] names no domain",
                           f"before a noun, name a domain by its word or symbol: {names}")
    if len(set(letters)) > 1:
        raise CompileError(premod.span, "the domain's name and symbol disagree",
                           f"write the symbol of that domain after its name, e.g. “{premod.parts[0].text} "
                           f"[{letters[0]}]”, or only one of them")
    return letters[0]


def states_any(words) -> fx.Filter:
    """"damaged or stunned", "that is exhausted or stunned": an object in any one of these states (124.2)."""
    return fx.Filter("state", "in", values=tuple(word.text.lower() for word in words))


# ---- after the noun ------------------------------------------------------------------------
def _relative(base, post, scope):
    predicate = post.value
    kind, parts = predicate.kind, predicate.parts
    if kind == "rel_is":                              # "that is stunned", "that's exhausted"
        return replace(base, states=base.states + (parts[0].text,))
    if kind == "rel_is_any":                          # "that is exhausted or stunned": any one of them
        return _add(base, states_any(parts))
    if kind == "rel_is_not":                          # "that isn't exhausted" is "a non-exhausted unit"
        return _add(base, fx.Filter("not", None, parts[0].text))
    if kind == "rel_is_at":                           # "that is at a battlefield"
        return replace(base, location=_objects().place(parts[0]))
    if kind == "rel_did":                             # "who attacked this turn" (the object did it)
        return _add(base, fx.Filter("did_this_turn", None, _EVENTS[parts[0].text]))
    # "that was dealt damage this turn", "that was stunned this turn" (done to the object)
    return _add(base, fx.Filter("was_this_turn", None, _DONE.get(parts[0].text, parts[0].text)))


def _player(word: n.Word) -> fx.Selector:
    if word.text == "you":
        return fx.Selector("the", types=("player",), reference="you")
    return fx.Selector("one", types=("opponent",))


def _reduced_relative(base, post, scope):
    """"a unit you control", "a gear an opponent owns", "a card an opponent played this turn"."""
    subject, verb, duration = post.value
    if verb.text in ("has", "have"):
        # "each point the chosen opponent has", "each point you have": what that player has (points 469, cards)
        player = _objects().selector(subject, scope) if isinstance(subject, n.NounPhrase) else _player(subject)
        return _add(base, fx.Filter("had_by", of=player))
    if isinstance(subject, n.NounPhrase):
        raise CompileError(subject.span, f"“{verb.text}” after a named player is not read yet",
                           "write “you” or “an opponent” before it, or “... the chosen opponent has”")
    who, word = subject.text, verb.text
    if word in ("control", "controls"):
        return replace(base, controller="you") if who == "you" else replace(base, relation="enemy")   # 165
    if word in ("own", "owns"):
        return _add(base, fx.Filter("owner", "==", who))
    if who == "you" and duration is None and word in _objects().PARTICIPLES:
        return replace(base, states=base.states + (word,))      # "the unit you recycled": "the recycled unit"
    if word in ("play", "plays", "played"):
        when = "_this_turn" if duration is not None else ""
        return _add(base, fx.Filter("played_by", "==", who + when))
    if duration is None:
        raise CompileError(verb.span, f"cannot tell when “{who} {word}” happened",
                           f"say when, as in “a unit {'an opponent' if who == 'opponent' else 'you'} {word} this turn”")
    return _add(base, fx.Filter("was_this_turn", None, word, of=_player(subject)))


def you_did(post: n.Post) -> str | None:
    """"the unit you recycled": the participle of a reduced relative with "you" and no time, as "the recycled
    unit" has it; None for any other modifier."""
    if post.kind != "reduced_relative":
        return None
    subject, verb, duration = post.value
    return verb.text if subject.text == "you" and duration is None else None


def _besides(base, post, scope):
    """"each unit besides me" is "each other unit" (I am not among them); "besides that unit": not that one."""
    np = post.value
    if np.pronoun in ("me", "itself") or (np.pronoun == "this"):
        return replace(base, other=True)
    return _add(base, fx.Filter("other_than", of=_objects().selector(np, scope)))


def _done_at(base, post, scope):
    """"a facedown card hidden there": an object the action put at that place (hiding puts a card facedown at a
    battlefield, 421.1): its location, and a ``done_there`` filter naming the action's participle."""
    done, where = post.value
    return _add(replace(base, location=_objects().place(where, scope)), fx.Filter("done_there", None, done.text))


POSTS = {"relative": _relative, "reduced_relative": _reduced_relative, "besides": _besides, "done_at": _done_at}


# ---- "with" ------------------------------------------------------------------------------------
_OLD_KINDS = {"energy_cost": "with_energy_cost", "power_cost": "with_power_cost", "cost": "with_cost"}


def _stat_test(phrase: n.Phrase, scope) -> tuple[fx.Filter, ...]:
    stat, test = phrase.parts
    kind = STATS[stat.text]
    ob = _objects()
    if test.kind != "stat_compared":                   # "[3] or less", "no more than [3]", ...
        if kind == "might":
            filters = ob._cost_filters(test, scope)
            return tuple(replace(f, kind="might") for f in filters if f.kind == "cost")
        return ob.with_filters(n.Phrase(phrase.span, _OLD_KINDS[kind], (test,)), scope)
    op, compared = test.parts[0].text, test.parts[1]
    if compared.kind == "cost_symbols":                # "with Might less than 3", "with Energy cost greater than [2]"
        return (_number_bound(kind, op, compared),)
    bound = measure(compared, kind, scope)
    if kind == "might" and bound.kind == "might" and op in _MIGHT_THAN and bound.of is not None:
        # "with Might less than mine" is "with less Might than me" (143: the Might each has now)
        if bound.of.reference == "self":
            return (fx.Filter(_MIGHT_THAN[op], None, "self"),)
        if bound.of.reference is None:
            return (fx.Filter(_MIGHT_THAN[op], of=bound.of),)
    return (fx.Filter(kind, op, measure=bound),)


# On whole numbers (characteristics are integers, 130) a strict bound is the inclusive one next to it:
# "less than 3" is "2 or less", "greater than [2]" is "[3] or more".
_INCLUSIVE = {"<": ("<=", -1), ">": (">=", 1), "<=": ("<=", 0), ">=": (">=", 0)}


def _number_bound(kind: str, op: str, amount: n.Phrase) -> fx.Filter:
    """A characteristic bounded by a number, as the filter "with 3 [M] or less" / "with Energy cost [3] or more"
    compiles to."""
    if op == "==":
        raise CompileError(amount.span, "a cost equal to a number is not read yet",
                           "write the bound as “[3] or less” or “[3] or more”, or compare with a measure")
    value = sum(int(s.value) if s.kind == "energy" else 1 for s in amount.parts)
    inclusive, step = _INCLUSIVE[op]
    if value + step < 0:
        raise CompileError(amount.span, "no characteristic is less than 0", "write a bound of 0 or more")
    return fx.Filter(kind, inclusive, value + step)


def might_bound(phrase: n.Phrase, scope) -> tuple[fx.Filter, ...]:
    """"with 3 Might" (exactly), "with at least 3 Might", "with at most 3 [M]": the Might each has now (143)."""
    op, number = phrase.parts
    return (fx.Filter("might", op.text, number),)


def measure(phrase: n.Phrase, kind: str, scope) -> fx.Measure:
    """The measure a characteristic is compared with: "mine", "my Might", "the Energy cost of that card"."""
    ob = _objects()
    if phrase.kind == "measure_mine":
        return fx.Measure(kind, fx.Selector("the", reference="self"))
    if phrase.kind == "measure_whose":
        owner, stat = phrase.parts
        return fx.Measure(STATS[stat.text], ob._measured(owner.text, scope))
    if phrase.kind == "measure_stat_of":
        stat, np = phrase.parts
        return fx.Measure(STATS[stat.text], ob.selector(np, scope))
    return ob.measure(phrase, scope)                   # "the number of cards in your hand"


def _same_name(phrase: n.Phrase, scope) -> tuple[fx.Filter, ...]:
    """"with the same name as it": the object's name equals that object's (a card's name, 138)."""
    return (fx.Filter("same_name", of=_objects().selector(phrase.parts[0], scope)),)


def _same_controller_as(phrase: n.Phrase, scope) -> tuple[fx.Filter, ...]:
    """"with the same controller as me": the object's controller is that object's controller (183)."""
    return (fx.Filter("same_controller_as", of=_objects().selector(phrase.parts[0], scope)),)


WITH_FILTERS = {"with_stat_test": _stat_test, "with_might_bound": might_bound, "with_same_name": _same_name, "with_same_controller_as": _same_controller_as}
