"""What a rule sees: one text of one card, with the card's fields and cached views of the text.

The raw text is always there; the parse tree, the AST and the effect objects are
computed on first use and only when the grammar reads the text (rules fall back to
the raw text where it does not).
"""
from __future__ import annotations

from functools import cached_property

from .config import LintConfig
from .source import CardRecord
from .textscan import rules_text

# Domain names and their power letters (rule 134; DESIGN.md section 4).
_DOMAIN_LETTERS = {"Fury": "R", "Calm": "G", "Mind": "B", "Body": "O", "Chaos": "P", "Order": "Y"}


class RuleContext:
    """One card text being linted."""

    def __init__(self, card: CardRecord, field: str, config: LintConfig):
        self.card, self.field, self.config = card, field, config
        self.text: str = card.fields.get(field) or ""

    @property
    def card_type(self) -> str | None:
        return self.card.card_type

    @property
    def is_token(self) -> bool:
        return self.card.fields.get("supertype") == "Token"

    @cached_property
    def plain(self) -> str:
        """The text with reminder text and quoted abilities blanked out."""
        return rules_text(self.text)

    @cached_property
    def rules(self):
        from interpreter.rules.data import default_rules

        return default_rules()

    @cached_property
    def parsed(self):
        """(tree, None) when the grammar reads the text, else (None, the parse diagnostic)."""
        from interpreter.base.diagnostics import InputError
        from interpreter.language.parse import parse

        try:
            return parse(self.text, start="card_text"), None
        except InputError as error:
            return None, error.diagnostic

    @property
    def text_card_type(self) -> str | None:
        """The card type the text is read as: an Equipment's effect text is text of the unit it is
        attached to (136.2.c)."""
        return "unit" if self.field == "effect_text" else self.card_type

    @cached_property
    def compiled(self):
        """(effects, None) when the whole text compiles; (None, the compile diagnostic) when the
        grammar reads it but the compiler does not; (None, None) when it does not parse."""
        if self.parsed[0] is None:
            return None, None
        from interpreter.base.diagnostics import InputError
        from interpreter.compiler.pipeline import compile_tree

        try:
            return compile_tree(self.parsed[0], self.text, card_type=self.text_card_type), None
        except InputError as error:
            return None, error.diagnostic

    @property
    def effects(self):
        """The effect objects of the whole text when it compiles, else None."""
        return self.compiled[0]

    def domain_symbol(self) -> str | None:
        """The power symbol of the card's single domain, e.g. [R]; None for none or several."""
        letters = self.card.fields.get("domain_letters")
        if not isinstance(letters, list):
            domains = self.card.fields.get("domains")
            letters = [_DOMAIN_LETTERS.get(d) for d in domains] if isinstance(domains, list) else []
        letters = [letter for letter in letters if letter]
        return f"[{letters[0]}]" if len(letters) == 1 else None
