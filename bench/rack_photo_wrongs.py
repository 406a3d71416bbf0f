"""Where Snap the rack's wrong racks go wrong, on the tuning splits (docs/rack-photo.md, "Where the
committed reading's wrong racks go wrong"): the count that aims the next try.

For each rack of a tuning split whose total is not exactly right, the reading is matched to the
truth as rack_photo_bench.py matches it (boxes overlapping by half), and each cause is counted (a
rack may have several):

- a tile with no chip, and why: nothing found there; the detector's peak there under ``DETECT``
  (a spot shown where a tile may be missed); found but set apart as small (``SMALL``); found but
  barely read, so shown as a spot (``JOKER_APART``, ``NUMBER_APART``); found inside the box of a
  chip matched to another tile;
- a chip where no tile is;
- a number or colour misread, as pairs ``truth>read`` (``B1>B7``: a blue 1 read as a blue 7), the
  commonest first;

and over all the split's racks, the tiles with a chip by their shape (width over height: tiles lying
flat or seen from low down are wider for their height).

Held-out splits are refused: looking into their mistakes to aim a try would be tuning on them.

Usage: ``python bench/rack_photo_wrongs.py [--split tune,b-tune,c-tune,c-fresh] [--racks 300]
[--models DIR] [--cache DIR] [--sheet PNG]``: ``--sheet`` also draws the misread chips' crops, as
the reader sees them, with their pairs under them. Prints the counts; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import rack_photo_bench as rb  # noqa: E402
from rack_photo_scores import iou, matched, score, truth_tokens  # noqa: E402

from scorekeeper.photo import photo, reading  # noqa: E402

#: a box of the detector's this much over a tile is there (lower than a chip's half: the detector's
#: boxes of a tile it barely believes are loose)
THERE = 0.3
WHY = (
    "nothing found",
    "peak under DETECT",
    "set apart as small",
    "barely read (a spot)",
    "inside another chip's box",
)


def why_missed(tile, found, small, maybe, chips) -> str:
    """Why a tile (its box) has no chip: one of :data:`WHY`. ``found``: the detector's boxes;
    ``small``: those of them set apart as small; ``maybe``: its peaks under DETECT; ``chips``: the
    reading's chips' boxes (every box in pixels, as lists)."""
    there = [b for b in found if iou(b, tile) >= THERE]
    if not there:
        return WHY[1] if any(iou(b, tile) >= THERE for b in maybe) else WHY[0]
    if any(iou(b, s) > 0.9 for b in there for s in small):
        return WHY[2]
    if any(iou(b, c) >= 0.5 for b in there for c in chips):
        return WHY[4]
    return WHY[3]


def causes(tiles, chips, truth_boxes, truth, found, small, maybe) -> Counter:
    """One wrong rack's causes: ``missed: WHY`` for each tile with no chip, ``no tile`` for each chip
    where none is, and ``truth>read`` for each misread chip."""
    pairs = matched(chips, truth_boxes)
    out = Counter()
    for t, box in enumerate(truth_boxes):
        if t not in pairs.values():
            out["missed: " + why_missed(box, found, small, maybe, chips)] += 1
    out["no tile"] += len(chips) - len(pairs)
    for k, t in pairs.items():
        if tiles[k] != truth[t]:
            out[f"{truth[t]}>{tiles[k]}"] += 1
    return +out


#: the tiles' shapes, width over height, the last bin open (a tile standing seen straight on is
#: about 0.7; lying flat or seen from low down, wider)
SHAPES = (0.0, 0.8, 1.3, 1.8)


def by_shape(truth_boxes, chips) -> Counter:
    """Each tile counted in its shape's bin (the lower bound of :data:`SHAPES`), as ``(bin, False)``
    and, when a chip is on it, ``(bin, True)`` too."""
    on = set(matched(chips, truth_boxes).values())
    out = Counter()
    for t, (x0, y0, x1, y1) in enumerate(truth_boxes):
        shape = max(lo for lo in SHAPES if (x1 - x0) >= lo * (y1 - y0))
        out[shape, False] += 1
        out[shape, True] += t in on
    return out


def _pixels(boxes) -> list[list[float]]:
    return [[b.x0, b.y0, b.x1, b.y1] for b in boxes]


def wrongs(split: str, racks: int, cache: Path | None, sheet: list | None) -> None:
    """Read ``split`` and print its wrong racks' causes; the misread crops appended to ``sheet``."""
    counts, racks_with, shapes, wrong = Counter(), Counter(), Counter(), 0
    for image, truth_boxes, labels in rb.photos(split, racks, cache):
        tiles, chips, unsure, flags, sure, maybe_shown = rb.read(image)
        shapes.update(by_shape(truth_boxes, chips))
        if score(tiles, chips, unsure, flags, truth_boxes, labels, sure, maybe_shown)["exact"]:
            continue
        wrong += 1
        found, maybe = photo.find_tiles(image)
        truth = truth_tokens(labels)
        small = _pixels(reading.small_apart(found)[1])
        got = causes(tiles, chips, truth_boxes, truth, _pixels(found), small, _pixels(maybe))
        counts.update(got)
        racks_with.update({"a tile with no chip": any(k.startswith("missed") for k in got)})
        racks_with.update({"a chip where no tile is": "no tile" in got})
        racks_with.update({"a number or colour misread": any(">" in k for k in got)})
        if sheet is not None:
            for k, t in matched(chips, truth_boxes).items():
                if tiles[k] != truth[t]:
                    crop = reading.crops(image, [reading.Box(*chips[k], 1.0)])[0]
                    sheet.append((crop, f"{truth[t]}>{tiles[k]}", f"{split} {len(sheet)}"))
    print(f"Where the wrong racks go wrong, {split} split: {wrong} of {racks} racks wrong")
    for what in ("a tile with no chip", "a chip where no tile is", "a number or colour misread"):
        print(f"  racks with {what:28} {racks_with[what]}")
    print("  tiles with no chip, by why: " + ", ".join(f"{w} {counts['missed: ' + w]}" for w in WHY))
    print(f"  chips where no tile is: {counts['no tile']}")
    print(
        "  tiles with a chip, by shape (width over height), of all racks: "
        + ", ".join(
            f"{lo:g}-{hi} {shapes[lo, True]} of {shapes[lo, False]}"
            for lo, hi in zip(SHAPES, (*(f"{b:g}" for b in SHAPES[1:]), "more"))
        )
    )
    misread = Counter({k: v for k, v in counts.items() if ">" in k})
    print(f"  misread chips: {misread.total()}: " + ", ".join(f"{k} {v}" for k, v in misread.most_common()))


def draw(sheet: list, path: Path) -> None:
    """The misread chips' crops, twelve a row, each with its pair and its split under it."""
    import numpy as np
    from PIL import Image, ImageDraw

    cols, w, h = 12, 80, 130
    out = Image.new("RGB", (cols * w, max(1, -(-len(sheet) // cols)) * h), "white")
    pen = ImageDraw.Draw(out)
    for n, (crop, pair, where) in enumerate(sheet):
        x, y = n % cols * w, n // cols * h
        tile = Image.fromarray((crop.transpose(1, 2, 0) * 255).astype(np.uint8)).resize((64, 96))
        out.paste(tile, (x + 8, y))
        pen.text((x + 2, y + 98), pair, fill="black")
        pen.text((x + 2, y + 112), where, fill="gray")
    out.save(path)
    print(f"{len(sheet)} misread chips drawn in {path}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument(
        "--split", default=",".join(rb.TUNING), help=f"comma separated, of {', '.join(rb.TUNING)}"
    )
    ap.add_argument("--models", type=Path, help="a folder with detector.onnx and reader.onnx to read with")
    ap.add_argument(
        "--cache", type=Path, help="the bench's folder of drawn photos (rack_photo_bench.py --cache)"
    )
    ap.add_argument("--sheet", type=Path, help="a PNG to draw the misread chips in")
    args = ap.parse_args()
    splits = args.split.split(",")
    for split in splits:
        if split not in rb.TUNING:
            ap.error(
                f"not a tuning split: {split} (the tuning splits: {', '.join(rb.TUNING)}); "
                "a held-out split's mistakes are not looked into"
            )
    rb.use_models(args.models)
    sheet = [] if args.sheet else None
    for split in splits:
        wrongs(split, args.racks, args.cache, sheet)
    if args.sheet:
        draw(sheet, args.sheet)


if __name__ == "__main__":
    main()
