"""The fuzzing harness shared by tests/test_fuzz.py (a bounded number of examples in `make test`) and
benchmarks/fuzz.py (a long run): mutations of real card texts, card files and scenario files, and
the checks of the documented outcome of each run.

The documented outcome: either success (exit 0 or 1, and for a text, effects whose canonical text
compiles back to the same effects), or one diagnostic ``path:line:col: CODE message`` at a real
position of the input, with the source line, a caret and a ``help:`` line (exit 2). Never a
traceback, never an internal error (exit 3), never a diagnostic made of an internal error.
"""
from __future__ import annotations

import contextlib
import io
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.base.diagnostics import InputError
from interpreter.cli.main import INTERNAL_ERROR, main

ROOT = Path(__file__).resolve().parent.parent
HEAD = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<column>\d+): (?P<code>E\d{3}) (?P<message>.+)$")


def card_texts() -> list[tuple[str, str]]:
    """Every text of the embedded pool with its card's type ("this" and "I" depend on it), in a stable order."""
    texts = []
    for path in sorted((ROOT / "cards").rglob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            for card in document if isinstance(document, list) else [document]:
                texts.extend((card[key], card["type"].lower()) for key in ("text", "effect_text")
                             if isinstance(card.get(key), str) and card[key].strip())
    return texts


def card_file_texts(limit: int | None = None) -> list[str]:
    paths = sorted((ROOT / "cards").rglob("*.yaml"))
    return [path.read_text(encoding="utf-8") for path in paths[:limit]]


def scenario_texts() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))]


# ---- mutations ---------------------------------------------------------------------------
# Pieces a mutation inserts: the game's symbols and punctuation, digits and huge numbers,
# characters that break lines or printing, and the YAML syntax that once crashed the loaders.
TEXT_PIECES = ["[", "]", "(", ")", ",", ".", ":", "—", "“", "”", '"', "'", "’", "\n", "\u2029", "\u2028", "\x85",
               "\t", " ", "0", "5", "99999999999", "9223372036854775808", "[M]", "[E]", "[A]", "[2]", "[>]",
               "[Deflect 200000000]", "[Assault 0]", "I", "me", "it", "the top 0 cards", "DRAW", "TH", "X\ud800",
               "\ufeff", "\x00", "é", "🙂"]
YAML_PIECES = ["!!int abc", "!!float xyz", "!!timestamp 2024-13-45", "!!binary 'bad'", "!!bool maybe", "!!map [1]",
               "!custom x", "!!python/object/apply:os.system ['true']", "9" * 5000, "? [a, b]\n: 1\n", "&a [*a]",
               "*a", "&b x", "[" * 300 + "]" * 300, "{", "}", "- ", ": ", "\n  ", "'", '"', "|\n  ", ">\n  ", "#",
               "---\n", "...\n", "~", "null", "[1, 2]", "{energy: x}", "three", "-1", "1e999", "\t", "\u2029"]


def mutate(text: str, rng: random.Random, pieces: list[str], steps: int = 3) -> str:
    """``text`` with a few random edits: deletions, insertions, duplications, swaps, case changes."""
    for _ in range(rng.randint(1, steps)):
        text = _EDITS[rng.randrange(len(_EDITS))](text, rng, pieces)
    return text


def _span(text: str, rng: random.Random) -> tuple[int, int]:
    start = rng.randint(0, len(text))
    return start, min(len(text), start + rng.randint(0, 12))


def _delete(text, rng, pieces):
    start, end = _span(text, rng)
    return text[:start] + text[end:]


def _insert(text, rng, pieces):
    at = rng.randint(0, len(text))
    return text[:at] + rng.choice(pieces) + text[at:]


def _duplicate(text, rng, pieces):
    start, end = _span(text, rng)
    return text[:end] + text[start:end] * rng.randint(1, 3) + text[end:]


def _swap_words(text, rng, pieces):
    words = text.split(" ")
    if len(words) > 1:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _case(text, rng, pieces):
    start, end = _span(text, rng)
    return text[:start] + rng.choice([str.upper, str.lower, str.title])(text[start:end]) + text[end:]


def _truncate(text, rng, pieces):
    return text[: rng.randint(0, len(text))]


def _replace_value(text, rng, pieces):
    """A YAML value (after a key's colon) replaced, keeping the file's structure around it."""
    colons = [i for i in range(len(text) - 1) if text[i] == ":" and text[i + 1] == " "]
    if not colons:
        return _insert(text, rng, pieces)
    at = rng.choice(colons) + 2
    end = min(i for i in (text.find("\n", at), text.find(",", at), text.find("}", at), len(text)) if i >= 0)
    return text[:at] + rng.choice(pieces + VALUE_PIECES) + text[end:]


# values that are well-formed YAML but wrong for the field, or too large
VALUE_PIECES = ["1000000000", "99999999999999999999999", "-5", "0", "[1, 2]", "{energy: x}", "three", "true", "null",
                "[]", "{}", "\"Play 100000000 1 [M] Recruit unit tokens here.\"", "\"Draw 99.\"", "[Recruit]",
                "{ready: 99999}", "\"A:Nobody\"", "\"B.battlefield[Nowhere]\"", "!!int 3", "2024-01-01"]

_EDITS = [_delete, _insert, _insert, _duplicate, _swap_words, _case, _truncate, _replace_value, _replace_value]


# ---- checks --------------------------------------------------------------------------------
@dataclass
class Tally:
    """What a fuzz run met: inputs, outcomes, and the inputs that broke a promise."""

    inputs: int = 0
    diagnostics: int = 0
    successes: int = 0
    not_round_trips: int = 0
    broken: list = field(default_factory=list)

    def fail(self, kind: str, subject, detail: str) -> None:
        self.broken.append((kind, subject if len(repr(subject)) < 400 else repr(subject)[:400], detail[:600]))


def check_diagnostic(diagnostic, text: str) -> str:
    """'' when a diagnostic is well formed and located in ``text``, else what is wrong."""
    lines = text.split("\n")
    if not re.fullmatch(r"E\d{3}", diagnostic.code):
        return f"bad code {diagnostic.code!r}"
    if not diagnostic.help:
        return "no help line"
    if not 1 <= diagnostic.line <= max(len(lines), 1):
        return f"line {diagnostic.line} outside a text of {len(lines)} lines"
    if not 1 <= diagnostic.column <= len(lines[diagnostic.line - 1]) + 1:
        return f"column {diagnostic.column} outside line {diagnostic.line}"
    return ""


def run_text(text: str, tally: Tally, card_type: str | None = "unit") -> None:
    """parse -> compile -> render in process: a located diagnostic, or effects that round trip."""
    from interpreter.compiler.pipeline import compile_text
    from interpreter.render.renderer import render_card, round_trips

    tally.inputs += 1
    try:
        effects = compile_text(text, card_type=card_type)
    except InputError as error:
        tally.diagnostics += 1
        problem = check_diagnostic(error.diagnostic, text)
        if problem:
            tally.fail("diagnostic", text, problem + "\n" + error.diagnostic.format())
        return
    except BaseException as error:   # noqa: BLE001 - the point is to catch what must never happen
        if isinstance(error, KeyboardInterrupt):
            raise
        tally.fail("internal error", text, f"{type(error).__name__}: {error}")
        return
    tally.successes += 1
    try:
        rendered = render_card(effects, card_type)
        if not round_trips(effects, card_type):
            tally.not_round_trips += 1
            tally.fail("meaning changed", text, f"rendered as {rendered!r}")
    except BaseException as error:   # noqa: BLE001
        if isinstance(error, KeyboardInterrupt):
            raise
        tally.fail("internal error in render", text, f"{type(error).__name__}: {error}")


def run_command(argv: list[str], file_text: str, tally: Tally, allowed=(0, 1, 2)) -> int:
    """The command line in process: an allowed exit code, no traceback, no internal error, and a
    well-formed first diagnostic located in the file when it exits 2."""
    tally.inputs += 1
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code
    stderr = err.getvalue()
    subject = (argv, file_text)
    if status == INTERNAL_ERROR or "internal error" in stderr or "Traceback" in stderr:
        tally.fail("internal error", subject, stderr)
    elif status not in allowed:
        tally.fail("exit code", subject, f"exit {status}\n{stderr}")
    elif status == 2:
        tally.diagnostics += 1
        problem = _check_printed(stderr, file_text)
        if problem:
            tally.fail("diagnostic", subject, problem + "\n" + stderr)
    else:
        tally.successes += 1
    return status


def _check_printed(stderr: str, file_text: str) -> str:
    lines = stderr.rstrip("\n").split("\n")
    head = HEAD.match(lines[0]) if lines else None
    if head is None:
        return "the first line is not path:line:col: CODE message"
    if not any(line.startswith("help: ") for line in lines[1:]):
        return "no help line"
    file_lines = file_text.split("\n")
    line, column = int(head["line"]), int(head["column"])
    if not 1 <= line <= max(len(file_lines), 1) or column < 1:
        return f"position {line}:{column} outside a file of {len(file_lines)} lines"
    return ""
