"""Numerals drawn from strokes defined here, never from a font file (renderer B, docs/rack-photo.md).

A glyph is a list of strokes, each a polyline in a unit box (x right, y down, 0..1). A stroke
"font" is a dict of the ten digits, the letter J and nothing else; several styles are built by hand
(round, angular, slab-serifed) and varied by a transform (condensed, slanted). The strokes are
rasterised by their distance field (:func:`ink`), so the weight is a number and the edge is
antialiased without any text engine.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

Stroke = list[tuple[float, float]]
Glyph = list[Stroke]


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 14) -> Stroke:
    """Points along an ellipse from angle a0 to a1 (degrees; 270 is the top, y down)."""
    return [
        (cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
        for a in np.linspace(a0, a1, n)
    ]


def _turned(glyph: Glyph) -> Glyph:
    """The glyph turned half a turn (a 9 from a 6)."""
    return [[(1 - x, 1 - y) for x, y in s] for s in glyph]


def _round() -> dict[str, Glyph]:
    six = [[(0.74, 0.02), (0.45, 0.3), (0.2, 0.62)], arc(0.5, 0.7, 0.33, 0.29, 0, 360, 20)]
    return {
        "0": [arc(0.5, 0.5, 0.38, 0.5, 0, 360, 24)],
        "1": [[(0.28, 0.22), (0.56, 0.0), (0.56, 1.0)]],
        "2": [[*arc(0.5, 0.28, 0.37, 0.28, 195, 375, 12), (0.1, 1.0), (0.92, 1.0)]],
        "3": [arc(0.5, 0.26, 0.34, 0.26, 205, 450, 12), arc(0.5, 0.74, 0.39, 0.26, 270, 505, 14)],
        "4": [[(0.72, 1.0), (0.72, 0.0), (0.06, 0.7), (0.96, 0.7)]],
        "5": [[(0.84, 0.0), (0.22, 0.0), (0.16, 0.44), *arc(0.5, 0.68, 0.38, 0.32, 215, 500, 14)]],
        "6": six,
        "7": [[(0.06, 0.0), (0.94, 0.0), (0.38, 1.0)]],
        "8": [arc(0.5, 0.25, 0.3, 0.24, 0, 360, 18), arc(0.5, 0.73, 0.38, 0.27, 0, 360, 20)],
        "9": _turned(six),
        "J": [[(0.78, 0.0), (0.78, 0.7), *arc(0.47, 0.7, 0.31, 0.3, 0, 170, 10)]],
    }


def _angular() -> dict[str, Glyph]:
    """Straight strokes with chamfered corners, as on a blocky set."""
    c = 0.16
    return {
        "0": [[(c, 0), (1 - c, 0), (1, c), (1, 1 - c), (1 - c, 1), (c, 1), (0, 1 - c), (0, c), (c, 0)]],
        "1": [[(0.25, 0.18), (0.6, 0.0), (0.6, 1.0)], [(0.25, 1.0), (0.92, 1.0)]],
        "2": [[(0, c), (c, 0), (1 - c, 0), (1, c), (1, 0.42), (0, 1), (1, 1)]],
        "3": [[(0, 0), (1, 0), (0.45, 0.42), (1 - c, 0.46), (1, 0.6), (1, 1 - c), (1 - c, 1), (0, 1)]],
        "4": [[(0.7, 1), (0.7, 0), (0, 0.68), (1, 0.68)]],
        "5": [[(1, 0), (0.05, 0), (0.02, 0.45), (1 - c, 0.45), (1, 0.58), (1, 1 - c), (1 - c, 1), (0, 1)]],
        "6": [
            [(0.9, 0), (c, 0), (0, c), (0, 1 - c), (c, 1), (1 - c, 1), (1, 1 - c), (1, 0.6), (1 - c, 0.47)],
            [(1 - c, 0.47), (0, 0.47)],
        ],
        "7": [[(0, 0), (1, 0), (1, 0.15), (0.42, 1)]],
        "8": [
            [(c, 0), (1 - c, 0), (1, c), (1, 0.34), (0, 0.62), (0, 1 - c), (c, 1), (1 - c, 1)],
            [(1 - c, 1), (1, 1 - c), (1, 0.62), (0, 0.34), (0, c), (c, 0)],
        ],
        "9": [
            [(0.1, 1), (1 - c, 1), (1, 1 - c), (1, c), (1 - c, 0), (c, 0), (0, c), (0, 0.4), (c, 0.53)],
            [(c, 0.53), (1, 0.53)],
        ],
        "J": [[(0.35, 0), (1, 0)], [(0.75, 0), (0.75, 1 - c), (0.6, 1), (0.15, 1), (0, 0.8)]],
    }


def _slab() -> dict[str, Glyph]:
    """The round style with slab serifs on the straight ends (only the held-out split draws it)."""
    g = {k: [list(s) for s in v] for k, v in _round().items()}
    g["1"] = g["1"] + [[(0.3, 1.0), (0.82, 1.0)]]
    g["4"] = g["4"] + [[(0.56, 1.0), (0.88, 1.0)]]
    g["7"] = g["7"] + [[(0.06, 0.0), (0.06, 0.14)]]
    g["2"] = g["2"] + [[(0.92, 1.0), (0.92, 0.86)]]
    g["5"] = g["5"] + [[(0.84, 0.0), (0.84, 0.12)]]
    g["J"] = g["J"] + [[(0.58, 0.0), (0.98, 0.0)]]
    return g


STYLES = {"round": _round(), "angular": _angular(), "slab": _slab()}
#: styles training and tuning draw; "slab" is drawn only by the held-out split
TRAIN_STYLES = ("round", "angular")


def varied(rng) -> dict[str, Glyph]:
    """A style made up for one rack (the b-glyphs split): the round or the angular style with the
    digits real sets draw in more than one way drawn at random. A 1 with a flag of any length and
    slope, a foot on some; a 7 straight or bent, crossed on some; a 3 with a round or a flat top; a
    4 closed or open; a 5's bar, stem and bowl of any proportion; a 6's and a 9's stem straight or
    curled. One style per rack, as one set's tiles share a font."""
    u = rng.uniform
    g = {k: [list(s) for s in v] for k, v in STYLES[TRAIN_STYLES[rng.integers(2)]].items()}
    stem, top = u(0.5, 0.64), u(0.0, 0.08)
    g["1"] = [[(stem - u(0.12, 0.5), top + u(0.06, 0.42)), (stem, top), (stem, 1.0)]]
    if rng.random() < 0.35:
        g["1"].append([(stem - u(0.2, 0.36), 1.0), (stem + u(0.2, 0.36), 1.0)])
    foot = u(0.2, 0.5)
    bend = [(u(0.55, 0.7), u(0.4, 0.55))] if rng.random() < 0.4 else []
    g["7"] = [[(0.06, u(0.0, 0.06)), (0.94, 0.0), *bend, (foot, 1.0)]]
    if rng.random() < 0.2:
        g["7"].append([(0.3, 0.5), (0.86, 0.5)])
    if rng.random() < 0.4:
        g["3"] = [[(0.1, 0.0), (0.9, 0.0), (0.45, u(0.34, 0.44))], arc(0.5, 0.7, 0.4, 0.3, 250, 505, 14)]
    if rng.random() < 0.4:
        g["4"] = [[(u(0.4, 0.55), 0.0), (0.06, 0.7), (0.96, 0.7)], [(0.72, u(0.3, 0.5)), (0.72, 1.0)]]
    bar, sy = u(0.6, 0.94), u(0.34, 0.5)
    g["5"] = [
        [
            (bar, 0.0),
            (0.2, 0.0),
            (0.16, sy),
            *arc(0.5, (sy + 1) / 2, u(0.34, 0.42), (1 - sy) / 2, 215, 500, 14),
        ]
    ]
    six = [
        [(u(0.6, 0.86), 0.0), (u(0.3, 0.46), u(0.22, 0.36)), (0.17, 0.66)],
        arc(0.5, 0.7, 0.33, 0.29, 0, 360, 20),
    ]
    g["6"], g["9"] = six, _turned(six) if rng.random() < 0.6 else g["9"]
    return g


def transformed(glyph: Glyph, squeeze: float, slant: float) -> Glyph:
    """``glyph`` condensed to ``squeeze`` of its width about the middle and slanted (a shear, the
    top moved right by ``slant`` of the height)."""
    return [[(0.5 + (x - 0.5) * squeeze + slant * (0.5 - y), y) for x, y in s] for s in glyph]


def _segments(glyphs: list[tuple[Glyph, tuple[float, float, float, float]]]) -> np.ndarray:
    """Every stroke's segments [n, 4] in pixels, each glyph placed in its box (x0, y0, w, h)."""
    segs = []
    for glyph, (x0, y0, w, h) in glyphs:
        for stroke in glyph:
            pts = [(x0 + x * w, y0 + y * h) for x, y in stroke]
            if len(pts) == 1:
                pts = pts * 2
            segs += [(*a, *b) for a, b in itertools.pairwise(pts)]
    return np.array(segs, np.float32).reshape(-1, 4)


def ink(
    shape: tuple[int, int], glyphs: list[tuple[Glyph, tuple[float, float, float, float]]], width: float
) -> np.ndarray:
    """Coverage 0..1 of an (h, w) image by the glyphs' strokes of ``width`` pixels, antialiased."""
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    dist = np.full((h, w), np.inf, np.float32)
    for ax, ay, bx, by in _segments(glyphs):
        dx, dy = bx - ax, by - ay
        t = np.clip(((xx - ax) * dx + (yy - ay) * dy) / max(dx * dx + dy * dy, 1e-6), 0, 1)
        dist = np.minimum(dist, np.hypot(xx - ax - t * dx, yy - ay - t * dy))
    return np.clip(width / 2 - dist + 0.5, 0, 1)
