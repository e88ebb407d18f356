"""What the rules over card fields share: the domains and power letters of the rules data.

The six domains and their letters come from rule 134.2 as kept in rules_data (the
``power_symbols`` table: ``[R]`` stands for power of the Fury domain, ...); ``[A]`` and
``[C]`` are the any-domain and own-domain symbols of 135.2.e.5-6.
"""
from __future__ import annotations

from functools import cache

CARD_LEVEL = ("card",)     # FIELDS of a rule over card fields (model.CARD)


@cache
def power_letters() -> dict[str, dict]:
    """Power letter -> its entry in the rules data ({'domain': 'Fury', 'rule': '134.2.a'}, ...)."""
    from interpreter.rules.data import default_rules

    return {symbol.strip("[]"): entry for symbol, entry in default_rules().power_symbols.items()}


@cache
def domain_letters() -> dict[str, str]:
    """Domain name -> its power letter (134.2.a-f)."""
    return {entry["domain"]: letter for letter, entry in power_letters().items()
            if entry["domain"] not in ("any", "own")}


def domain_rule(domain: str) -> str:
    letter = domain_letters().get(domain)
    return power_letters()[letter]["rule"] if letter else "134.2"


def is_number(value) -> bool:
    """An integer written as a number (YAML reads ``true`` as a bool, which is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value) -> str:
    """A field value as the card file would write it, for a message."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "[" + ", ".join(shown(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {shown(item)}" for key, item in value.items()) + "}"
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
