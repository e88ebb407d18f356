"""Effect objects to JSON-ready data, and a readable indented text form.

JSON: every effect object becomes a mapping with ``type`` (its class name) and its
fields; spans become ``{line, column, end_line, end_column}``. The shape is described
by ``interpreter/schemas/compile.schema.json``.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from interpreter.language.nodes import Span


def to_data(value):
    """Plain JSON data for an effect object, a tuple of them, or a scalar."""
    if isinstance(value, Span):
        return {"line": value.line, "column": value.column, "end_line": value.end_line,
                "end_column": value.end_column}
    if is_dataclass(value):
        data = {"type": type(value).__name__}
        data.update((f.name, to_data(getattr(value, f.name))) for f in fields(value))
        return data
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    return value


def describe(value, indent: int = 0) -> list[str]:
    """Indented lines naming each object, its fields and the rules it cites."""
    pad = "  " * indent
    if not is_dataclass(value):
        return [pad + repr(value)]
    lines = [pad + type(value).__name__ + _cited(value)]
    for f in fields(value):
        if f.name in ("span", "rules"):
            continue
        lines.extend(_describe_field(f.name, getattr(value, f.name), indent + 1))
    return lines


def _describe_field(name: str, value, indent: int) -> list[str]:
    pad = "  " * indent
    if isinstance(value, tuple) and value and any(is_dataclass(item) for item in value):
        return [f"{pad}{name}:"] + [line for item in value for line in describe(item, indent + 1)]
    if is_dataclass(value):
        if _is_leaf(value):
            return [f"{pad}{name}: {_leaf(value)}"]
        return [f"{pad}{name}:"] + describe(value, indent + 1)
    if value is None or value is False or value in ((), ""):
        return []
    shown = ", ".join(map(str, value)) if isinstance(value, tuple) else value
    return [f"{pad}{name}: {shown}"]


def _is_leaf(value) -> bool:
    return all(not is_dataclass(getattr(value, f.name)) and not isinstance(getattr(value, f.name), tuple)
               or f.name == "rules" for f in fields(value))


def _leaf(value) -> str:
    parts = [f"{f.name}={getattr(value, f.name)}" for f in fields(value)
             if f.name not in ("rules", "span") and getattr(value, f.name) is not None]
    return " ".join(parts) + _cited(value)


def _cited(value) -> str:
    rules = getattr(value, "rules", ())
    return f"  [{', '.join(rules)}]" if rules else ""
