"""The rack photos players chose to keep (docs/rack-photo.md, "Keeping photos, with consent") as
training examples, in the chunks' own shapes (data.py), so ``make model`` learns from them beside
the rendered racks: ``KEPT=kept-photos.zip make model`` (or the folder, ``instance/kept-photos``).

    python kept.py KEPT OUT.npz [--repeat N]

KEPT is the host's export (``scorekeeper kept-photos export``, or the list's "Export all": a zip
of ``photos/<id>.jpg`` and ``tiles.json``) or the folder itself (``<id>.jpg`` beside ``<id>.json``).
Each photo's tiles are the player's corrected ones, each with the box the reading drew (fractions
of the photo). The reader learns every tile that has a box, cut ``--repeat`` times from boxes moved
and resized a little as data.py cuts the rendered ones (a kept photo is rare and real: it weighs
as much as ``--repeat`` rendered cuts). The detector learns only the photos whose every tile has a
box: a tile the player added by hand has none, and the detector would be taught it is table. The
chunk is written as ``train-kept.npz`` beside the rendered ones, which train.py reads with them.
Photos, tiles and boxes that cannot be read are skipped and counted, never guessed.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import sys
import types
import zipfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

# the reading steps themselves, as data.py takes them (scorekeeper/photo as a bare package: no Flask)
_steps = types.ModuleType("kept_photo_steps")
_steps.__path__ = [str(Path(__file__).resolve().parents[2] / "scorekeeper" / "photo")]
sys.modules.setdefault("kept_photo_steps", _steps)
reading = importlib.import_module("kept_photo_steps.reading")

COLOURS = "KBRG"  # reading.COLOUR_LETTERS: the reader's colour classes
JOKER = 13  # reading.JOKER: the reader's number class of the joker
REPEAT = 20


def label(tile: str) -> tuple[int, int] | None:
    """The reader's (number, colour) classes of a tile in the notation; None for anything else.

    >>> label("R5"), label("K13"), label("J"), label("X3")
    ((4, 2), (12, 0), (13, 0), None)
    """
    if tile == "J":
        return JOKER, 0  # a joker's colour is not read (train.py's loss leaves it out)
    if len(tile) < 2 or tile[0] not in COLOURS or not tile[1:].isdigit() or not 1 <= int(tile[1:]) <= 13:
        return None
    return int(tile[1:]) - 1, COLOURS.index(tile[0])


def photos(kept: Path):
    """(photo bytes, sidecar) of every kept photo in the export zip or the folder, by id (one order)."""
    if kept.is_file():
        with zipfile.ZipFile(kept) as z:
            for sidecar in sorted(json.loads(z.read("tiles.json")), key=lambda s: s["id"]):
                yield z.read(f"photos/{sidecar['id']}.jpg"), sidecar
        return
    for path in sorted(kept.glob("*.json")):
        photo = path.with_suffix(".jpg")
        if photo.is_file():
            yield photo.read_bytes(), json.loads(path.read_text(encoding="utf-8"))


def example(data: bytes, sidecar: dict, rng: np.random.Generator, repeat: int):
    """One kept photo's arrays: the detector's input and boxes (None unless every tile has a box),
    and the reader's crops and labels of the tiles that have one."""
    with Image.open(io.BytesIO(data)) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        im.thumbnail((reading.WORK_LONG, reading.WORK_LONG), Image.Resampling.BOX)
        image = np.asarray(im, np.float32) / 255
    H, W = image.shape[:2]
    pairs = [(label(t), b) for t, b in zip(sidecar["tiles"], sidecar["boxes"])]
    if any(lab is None for lab, _ in pairs):
        raise ValueError("a tile not in the notation")
    boxed = [(lab, np.array(b, np.float32) * [W, H, W, H]) for lab, b in pairs if b is not None]
    view = reading.whole(image)
    to8 = lambda a: np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)  # noqa: E731
    detector = None
    if pairs and len(boxed) == len(pairs):
        boxes = np.array([b for _, b in boxed], np.float32)
        detector = (to8(reading.letterbox(image, view)[0]), boxes * view.scale, [lab for lab, _ in boxed])
    if not boxed:
        return detector, None
    crops = []
    for _ in range(repeat):  # moved and resized as data.py moves the rendered tiles' boxes
        moved = []
        for _, (x0, y0, x1, y1) in boxed:
            w, h = x1 - x0, y1 - y0
            cx = (x0 + x1) / 2 + rng.normal(0, 0.04) * w
            cy = (y0 + y1) / 2 + rng.normal(0, 0.04) * h
            sw, sh = rng.normal(1, 0.05), rng.normal(1, 0.05)
            moved.append(reading.Box(cx - w * sw / 2, cy - h * sh / 2, cx + w * sw / 2, cy + h * sh / 2, 1.0))
        crops.append(reading.crops(image, moved))
    labels = np.array([lab for lab, _ in boxed], np.int64)
    return detector, (to8(np.concatenate(crops)), np.tile(labels, (repeat, 1)))


def build(kept: Path, out: Path, repeat: int = REPEAT, seed: int = 37) -> dict[str, int]:
    """The chunk of every kept photo at ``out``; what was taken and skipped."""
    rng = np.random.default_rng(seed)
    images, boxes, labels, crops, crop_labels = [], [], [], [], []
    told = {"photos": 0, "detector": 0, "tiles": 0, "skipped": 0}
    for data, sidecar in photos(kept):
        try:
            detector, reader = example(data, sidecar, rng, repeat)
        except (OSError, ValueError, KeyError, TypeError):
            told["skipped"] += 1
            continue
        told["photos"] += 1
        if detector is not None:
            for _ in range(repeat):
                images.append(detector[0])
                boxes.append(detector[1])
                labels += detector[2]
            told["detector"] += 1
        if reader is not None:
            crops.append(reader[0])
            crop_labels.append(reader[1])
            told["tiles"] += len(reader[1]) // repeat
    if not crops:
        raise SystemExit(f"kept.py: {kept}: no kept photo with a tile to learn from ({told})")
    frame = (3, reading.DETECT_H, reading.DETECT_W)  # no photo for the detector: its arrays empty, in shape
    np.savez(
        out,
        images=np.stack(images) if images else np.zeros((0, *frame), np.uint8),
        boxes=np.concatenate(boxes).astype(np.float32) if boxes else np.zeros((0, 4), np.float32),
        box_index=np.cumsum([0] + [len(b) for b in boxes]),
        labels=np.array(labels, np.int64).reshape(-1, 2),
        crops=np.concatenate(crops),
        crop_labels=np.concatenate(crop_labels),
    )
    return told


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kept", type=Path, help="the host's export (zip) or the folder of kept photos")
    ap.add_argument("out", type=Path, help="the chunk to write (train-kept.npz beside the rendered ones)")
    ap.add_argument("--repeat", type=int, default=REPEAT, help=f"cuts of each tile (default {REPEAT})")
    args = ap.parse_args()
    told = build(args.kept, args.out, args.repeat)
    print(
        f"kept.py: {told['photos']} kept photos ({told['skipped']} skipped): {told['tiles']} tiles for "
        f"the reader, {told['detector']} photos for the detector, each {args.repeat} times -> {args.out}"
    )
