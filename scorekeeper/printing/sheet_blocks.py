"""A filled sheet's recorded rows as blocks of monospaced lines: one table cell per block, not per row.

WeasyPrint's cost grows with the boxes it lays out: a table row, a cell and
every piece of differently styled text are each a box, and a 2,000-hand game
took tens of seconds. Here each run of rows is one cell holding plain
text, one line per row (lead columns included, every value centred in its
column), over one drawn tile that repeats down the cell: the column rules,
the rule under each line and the shading of every other line
(:func:`block_grid`). A block splits across pages like any text, and the
table's head and foot repeat on every page. The running totals are not bold
there (a bold piece per player per row was a box each, the larger part of
the time); their column is shaded instead.

A new block starts at every row with a class (a Crib Rummy hand's first
turn, drawn with a thicker rule above it, and its closing line). A row with a
column that draws its own boxes to tick (RumBugz kinds, on an empty row)
stays a row of cells (:meth:`Sheet.line` is None).
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass, field

from flask_babel import gettext

from ..display.isolates import isolated, mixed
from ..display.mono_words import cells, fit_cells, joined, set_in_cells
from ..display.sheets import LINE_PT, MONO_ADVANCE, PLAYER_RULE, PT, RULE, Row, Sheet, mirrored
from ..display.text_width import text_width
from ..display.words import ordinal

#: height (mm) of a recorded line: ``td.lines`` in print.css
LINE_MM = 5.4
#: font size (pt) of the column labels: ``th.line`` in print.css
LABEL_PT = 7
#: the smallest the labels are set to keep a character's room in their columns (a long German word
#: over a narrow column of a full sheet)
LEAST_LABEL_PT = 5
#: the shading of every other line, and of each player's running-total column
STRIPE, TOTAL_SHADE = "#f3f3f3", "#000"
TOTAL_OPACITY = 0.07


@dataclass
class Block:
    """Rows printed as one cell of text lines; ``cls`` is the class of its first row."""

    lines: list[str] = field(default_factory=list)
    cls: str = ""


def blocks(sheet: Sheet, group: list[int]) -> list[Block | Row]:
    """The sheet's rows for one group of players: blocks of text lines, and rows that keep their cells."""
    out: list[Block | Row] = []
    for row in sheet.rows:
        if _keeps_cells(sheet, row, group):
            out.append(row)
            continue
        if row.cls or not out or not isinstance(out[-1], Block) or out[-1].cls == "hand-end":
            out.append(Block(cls=row.cls))
        # an empty row is one space: a block's last line, left empty, would not be drawn at all
        out[-1].lines.append(text_line(sheet, row, group) or " ")
    return out


def _keeps_cells(sheet: Sheet, row: Row, group: list[int]) -> bool:
    """Whether ``row`` stays a row of cells: it is empty, and a column draws boxes to tick (:meth:`Sheet.line`)."""
    return any(c.cls for c in sheet.per_player) and not any(
        cell for seat in group for cell in row.cells[seat]
    )


def label_line(sheet: Sheet, group: list[int]) -> str:
    """The players' column labels (Step, Points, Total ...) as one line of text, each centred in its column.

    One head cell for all of them (over the drawn rules, as a line of the
    sheet) instead of one a column.
    """
    texts = [c.label for _ in group for c in sheet.per_player]
    bold = [False] * len(texts)
    pieces = sheet.laid_out(
        texts, sheet.player_widths(group), bold, PLAYER_RULE / 2 * PT, label_size(sheet, group)
    )
    return joined(text for text, _ in pieces)


def label_size(sheet: Sheet, group: list[int]) -> float:
    """The labels' font size (pt): :data:`LABEL_PT`, or less where a label would not keep a character's
    room in its column and half more for centring on whole characters (never below
    :data:`LEAST_LABEL_PT`), so no label runs over its column's rules.

    >>> from scorekeeper.display.sheets import Column
    >>> s = Sheet("v", "V", (), (Column("Wertung", 9), Column("Summe", 11)), ["A"], [], table_width=20)
    >>> label_size(s, [0]), label_size(Sheet("v", "V", (), (Column("Rack", 9),), ["A"], []), [0])
    (5, 7)
    """
    fits = [
        width / ((cells(c.label) + 1.5) * PT * MONO_ADVANCE)
        for c, width in zip(sheet.per_player, sheet.player_widths(group))
    ]
    size = min([LABEL_PT, *fits])
    return LABEL_PT if size == LABEL_PT else max(LEAST_LABEL_PT, math.floor(size * 10) / 10)


#: a foot row's label (Total, Rank) prints at print.css's size for the lead cells, and shrinks to
#: no less than the least
FOOT_PT, LEAST_FOOT_PT = 7.5, 5.5


def foot_size(sheet: Sheet, group: list[int], label: str) -> float:
    """The font size (pt) of a foot row's label, which spans the lead columns: :data:`FOOT_PT`, or less
    where the label in this language is wider than they are (Polish "Miejsce" beside a narrow hand
    column ran over its rule).

    >>> from scorekeeper.display.sheets import Column
    >>> s = Sheet("v", "V", (Column("Hand", 3),), (Column("Total", 30),), ["A"], [], table_width=120)
    >>> foot_size(s, [0], "Total"), foot_size(s, [0], "Miejsce")
    (7.5, 6.2)
    """
    room = sum(column_widths(sheet, group)[: len(sheet.lead)]) - 2 * 0.6 - 0.4  # print.css's padding, a rule
    width = text_width(label, FOOT_PT, bold=True)
    return FOOT_PT if width <= room else max(LEAST_FOOT_PT, math.floor(FOOT_PT * room / width * 10) / 10)


def column_widths(sheet: Sheet, group: list[int]) -> list[float]:
    """Every column's width in mm on the printed table of ``group``: lead columns, then per player."""
    players = sheet.player_widths(group)
    scale = players[0] / sheet.per_player[0].width
    return [c.width * scale for c in sheet.lead] + players


def text_line(sheet: Sheet, row: Row, group: list[int]) -> str:
    """One row as one line of text: each value centred in its column, a lead value cut to fit with "…".

    >>> from scorekeeper.display.sheets import Column
    >>> s = Sheet("v", "V", (Column("Hand", 10), Column("Out", 12)), (Column("Rack", 10), Column("Total", 10)),
    ...           ["Ann", "Bob"], [], table_width=60)
    >>> text_line(s, Row(["7", "Maximilian Ann"], [["3", "40"], ["", "12"]]), [0, 1])
    '  7    Max…    3    40         12'
    """
    widths = column_widths(sheet, group)
    lead = [_fit(text, width) for text, width in zip(row.lead, widths)]
    texts = lead + [cell for seat in group for cell in row.cells[seat]]
    pieces = sheet.laid_out(texts, widths, [False] * len(texts), RULE / 2 * PT)
    return joined(text for text, _ in pieces)


def _fit(text: str, width: float) -> str:
    """``text`` cut with "…" to leave a space either side within ``width`` mm."""
    return fit_cells(text, max(1, int(width / _advance()) - 2))


def _advance() -> float:
    return LINE_PT * PT * MONO_ADVANCE


def block_grid(sheet: Sheet, group: list[int], line: float = LINE_MM) -> str:
    """The tile under two lines of a block, as an SVG ``data:`` URL in mm.

    Column rules (thin between columns, thick before each player), a rule
    under each line, the second line shaded, and each player's last column
    (the running total) shaded lightly.
    """
    widths = column_widths(sheet, group)
    inset = RULE / 2 * PT
    box = sum(widths) - RULE * PT
    nlead, nsub = len(sheet.lead), len(sheet.per_player)
    thin, thick, shade, x = [], [], [], 0.0
    for i, w in enumerate(widths[:-1]):
        x += w
        player_edge = i + 1 >= nlead and (i + 1 - nlead) % nsub == 0
        (thick if player_edge else thin).append(f"M{x:.3f} 0V{2 * line}")
    x = 0.0
    for i, w in enumerate(widths):
        if i >= nlead and (i - nlead) % nsub == nsub - 1:
            shade.append(f'<rect x="{x:.3f}" y="0" width="{w:.3f}" height="{2 * line}"/>')
        x += w
    rule = RULE * PT
    under = "".join(f"M{inset:.3f} {y - rule / 2:.3f}H{inset + box:.3f}" for y in (line, 2 * line))
    paths = "".join(
        f'<path d="{"".join(d)}" stroke="#000" stroke-width="{width * PT:.3f}" fill="none"/>'
        for d, width in (([*thin, under], RULE), (thick, PLAYER_RULE))
        if d
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{inset:.3f} 0 {box:.3f} {2 * line}" '
        f'preserveAspectRatio="none">'
        f'<rect x="{inset:.3f}" y="{line}" width="{box:.3f}" height="{line}" fill="{STRIPE}"/>'
        + mirrored(
            f'<g fill="{TOTAL_SHADE}" fill-opacity="{TOTAL_OPACITY}">{"".join(shade)}</g>{paths}',
            inset,
            box,
            sheet.rtl,
        )
        + "</svg>"
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def standings_lines(standings, isolate: bool = False) -> list[str]:
    """A filled sheet's standings, best first, as lines of monospaced text in columns: a heading, then a
    player a line (one box for all of them; a table of 20 cells cost as much as the 30 hands under it).

    >>> from types import SimpleNamespace as S
    >>> standings_lines([S(rank=2, name="Ann", winner=False, total=60, progress="Step 3 of 3"),
    ...                  S(rank=1, name="Bob", winner=True, total=75, progress="All 3 Steps done")])
    ['Rank  Player  Total  Progress', '1st   Bob ★      75  All 3 Steps done', '2nd   Ann        60  Step 3 of 3']
    """
    rows = [(gettext("Rank"), gettext("Player"), gettext("Total"), gettext("Progress"))] + [
        (ordinal(s.rank), s.name + (" ★" if s.winner else ""), str(s.total), s.progress)
        for s in sorted(standings, key=lambda s: s.rank)
    ]
    widths = [max(cells(row[i]) for row in rows) for i in range(3)]  # a Hebrew word in the sans font
    isolate = mixed([text for row in rows for text in row], isolate)  # a Hebrew name on any sheet

    def shown(text: str) -> str:  # right to left: each value isolated, so a total of -12 stays "-12"
        return set_in_cells(text, isolated(text) if isolate else text, start=True)

    def cell(i: int, text: str) -> str:  # the total right-aligned in its column, the others left
        pad = " " * (widths[i] - cells(text))
        return joined([pad, shown(text)] if i == 2 else [shown(text), pad])

    return [joined([*(cell(i, r[i]) for i in range(3)), shown(r[3])], "  ").rstrip() for r in rows]
