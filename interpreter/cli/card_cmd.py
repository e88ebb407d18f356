"""``riftbound card FILE --svg OUT [--png OUT]``: a picture of a card."""
from __future__ import annotations

from pathlib import Path


def register(commands) -> None:
    command = commands.add_parser("card", help="draw a card as SVG (and PNG where the optional cairosvg is installed)")
    command.add_argument("source", metavar="FILE", help="a card file; with several cards, --name picks one")
    command.add_argument("--svg", type=Path, metavar="OUT", help="write the SVG picture here")
    command.add_argument("--png", type=Path, metavar="OUT", help="write a PNG picture here (needs cairosvg)")
    command.add_argument("--name", help="the card to draw when the file holds several")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError
    from interpreter.base.files import write_atomically
    from interpreter.picture import png
    from interpreter.picture.card_svg import card_svg
    from interpreter.rules.data import default_rules

    from .common import cards_of

    def usage(message: str, help: str) -> InputError:
        return InputError(Diagnostic("E020", message, "riftbound card", 1, 1, help=help))

    if args.svg is None and args.png is None:
        raise usage("no output named", "expected --svg OUT.svg (and --png OUT.png with cairosvg installed)")
    if args.png is not None and not png.available():
        raise usage("PNG output needs the optional cairosvg package, which is not installed",
                    "expected `pip install 'riftbound-rules[png]'`, or use --svg alone")
    card = _pick(cards_of(args.source), args.name, args.source, usage)
    svg = card_svg(card, default_rules())
    if args.svg is not None:
        write_atomically(args.svg, svg)
        print(f"wrote {args.svg}")
    if args.png is not None:
        _write_bytes(args.png, png.svg_to_png(svg))
        print(f"wrote {args.png}")
    return 0


def _pick(cards, name, source, usage):
    if name is not None:
        found = [card for card in cards if card.name == name]
        if not found:
            raise usage(f"no card named {name!r} in {source}", "expected one of: " + ", ".join(c.name for c in cards))
        return found[0]
    if len(cards) != 1:
        raise usage(f"{source} holds {len(cards)} cards", "expected --name NAME to pick one of: "
                    + ", ".join(c.name for c in cards[:20]))
    return cards[0]


def _write_bytes(target: Path, data: bytes) -> None:
    """The whole file through a temporary file and a rename (as ``write_atomically`` does for text)."""
    import os
    import tempfile

    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
