"""The one table of lint rules: code, name, whether it runs by default.

Each rule is the module ``interpreter.lint.rules.<CODE>``, imported only when the
rule runs or is explained. Its docstring is the rule's documentation (What it does /
Why is this bad? / Example / Use instead) and cites the game rule it enforces; its
``check(context)`` yields ``Finding`` objects.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class RuleInfo:
    """A registry entry: the code names the module."""

    code: str
    name: str
    default: bool = True

    @property
    def module(self):
        return _module(self.code)

    @property
    def doc(self) -> str:
        return (self.module.__doc__ or "").strip()

    @property
    def summary(self) -> str:
        return self.doc.splitlines()[0].rstrip(".") if self.doc else self.name

    @property
    def fields(self) -> tuple[str, ...]:
        return getattr(self.module, "FIELDS", ("text", "effect_text"))


@cache
def _module(code: str):
    return importlib.import_module(f"{__package__}.rules.{code}")


RULES: tuple[RuleInfo, ...] = (
    RuleInfo("RB000", "file-does-not-load"),
    RuleInfo("RB001", "text-does-not-parse"),
    RuleInfo("RB002", "text-does-not-compile"),
    RuleInfo("RB101", "deprecated-symbol"),
    RuleInfo("RB102", "energy-symbol-as-number"),
    RuleInfo("RB201", "unbracketed-keyword"),
    RuleInfo("RB202", "unknown-keyword"),
    RuleInfo("RB203", "old-keyword-separator"),
    RuleInfo("RB204", "keyword-capitalisation"),
    RuleInfo("RB205", "reminder-disagrees"),
    RuleInfo("RB206", "missing-reminder", default=False),
    RuleInfo("RB207", "keyword-defined-by-reminder"),
    RuleInfo("RB301", "token-contradicts-definition"),
    RuleInfo("RB302", "card-or-token-reach"),
    RuleInfo("RB303", "self-reference-type"),
    RuleInfo("RB401", "ambiguous-it"),
    RuleInfo("RB402", "dangling-if-you-do"),
    RuleInfo("RB403", "count-without-up-to"),
    RuleInfo("RB501", "inconsistent-dash"),
    RuleInfo("RB502", "inconsistent-quotes"),
    RuleInfo("RB503", "repeated-punctuation"),
    RuleInfo("RB504", "word-glued-to-reminder"),
    RuleInfo("RB505", "spaced-keyword-brackets"),
    RuleInfo("RB601", "field-type"),
    RuleInfo("RB602", "malformed-cost"),
    RuleInfo("RB603", "unknown-domain"),
    RuleInfo("RB604", "power-outside-domains"),
    RuleInfo("RB605", "might-on-wrong-type"),
    RuleInfo("RB606", "token-card-contradicts-definition"),
)
BY_CODE = {rule.code: rule for rule in RULES}


def codes_matching(selector: str) -> list[str]:
    """Codes a selector names: a code, a rule name, a prefix (RB2) or ALL.

    NOTE: like preview rules in ruff, a rule that is off by default is only enabled by
    its own code or name, never by a prefix or ALL.
    """
    selector = selector.strip()
    exact = [rule.code for rule in RULES if selector in (rule.name, rule.code) or selector.upper() == rule.code]
    if exact:
        return exact
    prefix = "" if selector.upper() == "ALL" else selector.upper()
    return [rule.code for rule in RULES if rule.default and selector and rule.code.startswith(prefix)]


def rule(code: str) -> RuleInfo | None:
    return BY_CODE.get(code.upper())
