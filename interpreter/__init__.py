"""Riftbound card text and rules as a Lark-parsed DSL.

One package per stage, imports going only down (README, "Layout"; checked by import-linter):
``language`` (parse, transform, AST nodes) -> ``rules`` (the rules as data) -> ``compiler``
(effect objects) -> ``render`` and ``engine`` (the runtime) -> ``scenarios``, ``lint``,
``coverage`` -> ``cli``; ``cards`` reads card files and ``base`` holds what all of them use.
"""
from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.compiler.compile import CompileError, Compiler
from interpreter.compiler.pipeline import CardResult, compile_card, compile_text
from interpreter.rules.data import RulesData, default_rules

__all__ = [
    "CardResult",
    "CompileError",
    "Compiler",
    "Diagnostic",
    "InputError",
    "RulesData",
    "compile_card",
    "compile_text",
    "default_rules",
]
__version__ = "0.1.0"
