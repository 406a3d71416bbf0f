"""How wide a text prints in the sheets' proportional font (DejaVu Sans, "Sheet Sans" in print.css),
read from the font's own advances: a player's column head shortened with "…" to the room it has
(docs/printing.md "Long names"), in any language and script the font draws."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

#: the fonts print.css embeds
FONTS = Path(__file__).resolve().parent.parent / "static" / "fonts"
#: millimetres per point
PT = 25.4 / 72
ELLIPSIS = "…"


@lru_cache(maxsize=2)
def _advances(bold: bool) -> tuple[dict[int, float], float]:
    """Each character's advance in em, and a wide one's for a character the font lacks."""
    font = TTFont(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), lazy=True)
    per_em, metrics = font["head"].unitsPerEm, font["hmtx"].metrics
    advances = {code: metrics[glyph][0] / per_em for code, glyph in font.getBestCmap().items()}
    return advances, advances[ord("M")]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """``text``'s width in mm at ``size`` pt, kerning left out; direction marks take no room.

    >>> round(text_width("Ann B.", 9, bold=True), 1), text_width("\\u2066Ann\\u2069", 9) == text_width("Ann", 9)
    (11.7, True)
    """
    advances, wide = _advances(bold)
    em = sum(0.0 if unicodedata.category(ch) == "Cf" else advances.get(ord(ch), wide) for ch in text)
    return em * size * PT


def fitted(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` as it is when it fits ``width`` mm at ``size`` pt, else cut and ended with "…".

    >>> fitted("Łukasz Wojciechowski-Brzęczyszczykiewicz", 30, 9, bold=True)
    'Łukasz Wojcie…'
    >>> fitted("Ann", 30, 9), fitted("Ann", 1, 9)
    ('Ann', '…')
    """
    if text_width(text, size, bold) <= width:
        return text
    room = width - text_width(ELLIPSIS, size, bold)
    cut = len(text)
    while cut and text_width(text[:cut], size, bold) > room:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS
