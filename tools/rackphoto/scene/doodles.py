"""Jokers of no edition: any drawing that is not a numeral (renderer B's ``b-any`` training split).

A Rummikub tile without a number is a joker, whatever its edition draws on it: a smiling face, a
jester's cap, a clown, a star. The models learn the faces they are shown; to learn "no numeral, so a
joker" they are shown drawings made up here at random: a figure (a cap of points with bells, a
blob, a ring with features in it, an asterisk, petals, a masked face, waves) and a few accents
(dots, small stars, arcs), in one to three paints. Nothing here draws a lone upright stroke or a
bare ring, the parts a numeral is made of.
"""

from __future__ import annotations

import math

import numpy as np

from . import strokes
from .faces import PAINT, _joker, _pick, _star, filled

#: paints beside the numbers' four: a green and a purple some editions use
EXTRA_PAINT = (((0, 100, 35), (50, 170, 90)), ((85, 15, 115), (160, 70, 200)))
FIGURES = ("cap", "blob", "ring-face", "asterisk", "petals", "mask", "waves")


def _paint(rng) -> np.ndarray:
    choices = (*PAINT.values(), *EXTRA_PAINT)
    return _pick(rng, choices[rng.integers(len(choices))])


def _dots(shape, points, size: float) -> np.ndarray:
    return strokes.ink(shape, [([[(0, 0)]], (x, y, 1, 1)) for x, y in points], size)


def _figure(rng, shape, kind: str, cx: float, cy: float, r: float, wid: float) -> np.ndarray:
    """A figure's coverage, about (cx, cy), ``r`` its half width."""
    if kind == "cap":  # a jester's cap: points rising from a band, a bell on each
        n = int(rng.integers(2, 5))
        base = cy + r * 0.5
        xs = np.linspace(cx - r, cx + r, 2 * n + 1)
        pts = [(cx - r, base)]
        for k in range(1, 2 * n, 2):
            pts += [
                (xs[k] + rng.normal(0, r * 0.08), cy - r * rng.uniform(0.5, 0.9)),
                (xs[k + 1], cy + r * 0.1),
            ]
        pts[-1] = (cx + r, base)
        cov = (
            filled(shape, pts)
            if rng.random() < 0.5
            else strokes.ink(shape, [([pts + pts[:1]], (0, 0, 1, 1))], wid)
        )
        return np.maximum(cov, _dots(shape, pts[1::2], wid * rng.uniform(1.6, 2.6)))
    if kind == "blob":  # a filled shape of random outline
        n = int(rng.integers(5, 10))
        angles = np.linspace(0, 2 * math.pi, n, endpoint=False) + rng.uniform(-0.25, 0.25, n)
        radii = r * rng.uniform(0.55, 1.0, n)
        return filled(
            shape, [(cx + q * math.cos(a), cy + q * 1.2 * math.sin(a)) for a, q in zip(angles, radii)]
        )
    if kind == "asterisk":  # three or four bars through the middle, maybe knobbed
        n = int(rng.integers(3, 5))
        turn = rng.uniform(0, math.pi)
        ends = [
            (math.cos(turn + k * math.pi / n) * r, math.sin(turn + k * math.pi / n) * r) for k in range(n)
        ]
        cov = strokes.ink(
            shape, [([[(cx + x, cy + y), (cx - x, cy - y)]], (0, 0, 1, 1)) for x, y in ends], wid
        )
        if rng.random() < 0.5:
            knobs = [(cx + s * x, cy + s * y) for x, y in ends for s in (1, -1)]
            cov = np.maximum(cov, _dots(shape, knobs, wid * 2.2))
        return cov
    if kind == "petals":  # round petals about a middle
        n = int(rng.integers(4, 8))
        turn = rng.uniform(0, math.pi)
        spots = [
            (
                cx + r * 0.6 * math.cos(turn + 2 * math.pi * k / n),
                cy + r * 0.6 * math.sin(turn + 2 * math.pi * k / n),
            )
            for k in range(n)
        ]
        return _dots(shape, [*spots, (cx, cy)], r * rng.uniform(0.5, 0.75))
    if kind == "mask":  # a filled face with the eyes and mouth left bare
        face = _dots(shape, [(cx, cy)], 2 * r)
        holes = _dots(shape, [(cx - r * 0.38, cy - r * 0.25), (cx + r * 0.38, cy - r * 0.25)], r * 0.32)
        mouth = strokes.ink(
            shape, [([strokes.arc(cx, cy + r * 0.1, r * 0.45, r * 0.35, 20, 160, 10)], (0, 0, 1, 1))], wid
        )
        return np.clip(face - np.maximum(holes, mouth), 0, 1)
    if kind == "waves":  # two or three wavy lines, one above another
        n = int(rng.integers(2, 4))
        lines = []
        for k in range(n):
            y = cy + (k - (n - 1) / 2) * r * 0.55
            lines.append(
                (
                    [
                        [
                            (cx - r + 2 * r * t, y + r * 0.18 * math.sin(t * 4 * math.pi))
                            for t in np.linspace(0, 1, 16)
                        ]
                    ],
                    (0, 0, 1, 1),
                )
            )
        return strokes.ink(shape, lines, wid)
    # a ring with features in it: dots, bars or a cross, never empty
    ring = strokes.ink(
        shape, [([strokes.arc(cx, cy, r, r * rng.uniform(0.9, 1.2), 0, 360, 28)], (0, 0, 1, 1))], wid
    )
    inner = [
        (cx + rng.uniform(-0.45, 0.45) * r, cy + rng.uniform(-0.45, 0.45) * r)
        for _ in range(int(rng.integers(2, 5)))
    ]
    return np.maximum(ring, _dots(shape, inner, wid * rng.uniform(1.2, 2.2)))


def any_joker(rng, shape) -> list[tuple[np.ndarray, np.ndarray]]:
    """A made-up joker's face as (coverage, colour) layers, as faces.face paints them."""
    h, w = shape
    cx, cy = w / 2 + rng.normal(0, w * 0.03), h * rng.uniform(0.36, 0.46)
    r = w * rng.uniform(0.26, 0.38)
    wid = w * rng.uniform(0.04, 0.09)
    kind = FIGURES[rng.integers(len(FIGURES))]
    layers = [(_figure(rng, shape, kind, cx, cy, r, wid), _paint(rng))]
    for _ in range(int(rng.integers(0, 4))):  # accents about the figure
        a, d = rng.uniform(0, 2 * math.pi), r * rng.uniform(0.9, 1.3)
        x, y = cx + d * math.cos(a), cy + d * 1.2 * math.sin(a)
        pick = rng.random()
        if pick < 0.4:
            cov = _dots(shape, [(x, y)], wid * rng.uniform(1.2, 2.4))
        elif pick < 0.7:
            cov = _star(shape, x, y, r * rng.uniform(0.2, 0.35), rng)
        else:
            cov = strokes.ink(
                shape, [([strokes.arc(x, y, r * 0.3, r * 0.2, 200, 340, 8)], (0, 0, 1, 1))], wid * 0.8
            )
        layers.append((cov, _paint(rng) if rng.random() < 0.5 else layers[0][1]))
    return layers


def mixed(rng, shape) -> list[tuple[np.ndarray, np.ndarray]]:
    """A joker for ``b-any``: made up here seven times in ten, else one of faces.JOKERS."""
    return any_joker(rng, shape) if rng.random() < 0.7 else _joker(rng, shape)
