"""Choose the reading's thresholds on the tuning split (never the held-out one).

Each tuning rack is read once down to a low detector threshold and every candidate is kept with
how sure it is; thresholds are then tried on those candidates without running the networks again.
DETECT is chosen for the most exact totals, then the SURE_* thresholds for the fewest racks wrong
without a flag, a flagged rack counting FLAG_COST of one (a flag costs the player a look; a silent
error costs a wrong score). Run with the app's venv (.venv/bin/python):

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
    old = reading.DETECT
    reading.DETECT = 0.05
    try:
        x, scale = reading.letterbox(image)
        (heat,) = photo._session("detector").run(None, {"image": x})
        boxes = reading.find_boxes(heat[0], scale)
    finally:
        reading.DETECT = old
    if not boxes:
        return [], [], [], []
    number, colour = photo._session("reader").run(None, {"tiles": reading.crops(image, boxes)})
    tokens, sure_n, sure_c = reading.tokens_of(number, colour)
    return boxes, tokens, sure_n, sure_c


def simulate(cached, detect, found, num, col):
    rows = []
    for (boxes, tokens, sn, sc), (truth_boxes, labels) in cached:
        keep = [k for k, b in enumerate(boxes) if b.sure >= detect]
        kept = [boxes[k] for k in keep]
        odd = reading.odd_sizes(kept)
        tiles = [tokens[k] for k in keep]
        unsure = [
            i for i, k in enumerate(keep) if boxes[k].sure < found or sn[k] < num or sc[k] < col or odd[i]
        ]
        flags = rules.rack_supply("rummikub", " ".join(tiles), "this photo shows") if tiles else []
        rows.append(
            score(tiles, [[b.x0, b.y0, b.x1, b.y1] for b in kept], unsure, flags, truth_boxes, labels)
        )
    return summary(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--racks", type=int, default=300)
    args = ap.parse_args()
    cached = [(candidates(image), (tb, lab)) for image, tb, lab in photos("tune", args.racks)]
    best = max(
        (0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7),
        key=lambda d: simulate(cached, d, 0, 0, 0)["exact totals"],
    )
    print(f"DETECT {best}: {simulate(cached, best, 0, 0, 0)}")
    choices = []
    grid = itertools.product(
        (0.5, 0.6, 0.7, 0.8), (0.6, 0.8, 0.9, 0.95, 0.98, 0.99), (0.6, 0.8, 0.9, 0.95, 0.98)
    )
    for found, num, col in grid:
        s = simulate(cached, best, found, num, col)
        choices.append((s["wrong without a flag"] + FLAG_COST * s["racks flagged"], (found, num, col), s))
    choices.sort(key=lambda c: c[0])
    for _, sure, s in choices[:5]:
        print(f"SURE_FOUND, SURE_NUMBER, SURE_COLOUR = {sure}: {s}")


if __name__ == "__main__":
    main()
