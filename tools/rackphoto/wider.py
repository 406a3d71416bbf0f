"""Wider training racks for the first renderer (issue 37, "Look like the world"): what real sets and
photos show that render.rack's racks did not, drawn by render.py's own approach (a flat picture of
the tiles set on the table through one perspective, Pillow fonts, then the camera).

- tiles standing in a rack (render.rack's), in a rack's two tiers (the upper row further back:
  smaller, shifted, a ledge between), or **lying flat** on the table with no rack, apart and a
  little out of line, their thickness showing as a band;
- a steeper view: the far edge narrower and the tiles foreshortened, as a tile leaned back is
  from a low camera;
- numerals in every training font, thin, light and italic weights too, each digit set on its own:
  condensed or wide, spaced tight or loose, thinned or thickened, slanted, paint worn off in
  patches; tile bodies cream, white or ivory;
- jokers of several editions: the smiling face (render.py's), a letter J, a star, a face in a star,
  in red, black or blue;
- busy tablecloths (dots, diagonal stripes, flowers, patchwork, print); fingers over the rack;
  shake, a phone's noise reduction and sharpening, and JPEG again.

Training only: ``data.py FIRST COUNT OUT wide`` (seeds from :data:`FIRST_SEED`; its tuning chunk
from :data:`TUNE_SEED`). The held-out split is never drawn here (render.rack(held_out=True) is
unchanged), nor are its fonts and tables. Same labels as render.rack.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cloths
import numpy as np
import render
from PIL import Image, ImageDraw, ImageFilter

FIRST_SEED = 300_000  # training chunks (render.rack's from 100,000; its tuning split from 800,000)
TUNE_SEED = 850_000  # a tuning chunk of wider racks (validation only)
# the first renderer's skips less the weights and slants that real sets' numerals have
_SKIP = tuple(s for s in render.SKIP_FONTS if s not in ("italic", "oblique", "hairline", "thin"))
LAYOUTS = ("rack", "tiers", "flat")
BODIES = [(238, 228, 200), (246, 245, 240), (240, 234, 214), (232, 220, 186)]  # cream, white, ivory


@lru_cache(maxsize=1)
def fonts() -> tuple:
    """Every training font, thin, light and slanted ones too; never the held-out families."""
    return render.chosen_fonts(_SKIP, held_out=False)


def _numeral(text: str, font, height: int, rng) -> Image.Image:
    """The number as an ink mask ("L"), each digit drawn on its own at twice the size, condensed or
    widened, spaced, thinned or thickened, slanted, worn; ``height`` pixels tall."""
    f = render._font(font, height * 2)
    tops = [f.getbbox(c) for c in text]
    top, bottom = min(b[1] for b in tops), max(b[3] for b in tops)
    squeeze = rng.uniform(0.5, 1.15)
    track = rng.uniform(-0.06, 0.25) * height * 2
    glyphs = []
    for c, b in zip(text, tops):
        gw = max(2, b[2] - b[0])
        m = Image.new("L", (gw + 4, bottom - top + 4), 0)
        ImageDraw.Draw(m).text((2 - b[0], 2 - top), c, font=f, fill=255)
        glyphs.append(m.resize((max(2, int(m.width * squeeze)), m.height)))
    W = int(sum(g.width for g in glyphs) + track * (len(glyphs) - 1)) + 8
    mask = Image.new("L", (max(W, 4), glyphs[0].height + 8), 0)
    x = 4.0
    for g in glyphs:
        mask.paste(255, (int(x), 4), g)
        x += g.width + track
    weight = rng.random()
    if weight < 0.3:  # thinned, unless that would wipe a thin font's strokes out
        thin = mask.filter(ImageFilter.MinFilter(3 if weight < 0.15 else 5))
        if np.asarray(thin).mean() > 0.6 * np.asarray(mask).mean():
            mask = thin
    elif weight > 0.85:
        mask = mask.filter(ImageFilter.MaxFilter(3))
    if rng.random() < 0.3:  # slanted
        s = rng.uniform(-0.3, 0.3)
        mask = mask.transform(mask.size, Image.Transform.AFFINE, (1, s, -s * mask.height / 2, 0, 1, 0))
    box = mask.getbbox()
    if box is None:
        return Image.new("L", (2, max(2, height)), 0)
    mask = mask.crop(box)
    mask = mask.resize(
        (max(2, int(mask.width * height / mask.height)), max(2, height)), Image.Resampling.LANCZOS
    )
    if rng.random() < 0.3:  # paint worn off in patches
        w, h = mask.size
        noise = rng.normal(0, 1, (h // 3 + 2, w // 3 + 2)).astype(np.float32)
        noise = np.asarray(Image.fromarray(noise).resize((w, h), Image.Resampling.BICUBIC))
        keep = np.clip((noise + rng.uniform(0.8, 1.8)) * 2, 0, 1)
        mask = Image.fromarray((np.asarray(mask, np.float32) * keep).astype(np.uint8))
    return mask


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45):
    return [
        (
            cx + (r if k % 2 == 0 else r * inner) * math.sin(k * math.pi / points),
            cy - (r if k % 2 == 0 else r * inner) * math.cos(k * math.pi / points),
        )
        for k in range(2 * points)
    ]


def _joker(t: Image.Image, font, rng) -> None:
    """A joker of one of several editions on the tile face."""
    w, h = t.size
    d = ImageDraw.Draw(t)
    ink = render.INK[int(rng.choice([0, 2, 2, 1]))][rng.integers(4)]
    edition = rng.integers(4)
    if edition == 0:
        render._joker(d, 0, 0, w, h, rng)
    elif edition == 1:  # the letter J
        mask = _numeral("J", font, int(h * rng.uniform(0.38, 0.55)), rng)
        if mask.width > w * 0.9:
            mask = mask.resize((int(w * 0.9), mask.height))
        t.paste(ink, (int((w - mask.width) / 2), int(h * 0.4 - mask.height / 2)), mask)
    else:  # a star, or a face in a star
        r = w * rng.uniform(0.3, 0.42)
        cx, cy = w / 2, h * rng.uniform(0.36, 0.44)
        filled = rng.random() < 0.5
        d.polygon(_star(cx, cy, r), fill=ink if filled else None, outline=ink, width=max(1, w // 16))
        if edition == 3:
            e, face = r * 0.22, (255, 240, 200) if filled else ink
            for sx in (-1, 1):
                d.ellipse([cx + sx * e - 1.5, cy - e - 1.5, cx + sx * e + 1.5, cy - e + 1.5], fill=face)
            d.arc(
                [cx - e * 1.3, cy - e, cx + e * 1.3, cy + e * 1.3], 20, 160, fill=face, width=max(1, w // 20)
            )


def tile(w: int, h: int, label, font, rng) -> Image.Image:
    """One tile face (RGBA, w x h): a body of cream, white or ivory, the number in one of the wider
    ways, or a joker."""
    base = np.array(BODIES[rng.integers(len(BODIES))]) + rng.integers(-12, 8, 3)
    face = tuple(int(v) for v in np.clip(base, 0, 255))
    t = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(t)
    rad = int(w * rng.uniform(0.05, 0.22))
    rim = tuple(int(v) for v in np.clip(base - rng.integers(15, 50), 0, 255))
    d.rounded_rectangle([0, 0, w - 1, h - 1], rad, fill=(*rim, 255))
    edge = max(1, int(w * rng.uniform(0.0, 0.07)))
    d.rounded_rectangle([edge, edge // 2, w - 1 - edge, h - 1 - edge], rad, fill=(*face, 255))
    number, colour = label
    if number == 13:
        _joker(t, font, rng)
    else:
        text = str(number + 1)
        mask = _numeral(text, font, int(h * rng.uniform(0.3, 0.5)), rng)
        if mask.width > w * 0.92:
            mask = mask.resize((int(w * 0.92), mask.height))
        x = (w - mask.width) / 2 + rng.normal(0, w * 0.02)
        y = h * rng.uniform(0.34, 0.46) - mask.height / 2
        t.paste(render.INK[colour][rng.integers(4)], (int(x), int(y)), mask)
        if rng.random() < 0.5:  # the round mark under the number
            r, yy = w * rng.uniform(0.05, 0.11), h * rng.uniform(0.74, 0.82)
            d.ellipse([w / 2 - r, yy - r, w / 2 + r, yy + r], fill=tuple(int(v) for v in base - 35))
    return t


def _layout(n: int, labels, font, rng, how: str):
    """The tiles seen square on (RGBA) with each tile face's corners: in a rack, in a rack's two
    tiers or lying flat; each tile's thickness as a band above or below its face."""
    rows = 2 if how == "tiers" or (how != "rack" and n > 8 and rng.random() < 0.5) else 1
    if how == "rack" and n > 10 and rng.random() < 0.6:
        rows = 2
    tw = int(rng.integers(30, 52))
    th = int(tw * rng.uniform(1.2, 1.55))
    side = int(th * rng.uniform(0.0, 0.3)) if how == "flat" else int(th * rng.uniform(0.0, 0.12))
    side_up = how != "flat" and rng.random() < 0.7
    gap = int(rng.integers(0, 4)) if how != "flat" else int(rng.integers(0, tw // 2))
    per_row = math.ceil(n / rows)
    mx, my = int(rng.integers(6, 30)), int(rng.integers(6, 20)) + side
    fw = per_row * (tw + gap) + 2 * mx + tw
    fh = rows * (th + my) + my + 2 * side
    flat = Image.new("RGBA", (fw, fh), (0, 0, 0, 0))
    fd = ImageDraw.Draw(flat)
    if how != "flat":
        dark = rng.random() < 0.7
        body = tuple(int(v) for v in (rng.integers(10, 90, 3) if dark else rng.integers(110, 235, 3)))
        fd.rounded_rectangle([0, 0, fw - 1, fh - 1], int(rng.integers(2, 14)), fill=(*body, 255))
    shrink = rng.uniform(0.8, 0.97) if rows == 2 and how == "tiers" else 1.0
    corners = []
    for k, label in enumerate(labels):
        r, c = divmod(k, per_row)
        s = shrink if r == 0 else 1.0  # the upper tier is further back
        w_, h_ = int(tw * s), int(th * s)
        x = mx + c * (w_ + gap) + (int(tw * (1 - s) * per_row / 2) if r == 0 else 0)
        y = my + r * (th + my)
        if how == "flat":
            x, y = x + int(rng.normal(0, 2)), y + int(rng.normal(0, 3))
        if how == "tiers" and r == 1:  # the ledge of the upper tier in front of this row
            fd.rectangle([0, y - my // 2 - 3, fw - 1, y - my // 2 + 3], fill=(0, 0, 0, 120))
        if side:
            band = tuple(int(v) for v in rng.integers(150, 215, 3))
            sy = y - side if side_up else y + h_ - 2
            fd.rounded_rectangle([x, sy, x + w_ - 1, sy + side + 2], 3, fill=(*band, 255))
        flat.alpha_composite(tile(w_, h_, label, font, rng), (x, y))
        corners.append([(x, y), (x + w_, y), (x + w_, y + h_), (x, y + h_)])
    return flat, corners


def rack(rng: np.random.Generator, labels=None):
    """One wider training photo: (RGB image, boxes [n, 4] in pixels, labels [n, 2]) in reading
    order, as render.rack gives them."""
    n = len(labels) if labels else int(np.clip(rng.gamma(4, 2.5), 1, 22))
    labels = labels or render._labels(n, rng)
    how = LAYOUTS[rng.integers(len(LAYOUTS))]
    font = fonts()[rng.integers(len(fonts()))]
    flat, corners = _layout(n, labels, font, rng, how)
    fw, fh = flat.size
    W, H = [(1024, 768), (1024, 576), (768, 1024), (960, 720), (800, 600)][rng.integers(5)]
    photo = cloths.table(W, H, rng)
    if rng.random() < 0.4:
        render._clutter(photo, rng)
    dst = render._placement(W, H, fw, fh, rng)
    if rng.random() < 0.5:  # seen from lower or higher: foreshortened, the far edge narrower
        cy = sum(p[1] for p in dst) / 4
        squash, k = rng.uniform(0.45, 1.0), rng.uniform(0, 0.2) * (dst[1][0] - dst[0][0])
        dst = [(x, cy + (y - cy) * squash) for x, y in dst]
        dst[0], dst[1] = (dst[0][0] + k, dst[0][1]), (dst[1][0] - k, dst[1][1])
    hm = render._homography([(0, 0), (fw, 0), (fw, fh), (0, fh)], dst)
    inv = np.linalg.inv(hm)
    warped = flat.transform(
        (W, H), Image.Transform.PERSPECTIVE, tuple((inv / inv[2, 2]).ravel()[:8]), Image.Resampling.BILINEAR
    )
    shadow = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    shadow.paste(
        (0, 0, 0, int(rng.integers(40, 140))), mask=warped.split()[3].filter(ImageFilter.GaussianBlur(5))
    )
    photo = photo.convert("RGBA")
    photo.alpha_composite(shadow, (int(rng.integers(-8, 12)), int(rng.integers(2, 14))))
    photo.alpha_composite(warped)
    boxes = []
    for quad in corners:
        q = render._apply(hm, quad)
        boxes.append([q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()])
    boxes = np.clip(np.array(boxes, np.float32), 0, [W, H, W, H])
    photo = photo.convert("RGB")
    if rng.random() < 0.3:
        cloths.fingers(
            photo, (boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()), rng
        )
    if rng.random() < 0.25:
        photo = cloths.shake(photo, rng)
    photo = render._camera(photo, rng)
    if rng.random() < 0.6:
        photo = cloths.phone(photo, rng)
    return photo, boxes, np.array(labels, np.int64)
