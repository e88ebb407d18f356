"""Wording linter for card designers (``riftbound lint``).

Rules live one a module in ``lint/rules`` (named by their code) and are listed in
``registry.RULES``; each returns ``Finding`` objects whose fixes are data (edits to
spans of a card text). ``source`` reads card files with every text and field value
mapped back to its file, ``engine`` runs the rules (over each text, or over each
card's fields) and turns what does not load into RB000 findings, ``suggest`` finds
"did you mean" words, ``fixer`` writes fixes atomically, ``output`` prints findings
as text, JSON, SARIF or GitHub annotations, ``docs`` writes docs/lint-rules.md.
"""
from interpreter.lint.model import Edit, Finding, Fix

__all__ = ["Edit", "Finding", "Fix"]
