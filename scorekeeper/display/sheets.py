"""Score sheets as a plain table model, blank or filled, laid out per variant.

Every value comes from the engine's score. A row's player cells are one line of monospaced text over
a drawn grid, not a table cell each: WeasyPrint spends about half a millisecond on every cell.
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass, field

from flask_babel import gettext

from ..rules import GameScore
from .cribbage_track import fit_track
from .isolates import isolated, mixed
from .mono_words import MONO_ADVANCE, cells, set_in_cells
from .text_width import fitted, text_width
from .words import ordinal

#: usable width (mm) of each paper and orientation inside 10 mm margins
USABLE_WIDTH = {
    ("a4", "portrait"): 190,
    ("a4", "landscape"): 277,
    ("letter", "portrait"): 196,
    ("letter", "landscape"): 259,
}
#: usable height (mm) of each paper and orientation inside 14 mm and 12 mm margins
USABLE_HEIGHT = {
    ("a4", "portrait"): 271,
    ("a4", "landscape"): 184,
    ("letter", "portrait"): 253,
    ("letter", "landscape"): 189,
}
#: width (mm) of the margin panel beside the table (the Krazy Bee Step list)
SIDE_WIDTH = 44
#: font size (pt) of a recorded line's player cells (``td.line`` in print.css)
LINE_PT = 8
#: font size (pt) of a player's name over their columns (``tr.names th`` in print.css, bold)
HEAD_PT = 9
#: millimetres per point
PT = 25.4 / 72
#: widths (pt) of the column rules: between a player's columns, and before each player
RULE, PLAYER_RULE = 0.4, 1.4


@dataclass(frozen=True)
class Column:
    """One column: its header, width in mm, and a CSS class for special cells."""

    label: str
    width: float
    title: str = ""
    cls: str = ""


@dataclass
class Row:
    """One line of the sheet: its lead cells and, per player, one cell per sub-column."""

    lead: list[str]
    cells: list[list[str]]
    cls: str = ""


@dataclass
class Sheet:
    """Everything a score-sheet template needs, blank or filled."""

    variant: str
    name: str
    lead: tuple[Column, ...]
    per_player: tuple[Column, ...]
    players: list[str]
    rows: list[Row]
    blank: bool = True
    #: final line per player (running totals, ranks ...), shown in the table foot
    foot: list[Row] = field(default_factory=list)
    #: (term, meaning) lines explaining the columns and the options in force
    key: list[tuple[str, str]] = field(default_factory=list)
    #: Krazy Bee: the game's Step list, printed in the margin
    steps: list[str] = field(default_factory=list)
    #: Crib Rummy: the cribbage track (see :func:`cribbage_track`)
    track: dict | None = None
    orientation: str = "portrait"
    groups: list[list[int]] = field(default_factory=list)
    #: width (mm) of each table: the page's usable width less the margin panel
    table_width: float = 190
    #: printed right to left (Hebrew): the monospaced lines and their grids mirrored, each value isolated
    rtl: bool = False

    def player_label(self, seat: int, group: list[int] | None = None) -> str:
        """A player's name over their columns, isolated where the sheet mixes directions: "Ann B."
        on a Hebrew sheet keeps its full stop at its end (".Ann B" unisolated). With the page's
        ``group``, shortened with "…" to the room over the columns beside the seat number: a 40-letter
        name ran off the page or over the Step list (the title and standings print it whole)."""
        name = self.players[seat]
        if group is not None:
            room = sum(self.player_widths(group)[: len(self.per_player)]) - head_lead(seat)
            name = fitted(name, room, HEAD_PT, bold=True)
        return isolated(name) if mixed(self.players, self.rtl) else name

    @property
    def side(self) -> bool:
        return bool(self.steps)

    @property
    def key_columns(self) -> list[list[tuple[str, str]]]:
        """The key split into two columns of about the same length of text.

        Printed as two floats: CSS ``columns`` balancing cost WeasyPrint a
        third of a sheet's layout time.

        >>> Sheet("v", "V", (), (), [], [], key=[("A", "x" * 40), ("B", "y"), ("C", "z")]).key_columns
        [[('A', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')], [('B', 'y'), ('C', 'z')]]
        """
        total = sum(len(t) + len(m) for t, m in self.key)
        left, length = [], 0
        for term, meaning in self.key:
            if left and length >= total / 2:
                break
            left.append((term, meaning))
            length += len(term) + len(meaning)
        return [left, self.key[len(left) :]]

    def widths(self, group: list[int]) -> list[float]:
        """Each column's share (%) of the table for a group of players: lead columns, then per player."""
        cols = list(self.lead) + list(self.per_player) * len(group)
        total = sum(c.width for c in cols)
        return [round(100 * c.width / total, 3) for c in cols]

    def player_widths(self, group: list[int]) -> list[float]:
        """Each player sub-column's width in mm on the printed table of ``group``."""
        scale = self.table_width / (
            sum(c.width for c in self.lead) + len(group) * sum(c.width for c in self.per_player)
        )
        return [c.width * scale for c in self.per_player] * len(group)

    def line(self, row: Row, group: list[int]) -> list[tuple[str, bool]] | None:
        """A row's player cells as one monospaced line: (text, bold) pieces.

        Each value is centred in its column by padding with spaces; the last
        sub-column of each player (the running total) is bold. An empty row
        is an empty line (the grid alone), except where a column draws its
        own boxes to tick (RumBugz kinds): then None, and the row keeps one
        table cell per column.
        """
        texts = [cell for seat in group for cell in row.cells[seat]]
        if not any(texts):
            return None if any(c.cls for c in self.per_player) else []
        last = len(self.per_player) - 1
        bold = [i % len(self.per_player) == last for i in range(len(texts))]
        return self.laid_out(texts, self.player_widths(group), bold, _inset())

    def laid_out(
        self, texts: list[str], widths: list[float], bold: list[bool], inset: float, size: float = LINE_PT
    ) -> list[tuple[str, bool]]:
        """:func:`mono_line` in the sheet's direction: right to left, the first column on the right and
        each value isolated where the line mixes directions (:func:`.isolates.mixed`)."""
        if self.rtl:
            texts, widths, bold = texts[::-1], widths[::-1], bold[::-1]
        return mono_line(texts, widths, bold, inset, size, isolate=mixed(texts, self.rtl))

    def grid(self, group: list[int]) -> str:
        """The column rules under :meth:`line` as an SVG ``data:`` URL (thick before each player)."""
        widths = self.player_widths(group)
        inset, box = _inset(), sum(widths) - (PLAYER_RULE + RULE) / 2 * PT
        thin, thick, x = [], [], 0.0
        for i, w in enumerate(widths[:-1]):
            x += w
            (thick if (i + 1) % len(self.per_player) == 0 else thin).append(f"M{x:.3f} 0V10")
        paths = "".join(
            f'<path d="{"".join(d)}" stroke="#000" stroke-width="{width * PT:.3f}" fill="none"/>'
            for d, width in ((thin, RULE), (thick, PLAYER_RULE))
            if d
        )
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{inset:.3f} 0 {box:.3f} 10" '
            f'preserveAspectRatio="none">{mirrored(paths, inset, box, self.rtl)}</svg>'
        )
        return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def mirrored(drawing: str, left: float, width: float, rtl: bool = True) -> str:
    """An SVG ``drawing`` over ``left`` .. ``left + width`` mirrored left to right for a sheet printed
    right to left (its first column on the right), else as it is.

    >>> mirrored('<path d="M1 0V10"/>', 0, 10)
    '<g transform="matrix(-1 0 0 1 10.000 0)"><path d="M1 0V10"/></g>'
    """
    return f'<g transform="matrix(-1 0 0 1 {2 * left + width:.3f} 0)">{drawing}</g>' if rtl else drawing


def head_lead(seat: int) -> float:
    """mm of a column head that is not its name: the seat number (7 pt) and its 1.5 mm gap, the cell's
    padding and thick rule, and a millimetre to spare (print.css ``tr.names th``)."""
    return text_width(str(seat + 1), 7) + 1.5 + 2 * 0.6 + PLAYER_RULE * PT + 1


def _inset() -> float:
    """mm from a line's first column rule to where its text and grid start (half the thick rule)."""
    return PLAYER_RULE / 2 * PT


def mono_line(
    texts: list[str],
    widths: list[float],
    bold: list[bool],
    inset: float = 0.0,
    size: float = LINE_PT,
    isolate: bool = False,
) -> list[tuple[str, bool]]:
    """Texts centred in columns of ``widths`` mm as one line of a monospaced font of ``size`` pt.

    Returns (text, bold) pieces; the line starts ``inset`` mm after the first
    column's left edge. Neighbouring values keep at least one space between them.
    ``isolate``: each value between Unicode isolates (:func:`.isolates.isolated`: a right-to-left sheet's
    line, where "-12" stays "-12"; the marks take no room). A Hebrew value is set in the proportional
    font in a box of whole cells (:mod:`.mono_words`): the line is then markup.

    >>> mono_line(["1", "20", "125"], [9, 9, 9], [False, False, True])
    [('  1   20   ', False), ('125', True)]
    >>> mono_line(["-12", "+45"], [9, 9], [False, False], isolate=True)
    [('  \u2066\u200e-12\u2069  \u2066\u200e+45\u2069', False)]
    """
    advance = size * PT * MONO_ADVANCE
    pieces: list[tuple[str, bool]] = []
    used, x = 0, -inset
    for text, width, strong in zip(texts, widths, bold):
        if text:
            taken = cells(text)
            start = max(used + 1 if used else 0, round((x + width / 2) / advance - taken / 2))
            pad = " " * (start - used)
            if pieces and not pieces[-1][1]:
                pieces[-1] = (pieces[-1][0] + pad, False)
            elif pad:
                pieces.append((pad, False))
            shown = set_in_cells(text, isolated(text) if isolate else text)
            if pieces and pieces[-1][1] == strong:
                pieces[-1] = (pieces[-1][0] + shown, strong)
            else:
                pieces.append((shown, strong))
            used = start + taken
        x += width
    return pieces


def blank_cells(per_player: tuple[Column, ...], players: int) -> list[list[str]]:
    return [["" for _ in per_player] for _ in range(players)]


def layout(sheet: Sheet, paper: str, orientation: str) -> Sheet:
    """Choose the orientation (``auto``: portrait when the table fits) and the player groups."""
    lead = sum(c.width for c in sheet.lead) + (SIDE_WIDTH if sheet.side else 0)
    each = sum(c.width for c in sheet.per_player)
    n = len(sheet.players)
    if orientation == "auto":
        fits = lead + n * each <= USABLE_WIDTH[(paper, "portrait")]
        orientation = "portrait" if fits else "landscape"
    per_group = max(1, int((USABLE_WIDTH[(paper, orientation)] - lead) // each))
    count = math.ceil(n / per_group)
    size = math.ceil(n / count)  # balance the groups: 12 players in 3 groups of 4, not 5+5+2
    sheet.orientation = orientation
    sheet.table_width = USABLE_WIDTH[(paper, orientation)] - (SIDE_WIDTH if sheet.side else 0) - 1
    sheet.groups = [list(range(i, min(i + size, n))) for i in range(0, n, size)]
    if sheet.track:  # the whole track on its page, at the largest size that fits (CR-8)
        sheet.track = fit_track(
            sheet.track, USABLE_WIDTH[(paper, orientation)], USABLE_HEIGHT[(paper, orientation)]
        )
    return sheet


# -- cells shared by the variants -------------------------------------------------


def totals_foot(score: GameScore, per_player: tuple[Column, ...], lead: int) -> list[Row]:
    """Final totals (in the last sub-column) and ranks, one foot row each."""
    width = len(per_player)
    total_row = Row(
        [gettext("Total")] + [""] * (lead - 1), [[""] * (width - 1) + [str(t)] for t in score.totals], "total"
    )
    rank_row = Row(
        [gettext("Rank")] + [""] * (lead - 1),
        [[""] * (width - 1) + [ordinal(r)] for r in score.ranks],
        "rank",
    )
    return [total_row, rank_row]
