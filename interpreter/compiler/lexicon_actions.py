"""Compile stage, the game actions read through the lexicon (407-458): "Burn 2.", "Empower me.".

An action of rules_data/actions.yaml that the grammar has no phrase rules of its own for is read
by the general action phrase (``lexicon_action``): its verb, then what it takes. What it takes comes
from its entry in the lexicon (its format line, e.g. 440.2 "Burn X."): a count, an object, a cost,
or nothing. A text whose argument does not fit the format line is refused at its words.
"""
from __future__ import annotations

from interpreter.language import nodes as n
from interpreter.language.lexicon import Action, Lexicon, active_lexicon

from . import effects as fx
from .base import CompileError, costs_of, replace

_SAYS = {"count": "a number, as in “{Verb} 2.”", "object": "what it is done to, as in “{Verb} a unit.”",
         "cost": "a cost, as in “{Verb} [1].”", "none": "nothing after the verb, as in “{Verb}.”",
         "procedure": "a part of the turn, as in “{Verb} your Draw Phase.”"}


_SCORE_WAYS = {"conquering": "conquer", "holding": "hold"}     # the ways to score (469)


def lexicon_of(compiler) -> Lexicon:
    """The lexicon of the compiler's rules data (the lexicon in use when it has none)."""
    return getattr(compiler.rules, "lexicon", None) or active_lexicon()


def action_of(compiler, word: n.Word) -> Action:
    """The game action whose form ``word`` is, or a located error."""
    action = lexicon_of(compiler).action_of(word.text)
    if action is None:
        raise CompileError(word.span, f"“{word.text}” is no game action of the rules data",
                           "expected a game action of rules_data/actions.yaml (407-458)")
    return action


def lexicon_action(compiler, node: n.Phrase, scope) -> fx.GameAction:
    """"Burn 2." (440.2), "Empower me." (441): the action with what its format line says it takes."""
    from .clauses import named_object

    verb, *rest = node.parts
    action = action_of(compiler, verb)
    if node.kind == "lexicon_action_placed":
        return _placed(compiler, node, action, scope)
    argument = rest[0] if rest else None
    got = "procedure" if node.kind in ("lexicon_action_phase", "lexicon_action_point") else _shape(argument)
    if got != action.takes:
        rule = action.rules.get("format", action.rule)
        raise CompileError(node.span, f"“{verb.text}” takes {_SAYS[action.takes].split(',')[0]} (rule {rule})",
                           "write " + _SAYS[action.takes].format(Verb=verb.text.capitalize()))
    rules = tuple(dict.fromkeys((action.rule, *([action.rules["format"]] if "format" in action.rules else ()))))
    if got == "count":
        return fx.GameAction(node.span, rules, action.name, amount=fx.Amount("count", argument))
    if got == "object":
        return fx.GameAction(node.span, rules, action.name, objects=(named_object(argument, scope),))
    if got == "cost":
        return fx.GameAction(node.span, rules, action.name, cost=costs_of(argument))
    if got == "procedure" and node.kind == "lexicon_action_point":
        # "They skip their next point from conquering this turn": whose point, the way it is scored (469: by
        # conquering or holding) and until when; skipping it replaces that event with nothing (443.1.a, 443.4)
        owner, _point, way, *duration = rest
        options = (owner.text.replace(" ", "_"), "point", _SCORE_WAYS[way.text])
        replacement = (action.rules["replacement"],) if "replacement" in action.rules else ()
        return fx.GameAction(node.span, rules + replacement + ("469",), action.name, options=options,
                             duration=duration[0].text if duration else None)
    if got == "procedure":
        # "Skip your Draw Phase": whose phase, and which (315-317); the options name both
        owner, phase = rest
        entry = lexicon_of(compiler).vocabulary["phases"][phase.text]
        options = (owner.text.replace(" ", "_"), phase.text + "_phase")
        replacement = (action.rules["replacement"],) if "replacement" in action.rules else ()   # 443.4
        return fx.GameAction(node.span, rules + replacement + (entry["rule"],), action.name, options=options)
    return fx.GameAction(node.span, rules, action.name)


def _placed(compiler, node: n.Phrase, action: Action, scope) -> fx.GameAction:
    """"Hide me facedown at a battlefield you control" (421.1): the object, the status it is left in (124.2,
    ``options``) and the place (``place``); the action must take an object (its format line)."""
    from .clauses import named_object
    from .objects import place

    verb, obj, status, where, *relative = node.parts
    if action.takes != "object":
        rule = action.rules.get("format", action.rule)
        raise CompileError(node.span, f"“{verb.text}” takes {_SAYS[action.takes].split(',')[0]} (rule {rule})",
                           "write " + _SAYS[action.takes].format(Verb=verb.text.capitalize()))
    entry = lexicon_of(compiler).vocabulary["statuses"][status.text.lower()]
    rules = tuple(dict.fromkeys((action.rule, entry["rule"])))
    at = place(where, scope)
    if relative:                      # "... that doesn't already have a facedown card hidden there"
        from .conditions import where as condition_of
        at = replace(at, where=condition_of(relative[0].parts[0], scope))
    return fx.GameAction(node.span, rules, action.name, objects=(named_object(obj, scope),), place=at,
                         options=(status.text.lower(),))


def _shape(argument) -> str:
    if argument is None:
        return "none"
    if isinstance(argument, int):
        return "count"
    if isinstance(argument, n.NounPhrase):
        return "object"
    return "cost"


def participle_action(compiler, word: str) -> str:
    """The action whose past participle is ``word`` ("countered" -> counter), from the lexicon."""
    action = lexicon_of(compiler).action_of(word)
    if action is None or not action.forms or action.forms[2] != word:
        raise LookupError(f"{word!r} is no participle of the lexicon")   # the grammar reads only participles here
    return action.name
