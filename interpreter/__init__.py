"""Riftbound card text and rules as a Lark-parsed DSL.

Stages, one module each: ``parse`` (grammar) -> ``transform`` (AST ``nodes``) ->
``compile`` (``effects``, deciding defaults from ``rules_data``); ``pipeline`` runs
them for a text or a card, ``cards`` reads card files, ``cli`` is the command line.
"""
from .compile import CompileError, Compiler, compiler
from .diagnostics import Diagnostic, InputError
from .pipeline import CardResult, compile_card, compile_text
from .rules_data import RulesData, default_rules

__all__ = [
    "CardResult",
    "CompileError",
    "Compiler",
    "Diagnostic",
    "InputError",
    "RulesData",
    "compile_card",
    "compile_text",
    "compiler",
    "default_rules",
]
__version__ = "0.1.0"
