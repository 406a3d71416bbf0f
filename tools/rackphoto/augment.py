"""The training photos' and crops' changes on top of the renderers' (train.py): light and colour per
photo, the reader's crops moved, resized, turned and blurred as the detector's boxes and a phone's
camera leave them."""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F


def jitter(x: torch.Tensor, rng: np.random.Generator) -> torch.Tensor:
    """Light and colour changes per photo, on top of the renderer's."""
    n = x.shape[0]
    gain = torch.tensor(rng.uniform(0.75, 1.25, (n, 1, 1, 1)), dtype=torch.float32)
    tint = torch.tensor(rng.uniform(0.92, 1.08, (n, 3, 1, 1)), dtype=torch.float32)
    bias = torch.tensor(rng.uniform(-0.08, 0.08, (n, 1, 1, 1)), dtype=torch.float32)
    return (x * gain * tint + bias).clamp(0, 1)


def shift(x: torch.Tensor, rng: np.random.Generator, turn: float = 0.0, stretch: float = 1.0) -> torch.Tensor:
    """Each crop moved and resized a little more, as the detector's boxes are off (the chunks'
    crops are cut from boxes off by a few percent; the detector's are off by more); with ``turn``,
    also turned by up to that many degrees either way, as a phone held askew turns the tiles; with
    ``stretch`` above 1, also made wider or narrower alone, by a factor drawn log-uniformly from
    1/stretch to stretch (an edition's narrow or wide numerals, a camera's yaw)."""
    n = x.shape[0]
    scale = rng.normal(1, 0.06, (n, 2)).clip(0.85, 1.15)
    if stretch > 1:
        scale[:, 0] *= np.exp(rng.uniform(-np.log(stretch), np.log(stretch), n))
    move = rng.normal(0, 0.06, (n, 2)).clip(-0.15, 0.15)
    theta = np.zeros((n, 2, 3), np.float32)
    theta[:, 0, 0], theta[:, 1, 1] = scale[:, 0], scale[:, 1]
    if turn:
        a = np.radians(rng.uniform(-turn, turn, n))
        theta[:, 0, 0], theta[:, 0, 1] = scale[:, 0] * np.cos(a), -scale[:, 0] * np.sin(a)
        theta[:, 1, 0], theta[:, 1, 1] = scale[:, 1] * np.sin(a), scale[:, 1] * np.cos(a)
    theta[:, :, 2] = move
    grid = F.affine_grid(torch.tensor(theta), list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, padding_mode="border", align_corners=False)


def blur(x: torch.Tensor, rng: np.random.Generator, most: float = 0.0) -> torch.Tensor:
    """With ``most``, half the crops blurred (Gaussian, one sigma from 0.3 to ``most`` crop pixels
    for the batch), as a tile out of the camera's focus or shaken is; else the crops as they are."""
    if not most:
        return x
    sigma = rng.uniform(0.3, most)
    r = int(np.ceil(2 * sigma))
    k = np.exp(-(np.arange(-r, r + 1) ** 2) / (2 * sigma**2))
    k = torch.tensor(k / k.sum(), dtype=torch.float32)
    c = x.shape[1]
    out = F.pad(x, (r, r, r, r), mode="replicate")
    out = F.conv2d(out, k.view(1, 1, 1, -1).repeat(c, 1, 1, 1), groups=c)
    out = F.conv2d(out, k.view(1, 1, -1, 1).repeat(c, 1, 1, 1), groups=c)
    pick = torch.tensor(rng.random(x.shape[0]) < 0.5).view(-1, 1, 1, 1)
    return torch.where(pick, out, x)


def neighbours(x: torch.Tensor, rng: np.random.Generator, share: float = 0.0) -> torch.Tensor:
    """With ``share``, that share of the crops given a neighbour at one side or both: a strip of
    8 to 20 % of the width at its left edge taken from another crop's right edge (and the other
    way round), as tiles packed tight in a rack put part of the next tile's numeral in a box (a 9
    beside a 1 read as 13); the label stays the crop's own tile."""
    if not share:
        return x
    n, _, _, w = x.shape
    out = x.clone()
    for k in np.flatnonzero(rng.random(n) < share):
        for side in ("left", "right") if rng.random() < 0.3 else (rng.choice(["left", "right"]),):
            strip = max(1, round(w * rng.uniform(0.08, 0.2)))
            other = int(rng.integers(n))
            if side == "left":
                out[k, :, :, :strip] = x[other, :, :, w - strip :]
            else:
                out[k, :, :, w - strip :] = x[other, :, :, :strip]
    return out


def elastic(x: torch.Tensor, rng: np.random.Generator, most: float = 0.0) -> torch.Tensor:
    """With ``most``, two crops in three bent by a smooth random field: each point of a coarse
    grid (a cell about 8 crop pixels) moved by a normal step of up to ``most`` crop pixels' spread
    (one spread a crop, drawn from 0 to ``most``), the moves between smoothed, so the numeral's
    strokes curve, lean and swell a little as another edition's shapes do (a 1's flag longer, a
    3's bowls rounder) while the tile stays the same (Simard et al.'s elastic distortion)."""
    if not most:
        return x
    n, _, h, w = x.shape
    spread = rng.uniform(0, most, (n, 1, 1, 1)) * (rng.random((n, 1, 1, 1)) < 2 / 3)
    coarse = rng.normal(0, 1, (n, 2, max(2, round(h / 8)), max(2, round(w / 8)))) * spread
    field = F.interpolate(
        torch.tensor(coarse, dtype=torch.float32), size=(h, w), mode="bicubic", align_corners=True
    )
    field = field * torch.tensor([2 / w, 2 / h]).view(1, 2, 1, 1)  # pixels to grid_sample's [-1, 1]
    level = F.affine_grid(torch.eye(2, 3).expand(n, 2, 3), list(x.shape), align_corners=True)
    grid = level + field.permute(0, 2, 3, 1)
    return F.grid_sample(x, grid, padding_mode="border", align_corners=True)


def squash(
    x: torch.Tensor, boxes: list[np.ndarray], rng: np.random.Generator, least: float = 1.0, pad: float = 0.5
) -> tuple[torch.Tensor, list[np.ndarray]]:
    """With ``least`` under 1, half the detector's photos squashed to a height drawn from ``least``
    to 1 of theirs, kept at the top, grey (``pad``, the letterbox's) below: every tile wider for its
    height, as tiles lying flat or a rack seen from low down are (the committed detector misses
    more of the tiles at least 1.3 times as wide as tall, bench/rack_photo_wrongs.py's count). The
    boxes (pixels, one array a photo) squashed with their photo."""
    if least >= 1:
        return x, boxes
    out, moved = x.clone(), list(boxes)
    h = x.shape[2]
    for k in np.flatnonzero(rng.random(len(x)) < 0.5):
        s = rng.uniform(least, 1)
        rows = max(1, round(h * s))
        out[k] = pad
        out[k, :, :rows] = F.interpolate(x[k : k + 1], size=(rows, x.shape[3]), mode="area")[0]
        moved[k] = boxes[k] * np.array([1, rows / h, 1, rows / h], np.float32)
    return out, moved
