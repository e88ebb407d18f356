"""The icons of rules text and of the card's corners, as SVG fragments drawn in a box of ``size``.

Might resembles a sword and shield (135.2.e.3), exhaust a card turning sideways (135.2.e.2,
414.5), power of a domain its domain's colour (134.2), power of any domain a swirl of every
domain's colour (135.2.e.5), the keyword arrow a chevron (135.2.e.7); an energy cost is a
numeral in a dark disc (131.2).
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .palette import DARK, INK, NEUTRAL, PAPER


def icon(kind: str, x: float, y: float, size: float, colour: str = INK, label: str = "",
         wheel: tuple[str, ...] = ()) -> str:
    """An icon whose box has its top-left corner at (x, y)."""
    return _DRAW[kind](x, y, size, colour, label, wheel)


def _might(x, y, s, colour, label, wheel) -> str:
    shield = (f"M{x + .2 * s:.1f},{y + .2 * s:.1f} L{x + .8 * s:.1f},{y + .2 * s:.1f} L{x + .8 * s:.1f},"
              f"{y + .55 * s:.1f} Q{x + .5 * s:.1f},{y + s:.1f} {x + .5 * s:.1f},{y + s:.1f} "
              f"Q{x + .5 * s:.1f},{y + s:.1f} {x + .2 * s:.1f},{y + .55 * s:.1f} Z")
    sword = f"M{x + .5 * s:.1f},{y:.1f} L{x + .5 * s:.1f},{y + .85 * s:.1f}"
    return (f'<path d="{shield}" fill="{colour}"/><path d="{sword}" stroke="{PAPER}" stroke-width="{s * .1:.1f}"/>'
            f'<path d="M{x + .3 * s:.1f},{y + .32 * s:.1f} L{x + .7 * s:.1f},{y + .32 * s:.1f}" '
            f'stroke="{PAPER}" stroke-width="{s * .08:.1f}"/>')


def _badge(x, y, s, colour, label, wheel) -> str:
    """The Might corner of a unit (143): a shield with a light rim, the number drawn on it."""
    d = (f"M{x + .1 * s:.1f},{y + .08 * s:.1f} L{x + .9 * s:.1f},{y + .08 * s:.1f} L{x + .9 * s:.1f},"
         f"{y + .55 * s:.1f} Q{x + .9 * s:.1f},{y + .85 * s:.1f} {x + .5 * s:.1f},{y + s:.1f} "
         f"Q{x + .1 * s:.1f},{y + .85 * s:.1f} {x + .1 * s:.1f},{y + .55 * s:.1f} Z")
    return f'<path d="{d}" fill="{colour}" stroke="{PAPER}" stroke-width="{s * .05:.1f}"/>'


def _exhaust(x, y, s, colour, label, wheel) -> str:
    card = (f'<rect x="{x + .12 * s:.1f}" y="{y + .35 * s:.1f}" width="{.6 * s:.1f}" height="{.42 * s:.1f}" '
            f'rx="{.06 * s:.1f}" fill="none" stroke="{colour}" stroke-width="{s * .09:.1f}"/>')
    arrow = (f'<path d="M{x + .35 * s:.1f},{y + .22 * s:.1f} A{.4 * s:.1f},{.4 * s:.1f} 0 0 1 {x + .9 * s:.1f},'
             f'{y + .62 * s:.1f}" fill="none" stroke="{colour}" stroke-width="{s * .09:.1f}"/>'
             f'<path d="M{x + .78 * s:.1f},{y + .55 * s:.1f} L{x + .9 * s:.1f},{y + .75 * s:.1f} '
             f'L{x + 1.0 * s:.1f},{y + .52 * s:.1f} Z" fill="{colour}"/>')
    return card + arrow


def _arrow(x, y, s, colour, label, wheel) -> str:
    return (f'<path d="M{x + .25 * s:.1f},{y + .2 * s:.1f} L{x + .8 * s:.1f},{y + .55 * s:.1f} '
            f'L{x + .25 * s:.1f},{y + .9 * s:.1f} Z" fill="{colour}"/>')


def _energy(x, y, s, colour, label, wheel) -> str:
    width = s * (1.0 if len(label) < 2 else 1.4)
    return (f'<rect x="{x:.1f}" y="{y + .05 * s:.1f}" width="{width:.1f}" height="{.95 * s:.1f}" rx="{.47 * s:.1f}" '
            f'fill="{DARK}"/><text x="{x + width / 2:.1f}" y="{y + .78 * s:.1f}" font-size="{.75 * s:.1f}" '
            f'font-weight="bold" text-anchor="middle" fill="{PAPER}" font-style="normal">{escape(label)}</text>')


def _power(x, y, s, colour, label, wheel) -> str:
    r = .45 * s
    cx, cy = x + .5 * s, y + .55 * s
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" stroke="{PAPER}" '
            f'stroke-width="{s * .06:.1f}"/><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .4:.1f}" fill="{PAPER}" '
            f'fill-opacity="0.85"/>')


def _any(x, y, s, colour, label, wheel) -> str:
    """A wheel of every domain's colour (135.2.e.5)."""
    colours = wheel or (NEUTRAL,)
    r, cx, cy = .45 * s, x + .5 * s, y + .55 * s
    parts = []
    for index, shade in enumerate(colours):
        a0 = 2 * math.pi * index / len(colours)
        a1 = 2 * math.pi * (index + 1) / len(colours)
        parts.append(f'<path d="M{cx:.1f},{cy:.1f} L{cx + r * math.cos(a0):.1f},{cy + r * math.sin(a0):.1f} '
                     f'A{r:.1f},{r:.1f} 0 0 1 {cx + r * math.cos(a1):.1f},{cy + r * math.sin(a1):.1f} Z" '
                     f'fill="{shade}"/>')
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .35:.1f}" fill="{PAPER}"/>')
    return "".join(parts)


def _own(x, y, s, colour, label, wheel) -> str:
    """[C]: power of the card's own domain (135.2.e.6), drawn in that domain's colour with a ring."""
    r, cx, cy = .45 * s, x + .5 * s, y + .55 * s
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}"/>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .6:.1f}" fill="none" stroke="{PAPER}" '
            f'stroke-width="{s * .08:.1f}"/>')


_DRAW = {"might": _might, "badge": _badge, "exhaust": _exhaust, "arrow": _arrow, "energy": _energy, "power": _power, "any": _any,
         "own": _own}
