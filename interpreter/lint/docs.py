"""docs/lint-rules.md, generated from the rule docstrings: ``python -m interpreter.lint.docs [--check]``.

Each rule's docstring (What it does / Why is this bad? / Example / Use instead) becomes one
section of the page, after a table of every rule; the examples are shown as code. With
``--check`` nothing is written: the exit code says whether the file is current (0) or not (1).
"""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from .registry import RULES

_SECTIONS = ("What it does:", "Why is this bad?", "Example:", "Use instead:")
_CODE_SECTIONS = ("Example:", "Use instead:")
HEADER = ("<!-- Generated from the docstrings of interpreter/lint/rules/*.py by `python -m interpreter.lint.docs`;\n"
          "     edit the docstrings, then run it again (tests/test_docs.py checks this file is current). -->\n")


def rules_page() -> str:
    """The whole of docs/lint-rules.md."""
    lines = [HEADER, "# Lint rules", "",
             "`riftbound lint` runs these rules (`riftbound lint --explain CODE` prints one). RB000 is always",
             "reported; the others run unless `ignore`d, except those off by default, which run only when named",
             "(`--extend-select`). A fix marked safe keeps what the card does; an unsafe one may change it and",
             "is applied only with `--fix --unsafe-fixes`.", "",
             "| code | name | default | fix | what |", "|---|---|---|---|---|"]
    for rule in RULES:
        default = "on" if rule.default else "off"
        lines.append(f"| [{rule.code}](#{rule.code.lower()}) | {rule.name} | {default} | {_fix(rule)} | {rule.summary} |")
    for rule in RULES:
        lines.extend(["", *_rule_section(rule)])
    return "\n".join(lines) + "\n"


def _fix(rule) -> str:
    return getattr(rule.module, "FIX", "none")


def _rule_section(rule) -> list[str]:
    title, _, rest = rule.doc.partition("\n")
    lines = [f"## {rule.code}", "", f"**{rule.name}**: {title.strip()}", "",
             f"On by default: {'yes' if rule.default else 'no'}. Fix: {_fix(rule)}."]
    for heading, body in _split(rest):
        lines.extend(["", f"### {heading.rstrip(':')}", ""])
        if heading in _CODE_SECTIONS:
            lines.extend(["```yaml" if _looks_like_yaml(body) else "```text", body, "```"])
        else:
            lines.append(body)
    return lines


def _split(doc: str) -> list[tuple[str, str]]:
    """(heading, dedented body) of each docstring section; text before the first one is dropped,
    text after the last example (a note) stays with it."""
    parts: list[tuple[str, list[str]]] = []
    for line in doc.splitlines():
        if line.strip() in _SECTIONS and not line.startswith(" "):
            parts.append((line.strip(), []))
        elif parts:
            parts[-1][1].append(line)
    found = []
    for heading, body in parts:
        text = textwrap.dedent("\n".join(body)).strip("\n")
        if heading in _CODE_SECTIONS:
            code, _, note = text.partition("\n\n")
            found.append((heading, code))
            if note.strip():
                found.append(("Note:", note.strip()))
        else:
            found.append((heading, " ".join(text.split()) if "\n\n" not in text else _paragraphs(text)))
    return found


def _paragraphs(text: str) -> str:
    return "\n\n".join(" ".join(part.split()) for part in text.split("\n\n"))


def _looks_like_yaml(body: str) -> bool:
    return all(": " in line or line.startswith(("-", " ")) for line in body.splitlines() if line.strip()) \
        and body.split(":", 1)[0].strip().isidentifier()


def page_path() -> Path:
    return Path(__file__).resolve().parents[2] / "docs" / "lint-rules.md"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path, page = page_path(), rules_page()
    if "--check" in argv:
        current = path.is_file() and path.read_text(encoding="utf-8") == page
        print(f"{path}: {'current' if current else 'out of date; run python -m interpreter.lint.docs'}")
        return 0 if current else 1
    from interpreter.base.files import write_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, page)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
