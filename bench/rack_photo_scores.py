"""How Snap the rack's readings are scored (bench/rack_photo_bench.py and the tools that choose on
its tuning splits): a reading against its rack's truth, a split's figures, the jokers' line and the
reliability curve."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.photo.reading import COLOUR_LETTERS

#: the reliability curve's bins of confidence (lower edges)
BINS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99)


def truth_tokens(labels) -> list[str]:
    return ["J" if n == 13 else f"{COLOUR_LETTERS[c]}{n + 1}" for n, c in labels]


def points(tokens) -> int:
    """CT-7, by the rules engine: a number tile counts its number, a joker 30. Totalled as the check
    screen totals a reading (photo/checking.py): a reading no set holds (a third R6, a misread) is
    totalled too, and marked there; ``rules.hand`` refuses such a rack since 6 December, which
    stopped the bench at its first one."""
    from scorekeeper.rules import find_variant

    return (find_variant("rummikub").hand(" ".join(tokens), {}).points or 0) if tokens else 0


def iou(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def matched(boxes, truth_boxes) -> dict[int, int]:
    """Each chip's tile, the chip's index to the tile's: in the chips' order, the free tile it
    overlaps most, if by half (IoU 0.5) or more."""
    free, pairs = set(range(len(truth_boxes))), {}
    for k, box in enumerate(boxes):
        best = max(free, key=lambda t: iou(box, truth_boxes[t]), default=None)
        if best is not None and iou(box, truth_boxes[best]) >= 0.5:
            free.discard(best)
            pairs[k] = best
    return pairs


def score(tiles, boxes, unsure, flags, truth_boxes, labels, sure=None, maybe=False) -> dict:
    """One rack's reading against its truth; ``boxes`` and ``truth_boxes`` in the same pixels;
    ``sure`` each chip's confidence (for the reliability curve); ``maybe`` whether any spot was
    shown where a tile may be missed (it marks the rack)."""
    truth = truth_tokens(labels)
    on = matched(boxes, truth_boxes)
    pairs = list(on.items())
    numbers = [tiles[k][1:] == truth[t][1:] if truth[t] != "J" else tiles[k] == "J" for k, t in pairs]
    colours = [tiles[k][0] == truth[t][0] for k, t in pairs if truth[t] != "J" and tiles[k] != "J"]
    exact = points(tiles) == points(truth)
    flagged = bool(unsure or flags or maybe or not tiles)
    jokers = [(k, t) for k, t in pairs if truth[t] == "J"]
    as_number = [k for k, _ in jokers if tiles[k] != "J"]
    chips = [(p, k in on and tiles[k] == truth[on[k]]) for k, p in enumerate(sure or [])]
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
