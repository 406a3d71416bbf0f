"""Does Snap the rack's pipeline read playing cards? (docs/rack-photo.md, "Cards")

The issue offers the camera on Crib Rummy and Crazy Rummy hands too, if the same pipeline reads
cards well, and asks for the measurement. This reads synthetic hands of cards laid side by side
(tools/rackphoto/cards.py: the easy case, no card covering another) with the committed models and
the server's reading, and prints:

- card recall and precision (a box overlapping a card by half);
- rank accuracy of the cards found: the reader's number against the card's rank (A as 1, J, Q and K
  as 11, 12 and 13: the most generous mapping its 1..13 can have);
- red or black right (the reader's red against hearts and diamonds);
- hands read exactly: every card found and every rank right.

Usage: ``python bench/card_photo_bench.py [--hands 100]``. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))
sys.path.insert(0, str(ROOT / "bench"))

from rack_photo_scores import iou as _iou  # noqa: E402

from scorekeeper.photo import photo  # noqa: E402

SEED = 700_000


def main() -> None:
    from cards import hand

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100)
    args = ap.parse_args()
    cards = found = boxes_read = ranks_right = reds_right = exact = 0
    for seed in range(SEED, SEED + args.hands):
        image, truth, ranks, reds = hand(np.random.default_rng(seed))
        image = np.asarray(image, np.float32) / 255
        got = photo.read_image(image)
        H, W = image.shape[:2]
        boxes = [[b[0] * W, b[1] * H, b[2] * W, b[3] * H] for b in got.boxes]
        free, right = set(range(len(truth))), 0
        for k, box in enumerate(boxes):
            best = max(free, key=lambda t: _iou(box, truth[t]), default=None)
            if best is None or _iou(box, truth[best]) < 0.5:
                continue
            free.discard(best)
            token = got.tiles[k]
            number = 0 if token == "J" else int(token[1:])
            right += number == ranks[best]
            reds_right += (token[0] == "R") == bool(reds[best])
            found += 1
        cards, boxes_read, ranks_right = cards + len(truth), boxes_read + len(boxes), ranks_right + right
        exact += right == len(truth) == len(boxes)
    print(f"Snap the rack on playing cards: {args.hands} hands, {cards / args.hands:.1f} cards on average")
    print(f"  card recall            {found / cards:.1%}")
    print(f"  card precision         {found / max(1, boxes_read):.1%}")
    print(f"  rank accuracy (found)  {ranks_right / max(1, found):.1%}")
    print(f"  red or black (found)   {reds_right / max(1, found):.1%}")
    print(f"  hands read exactly     {exact / args.hands:.1%}")


if __name__ == "__main__":
    main()
