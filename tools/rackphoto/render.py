"""Synthetic rack photos for training and for the held-out bench (docs/rack-photo.md).

A rack of cream tiles is drawn flat (numbers in a font, four colours, the joker's face, marks and
wear), set on a table texture through a perspective, then lit, blurred, noised and JPEG-compressed
as a phone would. Held-out photos use fonts and tables that training never sees
(:data:`HELD_OUT_FONTS`, :data:`HELD_OUT_TABLES`).
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from tabletops import HELD_OUT_TABLES, TRAIN_TABLES, table

FONT_ROOTS = [Path("/usr/share/fonts"), Path(__file__).resolve().parents[2] / "build" / "fonts"]
# families the bench renders with and training never does (both on a fresh machine's test setup)
HELD_OUT_FONTS = ("roboto", "liberationserif")
# look-alikes of the held-out families and fonts without digits worth drawing
SKIP_FONTS = (
    "robotoslab",
    "tinos",
    "nimbusroman",
    "texgyretermes",
    "symbol",
    "d050000l",
    "math",
    "dingbat",
    "standardsymbols",
    "z003",
    "italic",
    "oblique",
    "hairline",
    "thin",
    "linbiolinumk",  # keyboard keycaps, a digit boxed in a key
    "euterpe",  # music notation: clefs and notes where the digits are
)
INK = {  # K B R G, each a few shades
    0: [(25, 25, 30), (45, 40, 40), (10, 10, 10), (60, 60, 70)],
    1: [(20, 60, 170), (30, 90, 200), (15, 40, 120), (40, 110, 190)],
    2: [(200, 25, 30), (170, 20, 40), (225, 50, 40), (150, 15, 20)],
    3: [(235, 140, 20), (215, 160, 0), (240, 110, 10), (200, 130, 30)],
}


def _key(path: Path) -> str:
    return path.stem.lower().replace("-", "").replace("_", "").replace(" ", "")


def draws_digits(path: Path) -> bool:
    """Whether the font draws the ten digits, each its own shape (a font of symbols or integral
    signs, such as STIX's many files, draws nothing or one box for them all: a tile drawn with it
    would be a blank labelled with a number)."""
    font = ImageFont.truetype(str(path), 40)
    masks = []
    for digit in "0123456789":
        im = Image.new("L", (64, 64))
        ImageDraw.Draw(im).text((8, 4), digit, font=font, fill=255)
        masks.append(im.tobytes())
    return len(set(masks)) == 10 and all(max(m) >= 128 for m in masks)


@lru_cache(maxsize=1)
def font_files() -> tuple[Path, ...]:
    """Every font file under FONT_ROOTS that draws the ten digits (:func:`draws_digits`), sorted:
    what :func:`fonts` and wider.fonts choose from."""
    found = sorted(
        {
            p
            for root in FONT_ROOTS
            if root.is_dir()
            for p in root.rglob("*")
            if p.suffix.lower() in (".ttf", ".otf")
        }
    )
    return tuple(p for p in found if draws_digits(p))


def chosen_fonts(skip: tuple[str, ...], held_out: bool) -> tuple[Path, ...]:
    """Of :func:`font_files`, those whose name holds none of ``skip``, of the held-out families
    (``held_out``) or of the others: what :func:`fonts` and wider.fonts each keep."""
    return tuple(
        p
        for p in font_files()
        if not any(s in _key(p) for s in skip)
        and any(_key(p).startswith(h) for h in HELD_OUT_FONTS) == held_out
    )


@lru_cache(maxsize=2)
def fonts(held_out: bool) -> tuple[Path, ...]:
    """Font files for training (held_out False) or for the held-out bench."""
    return chosen_fonts(SKIP_FONTS, held_out)


@lru_cache(maxsize=4096)
def _font(path: Path, size: int):
    return ImageFont.truetype(str(path), size)


def _homography(src, dst) -> np.ndarray:
    a = []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    a = np.array(a, float)
    h = np.linalg.solve(a[:, :8], a[:, 8])
    return np.append(h, 1).reshape(3, 3)


def _apply(h: np.ndarray, pts) -> np.ndarray:
    p = np.c_[np.asarray(pts, float), np.ones(len(pts))] @ h.T
    return p[:, :2] / p[:, 2:]


def _joker(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, rng) -> None:
    """A joker's smiling face, in one or two colours."""
    r = w * rng.uniform(0.28, 0.38)
    cx, cy = x + w / 2, y + h * rng.uniform(0.38, 0.46)
    ink = INK[rng.choice([0, 2, 1])][rng.integers(4)]
    width = max(1, int(w * rng.uniform(0.05, 0.1)))
    d.ellipse(
        [cx - r, cy - r, cx + r, cy + r],
        outline=ink,
        width=width,
        fill=None if rng.random() < 0.6 else INK[3][0],
    )
    e = r * 0.35
    for sx in (-1, 1):
        d.ellipse(
            [cx + sx * e - r * 0.12, cy - e - r * 0.12, cx + sx * e + r * 0.12, cy - e + r * 0.12], fill=ink
        )
    d.arc([cx - r * 0.6, cy - r * 0.5, cx + r * 0.6, cy + r * 0.6], 20, 160, fill=ink, width=width)


def _tile(w: int, h: int, label: tuple[int, int], font: Path, rng) -> Image.Image:
    """One tile face, RGBA, ``label`` (number class 0..13, colour 0..3)."""
    face = np.array([rng.integers(225, 252), rng.integers(215, 245), rng.integers(185, 230)])
    t = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(t)
    rad = int(w * rng.uniform(0.08, 0.2))
    d.rounded_rectangle([0, 0, w - 1, h - 1], rad, fill=(*tuple(face - 40), 255))
    edge = max(1, int(w * rng.uniform(0.03, 0.08)))
    d.rounded_rectangle([edge, edge // 2, w - 1 - edge, h - 1 - edge * 2], rad, fill=(*tuple(face), 255))
    number, colour = label
    if number == 13:
        _joker(d, 0, 0, w, h, rng)
    else:
        ink = INK[colour][rng.integers(4)]
        text = str(number + 1)
        size = int(h * rng.uniform(0.38, 0.55) * (0.85 if len(text) == 2 else 1))
        f = _font(font, size)
        box = d.textbbox((0, 0), text, font=f)
        tw = box[2] - box[0]
        if tw > w * 0.92:  # a wide font's two digits squeezed into the tile
            f = _font(font, max(6, int(size * w * 0.9 / tw)))
            box = d.textbbox((0, 0), text, font=f)
        cx, cy = w / 2 + rng.normal(0, w * 0.02), h * rng.uniform(0.36, 0.44)
        d.text(
            (cx - (box[0] + box[2]) / 2, cy - (box[1] + box[3]) / 2),
            text,
            font=f,
            fill=ink,
            stroke_width=int(rng.random() < 0.3),
            stroke_fill=ink,
        )
        if text in ("6", "9") and rng.random() < 0.5:  # the bar that tells 6 from 9
            y = cy + (box[3] - box[1]) / 2 + 2
            d.line([cx - w * 0.15, y, cx + w * 0.15, y], fill=ink, width=max(1, h // 30))
        if rng.random() < 0.6:  # the round mark under the number
            r, y = w * rng.uniform(0.06, 0.12), h * rng.uniform(0.72, 0.8)
            d.ellipse(
                [w / 2 - r, y - r, w / 2 + r, y + r], fill=ink if rng.random() < 0.5 else tuple(face - 30)
            )
    for _ in range(rng.integers(0, 4)):  # wear
        x, y = rng.integers(0, w), rng.integers(0, h)
        d.point([(x, y), (x + 1, y)], fill=tuple(int(v) for v in face - rng.integers(30, 90)))
    return t


def _labels(n: int, rng) -> list[tuple[int, int]]:
    out = []
    for _ in range(n):
        number = 13 if rng.random() < 0.06 else int(rng.integers(13))
        out.append((number, int(rng.integers(4))))
    return out


def _flat(n: int, labels, font: Path, rng, rows_draw: float):
    """The rack seen square on, RGBA, with each tile's corners on it (two rows when ``rows_draw``
    says so for a long rack)."""
    rows = 2 if rows_draw < 0.6 else 1
    tw = int(rng.integers(34, 50))
    th = int(tw * rng.uniform(1.25, 1.5))
    gap = int(rng.integers(0, 5))
    per_row = math.ceil(n / rows)
    mx, my = int(rng.integers(6, 30)), int(rng.integers(6, 18))
    fw, fh = per_row * (tw + gap) + 2 * mx + int(rng.integers(0, 6)) * tw, rows * (th + my) + my
    flat = Image.new("RGBA", (fw, fh), (0, 0, 0, 0))
    fd = ImageDraw.Draw(flat)
    dark = rng.random() < 0.8
    body = tuple(int(v) for v in (rng.integers(10, 90, 3) if dark else rng.integers(120, 230, 3)))
    fd.rounded_rectangle([0, 0, fw - 1, fh - 1], int(rng.integers(2, 14)), fill=(*body, 255))
    corners, start = [], mx + int(rng.integers(0, max(1, fw - 2 * mx - per_row * (tw + gap))))
    for k, label in enumerate(labels):
        r, c = divmod(k, per_row)
        x, y = start + c * (tw + gap), my + r * (th + my)
        flat.alpha_composite(_tile(tw, th, label, font, rng), (x, y))
        corners.append([(x, y), (x + tw, y), (x + tw, y + th), (x, y + th)])
    return flat, corners


def _placement(W: int, H: int, fw: int, fh: int, rng) -> list[tuple[float, float]]:
    """Where the rack's corners fall in the photo: most of the width, turned a little, seen a
    little from the side."""
    span = W * rng.uniform(0.55, 0.96)
    sh = span * fh / fw
    cx, cy = W / 2 + rng.normal(0, W * 0.05), H / 2 + rng.normal(0, H * 0.1)
    ang = rng.normal(0, 0.08)
    dst = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x, y = sx * span / 2, sy * sh / 2
        x, y = x * math.cos(ang) - y * math.sin(ang), x * math.sin(ang) + y * math.cos(ang)
        dst.append((cx + x + rng.normal(0, span * 0.03), cy + y + rng.normal(0, sh * 0.08)))
    if rng.random() < 0.5:  # seen from above the front: the far edge narrower
        k = rng.uniform(0, 0.12) * span
        dst[0], dst[1] = (dst[0][0] + k, dst[0][1]), (dst[1][0] - k, dst[1][1])
    return dst


def rack(rng: np.random.Generator, held_out: bool = False, labels: list[tuple[int, int]] | None = None):
    """One photo: (RGB image, boxes [n, 4] in pixels, labels [n, 2]) in reading order; ``labels``
    (number class, colour) chooses the tiles instead of chance."""
    n = len(labels) if labels else int(np.clip(rng.gamma(4, 2.5), 1, 22))
    rows_draw = rng.random() if n > 10 else 1.0  # one row or two, drawn before the tiles
    labels = labels or _labels(n, rng)
    font = fonts(held_out)[rng.integers(len(fonts(held_out)))]
    flat, corners = _flat(n, labels, font, rng, rows_draw)
    fw, fh = flat.size
    W, H = [(1024, 768), (1024, 576), (768, 1024), (960, 720), (800, 600)][rng.integers(5)]
    kinds = HELD_OUT_TABLES if held_out else TRAIN_TABLES
    photo = table(kinds[rng.integers(len(kinds))], W, H, rng)
    if not held_out and rng.random() < 0.5:
        _clutter(photo, rng)
    hm = _homography([(0, 0), (fw, 0), (fw, fh), (0, fh)], _placement(W, H, fw, fh, rng))
    inv = np.linalg.inv(hm)
    coeffs = tuple((inv / inv[2, 2]).ravel()[:8])
    warped = flat.transform((W, H), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BILINEAR)
    shadow = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    shadow.paste((0, 0, 0, 90), mask=warped.split()[3].filter(ImageFilter.GaussianBlur(6)))
    photo = photo.convert("RGBA")
    photo.alpha_composite(shadow, (int(rng.integers(2, 10)), int(rng.integers(2, 10))))
    photo.alpha_composite(warped)
    boxes = []
    for quad in corners:
        q = _apply(hm, quad)
        boxes.append([q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()])
    photo = _camera(photo.convert("RGB"), rng)
    return photo, np.clip(np.array(boxes, np.float32), 0, [W, H, W, H]), np.array(labels, np.int64)


def _clutter(photo: Image.Image, rng) -> None:
    """Things on the table beside the rack: paper, a card, a pen (no tiles)."""
    d = ImageDraw.Draw(photo)
    W, H = photo.size
    for _ in range(rng.integers(1, 4)):
        x, y = rng.integers(0, W), rng.integers(0, H)
        what = rng.integers(3)
        if what == 0:
            d.rectangle(
                [x, y, x + rng.integers(60, 300), y + rng.integers(60, 300)],
                fill=tuple(int(v) for v in rng.integers(200, 255, 3)),
            )
        elif what == 1:
            w = int(rng.integers(40, 90))
            d.rounded_rectangle(
                [x, y, x + w, y + int(w * 1.4)], 6, fill=(245, 245, 240), outline=(90, 90, 90)
            )
            d.text(
                (x + 6, y + 4),
                str(rng.integers(2, 11)),
                fill=(200, 20, 20),
                font=_font(fonts(False)[0], w // 3),
            )
        else:
            d.line(
                [x, y, x + rng.integers(-200, 200), y + rng.integers(-200, 200)],
                fill=tuple(int(v) for v in rng.integers(0, 255, 3)),
                width=int(rng.integers(4, 12)),
            )


def _camera(photo: Image.Image, rng) -> Image.Image:
    """Light, glare, blur, noise and JPEG, as a phone's camera gives them."""
    a = np.asarray(photo, np.float32)
    H, W = a.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    light = 1 + rng.uniform(-0.35, 0.25) * (xx / W - 0.5) + rng.uniform(-0.35, 0.25) * (yy / H - 0.5)
    a = a * light[..., None] * rng.uniform(0.6, 1.2) * rng.uniform(0.88, 1.1, 3)
    if rng.random() < 0.35:  # a lamp's glare
        gx, gy, gr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(30, 200)
        a += (
            255
            * rng.uniform(0.3, 0.9)
            * np.exp(-((xx - gx) ** 2 + ((yy - gy) * rng.uniform(1, 3)) ** 2) / (2 * gr**2))[..., None]
        )
    a += rng.normal(0, rng.uniform(0, 8), a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if rng.random() < 0.7:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.6)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=int(rng.integers(45, 95)))
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
