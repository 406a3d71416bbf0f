"""The two networks' training targets and losses (train.py): the detector's centre map
(CenterNet's), the reader's number and colour."""

from __future__ import annotations

import nets
import numpy as np
import torch
import torch.nn.functional as F


def detector_targets(boxes: np.ndarray, h: int, w: int):
    """CenterNet targets on the map: a Gaussian bump per centre, and per centre cell its offset
    in the cell and its log size in cells."""
    heat = np.zeros((h, w), np.float32)
    reg = np.zeros((4, h, w), np.float32)
    mask = np.zeros((h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w]
    for x0, y0, x1, y1 in boxes / nets.STRIDE:
        cx, cy, bw, bh = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
        if bw < 0.5 or bh < 0.5:
            continue
        i, j = min(int(cy), h - 1), min(int(cx), w - 1)
        s = max(0.5, min(bw, bh) / 5)
        heat = np.maximum(heat, np.exp(-((xx - cx + 0.5) ** 2 + (yy - cy + 0.5) ** 2) / (2 * s * s)))
        heat[i, j] = 1
        reg[:, i, j] = (cx - j, cy - i, np.log(bw), np.log(bh))
        mask[i, j] = 1
    return heat, reg, mask


# the box size's share of the loss: at 0.2 the boxes of small and foreshortened tiles came out
# square and too big, so the reader's cut missed part of the tile
SIZE_WEIGHT = 0.5


def detector_loss(out, heat, reg, mask):
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat.eq(1).float()
    neg = (1 - pos) * (1 - heat) ** 4
    focal = -(pos * (1 - p) ** 2 * torch.log(p) + neg * p**2 * torch.log(1 - p)).sum() / pos.sum().clamp(
        min=1
    )
    m = mask.unsqueeze(1)
    off = F.l1_loss(torch.sigmoid(out[:, 1:3]) * m, reg[:, :2] * m, reduction="sum")
    size = F.l1_loss(out[:, 3:5] * m, reg[:, 2:] * m, reduction="sum")
    return focal + (off + SIZE_WEIGHT * size) / mask.sum().clamp(min=1)


def reader_loss(out, number, colour):
    n_logits, c_logits = out
    keep = number < nets.JOKER  # a joker's colour is not read, nor a blank's
    c = F.cross_entropy(c_logits[keep], colour[keep]) if keep.any() else 0
    return F.cross_entropy(n_logits, number) + 0.5 * c
