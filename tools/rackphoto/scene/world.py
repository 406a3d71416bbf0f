"""Around the rack (renderer B): the table's cloth evaluated where each pixel's ray meets the table
(so its pattern recedes in true perspective), hands and fingers in the frame, and what a phone's
camera does after the lens (light cast, glare, motion blur, noise, noise reduction, sharpening,
JPEG)."""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image, ImageFilter

from .camera import Camera

CLOTHS = ("gingham", "stripes", "dots", "flowers", "wood", "weave")
#: drawn only by the held-out split
HELD_OUT_CLOTHS = ("tartan",)
SKIN = [(241, 194, 167), (224, 172, 138), (198, 134, 100), (141, 85, 54), (95, 60, 40), (255, 219, 190)]


def _colours(rng, k: int) -> list[np.ndarray]:
    return [rng.integers(20, 245, 3).astype(np.float32) for _ in range(k)]


def _hash(i, j, salt: float) -> np.ndarray:
    """A repeatable 0..1 value per grid cell."""
    v = np.sin(i * 127.1 + j * 311.7 + salt) * 43758.5453
    return v - np.floor(v)


def cloth(kind: str, X: np.ndarray, Y: np.ndarray, rng) -> np.ndarray:
    """The pattern ``kind`` at table points (X, Y) in tile widths: [H, W, 3] 0..255."""
    a, b, c = _colours(rng, 3)
    p = rng.uniform(0.5, 3.0)
    turn = rng.uniform(0, math.pi)
    u = X * math.cos(turn) + Y * math.sin(turn)
    v = -X * math.sin(turn) + Y * math.cos(turn)
    if kind == "gingham":
        m = ((np.floor(u / p) % 2) + (np.floor(v / p) % 2))[..., None] / 2
        img = a * (1 - m) + b * m
    elif kind == "stripes":
        m = (np.sin(u / p * math.pi) > rng.uniform(-0.5, 0.6))[..., None]
        img = np.where(m, a, b)
    elif kind == "dots":
        r = p * rng.uniform(0.15, 0.35)
        m = (np.hypot(u - (np.floor(u / p) + 0.5) * p, v - (np.floor(v / p) + 0.5) * p) < r)[..., None]
        img = np.where(m, a, b)
    elif kind == "flowers":
        i, j = np.floor(u / p), np.floor(v / p)
        cx = (i + 0.2 + 0.6 * _hash(i, j, 1.0)) * p
        cy = (j + 0.2 + 0.6 * _hash(i, j, 2.0)) * p
        ang = np.arctan2(v - cy, u - cx)
        r = np.hypot(u - cx, v - cy)
        size = p * (0.25 + 0.2 * _hash(i, j, 3.0))
        petal = r < size * (0.55 + 0.45 * np.cos(5 * ang + _hash(i, j, 4.0) * 6))
        centre = r < size * 0.25
        leaf = (np.abs(u - cx - size) < size * 0.5) & (np.abs(v - cy + size * 0.6) < size * 0.15)
        img = np.where(
            centre[..., None], c, np.where(petal[..., None], a, np.where(leaf[..., None], c * 0.6, b))
        )
    elif kind == "wood":
        base = np.array([rng.uniform(90, 200), rng.uniform(55, 130), rng.uniform(25, 80)], np.float32)
        ring = np.sin(np.hypot(u * 0.15, v * 3.0 + np.sin(u * 0.3)) * rng.uniform(4, 10))
        img = base * (0.82 + 0.18 * ring[..., None])
    elif kind == "weave":
        m = (np.sin(u * 40 / p) * np.sin(v * 40 / p))[..., None]
        img = a * (0.9 + 0.1 * m)
    else:  # tartan: stripes of three colours and widths both ways, mixed where they cross
        m1 = (np.sin(u / p * math.pi) > 0.3).astype(np.float32) + (np.sin(u / p * 3.1 * math.pi) > 0.8)
        m2 = (np.sin(v / p * math.pi) > 0.3).astype(np.float32) + (np.sin(v / p * 3.1 * math.pi) > 0.8)
        m = np.clip((m1 + m2)[..., None] / 3, 0, 1)
        img = a * (1 - m) + b * m + (c - a) * 0.3 * (m1 * m2)[..., None]
    return img.astype(np.float32)


def table(cam: Camera, rng, held_out: bool) -> Image.Image:
    """The table seen by ``cam``: a cloth on the plane z = 0 out to its far edge, a wall beyond."""
    kinds = CLOTHS + (HELD_OUT_CLOTHS if held_out else ())
    kind = kinds[rng.integers(len(kinds))]
    if held_out and rng.random() < 0.4:
        kind = HELD_OUT_CLOTHS[0]
    d = cam.rays()
    t = np.where(d[..., 2] < -1e-4, -cam.eye[2] / np.minimum(d[..., 2], -1e-4), np.inf)
    far = rng.uniform(25, 60)
    hit = np.isfinite(t) & (t < far * 3)
    X = np.where(hit, cam.eye[0] + t * d[..., 0], 0)
    Y = np.where(hit, cam.eye[1] + t * d[..., 1], 0)
    img = cloth(kind, X, Y, rng)
    img += rng.normal(0, rng.uniform(2, 8), img.shape[:2])[..., None]  # the fabric's grain
    wall = rng.integers(40, 220, 3).astype(np.float32)
    img = np.where((hit & (np.abs(Y) < far))[..., None], img, wall)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def _capsule(shape, a, b, r) -> tuple[np.ndarray, np.ndarray]:
    """Coverage and roundness (1 on the axis, 0 at the edge) of a capsule from a to b, radius r."""
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = np.clip(((xx - a[0]) * dx + (yy - a[1]) * dy) / (dx * dx + dy * dy + 1e-6), 0, 1)
    dist = np.hypot(xx - a[0] - t * dx, yy - a[1] - t * dy)
    cov = np.clip(r - dist + 0.5, 0, 1)
    return cov, np.sqrt(np.clip(1 - (dist / r) ** 2, 0, 1))


def fingers(
    photo: Image.Image, rng, near: list[tuple[float, float]], tile_h: float
) -> tuple[Image.Image, np.ndarray]:
    """A hand's fingers reaching in from an edge of the frame toward a point ``near`` the rack's
    ends, and how much of each pixel they cover (H x W, 0..1: the most any one finger covers it;
    where two overlap the drawing covers a little more). Most cover a corner of the end tile;
    one reaching in from the side along the rack may hide every tile (the bench counts those racks
    apart: rack_photo_bench.py, "every tile in sight")."""
    W, H = photo.size
    img = np.asarray(photo, np.float32)
    skin = np.array(SKIN[rng.integers(len(SKIN))], np.float32) * rng.uniform(0.85, 1.1)
    tip = np.array(near[rng.integers(len(near))]) + rng.normal(0, tile_h * 0.4, 2)
    edge = rng.integers(3)
    start = {
        0: (-W * 0.1, tip[1] + rng.normal(0, H * 0.2)),
        1: (W * 1.1, tip[1] + rng.normal(0, H * 0.2)),
    }.get(edge, (tip[0] + rng.normal(0, W * 0.2), H * 1.1))
    start = np.array(start)
    along = (tip - start) / (np.linalg.norm(tip - start) + 1e-6)
    across = np.array([-along[1], along[0]])
    r = tile_h * rng.uniform(0.28, 0.4)
    covered = np.zeros((H, W), np.float32)
    for k in range(rng.integers(1, 4)):
        off = across * (k - 1) * r * 2.1
        a, b = start + off, tip + off - along * abs(k - 1) * r * rng.uniform(0.5, 1.5)
        cov, round_ = _capsule((H, W), a, b, r)
        colour = skin[None, None] * (0.65 + 0.4 * round_[..., None])
        img = img * (1 - cov[..., None]) + colour * cov[..., None]
        covered = np.maximum(covered, cov)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)), covered


def _motion(img: np.ndarray, rng) -> np.ndarray:
    steps = int(rng.integers(3, 10))
    ang = rng.uniform(0, math.pi)
    out = np.zeros_like(img)
    for s in range(steps):
        dx = round((s - steps / 2) * math.cos(ang))
        dy = round((s - steps / 2) * math.sin(ang))
        out += np.roll(img, (dy, dx), axis=(0, 1))
    return out / steps


def phone(photo: Image.Image, rng) -> Image.Image:
    """The camera after the lens: exposure, white balance, vignette, glare, shake or focus blur,
    sensor noise, the phone's noise reduction and sharpening, JPEG."""
    a = np.asarray(photo, np.float32)
    H, W = a.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    vignette = 1 - rng.uniform(0, 0.35) * (((xx / W - 0.5) ** 2 + (yy / H - 0.5) ** 2) * 2)
    a = a * vignette[..., None] * rng.uniform(0.65, 1.15) * rng.uniform(0.85, 1.12, 3)
    if rng.random() < 0.3:  # glare off the tiles' gloss
        gx, gy, gr = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(20, 120)
        a += 255 * rng.uniform(0.2, 0.7) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gr**2))[..., None]
    blur = rng.random()
    if blur < 0.3:
        a = _motion(a, rng)
    a += rng.normal(0, rng.uniform(1, 10), (H, W, 1)) + rng.normal(0, rng.uniform(0, 4), a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if 0.3 <= blur < 0.6:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.8)))
    if rng.random() < 0.5:  # noise reduction smears fine detail, then the phone sharpens
        img = img.filter(ImageFilter.MedianFilter(3))
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.UnsharpMask(rng.uniform(1, 3), int(rng.integers(50, 200)), 2))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=int(rng.integers(35, 92)))
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
