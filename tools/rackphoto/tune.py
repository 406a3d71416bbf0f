"""Choose the detector's thresholds, DETECT and OVERLAP, on the tuning splits (never a held-out one).

Each tuning rack is read once down to a low detector threshold and every candidate is kept with
how sure it is; thresholds are then tried on those candidates without running the networks again.
Run with the app's venv (.venv/bin/python):

    python tools/rackphoto/tune.py [--racks 300] [--split tune,b-tune] [--cache build/evalcache] [--models DIR]

For every DETECT and OVERLAP tried it prints each split's exact totals, tile recall and precision
(the first renderer's ``tune``, renderer B's ``b-tune``). The choice: the most exact totals summed
over the splits, among the settings where the first renderer's ``tune`` (when given) loses at most
KEEP_TUNE against the committed values; ties go to the setting nearest the committed one. The marks
(SURE_*, the further looks, the joker's check, the spots) are chosen on both splits by marks.py.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rack_photo_bench import TUNING, photos, score, summary, use_models  # noqa: E402

from scorekeeper.photo import photo, reading, readout  # noqa: E402

#: the most exact totals the first renderer's tuning split may lose for renderer B's sake
KEEP_TUNE = 0.01
DETECTS = [round(0.2 + 0.05 * i, 2) for i in range(11)]
OVERLAPS = (0.5, 0.6, 0.7, 0.8)


def candidates(image):
    """Every map peak down to a low threshold, none dropped for overlapping (``simulate`` drops
    them), each read. The view is the reading's at today's thresholds (the closer look when the
    tiles are small)."""
    view = photo.first_look(image)[1] or reading.whole(image)
    boxes, _ = photo.detect(image, view, detect=0.05, overlap=1.01)  # (its spots: not tuned here)
    if not boxes:
        return [], []
    number, colour = photo._session("reader").run(None, {"tiles": reading.crops(image, boxes)})
    return boxes, readout.tokens_of(number, colour)[0]


def kept(boxes, detect: float, overlap: float) -> list[int]:
    """The candidates find_boxes keeps at these thresholds (``boxes`` come surest first)."""
    keep: list[int] = []
    for k, box in enumerate(boxes):
        if box.sure >= detect and all(reading._overlap(box, boxes[i]) <= overlap for i in keep):
            keep.append(k)
    return keep[: reading.MOST_TILES]


def simulate(cached, detect: float, overlap: float) -> dict:
    """The bench's figures (no marks: exact totals, recall, precision) at these thresholds."""
    rows = []
    for (boxes, tokens), (truth_boxes, labels) in cached:
        keep = kept(boxes, detect, overlap)
        chips = {id(b) for b in reading.small_apart([boxes[k] for k in keep])[0]}  # small: spots
        keep = [k for k in keep if id(boxes[k]) in chips]
        boxed = [[boxes[k].x0, boxes[k].y0, boxes[k].x1, boxes[k].y1] for k in keep]
        rows.append(score([tokens[k] for k in keep], boxed, [], [], truth_boxes, labels))
    return summary(rows)


def chosen(figures: dict, splits: list[str]) -> tuple[float, float]:
    """The setting with the most exact totals summed over the splits, ``tune`` losing at most
    KEEP_TUNE against the committed DETECT and OVERLAP; ties: the nearest to the committed."""
    committed = (reading.DETECT, reading.OVERLAP)
    allowed = list(figures)
    if "tune" in splits:
        t = splits.index("tune")
        floor = figures[committed][t]["exact totals"] - KEEP_TUNE
        allowed = [d for d in figures if figures[d][t]["exact totals"] >= floor - 1e-9]
    return max(
        allowed,
        key=lambda d: (
            round(sum(f["exact totals"] for f in figures[d]), 9),
            -abs(d[0] - committed[0]) - abs(d[1] - committed[1]),
        ),
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument("--split", default="tune", help=f"comma separated tuning splits: {', '.join(TUNING)}")
    ap.add_argument("--cache", type=Path, help="where the drawn photos are kept (rack_photo_bench.py)")
    ap.add_argument(
        "--models", type=Path, help="a candidate pair's folder (train.py's) instead of the committed"
    )
    args = ap.parse_args()
    use_models(args.models)
    splits = args.split.split(",")
    if not set(splits) <= set(TUNING):
        ap.error(f"not a tuning split: {args.split} ({', '.join(TUNING)})")
    by_split = {
        split: [(candidates(image), (tb, lab)) for image, tb, lab in photos(split, args.racks, args.cache)]
        for split in splits
    }
    figures = {}
    print("DETECT OVERLAP " + " ".join(f"{split + ': exact, recall, precision':>34}" for split in splits))
    for d in itertools.product(DETECTS, OVERLAPS):
        figures[d] = [simulate(by_split[split], *d) for split in splits]
        cells = [
            f"{f['exact totals']:10.1%} {f['tile recall']:10.1%} {f['tile precision']:10.1%}"
            for f in figures[d]
        ]
        print(f"{d[0]:6} {d[1]:7} " + " ".join(f"{c:>34}" for c in cells))
    detect, overlap = chosen(figures, splits)
    print(f"chosen: DETECT {detect}, OVERLAP {overlap} (committed: {reading.DETECT}, {reading.OVERLAP})")


if __name__ == "__main__":
    main()
