"""Where each character of a card text sits in its file, and how to write new text there.

A card text is a YAML scalar (plain, quoted, literal or folded) or a JSON string in a
JSONL line. ``TextMap`` aligns the text's characters with the file's characters
(escapes, doubled quotes, indentation and folded line breaks included), so a finding
points at the exact file column and a fix edits the exact file span, nothing else.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029"}
_HEX = {"x": 2, "u": 4, "U": 8}


@dataclass
class TextMap:
    """A text's characters aligned with file offsets; ``starts``/``ends`` have one entry a character."""

    value: str
    style: str                  # plain | single | double | literal | folded | json
    starts: list[int] | None    # None when the text could not be aligned (positions approximate)
    ends: list[int] | None
    anchor: int                 # file offset of the scalar (used when not aligned)
    ascii_json: bool = False

    @property
    def aligned(self) -> bool:
        return self.starts is not None

    def file_offset(self, offset: int) -> int:
        """File offset of text offset ``offset`` (the end of the text maps past its last character)."""
        if not self.aligned:
            return self.anchor
        if offset < len(self.value):
            return self.starts[offset]
        return self.ends[-1] if self.ends else self.anchor

    def file_span(self, start: int, end: int) -> tuple[int, int]:
        if not self.aligned:
            return self.anchor, self.anchor
        first = self.file_offset(start)
        last = self.ends[end - 1] if end > start else first
        return first, last

    def encode(self, replacement: str) -> str | None:
        """``replacement`` written in this scalar's style, or None if it cannot be written safely."""
        if self.style == "json":
            return json.dumps(replacement, ensure_ascii=self.ascii_json)[1:-1]
        if "\n" in replacement or "\r" in replacement:
            return None
        if self.style == "double":
            return replacement.replace("\\", "\\\\").replace('"', '\\"')
        if self.style == "single":
            return replacement.replace("'", "''")
        if self.style == "plain" and (": " in replacement or " #" in replacement or replacement.endswith(":")):
            return None
        return replacement


def yaml_map(value: str, file_text: str, start: int, end: int, style: str) -> TextMap:
    """Align a YAML scalar's value with ``file_text[start:end]``."""
    body = start
    if style in ("literal", "folded"):
        newline = file_text.find("\n", start, end)
        body = end if newline < 0 else newline + 1
    elif style in ("single", "double"):
        body = start + 1
    starts, ends = _align(value, file_text, body, end, style)
    return TextMap(value, style, starts, ends, start)


def _align(value: str, src: str, at: int, end: int, style: str):
    """Greedy alignment of value characters with source characters; (None, None) if it fails."""
    starts, ends = [], []
    i = 0
    while i < len(value):
        if at >= end:
            return None, None
        char, want = src[at], value[i]
        if style == "double" and char == "\\":
            length, produced = _escape(src, at)
            if produced is None:
                return None, None
            if produced == "":
                at += length
                continue
            if not value.startswith(produced, i):
                return None, None
            for _ in produced:
                starts.append(at)
                ends.append(at + length)
            i, at = i + len(produced), at + length
            continue
        if style == "single" and char == "'" and src.startswith("''", at) and want == "'":
            starts.append(at)
            ends.append(at + 2)
            i, at = i + 1, at + 2
            continue
        if char == want or (want in " \n" and char == "\n" and style != "literal"):
            starts.append(at)
            ends.append(at + 1)
            i, at = i + 1, at + 1
            continue
        at += 1
    return starts, ends


def _escape(src: str, at: int) -> tuple[int, str | None]:
    """Length and produced text of the double-quoted escape at ``at``."""
    code = src[at + 1: at + 2]
    if code in ("\n", "\r"):
        return 2 + (src[at + 1: at + 3] == "\r\n"), ""
    if code in _ESCAPES:
        return 2, _ESCAPES[code]
    if code in _HEX:
        digits = src[at + 2: at + 2 + _HEX[code]]
        try:
            return 2 + _HEX[code], chr(int(digits, 16))
        except ValueError:
            return 2, None
    return 2, None


def json_map(value: str, line: str, line_start: int, quote: int) -> TextMap:
    """Align a JSON string value with its source, the string's opening quote at ``line[quote]``."""
    starts, ends = [], []
    at = quote + 1
    for _ in range(len(value)):
        length = _json_char_length(line, at)
        starts.append(line_start + at)
        ends.append(line_start + at + length)
        at += length
    return TextMap(value, "json", starts, ends, line_start + quote, ascii_json="\\u" in line)


def _json_char_length(line: str, at: int) -> int:
    if line[at] != "\\":
        return 1
    if line[at + 1] != "u":
        return 2
    code = int(line[at + 2: at + 6], 16)
    if 0xD800 <= code < 0xDC00 and line[at + 6: at + 8] == "\\u":
        return 12
    return 6
