"""Compile stage, keywords as the rules define them (800-829): "[Empower] [5]" is "[5]: Empower this. ...".

A keyword whose entry in rules_data/vocabulary.yaml names a ``short_for`` rule means the text that
rule quotes ("Empower is functionally short for “[Cost]: Empower this. Play only if not
Empowered.”", 827.1.c.1). That text is read by the same grammar, with the card's own cost put in for
"[Cost]" and "its <keyword> cost" and its value for "X", and compiled; the result is the keyword
ability's ``definition``. The renderer gives the keyword back, never its expansion. A definition the
grammar cannot read is one diagnostic at that rule in rules_data.
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace

from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.language import nodes as n

from . import effects as fx

# The quoted text after "short for": “...” or "...".
_QUOTED = re.compile(r"short for:?\s*(?:“(?P<curly>[^”]+)”|\"(?P<straight>[^\"]+)\")")


def defined(compiler, ability: fx.KeywordAbility) -> fx.KeywordAbility:
    """The keyword ability with its definition, when the vocabulary names the rule that gives one."""
    lexicon = getattr(compiler.rules, "lexicon", None)
    entry = lexicon.vocabulary["keywords"].get(ability.keyword.name) if lexicon is not None else None
    if not entry or "short_for" not in entry:
        return ability
    rule_id = entry["short_for"]
    key = (ability.keyword.name, ability.keyword.value, ability.cost)
    cache = compiler.__dict__.setdefault("_keyword_definitions", {})
    if key not in cache:
        cache[key] = _definition(compiler, rule_id, ability)
    definition = tuple(_at(effect, ability.span) for effect in cache[key])
    return replace(ability, rules=tuple(dict.fromkeys((*ability.rules, rule_id))), definition=definition)


def definition_text(compiler, rule_id: str, ability: fx.KeywordAbility) -> str:
    """The quoted text of rule ``rule_id`` with the card's cost and value put in."""
    entry = compiler.rules.book.entries.get(rule_id)
    found = _QUOTED.search(entry.text) if entry is not None else None
    if found is None:
        raise _error(compiler, rule_id, f"rule {rule_id} quotes no text the keyword [{ability.keyword.name}] is short for",
                     "expected a rule whose text says “... is functionally short for “<card text>”.”")
    text = found.group("curly") or found.group("straight")
    cost = fx.symbols_text(ability.cost) if ability.cost else None
    if cost is not None:
        text = re.sub(r"\[Cost\]|\bits " + re.escape(ability.keyword.name) + r" cost\b", cost, text, flags=re.IGNORECASE)
    if ability.keyword.value is not None:
        text = re.sub(r"\bX\b|\[N\]", str(ability.keyword.value), text)
    return text


def _definition(compiler, rule_id: str, ability: fx.KeywordAbility) -> tuple[fx.Effect, ...]:
    from interpreter.language.parse import parse
    from interpreter.language.transform import DslTransformer

    from .base import CompileError

    text = definition_text(compiler, rule_id, ability)
    card_type = None      # the definition is read for any card that has the keyword ("this" is its source)
    saved = compiler.spell_scope, compiler.card_names
    try:
        node = DslTransformer().transform(parse(text, start="card_text", lexicon=compiler.rules.lexicon))
        compiler.spell_scope = None
        abilities = []
        for line in node.parts:
            abilities.extend(compiler.abilities(line.parts[0], card_type))
        return tuple(abilities)
    except (InputError, CompileError) as error:
        message = error.diagnostic.message if isinstance(error, InputError) else error.message
        raise _error(compiler, rule_id, f"the definition of [{ability.keyword.name}] (rule {rule_id}, “{text}”) "
                     f"cannot be read: {message}", "expected card text the grammar reads, such as “[Cost]: Draw 1.”")
    finally:
        compiler.spell_scope, compiler.card_names = saved


def _error(compiler, rule_id: str, message: str, help: str) -> InputError:
    entry = compiler.rules.book.entries.get(rule_id)
    where = entry.where if entry is not None else None
    path, line, column = (where.path, where.line, where.column) if where is not None else (str(compiler.rules.folder), 1, 1)
    return InputError(Diagnostic("E121", message, path, line, column, "", help))


def _at(value, span: n.Span | None):
    """``value`` with every span set to ``span`` (the keyword's words on the card)."""
    if isinstance(value, tuple):
        return tuple(_at(item, span) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _at(getattr(value, f.name), span) for f in fields(value) if f.name != "span"}
        if any(f.name == "span" for f in fields(value)):
            changes["span"] = span
        return replace(value, **changes)
    return value
