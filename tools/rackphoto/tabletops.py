"""The first renderer's tables (render.py): textures a rack is set on, drawn from random numbers;
the held-out bench's kinds (:data:`HELD_OUT_TABLES`) are never drawn for training."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image

TRAIN_TABLES = ("wood", "cloth", "plaid", "blocks", "blotches", "felt")
HELD_OUT_TABLES = ("checks", "marble")


def table(kind: str, w: int, h: int, rng: np.random.Generator) -> Image.Image:
    """A table texture of ``kind`` (TRAIN_TABLES or HELD_OUT_TABLES)."""
    base = rng.integers(30, 230, 3)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    noise = rng.normal(0, 1, (h // 8 + 1, w // 8 + 1)).astype(np.float32)
    noise = np.asarray(Image.fromarray(noise).resize((w, h), Image.Resampling.BICUBIC))
    if kind == "wood":
        f = rng.uniform(0.02, 0.08)
        grain = np.sin(yy * f + 3 * noise + np.sin(xx * 0.01) * 2)
        base = np.array([rng.integers(90, 200), rng.integers(50, 130), rng.integers(20, 80)])
        img = base + grain[..., None] * rng.uniform(10, 30)
    elif kind == "cloth":
        img = base + noise[..., None] * 8 + rng.normal(0, 6, (h, w, 1))
    elif kind == "felt":
        base = np.array([rng.integers(0, 60), rng.integers(80, 150), rng.integers(40, 100)])
        img = base + rng.normal(0, 10, (h, w, 1)) + noise[..., None] * 5
    elif kind in ("plaid", "checks"):
        p = rng.integers(12, 60)
        other = rng.integers(30, 230, 3)
        if kind == "checks":  # a picnic check: two colours in squares, half-tone where they cross
            a, b = (xx // p) % 2, (yy // p) % 2
            mix = (a + b)[..., None] / 2
        else:  # stripes of unequal widths both ways
            mix = ((np.sin(xx / p * math.pi) > 0.6) | (np.sin(yy / (p * 1.3) * math.pi) > 0.7))[
                ..., None
            ] * 0.8
        img = base * (1 - mix) + other * mix + noise[..., None] * 5
    elif kind == "blocks":
        img = np.zeros((h, w, 3)) + base
        for _ in range(rng.integers(3, 10)):
            x0, y0 = rng.integers(0, w), rng.integers(0, h)
            img[y0 : y0 + rng.integers(40, h), x0 : x0 + rng.integers(40, w)] = rng.integers(30, 230, 3)
        img += noise[..., None] * 6
    elif kind == "blotches":
        img = base + np.stack([noise * rng.uniform(20, 60) for _ in range(3)], -1)
    else:  # marble: veins on a pale stone
        v = np.abs(np.sin((xx + yy * 0.7) * 0.02 + noise * 4))
        img = np.array([rng.integers(180, 240)] * 3) - (1 - v[..., None]) ** 8 * rng.uniform(60, 140)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
