"""Server-drawn SVG pictures of a game: the score-progression chart and the cribbage board.

Pure functions: plain values in, an SVG string out (every name escaped here),
so the game page, the PDFs and tests can all use them. Each player has a
colour *and* a marker shape / dash pattern, so nothing depends on colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from flask_babel import gettext

from .cribbage_board import (
    HOLE_R,
    LABELS,
    Board,
    game_hole_shape,
    game_label,
    hole_xy,
    peg_shape,
    peg_xy,
    seat_shape,
    streets,
)
from .isolates import isolated

#: One colour per seat for up to 12 players, none used twice: each stands 3:1 or more against the
#: light and the dark page, and any two differ by a CIE76 distance of 25 or more (tests/web/test_chart_colours.py).
#: Line dashes and markers (:func:`seat_shape`) tell players apart without colour.
COLOURS = (
    "#2563eb",
    "#dc2626",
    "#16a34a",
    "#d97706",
    "#9333ea",
    "#0891b2",
    "#db2777",
    "#4d7c0f",
    "#78716c",
    "#a0522d",
    "#0d9488",
    "#a21caf",
)
DASHES = ("", "6 3", "2 3", "8 3 2 3")
#: one row of the board's legend (two players a row, 14 px names)
LEGEND_ROW = 20


def seat_style(seat: int) -> tuple[str, str, str]:
    """Colour, dash and marker of a seat: different for each of up to 12 players.

    Each of 12 seats has its own colour; the marker and dash alone tell players
    apart in black and white up to 4.

    >>> len({seat_style(s)[0] for s in range(12)})
    12
    """
    return COLOURS[seat % len(COLOURS)], DASHES[seat % len(DASHES)], seat_shape(seat)


def point_marker(kind: str, x: float, y: float, colour: str, r: float = 4.0) -> str:
    """A point of a chart: the seat's peg shape (``kind``) at ``(x, y)``, filled with ``colour``."""
    return peg_shape(kind, x, y, r).svg(f'fill="{colour}"')


def nice_ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering ``low..high``.

    >>> nice_ticks(0, 100)
    [0, 20, 40, 60, 80, 100]
    >>> nice_ticks(-35, 40)
    [-40, -20, 0, 20, 40]
    >>> nice_ticks(0, 10 ** 20)[1]  # typed totals can be any size
    20000000000000000000
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count, 1)
    power = max(0, math.floor(math.log10(raw)))
    step = min(b * 10**e for b in (1, 2, 5) for e in (power, power + 1) if b * 10**e >= raw)
    first = (low // step) * step
    last = -((-high) // step) * step
    return list(range(first, last + step, step))


def progression_svg(
    names: Sequence[str], totals: Sequence[Sequence[int]], *, title: str = "Totals after each hand"
) -> str:
    """A line chart of every player's total after each hand (``totals[hand][seat]``).

    The chart starts at hand 0 (everyone on 0) and has a legend with each
    player's marker, so it reads in black and white too.

    >>> svg = progression_svg(["Ann", "<b>"], [[5, 0], [5, 12]])
    >>> svg.startswith("<svg") and "&lt;b&gt;" in svg and "<b>" not in svg
    True
    """
    players = len(names)
    series = [[0] * players] + [list(t) for t in totals]
    values = [v for row in series for v in row]
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    width, left, right, top = 360, 40, 10, 10
    legend_rows = (players + 1) // 2
    plot_h = 160
    height = top + plot_h + 24 + legend_rows * 18
    span_x = max(len(series) - 1, 1)

    def x(i: int) -> float:
        return left + (width - left - right) * i / span_x

    def y(v: int) -> float:
        return top + plot_h - plot_h * (v - low) / (high - low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="chart" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
    ]
    for t in ticks:
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(t):.1f}" y2="{y(t):.1f}" class="grid"/>'
            f'<text x="{left - 4}" y="{y(t) + 4:.1f}" text-anchor="end" class="tick">{isolated(str(t))}</text>'
        )
    step = max(1, span_x // 10)
    for i in range(0, len(series), step):
        out.append(
            f'<text x="{x(i):.1f}" y="{top + plot_h + 14}" text-anchor="middle" class="tick">{i}</text>'
        )
    for seat in range(players):
        colour, dash, marker = seat_style(seat)
        pts = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(series))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        if len(series) <= 40:
            out.extend(point_marker(marker, x(i), y(row[seat]), colour) for i, row in enumerate(series) if i)
    for seat, name in enumerate(names):
        lx = left + (seat % 2) * 160
        ly = top + plot_h + 30 + (seat // 2) * 18
        colour, _, marker = seat_style(seat)
        out.append(point_marker(marker, lx, ly - 4, colour, 4.5))
        out.append(
            f'<text x="{lx + 10}" y="{ly}" class="legend">{isolated(escape(short_name(name, 18)))}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def cribbage_board_svg(names: Sequence[str], pegs: Sequence[tuple[int, int]], target: int = 121) -> str:
    """A cribbage board (:mod:`.cribbage_board`): one lane per player, streets of 30, the game hole.

    ``pegs[seat] = (front, back)``: each player's front peg (their total) and
    back peg (the total before their last score); 0 is off the board, at or
    past ``target`` is the game hole. Each player's pegs have their own shape
    and colour (as in the legend and at the start of their lane): the front
    peg filled, the back one hollow. Holes are drawn lane by lane, hole 1 first.

    >>> svg = cribbage_board_svg(["A", "B"], [(5, 2), (121, 100)], 121)
    >>> svg.count('class="hole"') == 2 * 120, 'data-front="5"' in svg, 'data-front="121"' in svg
    (True, True, True)
    """
    board = Board(target, len(names))
    title = escape(gettext("Cribbage board to %(target)s", target=target))
    width, legend_top = board.width, board.height
    height = legend_top + (len(names) + 1) // 2 * LEGEND_ROW + 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" class="board" '
        f'role="img" aria-label="{title}"><title>{title}</title>',
        f'<rect x="1" y="1" width="{width - 2:g}" height="{height - 2:g}" rx="8" class="wood"/>',
    ]
    for street in streets(board):
        out.append(
            f'<text x="{street.label.x:g}" y="{street.label.y:.1f}" class="street">{street.label.text}</text>'
        )
        out.extend(
            f'<text x="{n.x:g}" y="{n.y:.1f}" text-anchor="middle" class="hole-number">{n.text}</text>'
            for n in street.numbers
        )
        for seat, y in enumerate(street.lanes):  # whose lane: the player's shape at its start
            colour, _, marker = seat_style(seat)
            out.append(peg_shape(marker, LABELS - 12, y, 3).svg(f'fill="{colour}" class="lane-mark"'))
    for seat in range(len(names)):
        out.extend(
            f'<circle cx="{x:g}" cy="{y:g}" r="{HOLE_R:g}" class="hole"/>'
            for x, y in (hole_xy(board, seat, n) for n in range(1, board.holes + 1))
        )
    words = game_label(board)
    game_words = escape(gettext("%(target)s: game", target=words.text))
    out.append(
        game_hole_shape(board).svg('class="game-hole"')
        + f'<text x="{words.x:g}" y="{words.y:g}" text-anchor="end" class="tick">{game_words}</text>'
    )
    for seat, (front, back) in enumerate(pegs):
        colour, _, marker = seat_style(seat)
        out.append(f'<g class="pegs" data-seat="{seat}" data-front="{front}" data-back="{back}">')
        for value, kind in ((back, "back"), (front, "front")):
            where = peg_xy(board, seat, value)
            if where:
                paint = (
                    f'fill="{colour}"'
                    if kind == "front"
                    else f'fill="#f6ead3" stroke="{colour}" stroke-width="1.6"'
                )
                out.append(peg_shape(marker, *where).svg(f'{paint} class="peg {kind} shape-{marker}"'))
        out.append("</g>")
    for seat, name in enumerate(names):
        lx = 14 + (seat % 2) * (width - 20) / 2
        ly = legend_top + 13 + (seat // 2) * LEGEND_ROW
        colour, _, marker = seat_style(seat)
        out.append(peg_shape(marker, lx, ly - 5, 5).svg(f'fill="{colour}" class="legend-mark"'))
        out.append(
            f'<text x="{lx + 10:g}" y="{ly:g}" class="legend">'
            # the name and the number isolated: "דנה: 45" keeps its order (docs/languages.md "Right to left")
            f"{isolated(escape(short_name(name, 18)))}: {isolated(str(pegs[seat][0] if seat < len(pegs) else 0))}"
            "</text>"
        )
    out.append("</svg>")
    return "".join(out)


def short_name(name: str, limit: int) -> str:
    """A name cut to ``limit`` characters with an ellipsis (for tight SVG legends)."""
    return name if len(name) <= limit else name[: limit - 1] + "…"
