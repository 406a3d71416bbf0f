"""Reader crops whose numerals are drawn from strokes, not set in a font (train.py --strokes).

Every font the renderers set is one fixed shape per numeral; a set at the table may draw a 1 with a
long flag and no foot, a 7 with a short bar, a 3 with a flat top, a 4 open at the top. Here each
numeral is a skeleton of lines and elliptical arcs whose proportions are drawn at random within
what still reads as that numeral to a person (the flag's length and angle, a foot or none, the bar's
length, a bowl's width, the slant, the stroke's weight), inked in one of the four colours on a tile
face of a random white, with the rack or the cloth at its edges and an edition's mark below or none.
The crops are drawn four times larger and shrunk to the reader's size, so edges are soft as a
camera's are; train.py's own changes (moved, turned, blurred, light) come on top.
"""

from __future__ import annotations

import nets
import numpy as np
from PIL import Image, ImageDraw
from scene.strokes import arc

SCALE = 4  # drawn at this many times the reader's size, then shrunk
#: the four inks (K, B, R, G, the order of nets' colour classes) as RGB, each varied per crop
INKS = ((28, 28, 34), (30, 70, 175), (200, 35, 40), (225, 150, 25))


def _zero(u, rng):
    return [arc(0.5, 0.5, u(0.36, 0.5), 0.5, 0, 360, 28)]


def _one(u, rng):
    flag_len, flag_angle = u(0.12, 0.5), u(25, 65)
    top = (0.55, 0.0)
    flag = (top[0] - flag_len * np.cos(np.radians(flag_angle)), flag_len * np.sin(np.radians(flag_angle)))
    strokes = [[flag, top, (0.55, 1.0)]]
    if rng.random() < 0.35:  # a foot
        half = u(0.15, 0.35)
        strokes.append([(0.55 - half, 1.0), (0.55 + half, 1.0)])
    return strokes


def _two(u, rng):
    bowl_y = u(0.22, 0.32)
    neck = arc(0.5, bowl_y, 0.45, bowl_y, u(160, 200), 360 + u(10, 45))
    return [[*neck, (u(0.0, 0.12), 1.0), (1.0, 1.0)]]


def _three(u, rng):
    mid = u(0.42, 0.52)
    lower = arc(0.5, mid + (1 - mid) / 2, 0.48, (1 - mid) / 2, -90, 150)
    if rng.random() < 0.35:  # a flat top and a diagonal down to the waist
        return [[(0.05, 0.0), (0.92, 0.0), (0.45, mid), *lower]]
    return [arc(0.5, mid / 2, u(0.38, 0.46), mid / 2, 200, 450), lower]


def _four(u, rng):
    bar, stem = u(0.6, 0.75), u(0.62, 0.78)
    if rng.random() < 0.35:  # open at the top
        return [[(0.12, 0.0), (0.02, bar), (1.0, bar)], [(stem, u(0.2, 0.45)), (stem, 1.0)]]
    return [[(stem, 1.0), (stem, 0.0), (0.0, bar), (1.0, bar)]]


def _five(u, rng):
    waist = u(0.38, 0.48)
    bowl = arc(0.48, waist + (1 - waist) / 2, 0.5, (1 - waist) / 2, -150, 150)
    return [[(0.95, 0.0), (0.15, 0.0), (0.08, waist + 0.05), *bowl[1:]]]


def _six(u, rng):
    r = u(0.28, 0.34)
    bowl = arc(0.5, 1 - r, 0.48, r, 0, 360, 24)
    if rng.random() < 0.4:  # a straight stroke into the bowl
        return [bowl, [(u(0.6, 0.9), 0.0), (0.04, 1 - r)]]
    return [bowl, arc(0.95, 1 - r, 0.93, 1 - r, 250, 180)]


def _seven(u, rng):
    foot = u(0.15, 0.5)
    strokes = [[(0.0, 0.0), (1.0, 0.0), (foot, 1.0)]]
    if rng.random() < 0.2:  # a crossbar
        y = u(0.45, 0.6)
        x = 1.0 + (foot - 1.0) * y
        strokes.append([(x - 0.3, y), (x + 0.25, y)])
    if rng.random() < 0.2:  # the bar's end turned down
        strokes[0].insert(0, (0.0, u(0.12, 0.25)))
    return strokes


def _eight(u, rng):
    waist = u(0.42, 0.5)
    return [
        arc(0.5, waist / 2, u(0.32, 0.42), waist / 2, 0, 360, 22),
        arc(0.5, waist + (1 - waist) / 2, 0.48, (1 - waist) / 2, 0, 360, 22),
    ]


def _nine(u, rng):
    r = u(0.28, 0.34)
    bowl = arc(0.5, r, 0.48, r, 0, 360, 24)
    if rng.random() < 0.5:
        return [bowl, [(0.98, r), (u(0.5, 0.95), 1.0)]]
    return [bowl, arc(0.05, r, 0.93, 1 - r, 0, 110)]


#: each digit's strokes in a unit box (x right, y down, 0..1), each stroke a list of points, its
#: proportions drawn from ``rng`` (``u`` is its ``uniform``)
DIGITS = (_zero, _one, _two, _three, _four, _five, _six, _seven, _eight, _nine)


def numeral(number: int, rng: np.random.Generator) -> list[list[tuple[float, float]]]:
    """The strokes of 1..13 in a box one high and as wide as the digits (two digits side by side)."""
    digits = [int(c) for c in str(number)]
    width, gap = rng.uniform(0.45, 0.75), rng.uniform(0.08, 0.2)
    if len(digits) == 2:
        width *= rng.uniform(0.7, 0.9)
    strokes, left = [], 0.0
    for d in digits:
        w = width * (0.6 if d == 1 and len(digits) == 2 else 1.0)
        strokes += [[(left + x * w, y) for x, y in s] for s in DIGITS[d](rng.uniform, rng)]
        left += w + gap
    return strokes


def crop(number: int, colour: int, rng: np.random.Generator) -> np.ndarray:
    """One reader crop [3, READ_H, READ_W] (uint8) of a tile showing ``number`` (1..13) in ``colour``."""
    w, h = nets.READ_W * SCALE, nets.READ_H * SCALE
    ground = tuple(int(v) for v in rng.integers(0, 200, 3))
    im = Image.new("RGB", (w, h), ground)
    d = ImageDraw.Draw(im)
    white = rng.uniform(215, 255)  # cream, white or ivory: green and blue a little under red
    face = np.array([white, white - rng.uniform(0, 10), white - rng.uniform(0, 35)])
    x0, x1 = rng.uniform(0.0, 0.12) * w, (1 - rng.uniform(0.0, 0.12)) * w
    y0, y1 = rng.uniform(0.0, 0.1) * h, (1 - rng.uniform(0.0, 0.06)) * h
    d.rounded_rectangle([x0, y0, x1, y1], radius=rng.uniform(2, 10) * SCALE / 2, fill=tuple(face.astype(int)))
    ink = np.clip(np.array(INKS[colour]) + rng.normal(0, 18, 3), 0, 255).astype(int)
    tall = rng.uniform(0.38, 0.62) * (y1 - y0)
    strokes = numeral(number, rng)
    span = max(x for s in strokes for x, _ in s)
    wide = min(tall * span, 0.9 * (x1 - x0))
    slant = rng.uniform(-0.05, 0.22)
    left = (x0 + x1) / 2 - wide / 2 + slant * tall / 2
    top = y0 + rng.uniform(0.12, 0.28) * (y1 - y0)
    weight = max(2, round(rng.uniform(0.07, 0.2) * tall))
    for s in strokes:
        points = [(left + x / span * wide - slant * y * tall, top + y * tall) for x, y in s]
        d.line(points, fill=tuple(ink), width=weight, joint="curve")
        for p in (points[0], points[-1]):  # round ends
            d.ellipse(
                [p[0] - weight / 2, p[1] - weight / 2, p[0] + weight / 2, p[1] + weight / 2], fill=tuple(ink)
            )
    mark = rng.random()
    cx, my = (x0 + x1) / 2, top + tall + rng.uniform(0.08, 0.16) * (y1 - y0)
    if mark < 0.3:  # a dot
        r = rng.uniform(0.02, 0.05) * w
        d.ellipse([cx - r, my - r, cx + r, my + r], fill=tuple(ink))
    elif mark < 0.5:  # a ring
        rx, ry = rng.uniform(0.06, 0.14) * w, rng.uniform(0.02, 0.05) * h
        d.ellipse([cx - rx, my - ry, cx + rx, my + ry], outline=tuple(ink), width=max(1, weight // 3))
    small = np.asarray(im.resize((nets.READ_W, nets.READ_H), Image.LANCZOS), np.float32)
    shade = np.linspace(rng.uniform(0.8, 1.05), rng.uniform(0.8, 1.05), nets.READ_H)[:, None, None]
    if rng.random() < 0.5:  # lit from one side instead of from above or below
        shade = np.linspace(rng.uniform(0.8, 1.05), rng.uniform(0.8, 1.05), nets.READ_W)[None, :, None]
    noisy = small * shade + rng.normal(0, rng.uniform(0, 6), small.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8).transpose(2, 0, 1)


def batch(size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``size`` crops [size, 3, READ_H, READ_W] (uint8) and their labels [size, 2] (number class 0..12,
    colour class), numbers and colours drawn evenly."""
    numbers, colours = rng.integers(0, 13, size), rng.integers(0, nets.COLOURS, size)
    crops = np.stack([crop(int(n) + 1, int(c), rng) for n, c in zip(numbers, colours)])
    return crops, np.stack([numbers, colours], 1)
