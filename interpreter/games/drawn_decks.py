"""Two legal decks drawn from the embedded pool by a seed, of cards the runtime runs whole.

A drawn deck is built as a player would: a legend, a champion unit of its tag, the rest of the Main
Deck from cards of its Domain Identity (at most 3 copies a name, at most 3 Signature cards), a
Rune Deck of its domains' basic runes, and three battlefields; ``decks.construction`` then checks
it like any deck file, so a drawn deck is legal by the same rules.
"""
from __future__ import annotations

import random

from interpreter.cards.card_files import Card
from interpreter.decks.construction import Checker, limits
from interpreter.decks.deck_file import Deck, Entry


def draw_deck(pool: dict[str, Card], runs, rng: random.Random, mode: str = "duel") -> Deck:
    """A legal deck of ``pool`` cards for which ``runs(card)`` holds, drawn with ``rng``."""
    values = limits(mode)
    usable = {name: card for name, card in sorted(pool.items()) if card.fields.get("supertype") != "Token"}
    legend, champion = _legend_and_champion(usable, runs, rng)
    identity = set(legend.fields.get("domains") or ())
    tags = set(legend.fields.get("tags") or ())
    fits = [c for c in usable.values() if c.card_type in ("unit", "gear", "spell") and c.name != champion.name
            and set(c.fields.get("domains") or ()) <= identity and runs(c)
            and (c.fields.get("supertype") != "Signature" or tags & set(c.fields.get("tags") or ()))]
    main = _main(champion, fits, rng, values)
    runes = [c.name for c in usable.values() if c.card_type == "rune" and set(c.fields.get("domains") or ()) <= identity]
    fields = [c.name for c in usable.values() if c.card_type == "battlefield" and runs(c)]
    deck = Deck("<drawn deck>", "", name=f"drawn {legend.name}", legend=Entry(legend.name, 1, 0, 0),
                champion=Entry(champion.name, 1, 0, 0), main=main,
                runes=_split(runes, values.rune_deck[0]),
                battlefields=[Entry(name, 1, 0, 0) for name in rng.sample(fields, values.battlefields[0])])
    findings = Checker(pool, mode).check(deck)
    if findings:                                   # a bug of this module, never of the input
        raise AssertionError("a drawn deck broke deck construction: " + "; ".join(f.message for f in findings))
    return deck


def _legend_and_champion(pool: dict[str, Card], runs, rng: random.Random) -> tuple[Card, Card]:
    pairs = []
    for legend in (c for c in pool.values() if c.card_type == "legend" and runs(c)):
        tags = set(legend.fields.get("tags") or ())
        identity = set(legend.fields.get("domains") or ())
        pairs += [(legend, unit) for unit in pool.values()
                  if unit.card_type == "unit" and unit.fields.get("supertype") == "Champion" and runs(unit)
                  and tags & set(unit.fields.get("tags") or ()) and set(unit.fields.get("domains") or ()) <= identity]
    if not pairs:
        raise ValueError("no legend of the pool has a champion unit the runtime runs")
    return rng.choice(pairs)


def _main(champion: Card, fits: list[Card], rng: random.Random, values) -> list[Entry]:
    size, copies, signatures = values.main_deck_min[0] - 1, values.copies_max[0], values.signature_max[0]
    counts = {champion.name: rng.randint(0, copies - 1)}         # more copies of the champion (103.2.b.1)
    signature_total = 0
    candidates = list(fits)
    rng.shuffle(candidates)
    for card in candidates:
        if sum(counts.values()) >= size:
            break
        want = min(rng.randint(1, copies), size - sum(counts.values()))
        if card.fields.get("supertype") == "Signature":
            want = min(want, signatures - signature_total)
            signature_total += want
        if want > 0:
            counts[card.name] = want
    if sum(counts.values()) < size:
        raise ValueError(f"the Domain Identity of {champion.name}'s legend has too few cards the runtime runs")
    return [Entry(name, count, 0, 0) for name, count in counts.items() if count]


def _split(runes: list[str], total: int) -> list[Entry]:
    """``total`` runes shared as evenly as can be among the identity's basic runes."""
    share, extra = divmod(total, len(runes))
    return [Entry(name, share + (1 if i < extra else 0), 0, 0) for i, name in enumerate(runes)]
