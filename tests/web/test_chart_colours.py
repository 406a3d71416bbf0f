"""The progress chart tells up to 12 players apart (issue 10): no colour used twice, each one
readable on the light and the dark page, any two far apart, and a 12-player chart draws 12 lines."""

from __future__ import annotations

import itertools
import math
import re

from scorekeeper.display.charts import COLOURS, progression_svg, seat_style

PAGES = {"light": "#fbfaf7", "dark": "#0d0f0e"}  # --bg in static/css/app.css


def _linear(hex_colour: str) -> list[float]:
    values = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]


def _luminance(hex_colour: str) -> float:
    r, g, b = _linear(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _lab(hex_colour: str) -> tuple[float, float, float]:
    r, g, b = _linear(hex_colour)
    x, y, z = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_twelve_seats_twelve_colours():
    assert len({seat_style(seat)[0] for seat in range(12)}) == 12


def test_each_colour_stands_out_on_both_pages():
    for colour, page in itertools.product(COLOURS, PAGES.values()):
        a, b = _luminance(colour), _luminance(page)
        assert (max(a, b) + 0.05) / (min(a, b) + 0.05) >= 3, (colour, page)


def test_no_two_colours_look_alike():
    closest = min(math.dist(_lab(a), _lab(b)) for a, b in itertools.combinations(COLOURS, 2))
    assert closest >= 25


def test_a_twelve_player_chart_draws_twelve_distinct_lines():
    names = [f"Player {n}" for n in range(1, 13)]
    svg = progression_svg(names, [list(range(12)), list(range(0, 24, 2))])
    strokes = re.findall(r'<polyline [^>]*stroke="(#[0-9a-f]{6})"', svg)
    assert len(strokes) == 12 and len(set(strokes)) == 12
