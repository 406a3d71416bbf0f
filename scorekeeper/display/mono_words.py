"""Hebrew in a sheet's monospaced lines (the recorded rows, the column labels, the standings), set as it
reads: in the sheet's proportional font, in a box of whole monospaced cells.

A sheet's lines are text in DejaVu Sans Mono ("Sheet Mono"), every value centred in its column by
counting characters, so the numbers stand in columns without a table cell each
(:mod:`.sheets`). Set in the same cells, a Hebrew word looked letter-spaced: each narrow letter
(vav, yod, final nun) sat alone in a cell as wide as "M" ("Sheet Mono Hebrew", scripts/hebrew_mono_font.py,
still the fallback). Here a value holding a right-to-left letter is set in DejaVu Sans ("Sheet
Sans"), its letters at their own widths, in an inline box as wide as the whole cells its width
takes (measured bold, the wider, rounded up): the rest of the line keeps counting in cells, so the
columns after it stand where they did and numbers stay aligned (docs/printing.md "Right to left").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from markupsafe import Markup

from .isolates import right_to_left
from .text_width import PT, text_width

#: advance of every character of the sheet's monospaced font (DejaVu Sans Mono), in em
MONO_ADVANCE = 1233 / 2048


@lru_cache(maxsize=4096)
def cells(text: str) -> int:
    """How many monospaced cells ``text`` takes: a character each, or, set proportionally (it holds a
    letter written right to left), its width (bold, in DejaVu Sans) in whole cells. Kept per text: a
    sheet asks for a name's cells on each of its rows, and a Hebrew one is measured glyph by glyph.

    >>> cells("Bob"), cells("ויויאן"), len("ויויאן")
    (3, 4, 6)
    """
    if not right_to_left(text):
        return len(text)
    em = text_width(text, 1, bold=True) / PT
    return max(1, math.ceil(em / MONO_ADVANCE - 1e-9))


def boxed(text: str, shown: str, start: bool = False) -> Markup:
    """``shown`` (``text`` as the line shows it, isolated or not) in its box of :func:`cells` cells
    (print.css ``.word``), escaped: centred, or at the box's start for a column aligned there (the
    standings' names)."""
    return Markup('<span class="word{}" style="width: {:.4f}em">{}</span>').format(
        " start" if start else "", cells(text) * MONO_ADVANCE, shown
    )


def set_in_cells(text: str, shown: str, start: bool = False) -> str:
    """``shown`` boxed where ``text`` is set proportionally, else as it is."""
    return boxed(text, shown, start) if right_to_left(text) else shown


def joined(texts: Iterable[str], between: str = "") -> str:
    """Pieces of a line joined: markup (each other piece escaped) when one holds a box, else text.

    >>> joined(["a", "b"]), joined(["<", Markup("<i>")])
    ('ab', Markup('&lt;<i>'))
    """
    texts = list(texts)
    if any(isinstance(t, Markup) for t in texts):
        return Markup(between).join(texts)
    return between.join(texts)


def fit_cells(text: str, room: int) -> str:
    """``text`` cut with "…" to take at most ``room`` cells.

    >>> fit_cells("Maximilian Ann", 4), fit_cells("Ann", 4)
    ('Max…', 'Ann')
    """
    if cells(text) <= room:
        return text
    cut = len(text)
    while cut and cells(text[:cut] + "…") > room:
        cut -= 1
    return text[:cut] + "…"
