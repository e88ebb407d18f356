"""A card drawn as SVG: frame by type and domain, cost, Might, name, type line, rules text.

The frame's colour is the card's domain (two domains split it, 134), its shape follows the
card type (a unit's art window is rounded, a spell's pointed, a gear's square, a battlefield
lies sideways). The cost is in the upper left corner, energy over the power symbols listed
vertically (131.2-131.3); a unit's Might in the upper right (143); domains in the lower right
(134.1). The rules text wraps inside its box, the size shrinking until it fits.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from interpreter.cards.card_files import Card
from interpreter.rules.data import RulesData

from . import palette
from .icons import icon
from .text import Run, char_width, run_width, runs, wrap

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
SIZES = (16, 15, 14, 13, 12, 11, 10, 9, 8, 7)


@dataclass(frozen=True)
class Frame:
    """Where the parts of one card type go."""

    width: int
    height: int
    art: tuple[int, int, int, int]       # x, y, w, h
    text: tuple[int, int, int, int]
    art_shape: str                       # rounded | pointed | square | full


PORTRAIT = dict(width=360, height=504, text=(22, 290, 316, 184))
FRAMES = {
    "unit": Frame(art=(20, 20, 320, 208), art_shape="rounded", **PORTRAIT),
    "spell": Frame(art=(20, 20, 320, 208), art_shape="pointed", **PORTRAIT),
    "gear": Frame(art=(20, 20, 320, 208), art_shape="square", **PORTRAIT),
    "legend": Frame(art=(20, 20, 320, 208), art_shape="rounded", **PORTRAIT),
    "rune": Frame(360, 504, (20, 20, 320, 400), (22, 430, 316, 50), "full"),
    "battlefield": Frame(504, 360, (20, 20, 464, 150), (22, 226, 460, 110), "square"),
}


class CardPicture:
    """Builds the SVG text of one card."""

    def __init__(self, card: Card, rules: RulesData):
        self.card, self.rules = card, rules
        self.fields = card.fields
        self.frame = FRAMES.get(card.card_type or "unit", FRAMES["unit"])
        known = palette.domains(rules)
        self.domains = [known[d] for d in self.fields.get("domains") or () if d in known]
        self.colours = [d.colour for d in self.domains] or [palette.NEUTRAL]
        self.wheel = tuple(d.colour for d in known.values())
        self.parts: list[str] = []

    def svg(self) -> str:
        f = self.frame
        self._background()
        self._art()
        self._cost()
        self._might()
        self._name()
        self._type_line()
        self._rules_text()
        self._domain_marks()
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{f.width}" height="{f.height}" '
                f'viewBox="0 0 {f.width} {f.height}" font-family={quoteattr(FONT)}>')
        title = f"<title>{escape(self.card.name)}</title>"
        return "\n".join([head, title, self._defs(), *self.parts, "</svg>"]) + "\n"

    # ---- frame --------------------------------------------------------------------------
    def _defs(self) -> str:
        stops = []
        for index, colour in enumerate(self.colours):
            start, end = index / len(self.colours), (index + 1) / len(self.colours)
            stops.append(f'<stop offset="{start:.2f}" stop-color="{colour}"/><stop offset="{end:.2f}" '
                         f'stop-color="{colour}"/>')
        art = self.colours[0]
        return (f'<defs><linearGradient id="frame" x1="0" y1="0" x2="1" y2="0">{"".join(stops)}</linearGradient>'
                f'<linearGradient id="art" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{art}" '
                f'stop-opacity="0.35"/><stop offset="1" stop-color="{palette.DARK}" stop-opacity="0.9"/>'
                f'</linearGradient></defs>')

    def _background(self) -> None:
        f = self.frame
        self.parts.append(f'<rect x="1" y="1" width="{f.width - 2}" height="{f.height - 2}" rx="18" '
                          f'fill="url(#frame)" stroke="{palette.INK}" stroke-width="2"/>')
        self.parts.append(f'<rect x="9" y="9" width="{f.width - 18}" height="{f.height - 18}" rx="12" '
                          f'fill="{palette.DARK}" fill-opacity="0.18" stroke="{palette.PAPER}" stroke-opacity="0.6"/>')

    def _art(self) -> None:
        x, y, w, h = self.frame.art
        shape = self.frame.art_shape
        if shape == "pointed":                                          # a spell: pointed lower edge
            d = f"M{x},{y} H{x + w} V{y + h - 24} L{x + w / 2},{y + h} L{x},{y + h - 24} Z"
            self.parts.append(f'<path d="{d}" fill="url(#art)" stroke="{palette.PAPER}" stroke-width="2"/>')
        else:
            radius = {"rounded": 14, "square": 2, "full": 10}[shape]
            self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" fill="url(#art)" '
                              f'stroke="{palette.PAPER}" stroke-width="2"/>')
        if self.card.card_type == "rune" and self.domains:                 # a rune: its domain symbol (134)
            size = 120
            self.parts.append(icon("power", x + w / 2 - size / 2, y + h / 2 - size / 2, size, self.colours[0]))

    # ---- corners ------------------------------------------------------------------------
    def _cost(self) -> None:
        cost = self.fields.get("cost")
        if not isinstance(cost, dict):
            return
        energy = cost.get("energy")
        y = 14
        if energy is not None:
            self.parts.append(icon("energy", 14, y, 46, label=str(energy)))
            y += 50
        letters = palette.by_letter(self.rules)
        for letter in cost.get("power") or ():                              # listed vertically (131.3.a)
            self.parts.append(self._power_icon(f"[{letter}]", letters.get(str(letter)), 24, y, 30))
            y += 32

    def _power_icon(self, symbol: str, domain, x: float, y: float, size: float) -> str:
        if domain is not None:
            return icon("power", x, y, size, domain.colour)
        entry = self.rules.power_symbols.get(symbol) or {}
        if entry.get("domain") == "own":
            return icon("own", x, y, size, self.colours[0])
        return icon("any", x, y, size, wheel=self.wheel)

    def _might(self) -> None:
        might = self.fields.get("might")
        bonus = self.fields.get("might_bonus")
        value = might if self.card.card_type == "unit" and might is not None else None
        label = str(value) if value is not None else (f"+{bonus}" if isinstance(bonus, int) else None)
        if label is None:
            return
        x = self.frame.width - 64
        self.parts.append(icon("badge", x, 12, 52, palette.DARK))
        self.parts.append(f'<text x="{x + 26}" y="{12 + 33}" font-size="{22 if len(label) < 3 else 17}" '
                          f'font-weight="bold" text-anchor="middle" fill="{palette.PAPER}">{escape(label)}</text>')

    def _domain_marks(self) -> None:
        f = self.frame
        x = f.width - 30
        for domain in reversed(self.domains):                                 # lower right (134.1)
            self.parts.append(icon("power", x, f.height - 30, 20, domain.colour))
            x -= 22

    # ---- name and type line ---------------------------------------------------------------
    def _name(self) -> None:
        f = self.frame
        _x, ay, _w, ah = f.art
        y = ay + ah + 6 if f.art_shape != "full" else ay + ah - 44
        name = self.card.name
        size = 19
        while size > 10 and sum(char_width(c, size) * 1.08 for c in name) > f.width - 60:
            size -= 1
        self.parts.append(f'<rect x="16" y="{y}" width="{f.width - 32}" height="32" rx="6" fill="{palette.DARK}" '
                          f'fill-opacity="0.92"/>')
        self.parts.append(f'<text x="{f.width / 2}" y="{y + 22}" font-size="{size}" font-weight="bold" '
                          f'text-anchor="middle" fill="{palette.PAPER}">{escape(name)}</text>')
        self._name_bottom = y + 32

    def _type_line(self) -> None:
        words = [self.fields.get("supertype"), self.fields.get("type")]
        line = " ".join(str(w) for w in words if w).upper()
        tags = [str(t) for t in self.fields.get("tags") or ()]
        if tags:
            line += " \u2022 " + ", ".join(tags)
        self.parts.append(f'<text x="{self.frame.width / 2}" y="{self._name_bottom + 15}" font-size="10.5" '
                          f'letter-spacing="0.6" text-anchor="middle" fill="{palette.PAPER}">{escape(line)}</text>')

    # ---- rules text ---------------------------------------------------------------------
    def _rules_text(self) -> None:
        x, y, w, h = self.frame.text
        texts = [t for t in (self.fields.get("text"), self.fields.get("effect_text")) if isinstance(t, str) and t.strip()]
        if not texts and self.card.card_type == "rune":
            return
        self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{palette.PAPER}" '
                          f'stroke="{palette.INK}" stroke-opacity="0.4"/>')
        items: list[Run] = []
        for number, text in enumerate(texts):
            if number:
                items.append(Run("newline"))
            items.extend(runs(text.strip(), self.rules))
        size, lines = self._fit(items, w - 20, h - 14)
        leading = size * 1.28
        top = y + 8 + size
        for number, line in enumerate(lines):
            baseline = top + number * leading
            for offset, run in line:
                self.parts.append(self._draw_run(run, x + 10 + offset, baseline, size))

    def _fit(self, items: list[Run], width: float, height: float):
        for size in SIZES:
            lines = wrap(items, width, size)
            if len(lines) * size * 1.28 <= height:
                return size, lines
        return SIZES[-1], wrap(items, width, SIZES[-1])

    def _draw_run(self, run: Run, x: float, baseline: float, size: float) -> str:
        if run.kind == "icon":
            colour = palette.INK
            domain = palette.by_symbol(self.rules).get(run.text)
            if run.icon == "power" and domain is not None:
                colour = domain.colour
            elif run.icon == "own":
                colour = self.colours[0]
            return icon(run.icon, x, baseline - size * 0.92, size, colour, run.text, self.wheel)
        if run.kind == "keyword":
            width = sum(char_width(c, size) for c in run.text) * 1.08 + 0.6 * size
            return (f'<rect x="{x:.1f}" y="{baseline - size * 0.95:.1f}" width="{width:.1f}" height="{size * 1.25:.1f}" '
                    f'rx="{size * 0.3:.1f}" fill="{palette.DARK}"/><text x="{x + 0.3 * size:.1f}" y="{baseline:.1f}" '
                    f'font-size="{size}" font-weight="bold" fill="{palette.PAPER}" textLength="{width - 0.6 * size:.1f}" '
                    f'lengthAdjust="spacingAndGlyphs">{escape(run.text)}</text>')
        style = ' font-style="italic"' if run.style == "italic" else ""
        weight = ' font-weight="bold"' if run.style == "bold" else ""
        length = run_width(run, size)                       # the wrapping's estimate is what is drawn
        return (f'<text x="{x:.1f}" y="{baseline:.1f}" font-size="{size}" fill="{palette.INK}"{style}{weight} '
                f'textLength="{length:.1f}" lengthAdjust="spacingAndGlyphs">{escape(run.text)}</text>')


def card_svg(card: Card, rules: RulesData) -> str:
    """The SVG text of ``card``."""
    return CardPicture(card, rules).svg()
