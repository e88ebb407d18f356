"""Applying fixes: exact file spans, verified, repeated until nothing changes, written atomically.

A fix's edits are offsets in a card text; the text's ``TextMap`` turns them into file
spans, and each replacement is written in the scalar's own style (escapes, doubled
quotes). Only those spans change, so comments, key order and layout stay as they were.
After each pass the new file text is read again and every card must come back with
exactly the expected texts and unchanged other fields, or the fix is dropped. Passes
repeat until no fix applies, so a second ``--fix`` changes nothing more (idempotent).
The file is written once, through a temporary file in the same folder and a rename.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from .config import LintConfig
from .engine import card_findings
from .model import Fix
from .source import SourceFile, parse_source

MAX_PASSES = 10


@dataclass(frozen=True)
class _Planned:
    """One fix of one card text, with its edits as file spans."""

    card: int
    field: str
    fix: Fix
    spans: tuple[tuple[int, int, str], ...]

    @property
    def start(self) -> int:
        return min(s for s, _, _ in self.spans)

    @property
    def end(self) -> int:
        return max(e for _, e, _ in self.spans)


def fix_source(source: SourceFile, config: LintConfig, unsafe: bool = False) -> tuple[SourceFile, int]:
    """The file with every applicable fix applied, and how many fixes were applied."""
    applied = 0
    for _ in range(MAX_PASSES):
        planned = _choose(_plan(source, config, unsafe))
        if not planned:
            break
        source, count = _apply_verified(source, planned)
        if count == 0:
            break
        applied += count
    return source, applied


def _plan(source: SourceFile, config: LintConfig, unsafe: bool) -> list[_Planned]:
    planned = []
    for index, card in enumerate(source.cards):
        try:
            found = card_findings(card, config)
        except InputError as error:
            if error.diagnostic.code == "E099":
                raise
            continue                        # a card the linter cannot read is reported, not fixed
        for field, finding in found:
            fix = finding.fix
            if fix is None or not fix.edits or (not fix.safe and not unsafe) or field not in card.texts:
                continue
            spans = _file_spans(card.texts[field], fix)
            if spans is not None:
                planned.append(_Planned(index, field, fix, spans))
    return planned


def _file_spans(text_map, fix: Fix):
    if not text_map.aligned or not text_map.value:
        return None
    if text_map.style == "plain":
        new_value = _edited(text_map.value, fix.edits)
        if _needs_quotes(new_value):   # e.g. a plain text that now starts with "[": quote the whole scalar
            return ((text_map.starts[0], text_map.ends[-1], json.dumps(new_value, ensure_ascii=False)),)
    spans = []
    for edit in fix.edits:
        encoded = text_map.encode(edit.replacement)
        if encoded is None:
            return None
        start, end = text_map.file_span(edit.start, edit.end)
        spans.append((start, end, encoded))
    return tuple(spans)


def _edited(value: str, edits) -> str:
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        value = value[:edit.start] + edit.replacement + value[edit.end:]
    return value


def _needs_quotes(value: str) -> bool:
    """Whether a YAML plain scalar could not hold ``value`` as it is."""
    return (not value or value[0] in "[]{}#&*!|>'\"%@`-?:,=~" or value != value.strip() or "\n" in value
            or ": " in value or " #" in value or value.endswith(":"))


def _choose(planned: list[_Planned]) -> list[_Planned]:
    """Fixes whose spans do not overlap, first come first kept (the rest wait for the next pass).

    One sweep in order of position (linear after the sort): a fix overlaps one already kept
    when a kept fix ends after it starts, or when both are empty at the same spot."""
    chosen, reach, empty_at = [], -1, set()
    for item in sorted(planned, key=lambda p: (p.start, p.end)):
        start, end = item.start, item.end
        if reach > start or (start == end and start in empty_at):
            continue
        chosen.append(item)
        reach = max(reach, end)
        if start == end:
            empty_at.add(start)
    return chosen


def _apply_verified(source: SourceFile, planned: list[_Planned]) -> tuple[SourceFile, int]:
    result = _try(source, planned)
    if result is not None:
        return result, len(planned)
    count = 0
    for item in planned:  # one at a time: keep each fix that verifies on its own
        result = _try(source, [item])
        if result is not None:
            source, count = result, count + 1
            break
    return source, count


def _try(source: SourceFile, planned: list[_Planned]) -> SourceFile | None:
    text = _spliced(source.text, [s for item in planned for s in item.spans])
    try:
        fixed = parse_source(source.path, text, source.bom, source.mtime_ns)
    except InputError:
        return None
    return fixed if _as_expected(source, fixed, planned) else None


def _spliced(text: str, spans: list[tuple[int, int, str]]) -> str:
    """``text`` with each (start, end, replacement) span replaced, in one pass (spans do not overlap)."""
    pieces, at = [], 0
    for start, end, replacement in sorted(spans, key=lambda s: (s[0], s[1])):
        pieces += [text[at:start], replacement]
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _as_expected(before: SourceFile, after: SourceFile, planned: list[_Planned]) -> bool:
    if len(before.cards) != len(after.cards):
        return False
    expected = {}
    for item in planned:
        key = (item.card, item.field)
        expected.setdefault(key, []).extend(item.fix.edits)
    for (index, field), edits in expected.items():
        value = _edited(before.cards[index].fields[field], edits)
        if after.cards[index].fields.get(field) != value:
            return False
    changed_fields: dict[int, set[str]] = {}
    for card, field in expected:
        changed_fields.setdefault(card, set()).add(field)
    for index, (old, new) in enumerate(zip(before.cards, after.cards)):
        changed = changed_fields.get(index, set())
        if {k: v for k, v in old.fields.items() if k not in changed} != \
                {k: v for k, v in new.fields.items() if k not in changed}:
            return False
    return True


def write_atomic(source: SourceFile) -> None:
    """Replace the file with ``source.text`` through a temporary file and a rename.

    The file must still be there, unchanged since it was read; otherwise nothing is written.
    """
    path = Path(source.path)
    data = (("\ufeff" if source.bom else "") + source.text).encode("utf-8")
    mode = _current_mode(path, source.mtime_ns)
    _refuse_read_only(path, mode)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise InputError(Diagnostic("E032", f"cannot write the fixed file: {error.strerror}", str(path), 1, 1,
                                    help="expected a writable folder for the card file")) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        _current_mode(path, source.mtime_ns)   # checked again right before the rename
        os.replace(temporary, path)
    except OSError as error:
        _discard(temporary)
        raise InputError(Diagnostic("E032", f"cannot write the fixed file: {error.strerror}", str(path), 1, 1,
                                    help="expected a writable card file; it was left as it was")) from None
    except BaseException:
        _discard(temporary)
        raise


def _refuse_read_only(path: Path, mode: int) -> None:
    """A file nobody may write (mode 0444), or that this user may not, is left as it is, even where its
    folder would allow replacing it by a rename (which ignores the file's own mode)."""
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise InputError(Diagnostic("E033", "the file is read-only; --fix left it as it was", str(path), 1, 1,
                                    help="expected a writable card file: make it writable (chmod u+w) to fix it"))


def _discard(temporary: str) -> None:
    if os.path.exists(temporary):
        os.unlink(temporary)


def _current_mode(path: Path, mtime_ns: int) -> int:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(Diagnostic("E030", "the file vanished during --fix; nothing was written", str(path), 1, 1,
                                    help="expected the card file to stay in place while it is fixed")) from None
    if mtime_ns and info.st_mtime_ns != mtime_ns:
        raise InputError(Diagnostic("E031", "the file changed during --fix; nothing was written", str(path), 1, 1,
                                    help="run riftbound lint --fix again once nothing else edits the file"))
    return info.st_mode & 0o7777
