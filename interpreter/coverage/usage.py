"""Where a rule is used: rules tables, compiled effects of the card pool, and interpreter code.

- tables: the RulesData tables whose entries cite the rule (e.g. ``defaults.creation_zone.unit``);
- effects: every effect object (and decision inside it) of the compiled cards in cards/
  whose ``rules`` name the rule;
- code: lines of the interpreter that cite the rule, in a comment (``# 439.2.b.1``) or as
  a quoted rule id (the runtime notes the rules it applies that way).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_CITATION = re.compile(r"(?:#[^\n]*?|[\"'])\b(\d{3}(?:\.[0-9a-z]+)*)\b")
_TABLES = ("defaults", "keywords", "zones", "token_zones", "scoring", "layers", "layer_rules", "might",
           "power_symbols", "rune_pool", "cleanup", "cannot", "replacement", "categories", "new_object_clears",
           "timing", "standard_move", "recycle", "control", "privacy", "turn")


@dataclass(frozen=True, slots=True)
class Usage:
    """One place that cites a rule."""

    kind: str      # table | effect | code
    where: str     # file:line, or the table path
    what: str      # what cites it there


def usages(rule_id: str, rules) -> list[Usage]:
    """Every place that cites ``rule_id`` exactly."""
    found = [Usage("table", path, "rules table") for path in table_paths(rules, rule_id)]
    found += [usage for cited, usage in effect_usages(rules) if cited == rule_id]
    found += [usage for cited, usage in code_usages() if cited == rule_id]
    return found


def table_paths(rules, rule_id: str) -> list[str]:
    """Paths in the RulesData tables whose value is ``rule_id`` ('defaults.entry_state.unit.rule')."""
    out: list[str] = []
    for name in _TABLES:
        _walk_table(getattr(rules, name, None), name, rule_id, out)
    if rule_id in {token.rule for token in rules.tokens.values()}:
        out += [f"tokens.{name}" for name, token in rules.tokens.items() if token.rule == rule_id]
    if rules.new_object_rule == rule_id:
        out.append("new_object_rule")
    return out


def _walk_table(value, path: str, rule_id: str, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _walk_table(item, f"{path}.{key}", rule_id, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk_table(item, f"{path}[{index}]", rule_id, out)
    elif value == rule_id:
        trimmed = re.sub(r"\.(\w+_)?(rule|rules)(\[\d+\])?$|\[\d+\]$", "", path)
        if trimmed not in out:
            out.append(trimmed)


def effect_usages(rules) -> list[tuple[str, Usage]]:
    """(rule id, usage) for every rule cited by a compiled effect of the embedded card pool.

    NOTE: compiling the 765 cards takes most of a second or two, so for the shipped rules the
    citations are kept in a cache file (``rules.cache.pickled``) keyed by the content of everything
    they follow from: the card files, the rules data, the grammar and the interpreter's modules.
    Any changed byte there compiles the pool again; a modified rules_data copy is never cached."""
    from interpreter.rules.cache import is_shipped, pickled

    if not is_shipped(rules.folder):
        return _compiled_usages(rules)
    return pickled("riftbound-usages", _pool_key(rules.folder), lambda: _compiled_usages(rules), list)


def _pool_key(folder: Path) -> str:
    """A hash of what the pool's compiled citations depend on."""
    import hashlib

    from interpreter.cards.card_files import card_files
    from interpreter.base.resources import cards_dir
    from interpreter.rules.cache import rules_key

    digest = hashlib.sha256(b"pool-usages/1" + rules_key(folder).encode())
    here = Path(__file__).resolve().parent.parent  # interpreter/
    extra = [Path(folder) / "actions.yaml", Path(folder) / "game.yaml", *sorted(here.rglob("*.py"))]
    for path in [*card_files(cards_dir()), *extra]:
        digest.update(str(path).encode())
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()[:32]


def _compiled_usages(rules) -> list[tuple[str, Usage]]:
    """Compile every card of the embedded pool and collect the rules its effects cite."""
    from interpreter.cards.card_files import card_files, load_cards
    from interpreter.compiler.compile import Compiler
    from interpreter.compiler.pipeline import compile_card
    from interpreter.base.resources import cards_dir

    using = Compiler(rules)
    out = []
    for path in card_files(cards_dir()):
        for card in load_cards(path):
            result = compile_card(card, using)
            for effect in result.abilities or ():
                out.extend(_cited(effect, f"{_short(card.path)}:{card.line}", card.name, type(effect).__name__))
    return out


def _cited(obj, where: str, card: str, path: str):
    """Walk an effect object; yield (rule id, usage) for each ``rules`` tuple met."""
    rules = getattr(obj, "rules", None)
    if isinstance(rules, tuple):
        for rule_id in rules:
            yield rule_id, Usage("effect", where, f"{card}: {path}")
    if dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            if field.name in ("rules", "span"):
                continue
            yield from _cited_value(getattr(obj, field.name), where, card, f"{path}.{field.name}")


def _cited_value(value, where, card, path):
    if isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _cited_value(item, where, card, f"{path}[{index}]")
    elif dataclasses.is_dataclass(value):
        yield from _cited(value, where, card, f"{path}:{type(value).__name__}")


@cache
def code_usages() -> tuple[tuple[str, Usage], ...]:
    """(rule id, usage) for every rule id cited in the interpreter's code."""
    package = Path(__file__).resolve().parent.parent  # interpreter/
    out = []
    for path in sorted(package.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in _CITATION.finditer(line):
                out.append((match.group(1), Usage("code", f"{_short(str(path))}:{number}", line.strip()[:100])))
    return tuple(out)


def _short(path: str) -> str:
    """A path relative to the project (or the package) when it lies inside it."""
    here = Path(__file__).resolve().parent.parent  # interpreter/
    for base in (here.parent, here):
        try:
            return str(Path(path).resolve().relative_to(base))
        except ValueError:
            continue
    return path
