"""Render stage, the game actions read through the lexicon: "Burn 2.", "Empower me.", "can't be countered".

The words come from the lexicon of the renderer's rules data (rules_data/actions.yaml), so an action
a rules_data copy adds is said back in its own words.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from interpreter.compiler.effects import symbols_text
from interpreter.language.lexicon import Lexicon, active_lexicon

from .objects import amount_text, np_text


def lexicon_of(r) -> Lexicon:
    return getattr(r.rules, "lexicon", None) or active_lexicon()


def action_text(r, e: fx.GameAction) -> str:
    """The instruction of an action of the lexicon, with what it takes (its format line)."""
    verb = lexicon_of(r).form(e.action, "base")
    if verb is None:
        raise KeyError(e.action)
    if e.amount is not None:
        return f"{verb} {amount_text(r, e.amount)}"
    if e.objects and e.place is not None and len(e.options) == 1:   # "hide me facedown at a battlefield" (421.1)
        from .objects import located
        return f"{verb} " + " and ".join(np_text(r, o) for o in e.objects) + f" {e.options[0]} {located(e.place)}"
    if e.objects:
        return f"{verb} " + " and ".join(np_text(r, o) for o in e.objects)
    if e.cost:
        return f"{verb} {symbols_text(e.cost)}"
    if len(e.options) == 3 and e.options[1] == "point":                  # "skip their next point from conquering"
        owner, _point, way = e.options
        tail = " this turn" if e.duration == "this_turn" else ""
        return f"{verb} {owner.replace('_', ' ')} point from {way}ing{tail}"
    if len(e.options) == 2 and e.options[1].endswith("_phase"):         # "skip your Draw Phase" (443)
        owner, phase = e.options
        return f"{verb} {owner.replace('_', ' ')} {phase.removesuffix('_phase').capitalize()} Phase"
    return verb


def participle(r, action: str) -> str:
    """"countered" for counter: the past participle of an action, for "can't be ..."."""
    if action in fx.ACTION_PARTICIPLES:
        return fx.ACTION_PARTICIPLES[action]
    word = lexicon_of(r).form(action, "done")
    if word is None:
        raise KeyError(action)
    return word
