"""Training data from the renderer, in the shapes the reading steps give the networks.

Each rack becomes the detector's letterboxed input (as uint8) with its boxes in detector pixels,
and its tiles' reader crops, cut from boxes moved and resized a little as the detector's are.
"""

from __future__ import annotations

import importlib
import sys
import types
from functools import partial
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import rolled
import scene
import wider
from render import rack

# the reading steps themselves, without the app around them (the training venv has no Flask):
# scorekeeper/photo as a bare package, so reading.py's "from .rack import" finds rack.py alone
_steps = types.ModuleType("photo_steps")
_steps.__path__ = [str(Path(__file__).resolve().parents[2] / "scorekeeper" / "photo")]
sys.modules["photo_steps"] = _steps
reading = importlib.import_module("photo_steps.reading")
CROPS_PER_TILE = 2
#: boxes of a tile's size where no tile is, cut for the reader's "no tile here" (nets.NO_TILE) per
#: rack: at most BLANKS, none overlapping a tile by more than BLANK_OVERLAP (intersection over union)
BLANKS, BLANK_OVERLAP = 4, 0.15


def _iou(a, b) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h)


def blanks(rng: np.random.Generator, boxes: np.ndarray, width: int, height: int) -> list:
    """Boxes of the rack's median tile size where no tile is, as a detector's wrong box would fall:
    a step or two past a tile on the side away from its nearest neighbour (the row's ends, an empty
    compartment, the rack's own body, whatever the row's slant), then, while fewer than BLANKS are
    found, anywhere on the photo (the cloth, a hand); none overlapping a tile by more than
    BLANK_OVERLAP, nor another blank by more than half, each centred in the photo."""
    if not len(boxes):
        return []
    w, h = float(np.median(boxes[:, 2] - boxes[:, 0])), float(np.median(boxes[:, 3] - boxes[:, 1]))
    centres = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], 1)
    spots = []
    for k, c in enumerate(centres):
        gaps = np.hypot(*(centres - c).T)
        gaps[k] = np.inf
        away = c - centres[int(np.argmin(gaps))] if len(centres) > 1 else np.array([w, 0.0])
        spots += [c + step * away for step in (1.0, 2.0)]
    spots = [spots[k] for k in rng.permutation(len(spots))]
    spots += [np.array([rng.uniform(0, width), rng.uniform(0, height)]) for _ in range(3)]
    out = []
    for cx, cy in spots:
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        inside = 0 <= cx < width and 0 <= cy < height
        apart = all(_iou(box, (b.x0, b.y0, b.x1, b.y1)) <= 0.5 for b in out)
        if inside and apart and max(_iou(box, b) for b in boxes) <= BLANK_OVERLAP:
            out.append(reading.Box(*box, 1.0))
            if len(out) == BLANKS:
                break
    return out


def one(seed: int, held_out: bool = False, split: str = ""):
    """One rack's arrays; ``split`` "wide" draws a wider training rack (wider.py),
    "rolled" one seen at a slant (rolled.py), a renderer B split (scene.SEEDS: b-train, b-tune;
    b-any, with made-up jokers; b-slots, the same in moulded racks with empty room; b-glyphs, with
    numerals in a style made up per rack) draws it with
    renderer B instead (never b-holdout, nor renderer C's splits: they are kept out of training and
    of every choice but c-tune's calibration)."""
    rng = np.random.default_rng(seed)
    if split == "wide":
        photo, boxes, labels = wider.rack(rng)
    elif split == "rolled":
        photo, boxes, labels = rolled.rack(rng)
    elif split:
        trained = ("b-train", "b-any", "b-slots", "b-glyphs", "b-tune")
        assert split in trained, f"{split} is never trained or validated on"
        photo, boxes, labels = scene.rack(rng, split)
    else:
        photo, boxes, labels = rack(rng, held_out)
    image = np.asarray(photo, np.float32) / 255
    view = reading.whole(image)
    x, scale = reading.letterbox(image, view), view.scale
    crops = []
    for _ in range(CROPS_PER_TILE):
        moved = []
        for x0, y0, x1, y1 in boxes:
            w, h = x1 - x0, y1 - y0
            dx, dy = rng.normal(0, 0.04) * w, rng.normal(0, 0.04) * h
            sw, sh = rng.normal(1, 0.05), rng.normal(1, 0.05)
            cx, cy = (x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy
            moved.append(reading.Box(cx - w * sw / 2, cy - h * sh / 2, cx + w * sw / 2, cy + h * sh / 2, 1.0))
        crops.append(reading.crops(image, moved))
    empty = blanks(rng, np.asarray(boxes, np.float64).reshape(-1, 4), image.shape[1], image.shape[0])
    to8 = lambda a: np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)  # noqa: E731
    return (
        to8(x[0]),
        (boxes * scale).astype(np.float32),
        labels,
        to8(np.concatenate(crops)),
        np.tile(labels, (CROPS_PER_TILE, 1)),
        to8(reading.crops(image, empty)),
    )


def build(seeds, out: Path, held_out: bool = False, procs: int = 2, split: str = "") -> None:
    how = partial(one, held_out=held_out, split=split)  # a module's function and its arguments: it pickles
    with Pool(procs) as pool:
        parts = pool.map(how, seeds, chunksize=16)
    images = np.stack([p[0] for p in parts])
    box_index = np.cumsum([0] + [len(p[1]) for p in parts])
    np.savez(
        out,
        images=images,
        boxes=np.concatenate([p[1] for p in parts]),
        box_index=box_index,
        labels=np.concatenate([p[2] for p in parts]),
        crops=np.concatenate([p[3] for p in parts]),
        crop_labels=np.concatenate([p[4] for p in parts]),
        blank_crops=np.concatenate([p[5] for p in parts]),
    )


if __name__ == "__main__":
    # data.py FIRST COUNT OUT [held-out | wide | rolled | b-train | b-any | b-slots | b-glyphs | b-tune] [PROCESSES]
    first, count, out = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    kind = sys.argv[4] if len(sys.argv) > 4 else ""
    procs = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    build(range(first, first + count), out, kind == "held-out", procs, kind if kind != "held-out" else "")
