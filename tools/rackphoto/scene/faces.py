"""Tile faces for renderer B, painted in numpy: a body of cream, white or ivory, a numeral from the
stroke fonts (strokes.py) in red, blue, black or orange/yellow, worn paint, and jokers of several
editions (a smiling face in red or black, a letter J, a star, a face in a star)."""

from __future__ import annotations

import math

import numpy as np

from . import strokes

#: a face texture's size in pixels (w, h); a Rummikub tile is about 26 x 35 mm
FACE_W, FACE_H = 72, 96
BODIES = {  # cream, white, ivory, each a range
    "cream": ((236, 226, 196), (250, 240, 214)),
    "white": ((236, 236, 232), (252, 252, 250)),
    "ivory": ((240, 234, 214), (252, 246, 226)),
}
#: number colours by the label's colour (0 black, 1 blue, 2 red, 3 orange or yellow)
PAINT = {
    0: ((5, 5, 10), (55, 50, 55)),
    1: ((0, 40, 120), (40, 110, 215)),
    2: ((175, 0, 10), (235, 55, 50)),
    3: ((225, 115, 0), (250, 200, 20)),
}
JOKERS = ("smile", "letter", "star", "star-face")


def _pick(rng, lo_hi) -> np.ndarray:
    lo, hi = np.array(lo_hi[0], float), np.array(lo_hi[1], float)
    return (lo + rng.random() * (hi - lo)) / 255


def _wear(rng, shape) -> np.ndarray:
    """How much paint is left (0..1): blotches of wear on some tiles, none on most."""
    if rng.random() < 0.55:
        return np.ones(shape, np.float32)
    h, w = shape
    coarse = rng.random((h // 6 + 2, w // 6 + 2)).astype(np.float32)
    ys = np.linspace(0, coarse.shape[0] - 1.001, h)
    xs = np.linspace(0, coarse.shape[1] - 1.001, w)
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    c = coarse
    smooth = (
        c[y0][:, x0] * (1 - fy) * (1 - fx)
        + c[y0 + 1][:, x0] * fy * (1 - fx)
        + c[y0][:, x0 + 1] * (1 - fy) * fx
        + c[y0 + 1][:, x0 + 1] * fy * fx
    )
    cut = rng.uniform(0.6, 0.85)
    return np.clip(1 - (smooth - cut) * 6, 0.25, 1).astype(np.float32)


def _star(shape, cx, cy, r, rng) -> np.ndarray:
    """A filled five-pointed star's coverage, by the winding of its outline."""
    inner = r * rng.uniform(0.38, 0.5)
    turn = rng.uniform(-0.2, 0.2)
    pts = [
        (
            cx + (r if k % 2 == 0 else inner) * math.sin(turn + k * math.pi / 5),
            cy - (r if k % 2 == 0 else inner) * math.cos(turn + k * math.pi / 5),
        )
        for k in range(10)
    ]
    return filled(shape, pts)


def filled(shape, pts) -> np.ndarray:
    """Coverage (0 or 1) of an (h, w) image by the polygon ``pts``, by the even-odd rule."""
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    inside = np.zeros((h, w), bool)
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):  # even-odd crossing test
        crosses = ((ay > yy) != (by > yy)) & (xx < (bx - ax) * (yy - ay) / (by - ay + 1e-9) + ax)
        inside ^= crosses
    return inside.astype(np.float32)


def _joker(rng, shape) -> list[tuple[np.ndarray, np.ndarray]]:
    """A joker's face as (coverage, colour) layers, of one of :data:`JOKERS`."""
    h, w = shape
    kind = JOKERS[rng.integers(len(JOKERS))]
    red, black = _pick(rng, PAINT[2]), _pick(rng, PAINT[0])
    main = red if rng.random() < 0.55 else black
    other = black if main is red else red
    wid = w * rng.uniform(0.05, 0.09)
    cx, cy = w / 2, h * rng.uniform(0.38, 0.46)
    if kind == "letter":
        style = strokes.STYLES[("round", "angular")[rng.integers(2)]]
        gw, gh = w * rng.uniform(0.36, 0.5), h * rng.uniform(0.4, 0.55)
        cov = strokes.ink(shape, [(style["J"], (cx - gw / 2, cy - gh / 2, gw, gh))], wid * 1.4)
        return [(cov, main)]
    r = w * rng.uniform(0.28, 0.38)
    if kind in ("star", "star-face"):
        star = _star(shape, cx, cy, r * 1.25, rng)
        layers = [(star, main if kind == "star" else _pick(rng, PAINT[3]))]
        if kind == "star":
            return layers
        r *= 0.6
    else:
        layers = [(strokes.ink(shape, [([strokes.arc(0, 0, 1, 1, 0, 360, 28)], (cx, cy, r, r))], wid), main)]
    eye = r * 0.14
    feature = strokes.ink(
        shape,
        [
            ([[(0, 0)]], (cx - r * 0.35, cy - r * 0.3, 1, 1)),
            ([[(0, 0)]], (cx + r * 0.35, cy - r * 0.3, 1, 1)),
        ],
        eye * 2,
    )
    smile = strokes.ink(shape, [([strokes.arc(0, 0, 1, 1, 20, 160, 12)], (cx, cy, r * 0.6, r * 0.55))], wid)
    return [*layers, (np.maximum(feature, smile), other if rng.random() < 0.5 else main)]


def _numeral(rng, shape, number: int, colour: int, style) -> list[tuple[np.ndarray, np.ndarray]]:
    h, w = shape
    font = strokes.STYLES[style] if isinstance(style, str) else style  # a name, or a varied style
    text = str(number)
    gh = h * rng.uniform(0.3, 0.44)
    squeeze = rng.uniform(0.7, 1.0)
    slant = rng.uniform(-0.05, 0.2) if rng.random() < 0.3 else 0.0
    gw = gh * rng.uniform(0.5, 0.62) * (squeeze if len(text) == 1 else 0.8 * squeeze)
    gap = gw * rng.uniform(0.15, 0.35)
    total = len(text) * gw + (len(text) - 1) * gap
    x = w / 2 - total / 2 + rng.normal(0, w * 0.02)
    y = h * rng.uniform(0.34, 0.44) - gh / 2
    placed = []
    for ch in text:
        placed.append((strokes.transformed(font[ch], 1.0, slant), (x, y, gw, gh)))
        x += gw + gap
    weight = gh * rng.uniform(0.09, 0.18)
    paint = _pick(rng, PAINT[colour])
    cov = strokes.ink(shape, placed, weight)
    if text in ("6", "9") and rng.random() < 0.6:  # the bar under 6 and 9
        bar = [([[(0, 0), (1, 0)]], (w / 2 - gw * 0.45, y + gh + weight * 1.4, gw * 0.9, 1))]
        cov = np.maximum(cov, strokes.ink(shape, bar, weight * 0.7))
    layers = [(cov, paint)]
    if rng.random() < 0.4:  # a round mark below, in the number's colour or pressed in
        r = w * rng.uniform(0.05, 0.1)
        dot = strokes.ink(shape, [([[(0, 0)]], (w / 2, h * rng.uniform(0.74, 0.82), 1, 1))], 2 * r)
        layers.append((dot, paint if rng.random() < 0.5 else None))
    return layers


def face(rng, label: tuple[int, int], style, joker=_joker) -> tuple[np.ndarray, np.ndarray]:
    """A tile's face: (RGB float image [FACE_H, FACE_W, 3], the body colour), label (number class
    0..13 with 13 the joker, colour 0..3); ``style`` a name of strokes.STYLES or a style's glyphs
    (strokes.varied); ``joker`` draws a joker's layers (rng, shape)."""
    shape = (FACE_H, FACE_W)
    body = _pick(rng, BODIES[("cream", "white", "ivory")[rng.integers(3)]])
    yy, xx = np.mgrid[0:FACE_H, 0:FACE_W].astype(np.float32)
    # a pressed face: a little darker toward the rim, a shine from one side
    rim = np.minimum.reduce([xx, yy, FACE_W - 1 - xx, FACE_H - 1 - yy]) / (FACE_W * 0.12)
    shade = 0.9 + 0.1 * np.clip(rim, 0, 1) + rng.uniform(-0.03, 0.03) * (xx / FACE_W - 0.5)
    img = body[None, None, :] * shade[..., None]
    number, colour = label
    layers = joker(rng, shape) if number == 13 else _numeral(rng, shape, number + 1, colour, style)
    wear = _wear(rng, shape)
    for cov, paint in layers:
        if paint is None:  # pressed in: a shade of the body
            paint = body * 0.8
        a = (cov * wear)[..., None]
        img = img * (1 - a) + paint[None, None, :] * a
    img += rng.normal(0, 0.008, img.shape)  # the plastic's grain
    return np.clip(img, 0, 1).astype(np.float32), body
