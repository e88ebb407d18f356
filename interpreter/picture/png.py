"""PNG output through the optional cairosvg extra (``pip install riftbound-rules[png]``)."""
from __future__ import annotations


def available() -> bool:
    """Whether cairosvg (and the cairo library it loads) can be imported here."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def svg_to_png(svg: str) -> bytes:
    """The PNG bytes of an SVG text; call only when ``available()``."""
    import cairosvg

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))
