"""Server-drawn SVG charts of a table's statistics, in the style of :mod:`scorekeeper.display.charts`.

>>> svg = rating_svg({"Ann": [(1, 27.6), (2, 29.2)], "<b>": [(1, 22.4)]}, "Rummikub rating")
>>> svg.startswith("<svg") and "&lt;b&gt;" in svg and "<b>" not in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from flask_babel import gettext

from ..display.charts import nice_ticks, point_marker, seat_style, short_name
from ..display.counts import grouped

WIDTH, LEFT, RIGHT, TOP, PLOT_H = 360, 40, 10, 10, 160


def line_svg(
    series: Mapping[str, Sequence[tuple[float, float]]],
    title: str,
    *,
    x_label: str,
    low: float | None = None,
    high: float | None = None,
    percent: bool = False,
    order: Sequence[str] = (),
) -> str:
    """One line per name through its ``(x, y)`` points, with a legend (marker per name); a name's
    colour and marker follow its place in ``order`` (the same in every chart of a page)."""
    names = list(series)
    xs = [x for points in series.values() for x, _ in points] or [0, 1]
    ys = [y for points in series.values() for _, y in points] or [0, 1]
    ticks = nice_ticks(
        int(min(ys) if low is None else low) - (0 if low is not None else 1),
        int(max(ys) if high is None else high) + (0 if high is not None else 1),
    )
    y_low, y_high = ticks[0], ticks[-1]
    x_low, x_high = min(xs), max(max(xs), min(xs) + 1)
    height = TOP + PLOT_H + 40 + ((len(names) + 1) // 2) * 18

    def px(x: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * (x - x_low) / (x_high - x_low)

    def py(y: float) -> float:
        return TOP + PLOT_H - PLOT_H * (y - y_low) / (y_high - y_low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="chart" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
    ]
    for t in ticks:
        label = f"{t}%" if percent else str(t)
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py(t):.1f}" y2="{py(t):.1f}" class="grid"/>'
            f'<text x="{LEFT - 4}" y="{py(t) + 4:.1f}" text-anchor="end" class="tick">{label}</text>'
        )
    step = max(1, int(x_high - x_low) // 8)
    for x in range(int(x_low), int(x_high) + 1, step):
        out.append(
            f'<text x="{px(x):.1f}" y="{TOP + PLOT_H + 14}" text-anchor="middle" class="tick">{grouped(x)}</text>'
        )
    out.append(
        f'<text x="{WIDTH / 2:.0f}" y="{TOP + PLOT_H + 28}" text-anchor="middle" class="tick">'
        f"{escape(x_label)}</text>"
    )
    for i, name in enumerate(names):
        style = seat_style(list(order).index(name) if name in order else i)
        out += _series_marks([(px(x), py(y)) for x, y in series[name]], style)
        out += _legend_entry(i, name, style)
    out.append("</svg>")
    return "".join(out)


def _series_marks(points: Sequence[tuple[float, float]], style: tuple) -> list[str]:
    """One name's line through its points (already in SVG units), and their markers where few."""
    colour, dash, marker = style
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    out = []
    if len(points) > 1:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
    if len(points) <= 40:
        out.extend(point_marker(marker, x, y, colour) for x, y in points)
    return out


def _legend_entry(i: int, name: str, style: tuple) -> list[str]:
    """The ``i``-th name of the legend under the plot, two to a row, with its marker."""
    colour, _, marker = style
    lx, ly = LEFT + (i % 2) * 160, TOP + PLOT_H + 46 + (i // 2) * 18
    return [
        point_marker(marker, lx, ly - 4, colour, 4.5),
        f'<text x="{lx + 10}" y="{ly}" class="legend">{escape(short_name(name, 18))}</text>',
    ]


def rating_svg(
    history: Mapping[str, Sequence[tuple[int, float]]], title: str, order: Sequence[str] = ()
) -> str:
    """Each player's rating after each game of a variant (x: the table's n-th rated game)."""
    return line_svg(history, title, x_label=gettext("Game"), order=order)


def step_curve_svg(players: Mapping[str, Mapping], order: Sequence[str] = ()) -> str:
    """Krazy Bee's Step-by-Step curve: each player's share of Steps laid at the first try."""
    series = {
        name: [
            (row["step"], round(100 * row["first_try_rate"]))
            for row in figures.get("steps", ())
            if row["first_try_rate"] is not None
        ]
        for name, figures in players.items()
    }
    series = {name: points for name, points in series.items() if points}
    return line_svg(
        series,
        gettext("Steps laid at the first try"),
        x_label=gettext("Step"),
        low=0,
        high=100,
        percent=True,
        order=order,
    )


def wins_svg(players: Sequence[Mapping], variant_names: Mapping[str, str]) -> str:
    """Wins by variant: a row per variant, a bar per player (colour and marker), the count beside it."""
    slugs = sorted({slug for p in players for slug, v in p["variants"].items() if v["wins"]})
    shown = [p for p in players if any(p["variants"].get(s, {}).get("wins") for s in slugs)]
    most = max((p["variants"].get(s, {}).get("wins", 0) for p in shown for s in slugs), default=1) or 1
    bar, gap, label_w = 12, 10, 110
    height = TOP + sum(len(shown) * (bar + 2) + gap + 14 for _ in slugs) + ((len(shown) + 1) // 2) * 18 + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="chart" '
        f'role="img" aria-label="Wins by game"><title>Wins by game</title>'
    ]
    y = TOP
    for slug in slugs:
        out.append(f'<text x="0" y="{y + 10}" class="legend">{escape(variant_names.get(slug, slug))}</text>')
        y += 14
        for i, player in enumerate(shown):
            wins = player["variants"].get(slug, {}).get("wins", 0)
            colour, _, marker = seat_style(players.index(player) if player in players else i)
            length = (WIDTH - label_w - 30) * wins / most
            out.append(
                f'<rect x="{label_w}" y="{y}" width="{length:.1f}" height="{bar}" fill="{colour}"/>'
                + point_marker(marker, label_w - 8, y + bar / 2, colour, 4)
                + f'<text x="{label_w + length + 4:.1f}" y="{y + bar - 2}" class="tick">{grouped(wins)}</text>'
            )
            y += bar + 2
        y += gap
    for i, player in enumerate(shown):
        colour, _, marker = seat_style(players.index(player))
        lx, ly = (i % 2) * 170 + 8, y + 12 + (i // 2) * 18
        out.append(point_marker(marker, lx, ly - 4, colour, 4.5))
        out.append(
            f'<text x="{lx + 10}" y="{ly}" class="legend">{escape(short_name(player["name"], 18))}</text>'
        )
    out.append("</svg>")
    return "".join(out)
