"""Hover: what the rules say about the word under the cursor, and what its ability compiles to.

A bracketed keyword shows its rule and reminder text (135.2.d); a symbol the rule that
defines its shorthand (134.2, 135.2.e); a token's name its definition (187). Anywhere in a
card text, the innermost compiled effect under the cursor shows the rules it cites, with
their text, and the whole ability is shown as canonical text and as its effect objects.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import is_dataclass, fields
from functools import cache

from interpreter.compiler.serialize import describe
from interpreter.render.renderer import render_card
from interpreter.rules.data import RulesData

from .analysis import Analyzer, Analysis

_TOKEN = re.compile(r"\[[^\[\]\n]{1,40}\]|[A-Za-z][A-Za-z'\u2019-]*")
MAX_DESCRIBED = 30          # lines of effect objects shown
MAX_RULES = 4               # rules quoted for one effect


def text_position(analysis: Analysis, line: int, column: int):
    """(card index, field, text map, offset in the text) under a 1-based file position, or None."""
    source = analysis.source
    if source is None or not 0 < line <= len(source.line_starts):
        return None
    offset = source.line_starts[line - 1] + column - 1
    for index, card in enumerate(source.cards):
        for field, text_map in card.texts.items():
            if not text_map.aligned or not text_map.value:
                continue
            at = bisect_right(text_map.starts, offset) - 1
            if at >= 0 and text_map.starts[at] <= offset < max(text_map.ends[at], text_map.starts[at] + 1):
                return index, field, text_map, at
            if at == len(text_map.value) - 1 and offset == text_map.ends[at]:
                return index, field, text_map, at
    return None


def hover(analyzer: Analyzer, analysis: Analysis, rules: RulesData, line: int, column: int) -> str | None:
    """Markdown for the position, or None when it is not inside a card text."""
    found = text_position(analysis, line, column)
    if found is None:
        return None
    index, field, text_map, offset = found
    card = analysis.source.cards[index]
    text = text_map.value
    parts = []
    word = _word_at(text, offset)
    if word is not None:
        parts.extend(_about_word(word, rules))
    abilities, diagnostic = analyzer.compiled(text, card.card_type, field)
    if abilities is None:
        parts.append(f"This text does not compile: {diagnostic.code} {diagnostic.message}")
        return "\n\n".join(parts)
    ability = next((a for a in abilities if a.span is not None and a.span.start <= offset < a.span.end), None)
    if ability is None:
        return "\n\n".join(parts) or None
    innermost = _innermost(ability, offset)
    parts.extend(_cited(innermost, rules))
    parts.append("**Compiles to:** " + render_card((ability,), "unit" if field == "effect_text" else card.card_type))
    lines = describe(ability)
    shown = lines[:MAX_DESCRIBED] + ([f"... {len(lines) - MAX_DESCRIBED} more lines"] if len(lines) > MAX_DESCRIBED else [])
    parts.append("```\n" + "\n".join(shown) + "\n```")
    return "\n\n".join(parts)


def _word_at(text: str, offset: int) -> str | None:
    for match in _TOKEN.finditer(text):
        if match.start() <= offset < match.end():
            return match.group(0)
    return None


def _about_word(word: str, rules: RulesData) -> list[str]:
    """Rules about a bracketed keyword, a symbol or a token name."""
    if word.startswith("["):
        inner = word[1:-1]
        name = inner.rsplit(" ", 1)[0] if inner.rsplit(" ", 1)[-1].isdigit() else inner
        definition = rules.keyword(name)
        if definition is not None:
            return _keyword(name, definition, rules)
        rule = symbol_rule(word, rules)
        return [_quote(rule, rules, f"**{word}**")] if rule else []
    token = rules.tokens.get(word) or rules.tokens.get(word.rstrip("s"))
    if token is not None:
        return [_quote(token.rule, rules, f"**{token.name}** token")]
    return []


def _keyword(name: str, definition: dict, rules: RulesData) -> list[str]:
    parts = [_quote(definition.get("rule"), rules, f"**[{name}]** keyword")]
    reminder = rules.reminder(name)
    if reminder:
        parts.append(f"Reminder text: *({reminder})*")
    return parts


_SHORTHAND = re.compile(r"(?:shorthand is|indicated by the) (\[[^\[\]\s]{1,3}\])")
_OLDER = re.compile(r"given its shorthand as (\[[^\[\]\s]{1,3}\])")     # "Some previous rules ... as [T]"


@cache
def symbols(rules: RulesData, older: bool = False) -> dict[str, str]:
    """Every symbol shorthand the rules give, with the rule that gives it (134.2, 135.2.e): "Its
    shorthand is [E]", "indicated by the [>] symbol"; with ``older``, also the shorthands earlier
    rules used ([T], [S]). Power symbols as the rules data keeps them."""
    found = {}
    patterns = (_SHORTHAND, _OLDER) if older else (_SHORTHAND,)
    for rule_id, entry in rules.book.entries.items():
        for pattern in patterns:
            for symbol in pattern.findall(entry.text):
                found.setdefault(symbol, rule_id)
    found.update({symbol: entry["rule"] for symbol, entry in rules.power_symbols.items()})
    return found


def symbol_rule(symbol: str, rules: RulesData) -> str | None:
    """The rule that gives ``symbol`` as a shorthand, older ones included, or None."""
    return symbols(rules, older=True).get(symbol)


def _quote(rule_id: str | None, rules: RulesData, title: str) -> str:
    entry = rules.book.get(rule_id) if rule_id else None
    if entry is None:
        return title
    text = entry.text
    children = rules.book.children(rule_id) if len(text.split()) < 4 else []
    if children:                                   # a heading ("806. Action"): quote its first rule too
        text = f"{text}. {children[0].id}: {children[0].text}"
    return f"{title} (rule {rule_id}): {text}"


def _innermost(value, offset: int):
    """The smallest effect object under ``offset`` that cites rules (the ability itself at worst)."""
    best = value
    for child in _children(value):
        span = getattr(child, "span", None)
        if span is not None and span.start <= offset < span.end:
            inner = _innermost(child, offset)
            if getattr(inner, "rules", ()):
                best = inner
    return best


def _children(value):
    if not is_dataclass(value):
        return
    for f in fields(value):
        item = getattr(value, f.name)
        for child in item if isinstance(item, tuple) else (item,):
            if is_dataclass(child):
                yield child


def _cited(effect, rules: RulesData) -> list[str]:
    cited = tuple(dict.fromkeys(getattr(effect, "rules", ()) or ()))
    if not cited:
        return []
    lines = [f"**{type(effect).__name__}** cites " + ", ".join(cited)]
    for rule_id in cited[:MAX_RULES]:
        entry = rules.book.get(rule_id)
        if entry is not None:
            lines.append(f"- {rule_id}: {entry.text}")
    return ["\n".join(lines)]
