"""Reading input files with bounded work: card files, corpus JSONL, scenario and rules files alike.

``read_source`` takes only regular files up to a size limit, refuses binary (NUL bytes) and
non-UTF-8 bytes, and drops a UTF-8 byte-order mark. ``compose_yaml`` parses YAML into node
graphs with positions and refuses documents whose aliases would expand far beyond what is
written (anchor "bombs") or refer to themselves: the expanded size is counted on the node graph
before anything is built, and nesting deeper than ``MAX_DEPTH`` is refused before anything
recurses into it (``yaml_values.plain_value`` then builds the values). Every problem is one ``InputError`` with a located diagnostic.
"""
from __future__ import annotations

import os
import stat

import yaml

from .diagnostics import Diagnostic, InputError, line_of, mark_position

# An alias-free document expands to its own size; allow modest reuse through anchors, no more.
_EXPANSION_FACTOR = 4
_EXPANSION_SLACK = 2_000
# Lists and mappings nested deeper than this are refused: cards and scenarios need a handful.
MAX_DEPTH = 40
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


def resolved(path) -> "os.PathLike":
    """``path`` made absolute with its links followed; a link loop is a located error."""
    try:
        return path.resolve()
    except (OSError, RuntimeError) as error:   # RuntimeError: pathlib's "Symlink loop" (Python 3.11, 3.12)
        raise input_error("E003", f"cannot follow the path: {error}", str(path),
                          "expected a file or folder, not a loop of symbolic links") from None


def input_error(code: str, message: str, path: str, help: str, line: int = 1, column: int = 1,
                source_line: str = "") -> InputError:
    """One located diagnostic, ready to raise."""
    return InputError(Diagnostic(code, message, path, line, column, source_line, help))


def compose_yaml(text: str, path: str, code: str = "E005",
                 expected: str = "expected a card mapping (name, type, text, ...) or a list of them") -> list:
    """The YAML documents of ``text`` as node graphs (positions kept), empty documents left out.

    ``code`` and ``expected`` say what the file should hold in a diagnostic of invalid YAML.
    """
    try:
        documents = list(yaml.compose_all(text, Loader=LOADER))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = mark_position(text, mark) if mark else (1, 1)
        line, column = _within(text, line, column)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise input_error(code, f"invalid YAML: {problem}", path, expected, line, column, line_of(text, line)) from None
    except RecursionError:
        raise input_error("E009", "YAML nesting is too deep", path,
                          f"expected lists and mappings nested at most {MAX_DEPTH} deep") from None
    for document in documents:
        if document is not None:
            _check_expansion(document, text, path)
    return [d for d in documents if d is not None]


def _within(text: str, line: int, column: int) -> tuple[int, int]:
    """A position on a written line: an error past the end of the text, or on a blank line, is
    shown at the end of the last line written before it."""
    lines = text.split("\n")
    if line <= len(lines) and lines[line - 1].strip():
        return line, column
    written = [number for number, content in enumerate(lines[:line], start=1) if content.strip()]
    if not written:
        return 1, 1
    return written[-1], len(lines[written[-1] - 1].rstrip("\r")) + 1


def _check_expansion(document, text: str, path: str) -> None:
    """Refuse documents nested too deep, or whose aliases expand far beyond their own size or loop."""
    sizes: dict[int, int] = {}
    try:
        distinct = _expanded_size(document, sizes, {}, set(), 1)
    except _TooDeep as deep:
        line, column = mark_position(text, deep.mark)
        raise input_error("E009", f"lists and mappings are nested more than {MAX_DEPTH} deep", path,
                          f"expected lists and mappings nested at most {MAX_DEPTH} deep", line,
                          column, line_of(text, line)) from None
    except _Recursive as loop:
        line, column = mark_position(text, loop.mark)
        raise input_error("E009", "a YAML alias refers to the node that holds it", path,
                     "expected a file without recursive anchors", line, column,
                     line_of(text, line)) from None
    limit = _EXPANSION_FACTOR * len(sizes) + _EXPANSION_SLACK
    if distinct > limit:
        line, column = mark_position(text, document.start_mark)
        raise input_error("E009", f"YAML aliases expand to {distinct} nodes from {len(sizes)} written", path,
                     "expected a file without anchor bombs: write the values out instead of nesting aliases",
                     line, column, line_of(text, line))


class _Recursive(Exception):
    """A node reached again through an alias while it is still being counted."""

    def __init__(self, mark):
        super().__init__("recursive alias")
        self.mark = mark


class _TooDeep(Exception):
    """A list or mapping nested deeper than MAX_DEPTH."""

    def __init__(self, mark):
        super().__init__("too deep")
        self.mark = mark


def _expanded_size(node, sizes: dict[int, int], heights: dict[int, int], active: set[int], depth: int) -> int:
    """Nodes the document would have once every alias is expanded, counted once per distinct node.

    Recursion stops at MAX_DEPTH (a located error), well inside Python's own limit; ``heights``
    keeps how deep each counted node goes, so a node reused through an alias deeper down is
    measured where it is used."""
    key = id(node)
    if key in sizes:
        if depth + heights[key] > MAX_DEPTH:
            raise _TooDeep(node.start_mark)
        return sizes[key]
    if key in active:
        raise _Recursive(node.start_mark)
    if depth > MAX_DEPTH:
        raise _TooDeep(node.start_mark)
    active.add(key)
    children = node.value if isinstance(node, yaml.SequenceNode) else \
        [item for pair in node.value for item in pair] if isinstance(node, yaml.MappingNode) else []
    total = 1 + sum(_expanded_size(child, sizes, heights, active, depth + 1) for child in children)
    heights[key] = 1 + max((heights[id(child)] for child in children), default=-1)
    active.discard(key)
    sizes[key] = min(total, 1 << 62)
    return sizes[key]
