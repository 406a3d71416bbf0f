"""Snap the rack's honest figures (docs/rack-photo.md): synthetic racks read by the committed models.

Three renderers: the first (tools/rackphoto/render.py), renderer B (tools/rackphoto/scene/), another
program with its own faces, stroke fonts, 3-D camera and tables, and renderer C
(tools/rackphoto/webscene/), a third drawn by a web browser, which no model has trained on (issue 37).
Splits: ``held-out`` (the first renderer's, fonts and tables training never saw), ``tune`` (its
tuning split, thresholds chosen there), ``b-holdout`` and ``b-tune`` (renderer B's held-out and
calibration splits), ``c-holdout`` (renderer C's held-out photos: the cross-program figure; never
used in any choice) and ``c-tune`` (renderer C's calibration split). ``--split
c-holdout,b-holdout,held-out`` (the default) prints the three held-out splits (renderer C's fonts
fetched into build/fonts-c on its first run). For each rack the reading is matched to the truth
(boxes overlapping by half), and the bench prints:

- tile recall and precision; number and colour accuracy of the tiles found;
- racks whose total (CT-7) is exactly right, racks flagged (a tile unsure, a rules flag, a spot
  shown where a tile may be missed, or no tile found at all: the check screen then says "No tile
  found: add them by hand, or take another photo", and the CLI "no tiles found"), and
  racks wrong without a flag: the figure that matters, since a flagged rack gets checked; then how
  many of the wrong racks were wrong because no tile was found (fingers over the whole rack);
- jokers: found (a box on it read as the joker), read as a number, read as a number without a mark
  (that chip not unsure and the rack not flagged: 30 points silently wrong);
- on renderer B's splits, the racks with **every tile in sight** (their count, exact totals, wrong
  without a flag and flagged): no tile with
  ``IN_SIGHT`` (a quarter) or more of its face under the fingers the renderer drew (a finger
  along the rack can hide every tile, which no reader can total); the figures over all racks stay
  the headline;
- the reliability curve: the chips read with confidence p (the least of the detector's, the
  number's and the colour's), in bins, and the share of them that are right (the tile as it is);
- the time per photo in Python (onnxruntime, one thread) and, with ``--web``, under
  onnxruntime-web's WebAssembly build in Node (the phone's runtime, one thread).

Usage: ``python bench/rack_photo_bench.py [--racks 300] [--split c-holdout,b-holdout,held-out] [--web]
[--models DIR] [--cache DIR]``: ``--models`` reads with a candidate pair of models (train.py's), and
``--cache`` keeps the drawn photos so two pairs are read on the very same ones.
Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))

from scene import SEEDS as B_SEEDS  # noqa: E402
from webscene import SEEDS as C_SEEDS  # noqa: E402

from scorekeeper.photo import photo  # noqa: E402
from scorekeeper.photo.reading import COLOUR_LETTERS  # noqa: E402

SEEDS = {"held-out": 900_000, "tune": 800_000, **B_SEEDS, **C_SEEDS}
#: the splits a choice may be made on (thresholds, marks); never a held-out one
TUNING = ("tune", "b-tune", "c-tune")
#: a tile with this share of its face or more under fingers is out of sight (chosen before any
#: figure was read, and not changed after)
IN_SIGHT = 0.25
#: the reliability curve's bins of confidence (lower edges)
BINS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99)


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


def score(tiles, boxes, unsure, flags, truth_boxes, labels, sure=None, maybe=False) -> dict:
    """One rack's reading against its truth; ``boxes`` and ``truth_boxes`` in the same pixels;
    ``sure`` each chip's confidence (for the reliability curve); ``maybe`` whether any spot was
    shown where a tile may be missed (it marks the rack)."""
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
    flagged = bool(unsure or flags or maybe or not tiles)
    matched = dict(pairs)
    jokers = [(k, t) for k, t in pairs if truth[t] == "J"]
    as_number = [k for k, _ in jokers if tiles[k] != "J"]
    chips = [(p, k in matched and tiles[k] == truth[matched[k]]) for k, p in enumerate(sure or [])]
    return {
        "jokers": truth.count("J"),
        "jokers found": sum(tiles[k] == "J" for k, _ in jokers),
        "jokers as a number": len(as_number),
        "jokers as a number unmarked": 0 if flagged else len(as_number),
        "chips": chips,
        "found": len(pairs),
        "true": len(truth),
        "read": len(tiles),
        "numbers": sum(numbers),
        "colours": sum(colours),
        "coloured": len(colours),
        "exact": exact,
        "flagged": flagged,
        "silent_wrong": not exact and not flagged,
        "no_tile_wrong": not exact and not tiles,
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
        "wrong, no tile found": sum(r["no_tile_wrong"] for r in rows) / n,
    }


def jokers(rows: list[dict]) -> str:
    """The jokers' line: found, read as a number, read as a number without a mark."""
    got = {k: sum(r[k] for r in rows) for k in ("jokers", "jokers found", "jokers as a number")}
    silent = sum(r["jokers as a number unmarked"] for r in rows)
    return (
        f"  jokers                 {got['jokers']} on the racks: {got['jokers found']} found, "
        f"{got['jokers as a number']} read as a number, {silent} of them without a mark"
    )


def reliability(rows: list[dict]) -> list[str]:
    """The chips in bins of confidence: how many, and the share read right."""
    chips = [c for r in rows for c in r["chips"]]
    out = []
    for lo, hi in zip(BINS, (*BINS[1:], 1.01)):
        inside = [right for p, right in chips if lo <= p < hi]
        if inside:
            out.append(
                f"    p {lo:.2f}-{min(hi, 1):.2f}: {len(inside):5} chips, {sum(inside) / len(inside):6.1%} right"
            )
    return out


def photos(split: str, racks: int, cache: Path | None = None):
    """(image as the server decodes it, truth boxes, labels) of each rack of the split. ``cache``: a
    folder where the split's photos are kept once drawn (``SPLIT-RACKS.pkl``, the bench's own file),
    so another pair of models (``--models``) reads the very same photos without drawing them again
    (renderer B draws 300 racks in a few minutes here; 300 racks hold about 600 MB). The names
    do not change with the renderers (nor ``in_sight``'s ``.covered.json``): after changing one,
    empty the folder."""
    if cache is None:
        yield from _drawn(split, racks)
        return
    kept = cache / f"{split}-{racks}.pkl"
    if not kept.exists():
        cache.mkdir(parents=True, exist_ok=True)
        drawn = [
            ((image * 255 + 0.5).astype(np.uint8), b, labels) for image, b, labels in _drawn(split, racks)
        ]
        with tempfile.NamedTemporaryFile(dir=cache, suffix=".part", delete=False) as part:
            pickle.dump(drawn, part)  # a second run beside this one writes its own, then either wins
        Path(part.name).replace(kept)
    for image, boxes, labels in pickle.loads(kept.read_bytes()):
        yield image.astype(np.float32) / 255, boxes, labels


def in_sight(split: str, racks: int, cache: Path | None = None) -> list[bool] | None:
    """For renderer B's splits, whether each rack has every tile in sight (no tile's face IN_SIGHT
    or more under fingers); None for the first renderer's, whose bench splits draw no fingers over
    the tiles. Each rack's most covered share is drawn again from its seed (``scene.covered_of``)
    and kept in ``cache`` as ``SPLIT-RACKS.covered.json``, so IN_SIGHT can change without it."""
    if split not in B_SEEDS:
        return None
    kept = cache / f"{split}-{racks}.covered.json" if cache else None
    if kept and kept.exists():
        most = json.loads(kept.read_text())
    else:
        import scene

        first = SEEDS[split]
        most = [float(scene.covered_of(seed, split).max(initial=0)) for seed in range(first, first + racks)]
        if kept:
            with tempfile.NamedTemporaryFile("w", dir=cache, suffix=".part", delete=False) as part:
                json.dump(most, part)
            Path(part.name).replace(kept)
    return [share < IN_SIGHT for share in most]


def _drawn(split: str, racks: int):
    import scene
    import webscene
    from render import rack

    if split in C_SEEDS:  # one browser for the split's photos
        for img, boxes, labels in webscene.photos(split, racks):
            yield np.asarray(img, np.float32) / 255, boxes, labels
        return
    for seed in range(SEEDS[split], SEEDS[split] + racks):
        if split in B_SEEDS:
            img, boxes, labels = scene.photo_of(seed, split)
        else:
            img, boxes, labels = rack(np.random.default_rng(seed), held_out=split == "held-out")
        yield np.asarray(img, np.float32) / 255, boxes, labels


def use_models(folder: Path | None) -> None:
    """Read with ``folder``'s detector.onnx and reader.onnx (a candidate from train.py) instead of
    the committed ones (None)."""
    if folder is not None:
        photo.MODELS = folder
        photo._session.cache_clear()


def read(image):
    """The server's reading and its rules check, boxes back in pixels."""
    from scorekeeper.photo.checking import checked

    got = checked(photo.read_image(image), "rummikub")
    H, W = image.shape[:2]
    boxes = [[b[0] * W, b[1] * H, b[2] * W, b[3] * H] for b in got.boxes]
    return got.tiles, boxes, got.unsure, got.flags, got.sure, bool(got.maybe)


def bench(split: str, racks: int, cache: Path | None = None) -> None:
    """Read ``racks`` racks of ``split`` and print its figures."""
    rows, times, sizes = [], [], []
    for image, truth_boxes, labels in photos(split, racks, cache):
        start = time.perf_counter()
        tiles, boxes, unsure, flags, sure, maybe = read(image)
        times.append(time.perf_counter() - start)
        sizes.append(len(labels))
        rows.append(score(tiles, boxes, unsure, flags, truth_boxes, labels, sure, maybe))
    print(f"Snap the rack, {split} split, {racks} racks ({statistics.mean(sizes):.1f} tiles on average)")
    for key, value in summary(rows).items():
        print(f"  {key:22} {value:.1%}" if isinstance(value, float) else f"  {key:22} {value}")
    sight = in_sight(split, racks, cache)
    if sight is not None:
        line = f"  every tile in sight    {sum(sight)} racks"
        if any(sight):
            f = summary([r for r, s in zip(rows, sight) if s])
            line += f": exact totals {f['exact totals']:.1%}, wrong without a flag {f['wrong without a flag']:.1%}"
            line += f", flagged {f['racks flagged']:.1%}"
        print(line)
    print(jokers(rows))
    print("  reliability (chips read with confidence p: how many are right)")
    print("\n".join(reliability(rows)))
    print(
        f"  Python, per photo      median {statistics.median(times) * 1000:.0f} ms, "
        f"95th percentile {np.percentile(times, 95) * 1000:.0f} ms (onnxruntime, one thread)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument(
        "--split", default="c-holdout,b-holdout,held-out", help=f"comma separated, of {', '.join(SEEDS)}"
    )
    ap.add_argument("--web", action="store_true", help="also time onnxruntime-web in Node")
    ap.add_argument("--models", type=Path, help="a folder with detector.onnx and reader.onnx to read with")
    ap.add_argument("--cache", type=Path, help="a folder to keep the drawn photos in, and read them from")
    args = ap.parse_args()
    use_models(args.models)
    for split in args.split.split(","):
        if split not in SEEDS:
            ap.error(f"no split {split!r}; the splits are {', '.join(SEEDS)}")
        bench(split, args.racks, args.cache)
    if args.web:
        from rack_photo_web import time_web

        if args.models:
            print("  (onnxruntime-web times the committed models, not --models)")

        print(time_web())


if __name__ == "__main__":
    main()
