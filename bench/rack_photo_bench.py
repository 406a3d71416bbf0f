"""Snap the rack's honest figures (docs/rack-photo.md): synthetic racks read by the committed models.

The held-out split is rendered with fonts and tables training never saw (tools/rackphoto/render.py
HELD_OUT_FONTS, HELD_OUT_TABLES) from seeds training never used; ``--split tune`` reads the tuning
split the thresholds were chosen on. For each rack the reading is matched to the truth (boxes
overlapping by half), and the bench prints:

- tile recall and precision; number and colour accuracy of the tiles found;
- racks whose total (CT-7) is exactly right, racks flagged (a tile unsure or a rules flag), and
  racks wrong without a flag: the figure that matters, since a flagged rack gets checked;
- the time per photo in Python (onnxruntime, one thread) and, with ``--web``, under
  onnxruntime-web's WebAssembly build in Node (the phone's runtime, one thread).

Usage: ``python bench/rack_photo_bench.py [--racks 300] [--split held-out|tune] [--web]``.
Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))

from scorekeeper.photo import photo  # noqa: E402
from scorekeeper.photo.reading import COLOUR_LETTERS  # noqa: E402

SEEDS = {"held-out": 900_000, "tune": 800_000}


def truth_tokens(labels) -> list[str]:
    return ["J" if n == 13 else f"{COLOUR_LETTERS[c]}{n + 1}" for n, c in labels]


def points(tokens) -> int:
    """CT-7, by the rules engine: a number tile counts its number, a joker 30."""
    from scorekeeper import rules

    return (rules.hand("rummikub", " ".join(tokens)).points or 0) if tokens else 0


def _iou(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def score(tiles, boxes, unsure, flags, truth_boxes, labels) -> dict:
    """One rack's reading against its truth; ``boxes`` and ``truth_boxes`` in the same pixels."""
    truth = truth_tokens(labels)
    free, pairs = set(range(len(truth))), []
    for k, box in enumerate(boxes):
        best = max(free, key=lambda t: _iou(box, truth_boxes[t]), default=None)
        if best is not None and _iou(box, truth_boxes[best]) >= 0.5:
            free.discard(best)
            pairs.append((k, best))
    numbers = [tiles[k][1:] == truth[t][1:] if truth[t] != "J" else tiles[k] == "J" for k, t in pairs]
    colours = [tiles[k][0] == truth[t][0] for k, t in pairs if truth[t] != "J" and tiles[k] != "J"]
    exact = points(tiles) == points(truth)
    flagged = bool(unsure or flags)
    return {
        "found": len(pairs),
        "true": len(truth),
        "read": len(tiles),
        "numbers": sum(numbers),
        "colours": sum(colours),
        "coloured": len(colours),
        "exact": exact,
        "flagged": flagged,
        "silent_wrong": not exact and not flagged,
    }


def summary(rows: list[dict]) -> dict:
    total = lambda key: sum(r[key] for r in rows)  # noqa: E731
    n = len(rows)
    return {
        "racks": n,
        "tile recall": total("found") / max(1, total("true")),
        "tile precision": total("found") / max(1, total("read")),
        "number accuracy": total("numbers") / max(1, total("found")),
        "colour accuracy": total("colours") / max(1, total("coloured")),
        "exact totals": sum(r["exact"] for r in rows) / n,
        "racks flagged": sum(r["flagged"] for r in rows) / n,
        "wrong without a flag": sum(r["silent_wrong"] for r in rows) / n,
    }


def photos(split: str, racks: int):
    """(image as the server decodes it, truth boxes, labels) of each rack of the split."""
    from render import rack

    for seed in range(SEEDS[split], SEEDS[split] + racks):
        img, boxes, labels = rack(np.random.default_rng(seed), held_out=split == "held-out")
        yield np.asarray(img, np.float32) / 255, boxes, labels


def read(image):
    """The server's reading and its rules check, boxes back in pixels."""
    from scorekeeper.photo.checking import checked

    got = checked(photo.read_image(image), "rummikub")
    H, W = image.shape[:2]
    boxes = [[b[0] * W, b[1] * H, b[2] * W, b[3] * H] for b in got.boxes]
    return got.tiles, boxes, got.unsure, got.flags


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument("--split", choices=sorted(SEEDS), default="held-out")
    ap.add_argument("--web", action="store_true", help="also time onnxruntime-web in Node")
    args = ap.parse_args()
    rows, times, sizes = [], [], []
    for image, truth_boxes, labels in photos(args.split, args.racks):
        start = time.perf_counter()
        tiles, boxes, unsure, flags = read(image)
        times.append(time.perf_counter() - start)
        sizes.append(len(labels))
        rows.append(score(tiles, boxes, unsure, flags, truth_boxes, labels))
    print(
        f"Snap the rack, {args.split} split, {args.racks} racks ({statistics.mean(sizes):.1f} tiles on average)"
    )
    for key, value in summary(rows).items():
        print(f"  {key:22} {value:.1%}" if isinstance(value, float) else f"  {key:22} {value}")
    print(
        f"  Python, per photo      median {statistics.median(times) * 1000:.0f} ms, "
        f"95th percentile {np.percentile(times, 95) * 1000:.0f} ms (onnxruntime, one thread)"
    )
    if args.web:
        from rack_photo_web import time_web

        print(time_web())


if __name__ == "__main__":
    main()
