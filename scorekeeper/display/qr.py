"""QR codes of a game's links as inline SVG: the share page and the printed sheet draw them here.

Made by segno on the server (no network, no script), with error correction
level M so a creased or smudged print still reads.
"""

from __future__ import annotations

from markupsafe import Markup


def qr_svg(url: str, *, scale: int = 1, border: int | None = None, dark: str = "#000",
           light: str | None = None) -> Markup:
    """An inline SVG QR code for ``url``: ``scale`` units per module, ``border`` modules of quiet zone.

    ``border`` None is the standard four modules; ``light`` None leaves the
    light modules transparent (paper is white already). No width or height
    is written: the page's CSS sizes the drawing.

    >>> svg = qr_svg("https://example.org/games/abc", scale=4, light="#fff")
    >>> svg.startswith("<svg") and 'fill="#fff"' in svg and "width=" not in svg
    True
    """
    import segno  # only pages that draw a code pay for the import

    return Markup(segno.make(url, error="m").svg_inline(scale=scale, border=border, dark=dark, light=light,
                                                        omitsize=True))


def share_qr(url: str) -> Markup:
    """A share page's QR code (a game's or a table's): big modules on a white ground, readable in
    dark mode too."""
    return qr_svg(url, scale=4, light="#fff")
