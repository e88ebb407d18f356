"""Rules text as runs to draw (words, icons, keyword labels) and wrapped into lines of a width.

A bracketed shorthand becomes an icon: power of a domain and of any domain (135.2.e.4-6),
Might (135.2.e.3), exhaust (135.2.e.2), the keyword arrow [>] (135.2.e.7) and energy numbers
([2]); a bracketed keyword of the rules data ("[Assault 2]") becomes a bold label. Text in
parentheses is reminder text (135.2.d) and is set in italics. Widths are estimated from
character classes, so the wrapping needs no font files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from interpreter.rules.data import RulesData

ICON_SYMBOLS = {"[M]": "might", "[S]": "might", "[E]": "exhaust", "[T]": "exhaust", "[>]": "arrow"}
_BRACKET = re.compile(r"\[[^\[\]\n]{1,40}\]")
# Advance widths of a common sans face (DejaVu Sans, in 1/2048 em) for the estimate; each word
# is then drawn with exactly its estimated length (SVG textLength), whatever face the viewer has.
_ADVANCE = dict(zip("abcdefghijklmnopqrstuvwxyz", (1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186,
                                                   569, 1995, 1298, 1253, 1300, 1300, 842, 1067, 803, 1298, 1212,
                                                   1675, 1212, 1212, 1075)))
_ADVANCE.update({c: 1303 for c in "0123456789"})
_ADVANCE.update({" ": 651, ".": 651, ",": 651, ":": 690, ";": 690, "'": 563, "\u2019": 563, "(": 799, ")": 799,
                 "-": 739, "+": 1716, "!": 821, "?": 1087, "\u2014": 2048, "/": 690, "I": 604, "J": 604,
                 "M": 1767, "W": 2025, "m": 1995})


@dataclass(frozen=True)
class Run:
    """One thing to draw on a line: a word (``style`` normal, italic or bold), an icon, or a keyword."""

    kind: str                 # word | icon | keyword | space | newline
    text: str = ""
    style: str = "normal"
    icon: str = ""            # might | exhaust | arrow | energy | power | any | own


def char_width(char: str, size: float) -> float:
    """An estimate of a character's advance at ``size`` pixels (capitals not listed: 0.7 em)."""
    advance = _ADVANCE.get(char)
    if advance is None:
        advance = 1434 if char.isupper() else 1250
    return advance / 2048 * size


def run_width(run: Run, size: float) -> float:
    if run.kind == "icon":
        return size * (1.05 if run.icon != "energy" or len(run.text) < 2 else 1.45)
    if run.kind == "space":
        return char_width(" ", size)
    scale = 1.08 if run.style == "bold" or run.kind == "keyword" else 1.0
    pad = 0.6 * size if run.kind == "keyword" else 0.0
    return sum(char_width(c, size) for c in run.text) * scale + pad


def runs(text: str, rules: RulesData) -> list[Run]:
    """The runs of a rules text, reminder text in italics."""
    found, depth, at = [], 0, 0
    for match in _BRACKET.finditer(text):
        depth = _words(text[at:match.start()], depth, found)
        found.append(_bracket(match.group(0), rules, depth))
        at = match.end()
    _words(text[at:], depth, found)
    return found


def _bracket(token: str, rules: RulesData, depth: int) -> Run:
    style = "italic" if depth else "normal"
    inner = token[1:-1]
    if token in ICON_SYMBOLS:
        return Run("icon", token, style, ICON_SYMBOLS[token])
    power = rules.power_symbols.get(token)
    if power is not None:
        icon = {"any": "any", "own": "own"}.get(power["domain"], "power")
        return Run("icon", token, style, icon)
    if inner.isdigit() or inner in ("X", "x"):
        return Run("icon", inner, style, "energy")
    name = inner.split(" ")[0]
    if rules.keyword(name) is not None or rules.keyword(inner) is not None:
        return Run("keyword", inner, "bold")
    return Run("word", token, style)


def _words(chunk: str, depth: int, found: list[Run]) -> int:
    """Words and spaces of a plain chunk; parentheses open and close italics. Returns the depth after."""
    for piece in re.split(r"(\n| +)", chunk):
        if not piece:
            continue
        if piece == "\n":
            found.append(Run("newline"))
        elif piece.startswith(" "):
            found.append(Run("space"))
        else:
            opens = depth + piece.count("(")
            found.append(Run("word", piece, "italic" if opens or depth else "normal"))
            depth = max(0, opens - piece.count(")"))
    return depth


def wrap(items: list[Run], width: float, size: float) -> list[list[tuple[float, Run]]]:
    """Lines of (x, run) within ``width``: greedy, breaking at spaces and at new lines."""
    lines, line, x = [], [], 0.0
    for item in _glued(items):
        if item == "newline":
            lines.append(line)
            line, x = [], 0.0
            continue
        word_width = sum(run_width(r, size) for r in item)
        space = run_width(Run("space"), size) if line else 0.0
        if line and x + space + word_width > width:
            lines.append(line)
            line, x, space = [], 0.0, 0.0
        x += space
        for run in item:
            line.append((x, run))
            x += run_width(run, size)
    if line:
        lines.append(line)
    return lines


def _glued(items: list[Run]):
    """Runs grouped into unbreakable words (an icon touching a word stays with it)."""
    group = []
    for run in items:
        if run.kind in ("space", "newline"):
            if group:
                yield group
                group = []
            if run.kind == "newline":
                yield "newline"
            continue
        group.append(run)
    if group:
        yield group
