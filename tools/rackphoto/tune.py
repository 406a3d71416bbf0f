"""Choose the reading's thresholds on the tuning split (never the held-out one).

Each tuning rack is read once down to a low detector threshold and every candidate is kept with
how sure it is; thresholds are then tried on those candidates without running the networks again.
DETECT and OVERLAP are chosen for the most exact totals, then the SURE_* thresholds for the fewest
racks wrong without a flag, a flagged rack counting FLAG_COST of one (a flag costs the player a
look; a silent error costs a wrong score). Run with the app's venv (.venv/bin/python):

    python tools/rackphoto/tune.py [--racks 300] [--split tune,b-tune] [--cache build/evalcache]

With several tuning splits (the first renderer's ``tune``, renderer B's ``b-tune``; never a held-out
one) the exact totals of every DETECT and OVERLAP tried are printed for each split, and the choice is
the most exact totals summed over them.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rack_photo_bench import photos, score, summary  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.photo import photo, reading  # noqa: E402

FLAG_COST = 0.1


def candidates(image):
    """Every map peak down to a low threshold, none dropped for overlapping (``simulate`` drops
    them), each read. The view is the reading's at today's thresholds (the closer look when the
    tiles are small)."""
    view = photo.first_look(image)[1] or reading.whole(image)
    boxes, _ = photo.detect(image, view, detect=0.05, overlap=1.01)  # (its spots: not tuned here)
    if not boxes:
        return [], [], [], []
    number, colour = photo._session("reader").run(None, {"tiles": reading.crops(image, boxes)})
    tokens, sure_n, sure_c = reading.tokens_of(number, colour)
    return boxes, tokens, sure_n, sure_c


def kept(boxes, detect: float, overlap: float) -> list[int]:
    """The candidates find_boxes keeps at these thresholds (``boxes`` come surest first)."""
    keep: list[int] = []
    for k, box in enumerate(boxes):
        if box.sure >= detect and all(reading._overlap(box, boxes[i]) <= overlap for i in keep):
            keep.append(k)
    return keep[: reading.MOST_TILES]


def simulate(cached, detect, overlap, found, num, col):
    rows = []
    for (boxes, tokens, sn, sc), (truth_boxes, labels) in cached:
        keep = kept(boxes, detect, overlap)
        chosen = [boxes[k] for k in keep]
        odd = reading.odd_sizes(chosen)
        tiles = [tokens[k] for k in keep]
        unsure = [
            i for i, k in enumerate(keep) if boxes[k].sure < found or sn[k] < num or sc[k] < col or odd[i]
        ]
        flags = rules.rack_supply("rummikub", " ".join(tiles), "this photo shows") if tiles else []
        rows.append(
            score(tiles, [[b.x0, b.y0, b.x1, b.y1] for b in chosen], unsure, flags, truth_boxes, labels)
        )
    return summary(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument("--split", default="tune", help="comma separated tuning splits: tune, b-tune")
    ap.add_argument("--cache", type=Path, help="where the drawn photos are kept (rack_photo_bench.py)")
    args = ap.parse_args()
    splits = args.split.split(",")
    if not set(splits) <= {"tune", "b-tune"}:
        ap.error(f"not a tuning split: {args.split} (tune, b-tune)")
    by_split = {
        split: [(candidates(image), (tb, lab)) for image, tb, lab in photos(split, args.racks, args.cache)]
        for split in splits
    }
    exact = {}
    print("DETECT OVERLAP " + " ".join(f"{split:>8}" for split in splits))
    for d in itertools.product([round(0.2 + 0.05 * i, 2) for i in range(11)], (0.5, 0.6, 0.7, 0.8)):
        exact[d] = [simulate(by_split[split], *d, 0, 0, 0)["exact totals"] for split in splits]
        print(f"{d[0]:6} {d[1]:7} " + " ".join(f"{e:8.1%}" for e in exact[d]))
    detect, overlap = max(exact, key=lambda d: sum(exact[d]))
    cached = by_split[splits[0]]
    print(f"DETECT {detect}, OVERLAP {overlap}: {simulate(cached, detect, overlap, 0, 0, 0)}")
    choices = []
    grid = itertools.product(
        (0.5, 0.6, 0.7, 0.8), (0.6, 0.8, 0.9, 0.95, 0.98, 0.99), (0.6, 0.8, 0.9, 0.95, 0.98)
    )
    for sure in grid:
        s = simulate(cached, detect, overlap, *sure)
        choices.append((s["wrong without a flag"] + FLAG_COST * s["racks flagged"], sure, s))
    choices.sort(key=lambda c: c[0])
    for _, sure, s in choices[:5]:
        print(f"SURE_FOUND, SURE_NUMBER, SURE_COLOUR = {sure}: {s}")


if __name__ == "__main__":
    main()
