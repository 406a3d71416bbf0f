"""Choose the reading's thresholds on the tuning split (never the held-out one).

Each tuning rack is read once down to a low detector threshold and every candidate is kept with
how sure it is; thresholds are then tried on those candidates without running the networks again.
DETECT and OVERLAP are chosen for the most exact totals, then the SURE_* thresholds for the fewest
racks wrong without a flag, a flagged rack counting FLAG_COST of one (a flag costs the player a
look; a silent error costs a wrong score). Run with the app's venv (.venv/bin/python):

    python tools/rackphoto/tune.py [--racks 300]
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
    args = ap.parse_args()
    cached = [(candidates(image), (tb, lab)) for image, tb, lab in photos("tune", args.racks)]
    found = itertools.product((0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7), (0.5, 0.6, 0.7, 0.8))
    detect, overlap = max(found, key=lambda d: simulate(cached, *d, 0, 0, 0)["exact totals"])
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
