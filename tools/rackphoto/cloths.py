"""Around the wider racks (wider.py, issue 37): busy tablecloths drawn flat as render.table's
tables are, a hand's fingers over the rack, a shaken camera, and a phone's noise reduction,
sharpening and JPEG."""

from __future__ import annotations

import io
import math

import numpy as np
import render
from PIL import Image, ImageDraw, ImageFilter

SKIN = [(236, 188, 160), (214, 160, 124), (176, 120, 88), (120, 78, 52), (250, 214, 186)]


def _dots(d, W, H, p, cols, rng) -> None:
    r = p * rng.uniform(0.15, 0.4)
    for j, y in enumerate(range(0, H + p, p)):
        for x in range(-p, W + p, p):
            cx = x + (p / 2 if j % 2 else 0)
            d.ellipse([cx - r, y - r, cx + r, y + r], fill=cols[1 + (j % 2) * int(rng.random() < 0.5)])


def _diagonal(d, W, H, p, cols, rng) -> None:
    for k, x in enumerate(range(-H, W + H, p)):
        d.line([(x, 0), (x + H, H)], fill=cols[1 + k % 3], width=max(2, int(p * rng.uniform(0.2, 0.6))))


def _flowers(d, W, H, p, cols, rng) -> None:
    for _ in range(int(W * H / (p * p) * rng.uniform(0.5, 1.5))):
        cx, cy, r = rng.uniform(0, W), rng.uniform(0, H), p * rng.uniform(0.2, 0.6)
        c = cols[1 + rng.integers(3)]
        for a in range(5):
            ax, ay = cx + r * math.cos(a * 1.2566), cy + r * math.sin(a * 1.2566)
            d.ellipse([ax - r / 2, ay - r / 2, ax + r / 2, ay + r / 2], fill=c)
        d.ellipse([cx - r / 3, cy - r / 3, cx + r / 3, cy + r / 3], fill=cols[3])


def _patchwork(d, W, H, p, cols, rng) -> None:
    for y in range(0, H, p * 2):
        for x in range(0, W, p * 2):
            d.rectangle([x, y, x + p * 2, y + p * 2], fill=cols[rng.integers(4)])
            if rng.random() < 0.5:
                d.line([(x, y), (x + p * 2, y + p * 2)], fill=cols[rng.integers(4)], width=3)


def _print(d, W, H, p, cols, rng) -> None:
    """Letters and digits: a newspaper, or a printed cloth."""
    import wider

    f = render._font(wider.fonts()[rng.integers(len(wider.fonts()))], max(8, p // 2))
    chars = "ABCDEFGHKMNPRSTWXYZ0123456789 "
    for y in range(0, H, max(10, p // 2)):
        line = "".join(chars[i] for i in rng.integers(len(chars), size=W // 8))
        d.text((rng.integers(-20, 0), y), line, font=f, fill=cols[1 + rng.integers(3)])


CLOTHS = {"dots": _dots, "diagonal": _diagonal, "flowers": _flowers, "patchwork": _patchwork, "print": _print}


def table(W: int, H: int, rng) -> Image.Image:
    """A busy cloth, or one of render.table's training tables."""
    if rng.random() < 0.4:
        kinds = render.TRAIN_TABLES
        return render.table(kinds[rng.integers(len(kinds))], W, H, rng)
    kind = list(CLOTHS)[rng.integers(len(CLOTHS))]
    cols = [tuple(int(v) for v in rng.integers(20, 245, 3)) for _ in range(4)]
    img = Image.new("RGB", (W, H), cols[0])
    p = int(rng.integers(14, 70))
    CLOTHS[kind](ImageDraw.Draw(img), W, H, p, cols, rng)
    a = np.asarray(img, np.float32) + rng.normal(0, 5, (H, W, 1))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def fingers(photo: Image.Image, box, rng) -> None:
    """A hand's fingers reaching in from the bottom or a side, over the rack's edge."""
    d = ImageDraw.Draw(photo)
    skin = np.array(SKIN[rng.integers(len(SKIN))]) + rng.integers(-10, 10, 3)
    x0, y0, x1, y1 = box
    W, H = photo.size
    width = max(12, int((y1 - y0) * rng.uniform(0.12, 0.3)))
    from_side = rng.random() < 0.4
    for k in range(int(rng.integers(1, 4))):
        if from_side:
            sx, sy = (0 if rng.random() < 0.5 else W), rng.uniform(y0, y1)
            tx = (
                x0 + rng.uniform(-0.02, 0.1) * (x1 - x0)
                if sx == 0
                else x1 - rng.uniform(-0.02, 0.1) * (x1 - x0)
            )
            ty = sy + rng.normal(0, width)
        else:
            sx, sy = rng.uniform(x0, x1), H
            tx, ty = sx + rng.normal(0, width), y1 - rng.uniform(0, 0.4) * (y1 - y0)
        tone = tuple(int(v) for v in np.clip(skin - k * 8, 0, 255))
        d.line([(sx, sy), (tx, ty)], fill=tone, width=width)
        d.ellipse([tx - width / 2, ty - width / 2, tx + width / 2, ty + width / 2], fill=tone)


def phone(img: Image.Image, rng) -> Image.Image:
    """A phone's noise reduction (a median), sharpening, and its JPEG once more."""
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.MedianFilter(3))
    if rng.random() < 0.5:
        img = img.filter(
            ImageFilter.UnsharpMask(radius=rng.uniform(1, 3), percent=int(rng.integers(60, 200)))
        )
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=int(rng.integers(35, 92)))
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


def shake(img: Image.Image, rng) -> Image.Image:
    """Motion blur: the photo averaged along a short line."""
    a = np.asarray(img, np.float32)
    steps, ang = int(rng.integers(3, 10)), rng.uniform(0, math.pi)
    out = np.zeros_like(a)
    for k in range(steps):
        dx, dy = round(k * math.cos(ang)), round(k * math.sin(ang))
        out += np.roll(a, (dy, dx), axis=(0, 1))
    return Image.fromarray((out / steps).astype(np.uint8))
