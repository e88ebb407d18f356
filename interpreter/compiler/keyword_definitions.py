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
from dataclasses import fields, is_dataclass
from functools import cache

from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.language import nodes as n

from . import effects as fx
from .base import replace

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


# "[Text]" of a dependent keyword's definition, with the quotes around it (828.1.b.1, 824.1.b.1, 812.1.b.1).
_TEXT = re.compile(r"[‘'“\"]?\[Text\][’'”\"]?")


def defined_dependent(compiler, ability: fx.KeywordedAbility, text_span: n.Span) -> fx.KeywordedAbility:
    """``[K][>] <text>`` with its definition when the vocabulary names the rule that gives one: the quoted
    text of that rule ("While I have the Empowered status, this card gains ‘[Text]’.", 828.1.b.1) with the
    card's own dependent text quoted in for "[Text]", read by the grammar (727.1: a condition and the ability
    it makes active)."""
    lexicon = getattr(compiler.rules, "lexicon", None)
    entry = lexicon.vocabulary["keywords"].get(ability.keyword.name) if lexicon is not None else None
    source = getattr(compiler, "source_text", None)
    if not entry or "short_for" not in entry or source is None or text_span is None:
        return ability
    rule_id = entry["short_for"]
    own = source[text_span.start:text_span.end].strip()
    key = (ability.keyword.name, ability.keyword.value, own)
    cache = compiler.__dict__.setdefault("_keyword_definitions", {})
    if key not in cache:
        quoted = own if own.endswith((".", "!", ")")) else own + "."
        cache[key] = _definition(compiler, rule_id, ability, lambda text: _TEXT.sub(lambda _m: f"“{quoted}”", text))
    definition = tuple(_at(effect, ability.span) for effect in cache[key])
    return replace(ability, rules=tuple(dict.fromkeys((*ability.rules, rule_id))), definition=definition)


def defined_paid(compiler, ability: fx.KeywordAbility) -> fx.KeywordAbility:
    """"[Equip] — [Y], Kill a friendly unit" with its definition when the vocabulary names the rule that gives
    one: the quoted text of that rule ("[Cost]: Attach this to a unit you control.", 818.1.c.2) read by the
    grammar, the activated ability it makes costing what the card prints after the dash; unchanged when the
    rule's text has no "[Cost]" to fill."""
    lexicon = getattr(compiler.rules, "lexicon", None)
    entry = lexicon.vocabulary["keywords"].get(ability.keyword.name) if lexicon is not None else None
    if not entry or "short_for" not in entry or not ability.paid:
        return ability
    rule_id = entry["short_for"]
    if "[Cost]" not in definition_text(compiler, rule_id, ability):
        return ability
    placeholder = replace(ability, cost=(fx.Cost("energy", 1),))     # read as "[1]: ...", then the cost put in
    key = (ability.keyword.name, ability.keyword.value, placeholder.cost)
    cache = compiler.__dict__.setdefault("_keyword_definitions", {})
    if key not in cache:
        cache[key] = _definition(compiler, rule_id, placeholder)
    definition = tuple(replace(effect, costs=ability.paid) if isinstance(effect, fx.ActivatedAbility) else effect
                       for effect in (_at(effect, ability.span) for effect in cache[key]))
    return replace(ability, rules=tuple(dict.fromkeys((*ability.rules, rule_id))), definition=definition)


def with_cost_changes(ability, passive: fx.PassiveAbility):
    """"[Empower] [5]. This ability costs [3] less if ...": the cost change is part of the activated ability
    the keyword is short for (827.1.c.3, 818.1.c.4), which reads it as it is activated; the passive stays on
    the card's line as printed."""
    if not isinstance(ability, fx.KeywordAbility) or not passive.effects \
            or not all(_about_this_ability(s) for s in passive.effects):
        return ability
    activated = [part for part in ability.definition if isinstance(part, fx.ActivatedAbility)]
    if len(activated) != 1:
        return ability
    changed = replace(activated[0], effects=activated[0].effects + passive.effects)
    return replace(ability, definition=tuple(changed if part is activated[0] else part for part in ability.definition))


def _about_this_ability(statement) -> bool:
    if isinstance(statement, fx.Conditional):
        return bool(statement.effects) and all(_about_this_ability(s) for s in statement.effects)
    return isinstance(statement, fx.StaticEffect) and statement.kind == "cost_change" and "ability" in statement.holder.types


def definition_text(compiler, rule_id: str, ability: fx.KeywordAbility) -> str:
    """The quoted text of rule ``rule_id`` with the card's cost and value put in."""
    entry = compiler.rules.book.entries.get(rule_id)
    found = _QUOTED.search(entry.text) if entry is not None else None
    if found is None:
        raise _error(compiler, rule_id, f"rule {rule_id} quotes no text the keyword [{ability.keyword.name}] is short for",
                     "expected a rule whose text says “... is functionally short for “<card text>”.”")
    text = found.group("curly") or found.group("straight")
    cost = fx.symbols_text(ability.cost) if getattr(ability, "cost", None) else None
    if cost is not None:
        text = re.sub(r"\[Cost\]|\bits " + re.escape(ability.keyword.name) + r" cost\b", cost, text, flags=re.IGNORECASE)
    if ability.keyword.value is not None:
        text = re.sub(r"\bX\b|\[N\]", str(ability.keyword.value), text)
    return text


def _definition(compiler, rule_id: str, ability, fill=None) -> tuple[fx.Effect, ...]:
    from interpreter.language.parse import parse
    from interpreter.language.transform import DslTransformer

    from .base import CompileError

    text = definition_text(compiler, rule_id, ability)
    text = fill(text) if fill is not None else text
    card_type = None      # the definition is read for any card that has the keyword ("this" is its source)
    saved = compiler.spell_scope, compiler.card_names, getattr(compiler, "source_text", None)
    try:
        node = DslTransformer().transform(parse(text, start="card_text", lexicon=compiler.rules.lexicon))
        compiler.spell_scope = None
        abilities = []
        for line in node.parts:
            abilities.extend(compiler.abilities(line.parts[0], card_type))
        if (compiler.rules.keyword(ability.keyword.name) or {}).get("kind") == "passive":
            return tuple(_as_passive(compiler, rule_id, part) for part in abilities)
        return tuple(abilities)
    except (InputError, CompileError) as error:
        message = error.diagnostic.message if isinstance(error, InputError) else error.message
        raise _error(compiler, rule_id, f"the definition of [{ability.keyword.name}] (rule {rule_id}, “{text}”) "
                     f"cannot be read: {message}", "expected card text the grammar reads, such as “[Cost]: Draw 1.”")
    finally:
        compiler.spell_scope, compiler.card_names, compiler.source_text = saved


def _as_passive(compiler, rule_id: str, part: fx.Effect) -> fx.Effect:
    """The definition of a passive keyword is a passive ability (829.1: "Flow is a passive ability keyword"):
    "You may play this from your trash for [2]" read without a card type is an instruction, and in a
    passive it is a permission of the card's player (364): a play permission whose holder is the card in
    that zone, with the cost it is played for instead of its own (829.1.c.1). "Then banish it" after that
    play is already the delayed replacement of 390.3.a (where the card goes when it would leave the chain)."""
    if not isinstance(part, fx.SpellEffect):
        return part
    statements, permitted = [], None
    for effect in part.effects:
        if _play_of_self(effect):
            play = effect.effect
            holder = fx.Selector("the", zone=play.objects[0].zone, reference="self")
            statements.append(fx.StaticEffect(play.span, ("364", rule_id), "play_permission", holder, cost=play.cost))
            permitted = holder
        elif permitted is not None and isinstance(effect, fx.Delayed) and "390.3.a" in effect.rules:
            statements.append(effect)      # "Then banish it": the delayed replacement compile.py reads (390.3.a)
        else:
            raise _error(compiler, rule_id, f"the definition of a passive keyword (rule {rule_id}) gives an instruction "
                         "a passive ability cannot hold", "expected permissions and statements, such as “You may "
                         "play this from your trash for its flow cost. Then banish it.”")
    return fx.PassiveAbility(part.span, ("364",), tuple(statements))


def _play_of_self(effect) -> bool:
    """"You may play this from your trash ...": the card's player may play the card itself from a zone."""
    if not isinstance(effect, fx.MayDo) or not isinstance(effect.effect, fx.GameAction):
        return False
    play = effect.effect
    you = effect.player is None or effect.player.reference == "you"
    return you and play.action == "play" and len(play.objects) == 1 and play.objects[0].reference == "self" \
        and play.objects[0].zone is not None


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
        names, all_init = _fields_of(type(value))
        changes = {name: _at(getattr(value, name), span) for name in names if name != "span"}
        if "span" in names:
            changes["span"] = span
        # every field is given: the class itself builds the copy (what ``replace`` does, without its checks)
        return type(value)(**changes) if all_init else replace(value, **changes)
    return value


@cache
def _fields_of(cls) -> tuple[tuple[str, ...], bool]:
    """The names of a dataclass's fields, and whether its constructor takes them all."""
    found = fields(cls)
    return tuple(f.name for f in found), all(f.init for f in found)
