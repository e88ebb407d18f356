"""Coverage: how much of a card corpus compiles fully, renders back, and what blocks the rest.

A card counts as compiled only when every text it carries (printed text, the current
official wording where it differs, and equipment effect text) compiles to typed effects.
Failures keep the card, the fragment (the line of text) and the reason; gaps group the
failures by the word the grammar could not read and the words before it, ranked by how
many cards fixing each would unlock (cards whose only failure it is). A compiled card is also
compared with its canonical rendering after a narrow normalisation (``comparable``): the count of
cards printed exactly as the tool would word them. With a ``runs`` check (the engine's), a compiled card
also counts as run when the runtime handles every one of its effects; the others keep their first gap.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from interpreter.cards.card_files import Card
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.card_texts import equipment_of

TEXT_FIELDS = ("text", "text_riot_gallery_2026_03", "effect_text")


@dataclass(frozen=True)
class Failure:
    """A text of a card that did not compile: where, the fragment, and why."""

    card: str
    field: str
    line: int
    column: int
    fragment: str
    reason: str
    expected: str

    @property
    def gap(self) -> str:
        """The words before the failure and the word that failed: the grammar gap."""
        before = self.fragment[: self.column - 1].split()[-2:]
        word = (self.fragment[self.column - 1:].split() or ["<end>"])[0]
        return " ".join(before + ["▸", word]).lower()


@dataclass
class Report:
    """Coverage of a set of cards."""

    cards: int = 0
    compiled: int = 0
    round_trip: int = 0
    same_as_printed: int = 0
    failures: list[Failure] = field(default_factory=list)
    round_trip_failures: list[str] = field(default_factory=list)
    by_set: dict[str, list[int]] = field(default_factory=dict)
    runs: int | None = None                          # None: not measured
    run_gaps: list[tuple[str, str]] = field(default_factory=list)          # (card, first gap)
    by_type: dict[str, list[int]] = field(default_factory=dict)           # type -> [cards, compiled, runs]

    def gaps(self, limit: int = 20) -> list[tuple[str, int, int]]:
        """(gap, cards it alone blocks, failures it appears in), most unlocking first."""
        per_card: dict[str, set[str]] = {}
        for failure in self.failures:
            per_card.setdefault(failure.card, set()).add(failure.gap)
        unlocks = Counter(next(iter(gaps)) for gaps in per_card.values() if len(gaps) == 1)
        seen = Counter(failure.gap for failure in self.failures)
        ranked = sorted(seen, key=lambda gap: (-unlocks[gap], -seen[gap], gap))
        return [(gap, unlocks[gap], seen[gap]) for gap in ranked[:limit]]


def card_texts(card: Card) -> list[tuple[str, str]]:
    """The texts of a card to compile, by field; the current wording only where it differs."""
    texts = []
    for name in TEXT_FIELDS:
        value = card.fields.get(name)
        if isinstance(value, str) and value.strip() and (name != "text_riot_gallery_2026_03"
                                                        or value != card.fields.get("text")):
            texts.append((name, value))
    return texts


def text_card_type(card: Card, field: str) -> str | None:
    """The card type a text of the card is read as: Equipment effect text is appended to the rules text
    of the unit it is attached to (136.2.c), so its "I" and "me" are that unit."""
    return "unit" if field == "effect_text" else card.card_type


def measure(cards: list[Card], round_trip=None, render=None, runs=None) -> Report:
    """Compile every text of every card; ``round_trip(abilities, card_type)`` checks rendering back,
    ``render(abilities, card_type)`` gives the canonical text compared with the printed one, and
    ``runs(abilities, card_type)`` gives the first effect the runtime would not run (None when it runs them all)."""
    report = Report(runs=0 if runs is not None else None)
    for card in cards:
        report.cards += 1
        card_set = str(card.fields.get("set") or Path(card.path).parent.name)
        counts = report.by_set.setdefault(card_set, [0, 0])
        counts[0] += 1
        by_type = report.by_type.setdefault(card.card_type or "?", [0, 0, 0])
        by_type[0] += 1
        compiled, failures = _compile_card(card)
        if failures:
            report.failures.extend(failures)
            continue
        report.compiled += 1
        counts[1] += 1
        by_type[1] += 1
        if runs is not None:
            _count_run(report, card, compiled, runs, by_type)
        if round_trip is None or all(round_trip(abilities, card_type) for card_type, abilities, _ in compiled):
            report.round_trip += 1
        else:
            report.round_trip_failures.append(card.name)
        if render is not None and all(_printed_as_rendered(text, render(abilities, card_type))
                                      for card_type, abilities, text in compiled):
            report.same_as_printed += 1
    return report


def _count_run(report: Report, card: Card, compiled: list, runs, by_type: list[int]) -> None:
    # an effect text is checked as the unit's text: the unit has its abilities (136.2.c, engine/equipment_texts)
    gap = next((g for g in (runs(abilities, card_type) for card_type, abilities, _ in compiled) if g is not None), None)
    if gap is None:
        report.runs += 1
        by_type[2] += 1
    else:
        report.run_gaps.append((card.name, gap))


# The narrow normalisation before comparing printed and canonical text: reminder text dropped (it adds no
# behaviour, 135.2.d.3), dash and quote variants made one, runs of spaces and blank lines collapsed.
# Nothing else: a different word, order, arrow style or punctuation mark still counts as a difference.
_REMINDER = re.compile(r"\s*\([^()]*\)")
_VARIANTS = str.maketrans({"–": "—", "‘": "'", "’": "'", "“": '"', "”": '"'})


def comparable(text: str) -> str:
    """``text`` as compared with the canonical rendering (see the normalisation above)."""
    text = _REMINDER.sub("", text.translate(_VARIANTS))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _printed_as_rendered(printed: str, rendered: str) -> bool:
    return comparable(printed) == comparable(rendered)


def _compile_card(card: Card):
    compiled, failures = [], []
    for name, text in card_texts(card):
        card_type = text_card_type(card, name)
        try:
            compiled.append((card_type, compile_text(text, card_type=card_type, equipment=equipment_of(card, name)),
                             text))
        except InputError as error:
            failures.append(_failure(card, name, text, error))
    return compiled, failures


def _failure(card: Card, name: str, text: str, error: InputError) -> Failure:
    diagnostic = error.diagnostic
    lines = text.splitlines() or [""]
    fragment = lines[diagnostic.line - 1] if 0 < diagnostic.line <= len(lines) else ""
    reason = diagnostic.message
    return Failure(card.name, name, diagnostic.line, diagnostic.column, fragment, reason, diagnostic.help)
