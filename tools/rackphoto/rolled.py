"""A wider rack seen by a phone held askew (issue 37, "Look like the world"): the camera rolled
about its axis, so the rack and its tiles lie at a slant in the photo, as they do when a player
snaps a rack without levelling the phone.

The photo (wider.rack's) is turned by up to :data:`MOST_DEGREES` either way and the largest
rectangle of the photo's own shape that the turned photo fills is cut out and brought back to the
photo's size, so no corner is left empty. Each tile's box becomes the extent of its turned box's
corners (a little looser than the turned face's own extent where perspective makes the face a
trapezoid; the crop is rounded to whole pixels, the boxes are not: under a pixel apart). A turn
that would cut more than a tenth (:data:`KEEP`) off a tile's box is halved, up to :data:`TRIES`
times, then the rack is left level; so the turns are not spread evenly up to MOST_DEGREES.

Training only: ``data.py FIRST COUNT OUT rolled`` (seeds from :data:`FIRST_SEED`).
"""

from __future__ import annotations

import math

import numpy as np
import render
import wider
from PIL import Image

FIRST_SEED = 400_000  # after wider.py's training chunks (300,000) and before the tuning splits
MOST_DEGREES = 35
TRIES = 4
KEEP = 0.9  # a turn may cut at most a tenth off a tile's box (a tile the photo's edge already cut)


def _area(boxes: np.ndarray) -> np.ndarray:
    return np.maximum(0, boxes[:, 2] - boxes[:, 0]) * np.maximum(0, boxes[:, 3] - boxes[:, 1])


def _shift(dx: float, dy: float) -> np.ndarray:
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], float)


def _inscribed(w: float, h: float, angle: float) -> tuple[float, float]:
    """The largest rectangle of w x h's shape inside w x h turned by ``angle`` (radians): its size."""
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    scale = min(w / (w * c + h * s), h / (w * s + h * c))
    return w * scale, h * scale


def roll(photo: Image.Image, boxes: np.ndarray, degrees: float):
    """``photo`` turned ``degrees`` counter-clockwise about its middle, cut to the rectangle it
    fills and brought back to its size, with ``boxes`` [n, 4] moved alike; None when a box would
    lose more than a tenth to the edge."""
    W, H = photo.size
    angle = math.radians(degrees)
    cw, ch = _inscribed(W, H, angle)
    x0, y0 = (W - cw) / 2, (H - ch) / 2
    c, s = math.cos(angle), math.sin(angle)
    # the turn as one matrix on image axes (y down, PIL turning counter-clockwise on screen): about
    # the middle, then the cut's corner to the origin, then the cut scaled back to W x H
    turn = (
        _shift(W / 2 - x0, H / 2 - y0) @ np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]]) @ _shift(-W / 2, -H / 2)
    )
    corners = boxes[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 2)
    turned = render._apply(np.diag([W / cw, H / ch, 1]) @ turn, corners).reshape(-1, 4, 2)
    moved = np.concatenate([turned.min(axis=1), turned.max(axis=1)], axis=1)
    held = np.clip(moved, 0, [W, H, W, H])
    if (_area(held) < KEEP * _area(moved)).any():
        return None
    turned_photo = photo.rotate(degrees, resample=Image.BICUBIC)
    cut = turned_photo.crop((round(x0), round(y0), round(x0 + cw), round(y0 + ch)))
    return cut.resize((W, H), Image.BICUBIC), held.astype(np.float32)


def rack(rng: np.random.Generator):
    """One wider rack (wider.rack) seen at a slant: (photo, boxes [n, 4] in pixels, labels)."""
    photo, boxes, labels = wider.rack(rng)
    degrees = float(rng.uniform(-MOST_DEGREES, MOST_DEGREES))
    for _ in range(TRIES):
        got = roll(photo, boxes, degrees)
        if got is not None:
            return (*got, labels)
        degrees /= 2
    return photo, boxes, labels
