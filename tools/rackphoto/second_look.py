"""The bench read with the detector looking twice at its view: tried on 5 December, not committed
(docs/rack-photo.md, "A second detector look"). Run with the app's venv:

    python tools/rackphoto/second_look.py [--scale 0.8] [--spots mean|either] -- BENCH ARGS
    python tools/rackphoto/second_look.py -- --racks 300 --split tune,b-tune --cache build/evalcache

The second look sees the same view at ``--scale`` of its scale. A peak both looks find (boxes
overlapping by more than half) counts the mean of their sureness, a peak one look alone finds half
its own; then DETECT and OVERLAP as the reading's. The spots where a tile may be missed come from
the averaged peaks (``mean``) or from either look at its own sureness (``either``). Everything else
is bench/rack_photo_bench.py's, with the committed marks. It repeats the few lines of
photo.find_tiles, reading.find_boxes and reading.maybe_missed it changes, since those take one
detector map and give no peaks under DETECT; the reading itself is not changed for a trial.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.photo import photo, reading  # noqa: E402

LEAST = 0.05  # peaks kept from each look before they are matched


def _iou(a: reading.Box, b: reading.Box) -> float:
    w = max(0.0, min(a.x1, b.x1) - max(a.x0, b.x0))
    h = max(0.0, min(a.y1, b.y1) - max(a.y0, b.y0))
    union = (a.x1 - a.x0) * a.height + (b.x1 - b.x0) * b.height - w * h
    return w * h / union if union else 0.0


def averaged(first: list[reading.Box], second: list[reading.Box]) -> list[reading.Box]:
    """Each first-look peak at the mean of its sureness and its match's in the second look (0 with
    none); the second look's unmatched peaks at half theirs; surest first."""
    out, used = [], set()
    for box in first:
        match = max(range(len(second)), key=lambda k: _iou(box, second[k]), default=None)
        other = 0.0
        if match is not None and match not in used and _iou(box, second[match]) > 0.5:
            used.add(match)
            other = second[match].sure
        out.append(replace(box, sure=(box.sure + other) / 2))
    out += [replace(b, sure=b.sure / 2) for k, b in enumerate(second) if k not in used]
    return sorted(out, key=lambda b: -b.sure)


def _heat(image, view):
    return photo._session("detector").run(None, {"image": reading.letterbox(image, view)})[0][0]


def two_looks(image, view, heat, scale: float, spots: str, least: float):
    smaller = replace(view, scale=view.scale * scale)
    first, second = reading._peaks(heat, view, LEAST), reading._peaks(_heat(image, smaller), smaller, LEAST)
    both = averaged(first, second)
    tiles = reading._apart([b for b in both if b.sure >= reading.DETECT], [], reading.OVERLAP)
    pool = both if spots == "mean" else sorted(first + second, key=lambda b: -b.sure)
    inside = [
        b
        for b in pool
        if least <= b.sure
        and (spots == "either" or b.sure < reading.DETECT)
        and view.x0 <= (b.x0 + b.x1) / 2 <= view.x1
        and view.y0 <= (b.y0 + b.y1) / 2 <= view.y1
    ]
    return tiles, reading._apart(inside, tiles, reading.MAYBE_OVERLAP)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=0.8)
    ap.add_argument("--spots", choices=["mean", "either"], default="either")
    ap.add_argument("bench", nargs=argparse.REMAINDER, help="after --: bench/rack_photo_bench.py's arguments")
    args = ap.parse_args()
    if not 0.3 <= args.scale < 1:
        ap.error(f"--scale {args.scale}: between 0.3 and 1 (the second look must fit the detector's box)")

    def find_tiles(image, least=reading.MAYBE):
        """photo.find_tiles with the final view (the closer one of a far rack) looked at twice."""
        whole = reading.whole(image)
        heat = _heat(image, whole)
        view = reading.closer(reading.find_boxes(heat, whole), whole)
        if view:
            near = two_looks(image, view, _heat(image, view), args.scale, args.spots, least)
            if near[0]:
                return near
        return two_looks(image, whole, heat, args.scale, args.spots, least)

    photo.find_tiles = find_tiles
    sys.argv = ["rack_photo_bench.py", *[a for a in args.bench if a != "--"]]
    runpy.run_path(str(ROOT / "bench" / "rack_photo_bench.py"), run_name="__main__")


if __name__ == "__main__":
    main()
