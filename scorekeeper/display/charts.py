"""Server-drawn SVG pictures of a game: the score-progression chart and the cribbage board.

Pure functions: plain values in, an SVG string out (every name escaped here),
so the game page, the PDFs and tests can all use them. Each player has a
colour *and* a marker shape / dash pattern, so nothing depends on colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

#: Player colours (readable on light and dark backgrounds), line dashes and markers.
COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#d97706", "#9333ea", "#0891b2")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "diamond", "triangle")


def seat_style(seat: int) -> tuple[str, str, str]:
    """Colour, dash and marker of a seat: different for each of up to 12 players.

    Colours cycle by 6 and markers by 4, so (colour, marker) first repeats at
    seat 12; the marker alone tells players apart in black and white up to 4.

    >>> len({seat_style(s) for s in range(12)})
    12
    """
    return COLOURS[seat % len(COLOURS)], DASHES[seat % len(DASHES)], MARKERS[seat % len(MARKERS)]


def _marker(kind: str, x: float, y: float, colour: str, r: float = 3.2) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{colour}"/>'
    if kind == "diamond":
        pts = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y:.1f} {x:.1f},{y + r + 1:.1f} {x - r - 1:.1f},{y:.1f}"
    else:
        pts = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y + r:.1f} {x - r - 1:.1f},{y + r:.1f}"
    return f'<polygon points="{pts}" fill="{colour}"/>'


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
    step = min(b * 10 ** e for b in (1, 2, 5) for e in (power, power + 1) if b * 10 ** e >= raw)
    first = (low // step) * step
    last = -((-high) // step) * step
    return list(range(first, last + step, step))


def progression_svg(names: Sequence[str], totals: Sequence[Sequence[int]], *,
                    title: str = "Totals after each hand") -> str:
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

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'class="chart" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for t in ticks:
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(t):.1f}" y2="{y(t):.1f}" class="grid"/>'
                   f'<text x="{left - 4}" y="{y(t) + 4:.1f}" text-anchor="end" class="tick">{t}</text>')
    step = max(1, span_x // 10)
    for i in range(0, len(series), step):
        out.append(f'<text x="{x(i):.1f}" y="{top + plot_h + 14}" text-anchor="middle" class="tick">{i}</text>')
    for seat in range(players):
        colour, dash, marker = seat_style(seat)
        pts = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(series))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        if len(series) <= 40:
            out.extend(_marker(marker, x(i), y(row[seat]), colour) for i, row in enumerate(series) if i)
    for seat, name in enumerate(names):
        lx = left + (seat % 2) * 160
        ly = top + plot_h + 30 + (seat // 2) * 18
        colour, _, marker = seat_style(seat)
        out.append(_marker(marker, lx, ly - 4, colour, 4.5))
        out.append(f'<text x="{lx + 10}" y="{ly}" class="legend">{escape(_short(name, 18))}</text>')
    out.append("</svg>")
    return "".join(out)


def board_holes(target: int) -> int:
    """Holes on the track before the game hole: 120 for 121, 60 for 61, 240 for 241.

    >>> board_holes(121), board_holes(61), board_holes(241)
    (120, 60, 240)
    """
    return target - 1


def cribbage_board_svg(names: Sequence[str], pegs: Sequence[tuple[int, int]], target: int = 121) -> str:
    """A cribbage board: one lane per player in streets of 30 holes, plus the game hole.

    ``pegs[seat] = (front, back)``: each player's front peg (their total) and
    back peg (the total before their last score); 0 is off the board, at or
    past ``target`` is the game hole. The front peg is filled, the back one a ring.

    >>> svg = cribbage_board_svg(["A", "B"], [(5, 2), (121, 100)], 121)
    >>> svg.count('class="hole"') == 2 * 120, 'data-front="5"' in svg, 'data-front="121"' in svg
    (True, True, True)
    """
    holes = board_holes(target)
    per_street = 30
    streets = (holes + per_street - 1) // per_street
    players = len(names)
    hole_dx, group_gap, lane_dy = 10.6, 6, 12
    left, top = 34, 8
    street_h = players * lane_dy + 12
    width = 360
    legend_rows = (players + 1) // 2
    height = top + streets * street_h + 26 + legend_rows * 16

    def hole_xy(seat: int, n: int) -> tuple[float, float]:
        """Centre of hole ``n`` (1-based) in ``seat``'s lane."""
        street, pos = divmod(n - 1, per_street)
        if street % 2:  # streets run back and forth like a real board
            pos = per_street - 1 - pos
        px = left + pos * hole_dx + (pos // 5) * group_gap
        py = top + street * street_h + seat * lane_dy + 6
        return px, py

    game_x, game_y = width / 2, top + streets * street_h + 14
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="board" '
           f'role="img" aria-label="Cribbage board to {target}"><title>Cribbage board to {target}</title>',
           f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8" class="wood"/>']
    for street in range(streets):
        first = street * per_street + 1
        _sx, sy = hole_xy(0, first)
        out.append(f'<text x="4" y="{sy + 4:.1f}" class="tick">{first}</text>')
    for seat in range(players):
        for n in range(1, holes + 1):
            hx, hy = hole_xy(seat, n)
            out.append(f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="1.7" class="hole"/>')
    out.append(f'<circle cx="{game_x}" cy="{game_y}" r="6" class="game-hole"/>'
               f'<text x="{game_x + 10}" y="{game_y + 4}" class="tick">{target} game</text>')
    for seat, (front, back) in enumerate(pegs):
        colour = seat_style(seat)[0]
        out.append(f'<g class="pegs" data-seat="{seat}" data-front="{front}" data-back="{back}">')
        for value, filled in ((back, False), (front, True)):
            if value <= 0:
                continue
            if value >= target:
                px, py = game_x + (seat - (players - 1) / 2) * 4, game_y
            else:
                px, py = hole_xy(seat, value)
            paint = f'fill="{colour}"' if filled else f'fill="none" stroke="{colour}" stroke-width="1.6"'
            out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{4 if filled else 3.4}" {paint}/>')
        out.append("</g>")
    for seat, name in enumerate(names):
        lx = 14 + (seat % 2) * (width - 20) / 2
        ly = game_y + 22 + (seat // 2) * 16
        colour, _, marker = seat_style(seat)
        out.append(_marker(marker, lx, ly - 4, colour, 4))
        out.append(f'<text x="{lx + 9}" y="{ly}" class="legend">'
                   f'{escape(_short(name, 18))}: {pegs[seat][0] if seat < len(pegs) else 0}</text>')
    out.append("</svg>")
    return "".join(out)


def _short(name: str, limit: int) -> str:
    """A name cut to ``limit`` characters with an ellipsis (for tight SVG legends)."""
    return name if len(name) <= limit else name[:limit - 1] + "…"
