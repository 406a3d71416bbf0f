"""Reading a rack photo: the steps the phone (static/js/rack-photo-read.js) takes too.

1. The photo, scaled so its longer side is at most :data:`WORK_LONG`, is sampled into the
   detector's box (top left, grey padding) and the detector marks tile centres on a map of one cell
   per :data:`~STRIDE` pixels.
2. Each map peak at least :data:`DETECT` sure is a tile; its box comes from the cell's offset and
   size. Boxes overlapping a surer one by more than :data:`OVERLAP` are the same tile.
3. When the tiles found are small in the detector's box (a far rack, a crowded photo), the detector
   looks again, closer, at the part of the photo around them (:func:`closer`), and its tiles are
   the ones kept.
4. Each box, widened by :data:`MARGIN`, is sampled into the reader's tile and read: a number (or
   the joker) and a colour.
5. A tile is *unsure* when the detector, the number or the colour is less sure than the
   ``SURE_*`` thresholds, or its box is far off the rack's usual size (:func:`odd_sizes`), or
   (:func:`readout.doubted`) the reader, looking again at the tile cut a little otherwise (:data:`LOOKS`),
   reads another number, or it reads a number where the joker is not unlikely enough
   (:data:`JOKER_DOUBT`: a joker read as a number is 30 points wrong, the costliest mistake).
6. A spot the detector was nearly sure of, which no tile found covers (:func:`maybe_missed`), is
   shown: a tile may be missed there, and a missed tile has no chip to mark. So is a box far
   smaller than the others (:func:`small_apart`): a pattern of the cloth or a glint, not a chip.

Sampling is plain bilinear at pixel centres (:func:`sample`), written the same way in the script,
so the two read the same photo alike. The thresholds were chosen on the tuning splits (the first
renderer's, tools/rackphoto/tune.py; the marks on it and renderer B's b-tune, tools/rackphoto/marks.py),
never on a held-out set (docs/rack-photo.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .rack import MOST_TILES  # the phone's script holds the same bound (tests/web/test_rack_photo_assets.py)

DETECT_W, DETECT_H, STRIDE = 448, 336, 4
READ_W, READ_H = 32, 48
WORK_LONG = 1024
PAD = 0.5  # the letterbox's grey
DETECT = 0.45
OVERLAP = 0.6
MARGIN = 0.08
SURE_FOUND, SURE_NUMBER, SURE_COLOUR = 0.5, 0.98, 0.6
ODD_SIZE, SIZE_PEERS = 1.35, 3
#: a box under the others' median height divided by SMALL is a spot, not a tile (:func:`small_apart`;
#: chosen by rule 12 on the tuning splits, docs/rack-photo.md)
SMALL = 2.0
#: the reader's further looks at each tile (margin, shift across, shift down, in box sizes): a
#: tile one of them reads as another number is unsure. marks.py chose two (shifted 7 % either
#: way); one is kept, so the phone reads a 16-tile rack in 150 ms (docs/rack-photo.md)
LOOKS = ((0.08, 0.07, 0.0),)
#: a tile read as a number is unsure when the reader gives the joker at least this probability
JOKER_DOUBT = 0.03
#: a chip read as the joker, or as a number, with less belief than these is a spot, not a tile
#: (readout.barely_read; rules 25 and 26 on the tuning splits, docs/rack-photo.md)
JOKER_APART, NUMBER_APART = 0.4, 0.25
#: a second look (:func:`closer`) when the tiles' median height in the detector's box is under
#: ZOOM_BELOW pixels: ZOOM_MARGIN tile heights around them, tiles brought to at most ZOOM_TALL
#: pixels, and only when that is closer by ZOOM_GAIN at least
ZOOM_BELOW, ZOOM_TALL, ZOOM_MARGIN, ZOOM_GAIN = 28, 36, 1.0, 1.2
#: a spot the detector is at least MAYBE sure of (under DETECT) that no tile found covers by more
#: than MAYBE_OVERLAP: a tile may be missed there (:func:`maybe_missed`; marks.py chose MAYBE)
MAYBE, MAYBE_OVERLAP = 0.1, 0.3
COLOUR_LETTERS = "KBRG"
JOKER = 13


@dataclass(frozen=True)
class Box:
    """A found tile in work-image pixels, and how sure the detector is of it."""

    x0: float
    y0: float
    x1: float
    y1: float
    sure: float

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def sample(image: np.ndarray, x0: float, y0: float, x1: float, y1: float, w: int, h: int) -> np.ndarray:
    """The rectangle (x0, y0)-(x1, y1) of an H x W x 3 image sampled bilinearly into h x w x 3,
    at pixel centres, edges clamped."""
    H, W = image.shape[:2]
    xs = x0 + (np.arange(w) + 0.5) * (x1 - x0) / w - 0.5
    ys = y0 + (np.arange(h) + 0.5) * (y1 - y0) / h - 0.5
    xs, ys = np.clip(xs, 0, W - 1), np.clip(ys, 0, H - 1)
    xa, ya = np.floor(xs).astype(int), np.floor(ys).astype(int)
    xb, yb = np.minimum(xa + 1, W - 1), np.minimum(ya + 1, H - 1)
    fx, fy = (xs - xa)[None, :, None], (ys - ya)[:, None, None]
    top = image[ya][:, xa] * (1 - fx) + image[ya][:, xb] * fx
    bottom = image[yb][:, xa] * (1 - fx) + image[yb][:, xb] * fx
    return (top * (1 - fy) + bottom * fy).astype(np.float32)


@dataclass(frozen=True)
class View:
    """The part (x0, y0)-(x1, y1) of the work image the detector looks at, sampled into its box at
    ``scale`` detector pixels a work pixel."""

    x0: float
    y0: float
    x1: float
    y1: float
    scale: float


def whole(image: np.ndarray) -> View:
    """The whole work image, as large as the detector's box holds it."""
    H, W = image.shape[:2]
    return View(0.0, 0.0, float(W), float(H), min(DETECT_W / W, DETECT_H / H))


def letterbox(image: np.ndarray, view: View) -> np.ndarray:
    """The detector's input [1, 3, H, W]: the view sampled top left, grey around it."""
    w = max(1, round((view.x1 - view.x0) * view.scale))
    h = max(1, round((view.y1 - view.y0) * view.scale))
    box = np.full((DETECT_H, DETECT_W, 3), PAD, np.float32)
    box[:h, :w] = sample(image, view.x0, view.y0, view.x1, view.y1, w, h)
    return box.transpose(2, 0, 1)[None]


def closer(boxes: list[Box], view: View) -> View | None:
    """A closer view of the tiles found, when their median height in the detector's box is under
    ZOOM_BELOW pixels: ZOOM_MARGIN tile heights around them, as large as the box holds it but no
    tile over ZOOM_TALL pixels, then widened to the box's own shape about the tiles' middle (held
    to ``view``), so the detector sees a whole frame of photo as it learned on, not a strip of table
    above grey. None when the tiles are big enough, or the view would not be ZOOM_GAIN times closer."""
    if not boxes:
        return None
    tall = float(np.median([b.height for b in boxes]))
    if tall * view.scale >= ZOOM_BELOW:
        return None
    margin = ZOOM_MARGIN * tall
    x0, y0 = max(view.x0, min(b.x0 for b in boxes) - margin), max(view.y0, min(b.y0 for b in boxes) - margin)
    x1, y1 = min(view.x1, max(b.x1 for b in boxes) + margin), min(view.y1, max(b.y1 for b in boxes) + margin)
    if x1 - x0 < 1 or y1 - y0 < 1:  # every box off the photo (found in the grey)
        return None
    scale = min(DETECT_W / (x1 - x0), DETECT_H / (y1 - y0), ZOOM_TALL / tall)
    if scale < view.scale * ZOOM_GAIN:
        return None
    x0, x1 = _framed(x0, x1, DETECT_W / scale, view.x0, view.x1)
    y0, y1 = _framed(y0, y1, DETECT_H / scale, view.y0, view.y1)
    return View(x0, y0, x1, y1, scale)


def _framed(lo: float, hi: float, size: float, least: float, most: float) -> tuple[float, float]:
    """The span ``size`` long about the middle of lo..hi, moved to lie within least..most (cut to
    it when longer)."""
    start = max(least, min((lo + hi - size) / 2, most - size))
    return start, min(most, start + size)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-x))


def _peaks(heat: np.ndarray, view: View, least: float) -> list[Box]:
    """The detector map's [5, h, w] peaks (each cell surest of its 3 x 3) at least ``least`` sure,
    as boxes in work pixels from the cell's offset and size, surest first."""
    p = _sigmoid(heat[0])
    padded = np.pad(p, 1, constant_values=0)
    h, w = p.shape
    peak = np.max([padded[i : i + h, j : j + w] for i in range(3) for j in range(3)], axis=0)
    rows, cols = np.nonzero((p >= least) & (p >= peak))
    boxes = []
    for i, j in sorted(zip(rows, cols), key=lambda ij: -p[ij]):
        cx = view.x0 + (j + _sigmoid(heat[1, i, j])) * STRIDE / view.scale
        cy = view.y0 + (i + _sigmoid(heat[2, i, j])) * STRIDE / view.scale
        bw = np.exp(np.clip(heat[3, i, j], -3, 4)) * STRIDE / view.scale
        bh = np.exp(np.clip(heat[4, i, j], -3, 4)) * STRIDE / view.scale
        boxes.append(Box(cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2, float(p[i, j])))
    return boxes


def _apart(boxes: list[Box], others: list[Box], overlap: float) -> list[Box]:
    """``boxes`` in order, each kept unless it overlaps ``others`` or a kept one by more than
    ``overlap``; at most MOST_TILES."""
    kept: list[Box] = []
    for box in boxes:
        clear = all(_overlap(box, other) <= overlap for other in others)
        if clear and all(_overlap(box, other) <= overlap for other in kept):
            kept.append(box)
            if len(kept) == MOST_TILES:
                break
    return kept


def find_boxes(
    heat: np.ndarray, view: View, detect: float | None = None, overlap: float | None = None
) -> list[Box]:
    """Tiles on the detector's map [5, h, w] of ``view``, in work pixels, surest first, overlaps
    dropped; at most MOST_TILES. ``detect``, ``overlap``: the least sureness of a tile and the most
    two tiles may overlap (DETECT and OVERLAP, read when called, unless a tuning run tries others)."""
    detect, overlap = DETECT if detect is None else detect, OVERLAP if overlap is None else overlap
    return _apart(_peaks(heat, view, detect), [], overlap)


def maybe_missed(heat: np.ndarray, view: View, tiles: list[Box], least: float | None = None) -> list[Box]:
    """Where a tile may have been missed: the map's peaks at least ``least`` sure (MAYBE, the
    committed mark; marks.py asks for less to try lower ones) but under DETECT,
    centred in ``view`` (not in the letterbox's grey), that no tile found covers by more than
    MAYBE_OVERLAP (nor one another); surest first, at most MOST_TILES. A missed tile has no chip
    to mark, so the rack is marked by these (on renderer B's tuning photos most racks wrong
    without a mark had missed a tile the detector was 0.1 to 0.45 sure of: docs/rack-photo.md)."""
    inside = [
        b
        for b in _peaks(heat, view, MAYBE if least is None else least)
        if b.sure < DETECT
        and view.x0 <= (b.x0 + b.x1) / 2 <= view.x1
        and view.y0 <= (b.y0 + b.y1) / 2 <= view.y1
    ]
    return _apart(inside, tiles, MAYBE_OVERLAP)


def _overlap(a: Box, b: Box) -> float:
    """Intersection over the smaller box (a tile inside a bigger box is the same tile)."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a.x1 - a.x0) * a.height, (b.x1 - b.x0) * b.height)
    return w * h / smaller


def in_reading_order(boxes: list[Box]) -> list[Box]:
    """Rows top to bottom (a new row where a centre is lower than the row's by more than half a
    tile), each left to right."""
    if not boxes:
        return []
    tall = float(np.median([b.height for b in boxes]))
    rows: list[list[Box]] = []
    for box in sorted(boxes, key=lambda b: b.y0 + b.y1):
        centre = (box.y0 + box.y1) / 2
        if rows and centre - np.mean([(b.y0 + b.y1) / 2 for b in rows[-1]]) <= tall / 2:
            rows[-1].append(box)
        else:
            rows.append([box])
    return [b for row in rows for b in sorted(row, key=lambda b: b.x0 + b.x1)]


def crops(
    image: np.ndarray, boxes: list[Box], look: tuple[float, float, float] = (MARGIN, 0.0, 0.0)
) -> np.ndarray:
    """The reader's input [n, 3, READ_H, READ_W]: each box widened by the look's margin (MARGIN,
    the reading's own) and moved by its shift across and down (fractions of the box: the further
    :data:`LOOKS`)."""
    margin, sx, sy = look
    out = np.zeros((len(boxes), 3, READ_H, READ_W), np.float32)
    for k, b in enumerate(boxes):
        w, h = b.x1 - b.x0, b.height
        mx, my, dx, dy = w * margin, h * margin, w * sx, h * sy
        out[k] = sample(
            image, b.x0 - mx + dx, b.y0 - my + dy, b.x1 + mx + dx, b.y1 + my + dy, READ_W, READ_H
        ).transpose(2, 0, 1)
    return out


def odd_sizes(boxes: list[Box]) -> list[bool]:
    """Boxes whose height is off the others' median by more than ODD_SIZE times (a tile cut in
    two, two tiles taken as one, a thing on the table): only with SIZE_PEERS others to compare."""
    if len(boxes) <= SIZE_PEERS:
        return [False] * len(boxes)
    tall = float(np.median([b.height for b in boxes]))
    return [not (tall / ODD_SIZE <= b.height <= tall * ODD_SIZE) for b in boxes]


def small_apart(boxes: list[Box]) -> tuple[list[Box], list[Box]]:
    """The boxes of tile size, and those under the others' median height divided by SMALL (a
    pattern of the cloth far off, a glint): those are shown as spots where a tile may be, not read
    as chips, so the rack stays marked and its total does not count them. Only with more than
    SIZE_PEERS boxes to compare; none apart while SMALL is 0."""
    if len(boxes) <= SIZE_PEERS or not SMALL:
        return boxes, []
    tall = float(np.median([b.height for b in boxes]))
    return [b for b in boxes if b.height >= tall / SMALL], [b for b in boxes if b.height < tall / SMALL]


def chips_and_spots(found: list[Box], maybe: list[Box]) -> tuple[list[Box], list[Box]]:
    """The detector's tiles and spots (photo.find_tiles) as the reading shows them: the chips' boxes
    in reading order, then the spots where a tile may be (the missed ones, then the small ones)."""
    chips, small = small_apart(found)
    return in_reading_order(chips), maybe + small


def every_look(image: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """The reader's input for the reading's own look then each of LOOKS [(1 + len(LOOKS)) * n, 3,
    READ_H, READ_W], read in one run."""
    return np.concatenate([crops(image, boxes), *(crops(image, boxes, look) for look in LOOKS)])
