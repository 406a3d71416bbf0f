"""Train one of the two networks on the rendered chunks (data.py) and export it as ONNX.

    python train.py detector|reader DATA_DIR OUT_DIR --minutes M [--warm OUT_DIR/x.pt]

Chunks named train*.npz are read again as they appear (the renderer may still be writing them:
the first renderer's train<N>.npz and renderer B's train-b<N>.npz alike); tune*.npz are the tuning
splits (tune.npz the first renderer's, tune-b.npz renderer B's b-tune): validation here, thresholds
in tune.py and marks.py; never a held-out set (held-out, b-holdout). ``--frozen-norm`` keeps the batch
norms in eval mode, for fine-tuning a model brought back from ONNX (warm.py).
The best validation state is kept, exported to OUT_DIR/<net>.onnx with reference outputs beside it
(<net>.ref.npz: tests/photo/test_models.py checks the committed model still gives them).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import augment
import nets
import numpy as np
import strokes
import torch
import torch.nn.functional as F
from losses import detector_loss, detector_targets, reader_loss


def chunks(data: Path, kind: str, tune: bool = False, blanks: bool = False) -> dict[str, np.ndarray]:
    """The rendered chunks' arrays one network learns on. A chunk rendered for an earlier, smaller
    detector box (the same 4:3 shape) has its photos scaled up to today's box, boxes with them.
    ``blanks``: the reader's crops where no tile is (data.py's blank_crops) too, as nets.NO_TILE."""
    files = sorted(data.glob("tune*.npz")) if tune else sorted(data.glob("train*.npz"))
    if kind == "reader":
        parts = [_reader_part(f, blanks) for f in files]
        if blanks:
            told = sum(int((p["crop_labels"][:, 0] == nets.NO_TILE).sum()) for p in parts)
            print(f"{told} crops where no tile is, in {len(files)} chunks", flush=True)
            if not told:  # chunks rendered before data.py cut them
                raise SystemExit("--blanks: these chunks hold no blank_crops; render them again with data.py")
        return {key: np.concatenate([p[key] for p in parts]) for key in ("crops", "crop_labels")}
    parts = [_in_todays_box(_arrays(f, ("images", "boxes", "box_index"))) for f in files]
    offsets = np.cumsum([0] + [len(p["boxes"]) for p in parts])
    return {
        "images": np.concatenate([p["images"] for p in parts]),
        "boxes": np.concatenate([p["boxes"] for p in parts]),
        "box_index": np.concatenate(
            [p["box_index"][:-1] + o for p, o in zip(parts, offsets)] + [[offsets[-1]]]
        ),
    }


def _reader_part(path: Path, blanks: bool) -> dict[str, np.ndarray]:
    """One chunk's reader crops and labels, read once; with ``blanks`` its blank crops after them,
    labelled NO_TILE (a kept chunk, kept.py, has none, nor a chunk rendered before data.py cut them)."""
    with np.load(path) as z:
        crops, labels = z["crops"], z["crop_labels"]
        if blanks and "blank_crops" in z.files:
            empty = z["blank_crops"]
            none = np.tile(np.array([[nets.NO_TILE, 0]], labels.dtype), (len(empty), 1))
            crops, labels = np.concatenate([crops, empty]), np.concatenate([labels, none])
    return {"crops": crops, "crop_labels": labels}


def _arrays(path: Path, keys) -> dict[str, np.ndarray]:
    with np.load(path) as z:
        return {key: z[key] for key in keys}


def _in_todays_box(part: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    grow = nets.DETECT_W / part["images"].shape[-1]
    if grow == 1:
        return part
    images = np.empty((len(part["images"]), 3, nets.DETECT_H, nets.DETECT_W), np.uint8)
    for start in range(0, len(images), 100):
        x = torch.tensor(part["images"][start : start + 100], dtype=torch.float32)
        x = F.interpolate(x, size=(nets.DETECT_H, nets.DETECT_W), mode="bilinear", align_corners=False)
        images[start : start + 100] = x.round().clamp(0, 255).to(torch.uint8).numpy()
    return {**part, "images": images, "boxes": part["boxes"] * grow}


def batches_detector(d, rng, size, squash: float = 1.0):
    """A batch of letterboxed photos and their targets; with ``squash`` under 1, half of them
    squashed (:func:`augment.squash`)."""
    idx = rng.integers(0, len(d["images"]), size)
    x = torch.tensor(d["images"][idx], dtype=torch.float32) / 255
    boxes = [d["boxes"][d["box_index"][i] : d["box_index"][i + 1]] for i in idx]
    x, boxes = augment.squash(x, boxes, rng, squash)
    h, w = nets.DETECT_H // nets.STRIDE, nets.DETECT_W // nets.STRIDE
    t = [detector_targets(b, h, w) for b in boxes]
    return x, *(torch.tensor(np.stack(a)) for a in zip(*t))


def batches_reader(d, rng, size):
    idx = rng.integers(0, len(d["crops"]), size)
    x = torch.tensor(d["crops"][idx], dtype=torch.float32) / 255
    lab = torch.tensor(d["crop_labels"][idx])
    return x, lab[:, 0], lab[:, 1]


def training(model, frozen_norm: bool) -> None:
    """Train mode, the batch norms held in eval mode when ``frozen_norm``."""
    model.train()
    if frozen_norm:
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.eval()


def evaluate(model, kind, tune, rng, frozen_norm=False):
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for _ in range(8):
            if kind == "detector":
                x, heat, reg, mask = batches_detector(tune, rng, 32)
                total += float(detector_loss(model(x), heat, reg, mask))
            else:
                x, num, col = batches_reader(tune, rng, 512)
                n_logits, c_logits = model(x)
                keep = num < nets.JOKER
                total += float((n_logits.argmax(1) != num).float().mean()) + 0.5 * float(
                    (c_logits[keep].argmax(1) != col[keep]).float().mean()
                )
            count += 1
    training(model, frozen_norm)
    return total / count


def export(model, kind, out: Path) -> None:
    model.eval()
    g = torch.Generator().manual_seed(7)
    if kind == "detector":
        x = torch.rand(1, 3, nets.DETECT_H, nets.DETECT_W, generator=g)
        names, outs, axes = ["image"], ["heat"], None
    else:
        x = torch.rand(3, 3, nets.READ_H, nets.READ_W, generator=g)
        names, outs, axes = (
            ["tiles"],
            ["number", "colour"],
            {"tiles": {0: "n"}, "number": {0: "n"}, "colour": {0: "n"}},
        )
    path = out / f"{kind}.onnx"
    torch.onnx.export(
        model,
        x,
        str(path),
        input_names=names,
        output_names=outs,
        dynamic_axes=axes,
        opset_version=17,
        dynamo=False,
    )
    import onnxruntime as ort

    got = ort.InferenceSession(str(path)).run(None, {names[0]: x.numpy()})
    np.savez(out / f"{kind}.ref.npz", input=x.numpy(), **{o: v for o, v in zip(outs, got)})


def _loss(model, args: argparse.Namespace, data, rng):
    """One training batch's loss; the detector's photos squashed as ``args.squash`` says
    (:func:`augment.squash`), the reader's crops changed as ``args`` says (``turn``: turned,
    ``stretch``: made wider or narrower, :func:`augment.shift`; ``elastic``: bent,
    :func:`augment.elastic`; ``strokes``: the share drawn from strokes, not fonts, :mod:`strokes`;
    ``neighbours``: the share given a neighbour's edge,
    :func:`augment.neighbours`; ``blur``: blurred, :func:`augment.blur`)."""
    if args.kind == "detector":
        x, heat, reg, mask = batches_detector(data, rng, 16, args.squash)
        return detector_loss(model(augment.jitter(x, rng)), heat, reg, mask)
    x, num, col = batches_reader(data, rng, 64)
    if args.strokes:  # the batch's first crops replaced by numerals drawn from strokes
        drawn, labels = strokes.batch(round(64 * args.strokes), rng)
        x[: len(drawn)], num[: len(drawn)], col[: len(drawn)] = (
            torch.tensor(drawn) / 255,
            *torch.tensor(labels).T,
        )
    x = augment.elastic(augment.shift(x, rng, args.turn, args.stretch), rng, args.elastic)
    x = augment.neighbours(x, rng, args.neighbours)
    return reader_loss(model(augment.jitter(augment.blur(x, rng, args.blur), rng)), num, col)


def _at_least_one(text: str) -> float:
    value = float(text)
    if not value >= 1:
        raise argparse.ArgumentTypeError(f"{text} is under 1 (1.35 means from 1/1.35 to 1.35 times as wide)")
    return value


def _arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["detector", "reader"])
    ap.add_argument("data", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--minutes", type=float, default=20)
    ap.add_argument("--warm", type=Path)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--frozen-norm", action="store_true", help="batch norms in eval mode (warm.py's models)")
    ap.add_argument(
        "--turn", type=float, default=0.0, help="the reader's crops turned up to this many degrees"
    )
    ap.add_argument(
        "--blur", type=float, default=0.0, help="half the reader's crops blurred up to this sigma"
    )
    ap.add_argument(
        "--stretch",
        type=_at_least_one,
        default=1.0,
        help="the reader's crops made up to this many times wider or narrower (1 or more)",
    )
    ap.add_argument(
        "--neighbours",
        type=float,
        default=0.0,
        help="the share of the reader's crops given a neighbour's edge",
    )
    ap.add_argument(
        "--elastic",
        type=float,
        default=0.0,
        help="two in three of the reader's crops bent by a smooth field of up to this spread, in crop pixels",
    )
    ap.add_argument(
        "--strokes",
        type=float,
        default=0.0,
        help="the share of the reader's crops whose numerals are drawn from strokes (strokes.py)",
    )
    ap.add_argument(
        "--squash",
        type=float,
        default=1.0,
        help="half the detector's photos squashed to a height from this share of theirs to all of it",
    )
    ap.add_argument(
        "--keep",
        choices=["best", "last"],
        default="best",
        help="the state exported: the fewest errors on the chunks' tuning crops, or the last step's",
    )
    ap.add_argument("--blanks", action="store_true", help="the reader learns NO_TILE from the blank crops")
    return ap.parse_args()


def main() -> None:
    args = _arguments()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    model = nets.Detector() if args.kind == "detector" else nets.Reader(blanks=args.blanks)
    if args.warm:
        model.load_state_dict(nets.grown(torch.load(args.warm), model))
    training(model, args.frozen_norm)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    tune, data, files = chunks(args.data, args.kind, tune=True, blanks=args.blanks), None, None
    end = time.time() + args.minutes * 60
    best, step = float("inf"), 0
    while time.time() < end:
        found = sorted(args.data.glob("train*.npz"))
        if found != files:
            files, data = found, chunks(args.data, args.kind, blanks=args.blanks)
            print(f"step {step}: {len(files)} chunks", flush=True)
        for _ in range(100):
            frac = 1 - max(0.0, end - time.time()) / (args.minutes * 60)
            for group in opt.param_groups:
                group["lr"] = args.lr * (0.05 + 0.95 * 0.5 * (1 + np.cos(np.pi * frac)))
            loss = _loss(model, args, data, rng)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
        score = evaluate(model, args.kind, tune, np.random.default_rng(1), args.frozen_norm)
        print(f"step {step}: loss {float(loss):.4f} validation {score:.4f} {time.strftime('%T')}", flush=True)
        if score < best:
            best = score
            if args.keep == "best":
                torch.save(model.state_dict(), args.out / f"{args.kind}.pt")
    if args.keep == "last":
        torch.save(model.state_dict(), args.out / f"{args.kind}.pt")
    model.load_state_dict(torch.load(args.out / f"{args.kind}.pt"))
    export(model, args.kind, args.out)
    print(
        f"kept the {args.keep} state (best validation {best:.4f}); exported {args.out / (args.kind + '.onnx')}"
    )


if __name__ == "__main__":
    main()
