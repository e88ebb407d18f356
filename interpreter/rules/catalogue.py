"""The rule catalogue: numbered rules read from the Core Rules text, written into rules_data/rules/.

The Core Rules file has one numbered rule a line (``107.3.b. Each Facedown Zone ...``).
``read_core_rules`` turns it into ``CoreRule`` records (id, title where the line is a heading,
the text, the rules it refers to with "See rule ..."). ``refresh`` rewrites the section files
of ``rules_data/rules/`` from it, keeping every classification already made there (an
``encoding`` or a ``descriptive`` reason), so the catalogue can be regenerated at any time:

    python -m interpreter.rules.catalogue ../shared/rules/core-rules-2026-07-16.txt rules_data/rules

NOTE: the files are written by this module, not by a YAML dumper, so they stay readable
(one key a line, rule ids always quoted, 170.10 never read as a number).
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml
from interpreter.base.files import write_atomically

_LINE = re.compile(r"^(?P<id>\d{3}(?:\.[0-9a-z]+)*)\.?\s+(?P<text>.*\S)\s*$")
_SEE = re.compile(r"[Ss]ee rule (\d{3}(?:\.[0-9a-z]+)*)")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"}
_NUMBERED_TITLE = re.compile(r"^\d+\.\s+")

# The section files of rules_data/rules: file stem -> (first, last) top-level rule number. The
# ranges cover every number, so every rule of the Core Rules has a file; a stem names the rules
# the file holds today (the Core Rules leave some numbers out).
_RANGES = (  # (first rule, last rule there today, last number the file covers)
    (0, 56, 99), (100, 199, 199), (200, 206, 299), (300, 366, 366), (367, 375, 375), (376, 438, 438),
    (439, 439, 439), (440, 472, 472), (473, 480, 480), (481, 489, 648), (649, 652, 699), (700, 767, 799),
    (800, 829, 999),
)
# NOTE: built from numbers, not written as quoted ids, so the code-citation scan
# (coverage/usage.py) does not take this table for code that applies the first rule of each range.
SECTIONS = {(f"{first:03d}-{last:03d}" if last != first else f"{first:03d}"): (first, covered)
            for first, last, covered in _RANGES}
INDEX_FILE = "index.txt"


@dataclass(frozen=True, slots=True)
class CoreRule:
    """One numbered line of the Core Rules."""

    id: str
    title: str | None
    text: str
    see: tuple[str, ...]
    line: int


def read_core_rules(path: Path) -> list[CoreRule]:
    """Every numbered rule of the Core Rules file, in file order."""
    rules = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        match = _LINE.match(line)
        if match:
            text = match.group("text")
            see = tuple(dict.fromkeys(_SEE.findall(text)))
            rules.append(CoreRule(match.group("id"), title_of(text), text, see, number))
    return rules


def title_of(text: str) -> str | None:
    """The title when a rule's text is a heading ("The Board", "1. Trait-Altering Effects")."""
    bare = _NUMBERED_TITLE.sub("", text)
    words = bare.split()
    if not words or len(words) > 5 or bare[-1] in ".:;,!?" or not bare[0].isupper():
        return None
    if words[0] in ("A", "An") or any(ch.isdigit() for ch in bare):
        return None
    if not all(w[0].isupper() or w in _SMALL_WORDS or not w[0].isalpha() for w in words):
        return None
    return bare


def section_of(rule_id: str) -> str | None:
    """The rules_data section file stem a rule belongs to."""
    top = int(rule_id.split(".")[0])
    for stem, (first, last) in SECTIONS.items():
        if first <= top <= last:
            return stem
    return None


def structural_reason(rule: CoreRule, has_rules_under: bool) -> str | None:
    """A descriptive reason that the shape of a rule alone shows, or None: a heading with rules
    under it states nothing itself, and an example only illustrates the rule above it."""
    if rule.title and has_rules_under:
        return "a heading; the rules under it say what it covers"
    if re.match(r"(Example|For example)\b", rule.text):
        return "an example of the rule above it"
    return None


def refresh(source: Path, folder: Path) -> dict[str, int]:
    """Rewrite the section files of ``folder`` from the Core Rules, keeping classifications."""
    folder.mkdir(parents=True, exist_ok=True)
    rules = read_core_rules(source)
    grouped: dict[str, list[CoreRule]] = {}
    for rule in rules:
        stem = section_of(rule.id)
        if stem:
            grouped.setdefault(stem, []).append(rule)
    kept: dict[str, dict] = {}
    old_files = sorted(folder.glob("*.yaml"))
    for path in old_files:
        kept.update(_existing(path))
    parents = {rule.id.rsplit(".", 1)[0] for rule in rules if "." in rule.id}
    counts = {}
    for stem, members in grouped.items():
        path = folder / f"{stem}.yaml"
        classified = {rule.id: _classified(rule, kept.get(rule.id, {}), rule.id in parents) for rule in members}
        write_atomically(path, _render(stem, members, classified))
        counts[stem] = len(members)
    for path in old_files:  # a file of an older layout whose rules now live in the files above
        if path.stem not in grouped:
            path.unlink()
    write_atomically(folder / INDEX_FILE, _render_index(rules))
    return counts


def _existing(path: Path) -> dict[str, dict]:
    """Classifications already in a section file, by rule id."""
    if not path.exists():
        return {}
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return {str(entry["id"]): entry for entry in entries}


_KEPT_KEYS = ("start", "encoding", "data", "descriptive", "not_yet", "code")


def _classified(rule: CoreRule, kept: dict, has_rules_under: bool) -> dict:
    """The classification kept for a rule, or the one its shape gives when it has none."""
    if any(key in kept for key in _KEPT_KEYS if key != "start"):
        return kept
    reason = structural_reason(rule, has_rules_under)
    return dict(kept, descriptive=reason) if reason else kept


def _render(stem: str, rules: list[CoreRule], kept: dict[str, dict]) -> str:
    lines = [f"# Core Rules {stem}: every numbered rule, its text copied from the Core Rules",
             "# (2026-07-16), and one of: `encoding` (statements in the DSL, parsed from the start rule",
             "# `rule_statement` of grammar/statements.lark), `data` (the rules_data file that keeps it),",
             "# `descriptive` (why no program could run or check it) or `not_yet` (what would apply it;",
             "# `code` lists the interpreter modules that apply it today without data).",
             "# Texts, titles and `see` are regenerated by interpreter/rules/catalogue.py; edit only",
             "# the classification by hand.", ""]
    for rule in rules:
        lines.extend(_render_entry(rule, kept.get(rule.id, {})))
    return "\n".join(lines) + "\n"


def _render_entry(rule: CoreRule, kept: dict) -> list[str]:
    out = [f"- id: {_quote(rule.id)}"]
    if rule.title:
        out.append(f"  title: {_quote(rule.title)}")
    out.append(f"  text: {_quote(rule.text)}")
    if rule.see:
        out.append("  see: [" + ", ".join(_quote(s) for s in rule.see) + "]")
    for key in _KEPT_KEYS:
        value = kept.get(key)
        if isinstance(value, list):
            out.append(f"  {key}:")
            out.extend(f"    - {_quote(item)}" for item in value)
        elif value is not None:
            out.append(f"  {key}: {_quote(value)}")
    return out


def _render_index(rules: list[CoreRule]) -> str:
    header = "# Every rule id of the Core Rules (2026-07-16), so references outside rules_data can be checked.\n"
    return header + "".join(f"{rule.id}\n" for rule in rules)


def _quote(value: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(str(value), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    """``python -m interpreter.rules.catalogue CORE_RULES.txt RULES_FOLDER``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m interpreter.rules.catalogue CORE_RULES.txt RULES_FOLDER", file=sys.stderr)
        return 2
    counts = refresh(Path(args[0]), Path(args[1]))
    for stem, count in counts.items():
        print(f"{stem}: {count} rules")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
