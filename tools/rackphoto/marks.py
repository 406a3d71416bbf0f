"""Choose when a chip is marked unsure (issue 37), on the tuning splits only: the first renderer's
``tune``, renderer B's ``b-tune`` and (``--split``) renderer C's ``c-tune`` and ``c-fresh``, never
``held-out``, ``b-holdout``, ``c-holdout`` nor ``c-final``.

Each rack is read once as the reading does (the committed DETECT and OVERLAP); every tile is read
by the reader in each candidate look (a margin and a shift of its box, :data:`CANDIDATE_LOOKS`).
Then the marks are tried without running the networks again: the SURE_* thresholds, which further
looks must read the same number (a tile they read otherwise is unsure), and JOKER_DOUBT (a tile
read as a number whose joker probability is at least this is unsure). The choice minimises, summed
over the splits, the racks wrong without a mark plus FLAG_COST of the racks flagged. Run with
the app's venv:

    python tools/rackphoto/marks.py [--racks 300] [--split tune,b-tune] [--models DIR] [--cache DIR]

Its run of 2026-12-02 (300 racks a split, before "shift" was a choice) chose SURE_NUMBER 0.98 and
the two shifted looks, every JOKER_DOUBT alike; reading.py keeps one of the two looks, so the phone
stays within 150 ms a photo, and JOKER_DOUBT 0.03 (docs/rack-photo.md).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rack_photo_bench import TUNING, photos, score, summary, use_models  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.photo import photo, reading, readout  # noqa: E402

FLAG_COST = 0.1
SPLITS = ("tune", "b-tune")  # by default; never held-out, b-holdout, c-holdout or c-final
#: looks tried (margin, shift across, shift down, in tile sizes); the first is the reading's own
CANDIDATE_LOOKS = ((reading.MARGIN, 0, 0), (0.0, 0, 0), (0.18, 0, 0), (0.08, 0.07, 0), (0.08, -0.07, 0))
#: the look sets of one further look at most: the phone reads a 16-tile rack within 150 ms with one
PHONE_LOOKS = ("none", "wide", "shift")
#: MAYBE tried (None: no spot shown where a tile may be missed)
CANDIDATE_MAYBE = (None, 0.4, 0.3, 0.2, 0.15, 0.1, 0.05)
#: the committed MAYBE
MAYBE = reading.MAYBE
LOOK_SETS = {
    "none": (),
    "margins": (1, 2),
    "shifts": (3, 4),
    "all": (1, 2, 3, 4),
    "wide": (2,),
    "shift": (3,),
}


def _softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def cached(split: str, racks: int, cache: Path | None = None):
    """Per rack: boxes, tokens, detector, number and colour sureness, joker probability, and each
    candidate look's number read; how sure the detector was of the surest spot where a tile may be
    missed (reading.maybe_missed, looked for down to the least MAYBE tried); with the truth."""
    out = []
    least = min(m for m in CANDIDATE_MAYBE if m is not None)
    for image, truth_boxes, labels in photos(split, racks, cache):
        found, maybe = photo.find_tiles(image, least)
        chips, small = reading.small_apart(found)
        boxes = reading.in_reading_order(chips)
        # a box set apart as small is shown as a spot whatever MAYBE is
        spot = 1.0 if small else max((b.sure for b in maybe), default=0.0)
        if not boxes:
            out.append(({"maybe": spot}, (truth_boxes, labels)))
            continue
        reads = [
            photo._session("reader").run(None, {"tiles": reading.crops(image, boxes, look)})
            for look in CANDIDATE_LOOKS
        ]
        # the first look's tokens: the reading takes the mean of its looks' (rule 14, chosen after
        # the marks), which differs only on tiles the looks disagree on, and marks those
        tokens, sure_n, sure_c = readout.tokens_of(*reads[0])
        numbers = np.stack([number.argmax(axis=1) for number, _ in reads])
        rec = {
            "boxes": boxes,
            "tokens": tokens,
            "found": np.array([b.sure for b in boxes]),
            "sure_n": np.array(sure_n),
            "sure_c": np.array(sure_c),
            "joker": _softmax(reads[0][0])[:, reading.JOKER],
            "numbers": numbers,
            "odd": np.array(reading.odd_sizes(boxes)),
            "maybe": spot,
        }
        out.append((rec, (truth_boxes, labels)))
    return out


def _marked(rec, found, num, col, looks, joker, maybe) -> bool:
    """Whether the rack is marked by a chip unsure or a spot where a tile may be missed (a rack
    where no tile was found is marked already: the bench's score counts it, as the screen says so)."""
    if maybe is not None and rec["maybe"] >= maybe:
        return True
    if "numbers" not in rec:  # no tile found: no chip to mark (score() has marked the rack)
        return False
    n = rec["numbers"]
    differ = np.zeros(len(rec["tokens"]), bool)
    for k in LOOK_SETS[looks]:
        differ |= n[k] != n[0]
    doubt = (n[0] != reading.JOKER) & (rec["joker"] >= joker)
    marked = (
        (rec["found"] < found) | (rec["sure_n"] < num) | (rec["sure_c"] < col) | rec["odd"] | differ | doubt
    )
    return bool(marked.any())


def scored(data) -> list[tuple[dict | None, dict]]:
    """Each rack's score with no chip marked (the rules' flags, and no tile found), computed once."""
    out = []
    for rec, (truth_boxes, labels) in data:
        if "tokens" not in rec:
            out.append((rec, score([], [], [], [], truth_boxes, labels)))
            continue
        flags = rules.rack_supply("rummikub", " ".join(rec["tokens"]), "this photo shows")
        boxes = [[b.x0, b.y0, b.x1, b.y1] for b in rec["boxes"]]
        out.append((rec, score(rec["tokens"], boxes, [], flags, truth_boxes, labels)))
    return out


def simulate(data, *marks) -> dict:
    """The split's summary with racks marked by ``marks`` (SURE_FOUND, SURE_NUMBER, SURE_COLOUR,
    a LOOK_SETS key, JOKER_DOUBT, MAYBE or None for no spots shown)."""
    rows = []
    for rec, base in data:
        flagged = base["flagged"] or _marked(rec, *marks)
        rows.append({**base, "flagged": flagged, "silent_wrong": not base["exact"] and not flagged})
    return summary(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument(
        "--phone", action="store_true", help="only the look sets the phone can afford (PHONE_LOOKS)"
    )
    ap.add_argument("--models", type=Path, help="a candidate's folder (detector.onnx, reader.onnx)")
    ap.add_argument("--cache", type=Path, help="where the drawn photos are kept (rack_photo_bench.py)")
    ap.add_argument("--split", default=",".join(SPLITS), help=f"comma separated, of {', '.join(TUNING)}")
    args = ap.parse_args()
    splits = args.split.split(",")
    if not set(splits) <= set(TUNING):
        ap.error(f"not a tuning split: {args.split} ({', '.join(TUNING)})")
    use_models(args.models)
    data = {split: scored(cached(split, args.racks, args.cache)) for split in splits}
    grid = itertools.product(
        (0.5, 0.6, 0.7),
        (0.6, 0.8, 0.9, 0.95, 0.98),
        (0.6, 0.8, 0.9),
        PHONE_LOOKS if args.phone else tuple(LOOK_SETS),
        (1.01, 0.3, 0.1, 0.03, 0.01),
        CANDIDATE_MAYBE,
    )
    choices = []
    for marks in grid:
        s = {split: simulate(data[split], *marks) for split in splits}
        cost = sum(v["wrong without a flag"] + FLAG_COST * v["racks flagged"] for v in s.values())
        choices.append((cost, marks, s))
    choices.sort(key=lambda c: c[0])
    today = (
        reading.SURE_FOUND,
        reading.SURE_NUMBER,
        reading.SURE_COLOUR,
        "shift",
        reading.JOKER_DOUBT,
        MAYBE,
    )
    for cost, marks, s in [*choices[:8], (None, today, {sp: simulate(data[sp], *today) for sp in splits})]:
        said = "; ".join(
            f"{sp}: silent {v['wrong without a flag']:.1%}, flagged {v['racks flagged']:.1%}, "
            f"exact {v['exact totals']:.1%}"
            for sp, v in s.items()
        )
        name = "today" if cost is None else f"{cost:.3f}"
        print(
            f"{name} SURE_* {marks[:3]}, looks {marks[3]}, JOKER_DOUBT {marks[4]}, MAYBE {marks[5]}: {said}"
        )


if __name__ == "__main__":
    main()
