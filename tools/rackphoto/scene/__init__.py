"""Renderer B: rack photos drawn by another program than tools/rackphoto/render.py, to measure the
models on photos they have never seen (issue 37; docs/rack-photo.md, "Across renderers").

It shares no code, fonts, tile faces or textures with the first renderer, and draws by another
approach: each tile is a 3-D box (faces lit by a light's direction, shadows cast on the table) in a
rack's tiers, leaning back or lying flat, seen by a pinhole camera from a chosen height, side and
roll (camera.py, solids.py); numerals are strokes defined in code in several hand-made styles and
weights (strokes.py), jokers of several editions (faces.py); busy tablecloths, fingers, shake, noise
reduction and JPEG (world.py).

The labels are the first renderer's: boxes [n, 4] in pixels (the tile face's extent) and labels
[n, 2] (number class 0..12 for 1..13, 13 the joker; colour 0 black, 1 blue, 2 red, 3 orange or
yellow), so the bench scores both alike.

Splits by seed (:data:`SEEDS`): ``b-train`` for training, ``b-tune`` for calibration (thresholds
may be chosen on it), ``b-holdout`` for the cross-renderer figure only. **B-holdout is never used in
any choice**: no threshold, model, epoch or setting is chosen on it; it also draws a stroke style
(``slab``) and a cloth (``tartan``) that the other two splits never draw.

``b-any`` is a training split beside ``b-train`` (data.py; seeds from 2,400,000): more jokers, most
of them drawings made up at random (doodles.py), so that a face with no numeral reads as a joker
whatever the edition. ``b-slots`` (seeds from 2,600,000) deals jokers as ``b-any`` does, with more
empty room, a standing rack moulded into a compartment per tile, half the racks the tiles' colour
(solids.layout): an empty compartment is not a tile, a drawn face in one is a joker. ``b-glyphs``
(seeds from 2,700,000) deals them too, its numerals in a style made up for each rack
(strokes.varied: the digits real sets draw in more than one way, drawn at random).
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from . import camera, doodles, faces, solids, strokes, world

SEEDS = {"b-train": 2_000_000, "b-tune": 2_800_000, "b-holdout": 2_900_000}
#: the training splits dealing jokers of no edition (doodles.py)
ANY_JOKERS = ("b-any", "b-slots", "b-glyphs")
SIZES = [(1024, 768), (1024, 576), (768, 1024), (576, 1024), (960, 720), (800, 600)]


def _labels(n: int, rng, jokers: float) -> list[tuple[int, int]]:
    return [(13 if rng.random() < jokers else int(rng.integers(13)), int(rng.integers(4))) for _ in range(n)]


def rack(rng: np.random.Generator, split: str = "b-train", labels=None):
    """One photo: (RGB image, boxes [n, 4] in pixels, labels [n, 2]) in reading order (rows far to
    near, each left to right), as render.rack gives them."""
    return _drawn(rng, split, labels)[:3]


def _drawn(rng: np.random.Generator, split: str, labels, camera_after: bool = True):
    """:func:`rack`'s photo, boxes and labels, and the share of each tile's face under fingers.
    ``camera_after`` False skips the camera's after-effects (world.phone, the last step, half the
    time): the shares are known before it, and nothing drawn before it changes."""
    held_out = split == "b-holdout"
    n = len(labels) if labels else int(np.clip(rng.gamma(4, 2.5), 1, 22))
    labels = list(labels or _labels(n, rng, 0.15 if split in ANY_JOKERS else 0.08))
    flat = rng.random() < 0.3
    styles = strokes.TRAIN_STYLES + (("slab", "slab") if held_out else ())
    style = styles[rng.integers(len(styles))]
    if split == "b-glyphs":
        style = strokes.varied(rng)
    behind, tiles, front, order, width = solids.layout(rng, n, flat, slots=split == "b-slots")
    slots = {pos: k for k, pos in enumerate(order)}  # the k-th label is the k-th tile read
    joker = doodles.mixed if split in ANY_JOKERS else faces._joker
    for pos, t in enumerate(tiles):
        t.face, t.colour = faces.face(rng, labels[slots[pos]], style, joker)
    W, H = SIZES[rng.integers(len(SIZES))]
    corners = np.concatenate([t.corners[:4] for t in tiles])
    centre = corners.mean(axis=0) * [1, 1, 0]
    elevation = math.radians(rng.uniform(40, 85) if flat else rng.uniform(25, 75))
    cam = camera.placed(rng, centre, width + 0.6, elevation, W, H, corners)
    elev_l, turn = math.radians(rng.uniform(30, 80)), rng.uniform(0, 2 * math.pi)
    light = np.array([math.cos(elev_l) * math.cos(turn), math.cos(elev_l) * math.sin(turn), math.sin(elev_l)])
    photo = world.table(cam, rng, held_out)
    photo = solids.shadows(photo, cam, behind + tiles + front, light, rng.uniform(0.2, 0.55))
    ambient = rng.uniform(0.35, 0.7)
    near_first = sorted(tiles, key=lambda t: -cam.depth(t.centre()[None])[0])
    solids.draw(photo, cam, behind + near_first + front, light, ambient)
    boxes = np.zeros((n, 4), np.float32)
    for pos, t in enumerate(tiles):
        q = cam.project(t.corners[:4])
        boxes[slots[pos]] = [q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()]
    covered = np.zeros(n)
    if rng.random() < 0.35:
        ends = [tuple(cam.project(corners[[0]])[0]), tuple(cam.project(corners[[-3]])[0])]
        photo, cover = world.fingers(photo, rng, ends, float(np.median(boxes[:, 3] - boxes[:, 1])))
        for pos, t in enumerate(tiles):
            covered[slots[pos]] = _share(cover, cam.project(t.corners[:4]))
    if camera_after:
        photo = world.phone(photo, rng)
    boxes = np.clip(boxes, 0, [W, H, W, H])
    return photo, boxes, np.array(labels, np.int64).reshape(-1, 2), covered


def _share(cover: np.ndarray, quad: np.ndarray) -> float:
    """The mean of ``cover`` over the image quad (a tile's front face); 0 for a face out of frame."""
    mask = Image.new("L", (cover.shape[1], cover.shape[0]))
    ImageDraw.Draw(mask).polygon([tuple(map(float, q)) for q in quad], fill=1)
    inside = np.asarray(mask, bool)
    return float(cover[inside].mean()) if inside.any() else 0.0


def photo_of(seed: int, split: str) -> tuple[Image.Image, np.ndarray, np.ndarray]:
    """The rack of ``seed`` in ``split`` (see :data:`SEEDS`)."""
    return rack(np.random.default_rng(seed), split)


def covered_of(seed: int, split: str) -> np.ndarray:
    """For the rack of ``seed`` in ``split``, the share of each tile's face (in its labels' order)
    under the fingers drawn over it: 0 for a tile in plain sight (the rack drawn again, up to the
    camera's after-effects)."""
    return _drawn(np.random.default_rng(seed), split, None, camera_after=False)[3]
