"""QR codes of a game's links as inline SVG: the share page and the printed sheet draw them here.

Made by segno on the server (no network, no script), with error correction
level M so a creased or smudged print still reads.
"""

from __future__ import annotations

from markupsafe import Markup


def qr_svg(
    url: str, *, scale: int = 1, border: int | None = None, dark: str = "#000", light: str | None = None
) -> Markup:
    """An inline SVG QR code for ``url``: ``scale`` units per module, ``border`` modules of quiet zone.

    ``border`` None is the standard four modules; ``light`` None leaves the
    light modules transparent (paper is white already). No width or height
    is written: the page's CSS sizes the drawing.

    >>> svg = qr_svg("https://example.org/games/abc", scale=4, light="#fff")
    >>> svg.startswith("<svg") and 'fill="#fff"' in svg and "width=" not in svg
    True
    """
    import segno  # only pages that draw a code pay for the import

    return Markup(
        segno.make(url, error="m").svg_inline(
            scale=scale, border=border, dark=dark, light=light, omitsize=True
        )
    )


def share_qr(url: str) -> Markup:
    """A share page's QR code (a game's or a table's): big modules on a white ground, readable in
    dark mode too."""
    return qr_svg(url, scale=4, light="#fff")


def qr_png_url(url: str, *, border: int = 2) -> str:
    """A QR code for ``url`` as a PNG ``data:`` URL of one pixel a module, for print.

    Printed with ``image-rendering: pixelated`` (no smoothing), it is as sharp
    as a drawing at any size, and a PDF renderer places one small image
    instead of parsing and filling a path of every dark module.

    >>> qr_png_url("https://example.org/games/abc").startswith("data:image/png;base64,iVBOR")
    True
    """
    import base64
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=1, border=border)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()
