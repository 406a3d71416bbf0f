"""Snap the rack's honest figures (docs/rack-photo.md): synthetic racks read by the committed models.

Three renderers: the first (tools/rackphoto/render.py), renderer B (tools/rackphoto/scene/), another
program with its own faces, stroke fonts, 3-D camera and tables, and renderer C
(tools/rackphoto/webscene/), a third drawn by a web browser, which no model has trained on (issue 37).
Splits: ``held-out`` (the first renderer's, fonts and tables training never saw), ``tune`` (its
tuning split, thresholds chosen there), ``b-holdout`` and ``b-tune`` (renderer B's held-out and
calibration splits), ``c-holdout`` (renderer C's held-out photos: the cross-program figure; never
used in any choice), ``c-tune`` (renderer C's calibration split) and ``c-fresh`` (a second one,
with a numeral font neither other C split draws: its figures say whether a choice carries to an
unseen font) and ``c-final`` (a second held-out split, with a font and a cloth of its own, read with
the committed models alone). ``--split c-holdout,c-final,b-holdout,held-out`` (the default) prints
the four held-out splits (renderer C's fonts fetched into build/fonts-c on its first run). For each
rack the reading is matched to the truth (boxes overlapping by half), and the bench prints:

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

Usage: ``python bench/rack_photo_bench.py [--racks 300] [--split c-holdout,c-final,b-holdout,held-out] [--web]
[--models DIR] [--cache DIR] [--set NAME=VALUE] [--outcomes FILE]``: ``--models`` reads with a candidate pair of models
(train.py's), ``--cache`` keeps the drawn photos so two pairs are read on the very same ones, and
``--set`` reads with another value of one of the reading's marks (``SETTABLE``: DETECT, SURE_FOUND,
MAYBE ...; a held-out split only under the rule written before, ``--rule``); ``--outcomes`` writes
each rack's outcome, for ``rack_photo_compare.py`` to pair two readings of the same racks.
Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
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
sys.path.insert(0, str(ROOT / "bench"))  # rack_photo_scores, however this file is loaded

from rack_photo_scores import jokers, reliability, score, summary  # noqa: E402
from scene import SEEDS as B_SEEDS  # noqa: E402
from webscene import SEEDS as C_SEEDS  # noqa: E402

from scorekeeper.photo import photo, reading  # noqa: E402

SEEDS = {"held-out": 900_000, "tune": 800_000, **B_SEEDS, **C_SEEDS}
#: the splits a choice may be made on (thresholds, marks); never a held-out one
TUNING = ("tune", "b-tune", "c-tune", "c-fresh")
#: the held-out splits, the bench's default; FINAL is read by a candidate only under a rule naming it
FINAL = "c-final"
HELD_OUT = ("c-holdout", FINAL, "b-holdout", "held-out")
#: a tile with this share of its face or more under fingers is out of sight (chosen before any
#: figure was read, and not changed after)
IN_SIGHT = 0.25


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


#: the reading's marks and thresholds a candidate may be read with (``--set``): each is read by
#: the reading when it runs, so setting it on ``reading`` is enough
SETTABLE = ("DETECT", "OVERLAP", "MAYBE", "SURE_FOUND", "SURE_NUMBER", "SURE_COLOUR")


def settings(words: list[str]) -> dict[str, float]:
    """``NAME=VALUE`` words as settings of the reading (SETTABLE, each a number from 0 to 1.01);
    ValueError names the word that is not one."""
    out = {}
    for word in words:
        name, _, value = word.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = -1.0
        if name not in SETTABLE or not 0 <= number <= 1.01:
            raise ValueError(
                f"{word!r} is not NAME=VALUE, NAME one of {', '.join(SETTABLE)}, VALUE from 0 to 1.01"
            )
        out[name] = number
    return out


def write_outcomes(path: Path, rows: dict[str, list[dict]], models: Path | None, marks: dict) -> None:
    """Each split's racks, in order, as exact, flagged and wrong without a mark, with what read
    them (the models' folder, or the committed; the marks set), for rack_photo_compare.py."""
    racks = {
        split: [{k: bool(r[k]) for k in ("exact", "flagged", "silent_wrong")} for r in split_rows]
        for split, split_rows in rows.items()
    }
    read_by = {"models": str(models) if models else "committed", "marks": marks}
    path.write_text(json.dumps({"read by": read_by, "racks": racks}))


def use_models(folder: Path | None) -> None:
    """Read with ``folder``'s detector.onnx and reader.onnx (a candidate from train.py) instead of
    the committed ones (None)."""
    if folder is not None:
        photo.MODELS = folder
        photo._session.cache_clear()


def as_decoded(image: np.ndarray) -> np.ndarray:
    """``image`` as the server (and the phone) read it: longer than WORK_LONG, shrunk by
    :func:`photo.decode`; renderer C's 1152 x 864 racks were read 11 % larger until 7 December."""
    from PIL import Image

    if max(image.shape[:2]) <= reading.WORK_LONG:
        return image
    png = io.BytesIO()
    Image.fromarray((np.clip(image, 0, 1) * 255 + 0.5).astype(np.uint8)).save(png, "PNG")
    return photo.decode(png.getvalue())


def read(image):
    """The server's reading and its rules check, boxes back in pixels (of the photo as drawn)."""
    from scorekeeper.photo.checking import checked

    got = checked(photo.read_image(as_decoded(image)), "rummikub")
    H, W = image.shape[:2]
    boxes = [[b[0] * W, b[1] * H, b[2] * W, b[3] * H] for b in got.boxes]
    return got.tiles, boxes, got.unsure, got.flags, got.sure, bool(got.maybe)


def bench(split: str, racks: int, cache: Path | None = None) -> list[dict]:
    """Read ``racks`` racks of ``split``, print its figures and give each rack's score."""
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
    return rows


def checked(ap: argparse.ArgumentParser) -> tuple[argparse.Namespace, list[str], dict[str, float]]:
    """The arguments, the splits and the marks set, or exit 2 naming what is refused: an unknown
    split, a candidate on c-final or other marks on a held-out split without the rule written before."""
    args = ap.parse_args()
    try:
        chosen = settings(args.set)
    except ValueError as err:
        ap.error(str(err))
    splits = args.split.split(",") if args.split else [s for s in HELD_OUT if not args.models or s != FINAL]
    if args.models and FINAL in splits and not (args.rule and args.rule.is_file()):
        ap.error(
            f"{FINAL} is read with the committed models alone: name the rule written before (--rule FILE)"
        )
    if chosen and set(splits) & set(HELD_OUT) and not (args.rule and args.rule.is_file()):
        ap.error("a held-out split is read with other marks only under the rule written before (--rule FILE)")
    for split in splits:
        if split not in SEEDS:
            ap.error(f"no split {split!r}; the splits are {', '.join(SEEDS)}")
    return args, splits, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=300)
    ap.add_argument(
        "--split",
        help=f"comma separated, of {', '.join(SEEDS)} (by default the held-out ones: {', '.join(HELD_OUT)}; "
        "with --models, all but c-final)",
    )
    ap.add_argument("--web", action="store_true", help="also time onnxruntime-web in Node")
    ap.add_argument("--models", type=Path, help="a folder with detector.onnx and reader.onnx to read with")
    ap.add_argument("--cache", type=Path, help="a folder to keep the drawn photos in, and read them from")
    ap.add_argument("--rule", type=Path, help="the rule, written before, that names c-final for --models")
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"read with another value of one of the reading's marks ({', '.join(SETTABLE)}); repeatable",
    )
    ap.add_argument(
        "--outcomes",
        type=Path,
        help="also write each rack's outcome (exact, flagged, wrong without a mark) as JSON, for "
        "rack_photo_compare.py",
    )
    args, splits, chosen = checked(ap)
    use_models(args.models)
    for name, value in chosen.items():
        setattr(reading, name, value)
    if chosen:
        print("Read with " + ", ".join(f"{name} {value}" for name, value in chosen.items()))
    outcomes = {split: bench(split, args.racks, args.cache) for split in splits}
    if args.outcomes:
        write_outcomes(args.outcomes, outcomes, args.models, chosen)
    if args.web:
        from rack_photo_web import time_web

        if args.models:
            print("  (onnxruntime-web times the committed models, not --models)")

        print(time_web())


if __name__ == "__main__":
    main()
