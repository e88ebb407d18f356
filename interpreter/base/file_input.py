"""Reading input files with bounded work: card files, corpus JSONL, scenario and rules files alike.

``read_source`` takes only regular files up to a size limit, refuses binary (NUL bytes) and
non-UTF-8 bytes, and drops a UTF-8 byte-order mark. ``compose_yaml`` parses YAML into node
graphs with positions and refuses documents whose aliases would expand far beyond what is
written (anchor "bombs") or refer to themselves: the expanded size is counted on the node graph
before anything is built. Every problem is one ``InputError`` with a located diagnostic.
"""
from __future__ import annotations

import os
import stat

import yaml

from .diagnostics import Diagnostic, InputError, line_of

# An alias-free document expands to its own size; allow modest reuse through anchors, no more.
_EXPANSION_FACTOR = 4
_EXPANSION_SLACK = 2_000
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_source(path, max_bytes: int, size_setting: str = "") -> tuple[str, bool, int]:
    """The UTF-8 text of a regular file, whether it had a BOM, and its mtime; ``size_setting`` names
    where the size limit is set, for the diagnostic."""
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise input_error("E003", "no such file", name, "expected an existing card file or folder") from None
    except OSError as error:
        raise input_error("E003", f"cannot read file: {error.strerror}", name, "expected a readable card file") from None
    if not stat.S_ISREG(info.st_mode):
        raise input_error("E003", "not a regular file", name, "expected a card file (.yaml, .yml or .jsonl) or a folder")
    if info.st_size > max_bytes:
        raise input_error("E003", f"file is too large ({info.st_size} bytes)", name,
                     f"expected a card file of at most {max_bytes} bytes" + (f" ({size_setting})" if size_setting else ""))
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise input_error("E003", "the file vanished while it was being read", name, "expected an existing card file") from None
    except OSError as error:
        raise input_error("E003", f"cannot read file: {error.strerror}", name, "expected a readable card file") from None
    return _decode(data, name, max_bytes) + (info.st_mtime_ns,)


def _decode(data: bytes, name: str, max_bytes: int) -> tuple[str, bool]:
    if len(data) > max_bytes:
        raise input_error("E003", "file grew past the size limit while it was being read", name,
                     f"expected a card file of at most {max_bytes} bytes")
    if b"\0" in data:
        at = data.index(b"\0")
        line = data.count(b"\n", 0, at) + 1
        raise input_error("E004", "file is binary (it contains NUL bytes)", name, "expected a UTF-8 YAML or JSONL card file",
                     line, at - (data.rfind(b"\n", 0, at) + 1) + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise input_error("E004", "file is not UTF-8 text", name, "expected a UTF-8 YAML or JSONL card file",
                     line, column) from None
    bom = text.startswith("\ufeff")
    return (text[1:] if bom else text), bom


def input_error(code: str, message: str, path: str, help: str, line: int = 1, column: int = 1,
                source_line: str = "") -> InputError:
    """One located diagnostic, ready to raise."""
    return InputError(Diagnostic(code, message, path, line, column, source_line, help))


def compose_yaml(text: str, path: str) -> list:
    """The YAML documents of ``text`` as node graphs (positions kept), empty documents left out."""
    try:
        documents = list(yaml.compose_all(text, Loader=LOADER))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise input_error("E005", f"invalid YAML: {problem}", path,
                     "expected a card mapping (name, type, text, ...) or a list of them",
                     line, column, line_of(text, line)) from None
    except RecursionError:
        raise input_error("E005", "invalid YAML: nesting is too deep", path, "expected a flat card mapping") from None
    for document in documents:
        if document is not None:
            _check_expansion(document, text, path)
    return [d for d in documents if d is not None]


def _check_expansion(document, text: str, path: str) -> None:
    """Refuse documents whose aliases expand far beyond their own size, or loop (bounded work)."""
    sizes: dict[int, int] = {}
    try:
        distinct = _expanded_size(document, sizes, set())
    except _Recursive as loop:
        line = loop.mark.line + 1
        raise input_error("E009", "a YAML alias refers to the node that holds it", path,
                     "expected a card file without recursive anchors", line, loop.mark.column + 1,
                     line_of(text, line)) from None
    except RecursionError:
        raise input_error("E009", "YAML nesting is too deep", path, "expected a flat card mapping") from None
    limit = _EXPANSION_FACTOR * len(sizes) + _EXPANSION_SLACK
    if distinct > limit:
        line = document.start_mark.line + 1
        raise input_error("E009", f"YAML aliases expand to {distinct} nodes from {len(sizes)} written", path,
                     "expected a card file without anchor bombs: write cards out instead of nesting aliases",
                     line, document.start_mark.column + 1, line_of(text, line))


class _Recursive(Exception):
    """A node reached again through an alias while it is still being counted."""

    def __init__(self, mark):
        super().__init__("recursive alias")
        self.mark = mark


def _expanded_size(node, sizes: dict[int, int], active: set[int]) -> int:
    """Nodes the document would have once every alias is expanded, counted once per distinct node."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in active:
        raise _Recursive(node.start_mark)
    active.add(key)
    total = 1
    if isinstance(node, yaml.SequenceNode):
        total += sum(_expanded_size(child, sizes, active) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        total += sum(_expanded_size(k, sizes, active) + _expanded_size(v, sizes, active) for k, v in node.value)
    active.discard(key)
    sizes[key] = min(total, 1 << 62)
    return sizes[key]

