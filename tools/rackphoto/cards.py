"""Synthetic photos of a hand of playing cards laid side by side on a table, for one question the
issue asks (docs/rack-photo.md): does the tiles' pipeline read cards well enough to offer the camera
on Crib Rummy and Crazy Rummy hands? ``bench/card_photo_bench.py`` measures it.

Each card is white with a rank (A, 2..10, J, Q, K) and its suit in a corner and the rank large in
the middle, red for hearts and diamonds, black for spades and clubs; the hand is set on a table
through the same perspective, light, blur, noise and JPEG as the racks (render.py). This is the
easy case: no card covers another (a fanned hand would be harder still).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from render import TRAIN_TABLES, _apply, _camera, _font, _homography, _placement, table

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = [("\u2660", False), ("\u2665", True), ("\u2666", True), ("\u2663", False)]  # spade heart diamond club
FONT = next(
    (p for p in Path("/usr/share/fonts").rglob("DejaVuSans-Bold.ttf")),
    None,
)


def _card(w: int, h: int, rank: int, suit: int) -> Image.Image:
    card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(card)
    d.rounded_rectangle(
        [0, 0, w - 1, h - 1], w // 10, fill=(250, 250, 246, 255), outline=(120, 120, 120, 255)
    )
    symbol, red = SUITS[suit]
    ink = (200, 20, 30) if red else (20, 20, 25)
    corner = _font(FONT, h // 8)
    d.text((w * 0.07, h * 0.04), RANKS[rank], fill=ink, font=corner)
    d.text((w * 0.07, h * 0.04 + h // 7), symbol, fill=ink, font=corner)
    big = _font(FONT, int(h * (0.3 if len(RANKS[rank]) == 2 else 0.38)))
    box = d.textbbox((0, 0), RANKS[rank] + symbol, font=big)
    d.text(
        ((w - box[2] + box[0]) / 2 - box[0], (h - box[3] + box[1]) / 2 - box[1]),
        RANKS[rank] + symbol,
        fill=ink,
        font=big,
    )
    return card


def hand(rng: np.random.Generator):
    """One photo: (RGB image, boxes [n, 4] in pixels, ranks 1..13 [n], red [n]) left to right."""
    n = int(rng.integers(5, 11))
    ranks, suits = rng.integers(0, 13, n), rng.integers(0, 4, n)
    cw, gap = int(rng.integers(60, 100)), int(rng.integers(4, 14))
    ch = int(cw * 1.4)
    flat = Image.new("RGBA", (n * (cw + gap) + gap, ch + 2 * gap), (0, 0, 0, 0))
    corners = []
    for k in range(n):
        x = gap + k * (cw + gap)
        flat.alpha_composite(_card(cw, ch, int(ranks[k]), int(suits[k])), (x, gap))
        corners.append(np.array([(x, gap), (x + cw, gap), (x + cw, gap + ch), (x, gap + ch)], np.float64))
    W, H = [(1024, 768), (1024, 576), (960, 720), (800, 600)][rng.integers(4)]
    photo = table(TRAIN_TABLES[rng.integers(len(TRAIN_TABLES))], W, H, rng).convert("RGBA")
    fw, fh = flat.size
    hm = _homography([(0, 0), (fw, 0), (fw, fh), (0, fh)], _placement(W, H, fw, fh, rng))
    inv = np.linalg.inv(hm)
    warped = flat.transform((W, H), Image.Transform.PERSPECTIVE, tuple((inv / inv[2, 2]).ravel()[:8]))
    shadow = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    shadow.paste((0, 0, 0, 90), mask=warped.split()[3].filter(ImageFilter.GaussianBlur(6)))
    photo.alpha_composite(shadow, (4, 4))
    photo.alpha_composite(warped)
    boxes = [
        [q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()] for q in (_apply(hm, c) for c in corners)
    ]
    reds = np.array([SUITS[s][1] for s in suits])
    return _camera(photo.convert("RGB"), rng), np.array(boxes, np.float32), ranks + 1, reds
