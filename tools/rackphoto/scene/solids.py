"""The rack and its tiles as 3-D boxes (renderer B): tiles standing in a rack's tiers, leaning back,
or lying flat on the table; each box's faces lit by a light's direction, culled when they face
away, drawn far to near, with shadows cast on the table along the light."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from .camera import Camera, homography, hull
from .faces import FACE_H, FACE_W

#: the six faces of a box by its corners' indices (corners: 0-3 the front face tl, tr, br, bl,
#: 4-7 the same corners at the back)
SIDES = ((0, 1, 2, 3), (5, 4, 7, 6), (4, 5, 1, 0), (3, 2, 6, 7), (4, 0, 3, 7), (1, 5, 6, 2))
RACK_COLOURS = [
    (20, 20, 22),
    (70, 42, 25),
    (25, 60, 35),
    (25, 35, 80),
    (110, 25, 25),
    (120, 120, 118),
    (190, 165, 120),
]
#: racks the colour of the tiles (b-slots): an empty compartment of one looks much like a tile
PALE_RACKS = [(238, 230, 210), (246, 241, 229), (226, 216, 192), (250, 250, 246), (214, 211, 204)]


@dataclass
class Solid:
    corners: np.ndarray  # [8, 3]
    colour: np.ndarray  # 0..1 RGB
    face: np.ndarray | None = None  # a texture for the front face, RGB 0..1
    tags: dict = field(default_factory=dict)

    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)


def box(front: np.ndarray, normal, depth: float, colour, face=None) -> Solid:
    """A box whose front face is ``front`` (tl, tr, br, bl in the world) and ``depth`` deep behind it."""
    front = np.asarray(front, float)
    return Solid(np.r_[front, front - np.asarray(normal) * depth], np.asarray(colour, float), face)


def slab(x0, x1, y0, y1, z0, z1, colour) -> Solid:
    """An upright box between the given bounds (its front face at y0)."""
    front = [(x0, y0, z1), (x1, y0, z1), (x1, y0, z0), (x0, y0, z0)]
    return box(np.array(front), (0, -1, 0), y1 - y0, colour)


def layout(
    rng, n: int, flat: bool, slots: bool = False
) -> tuple[list[Solid], list[Solid], list[Solid], list[int], float]:
    """The rack's parts behind the tiles, the tiles' boxes (without faces yet), the parts in front,
    the tiles' order (rows far to near, each left to right) and the rack's width. ``slots`` (the
    b-slots split): more empty room, the rack moulded into a compartment per tile (:func:`ridges`)
    and half the time the colour of the tiles, so that an empty compartment is seen not to be one."""
    tall, thick, gap = rng.uniform(1.28, 1.42), rng.uniform(0.24, 0.36), rng.uniform(0.02, 0.14)
    rows = 2 if n > 16 or (n > 9 and rng.random() < 0.6) else 1
    per_row = math.ceil(n / rows)
    lean = math.pi / 2 if flat else math.radians(rng.uniform(6, 30))
    normal = np.array([0.0, -math.cos(lean), math.sin(lean)])
    up = np.array([0.0, math.sin(lean), math.cos(lean)])
    ledge = 0.0 if flat else rng.uniform(0.15, 0.5)
    spare = (rng.integers(2, 9) if slots else rng.integers(0, 4)) * (1 + gap)
    start = rng.uniform(0, spare + 1e-6)
    width = per_row * (1 + gap) + spare
    tiles, order = [], []
    rack_colour = np.array(RACK_COLOURS[rng.integers(len(RACK_COLOURS))]) / 255 * rng.uniform(0.8, 1.2)
    if slots and rng.random() < 0.5:
        rack_colour = np.array(PALE_RACKS[rng.integers(len(PALE_RACKS))]) / 255 * rng.uniform(0.9, 1.05)
    behind, front_parts = [], []
    tier_y, tier_z = [], []
    for k in range(rows):
        if flat:
            y, z = k * (tall + rng.uniform(0.05, 0.3)), thick
        else:
            y, z = k * (tall * up[1] + thick + 0.25), ledge + k * (tall * up[2] + 0.12)
        tier_y.append(y)
        tier_z.append(z)
    for k in range(rows):
        count = min(per_row, n - k * per_row)
        jitter = rng.normal(0, 0.04, count) if flat else np.zeros(count)
        for j in range(count):
            x = start + j * (1 + gap) + jitter[j]
            bl = np.array([x, tier_y[k], tier_z[k]])
            br = bl + np.array([1.0, 0, 0])
            tiles.append(box(np.array([bl + up * tall, br + up * tall, br, bl]), normal, thick, (0, 0, 0)))
    # reading order: the far row first, each left to right
    for k in reversed(range(rows)):
        order += list(range(k * per_row, min(n, (k + 1) * per_row)))
    if not flat:
        geometry = (tall, thick, gap, ledge, start, width, tier_y, tier_z, normal, up)
        behind, front_parts = _stand(rng, geometry, rack_colour, slots)
    return behind, tiles, front_parts, order, width


def _stand(rng, geometry, colour, slots: bool) -> tuple[list[Solid], list[Solid]]:
    """A standing rack's parts behind its tiles (its base, the upper tier's step, the back board; a
    moulded one's ridges) and in front (the lip), for :func:`layout`'s ``geometry``."""
    tall, thick, gap, ledge, start, width, tier_y, tier_z, normal, up = geometry
    back = tier_y[-1] + tall * up[1] + thick + 0.3
    behind = [slab(-0.3, width + 0.3, -0.4, back, 0, ledge, colour)]
    if len(tier_y) == 2:
        behind.append(slab(-0.3, width + 0.3, tier_y[1] - 0.3, back, 0, tier_z[1], colour * 0.95))
    rise = tall * rng.uniform(0.5, 0.9)
    bl = np.array([-0.3, tier_y[-1] + thick + 0.05, tier_z[-1]])
    br = bl + np.array([width + 0.6, 0, 0])
    board = np.array([bl + up * rise, br + up * rise, br, bl])
    behind.append(box(board, normal, 0.15, colour * 0.9))
    lip = rng.uniform(0.05, 0.14) * tall
    front = [slab(-0.3, width + 0.3, -0.42, -0.02, 0, ledge + lip, colour)]
    if slots:
        pitch = 1 + gap
        edges = start - gap / 2 + pitch * np.arange(-math.ceil(start / pitch) - 1, width / pitch + 2)
        edges = edges[(edges > -0.25) & (edges < width + 0.25)]
        behind += ridges(rng, edges, tier_y, tier_z, normal, up, thick, tall, colour)
    return behind, front


def ridges(rng, edges, tier_y, tier_z, normal, up, thick: float, tall: float, colour) -> list[Solid]:
    """A moulded rack's compartments: a thin ridge at each of ``edges`` (x) on every tier, standing
    just behind the tiles' backs, a little darker or lighter than the rack; drawn before the tiles,
    they show only in empty compartments and the gaps between tiles."""
    shade = colour * (rng.uniform(0.55, 0.85) if rng.random() < 0.7 else rng.uniform(1.1, 1.25))
    high, wide = tall * rng.uniform(0.6, 1.0), rng.uniform(0.03, 0.08)
    parts = []
    for y, z in zip(tier_y, tier_z):
        for x in edges:
            bl = np.array([x - wide / 2, y, z]) - normal * (thick + 0.01)
            br = bl + np.array([wide, 0, 0])
            parts.append(box(np.array([bl + up * high, br + up * high, br, bl]), normal, 0.04, shade))
    return parts


def _shade(normal, light, ambient: float) -> float:
    return ambient + (1 - ambient) * max(0.0, float(np.dot(normal, light)))


def _normal(c: np.ndarray, side) -> np.ndarray:
    """The outward normal of a box's face."""
    a, b, d = c[side[0]], c[side[1]], c[side[3]]
    n = np.cross(b - a, d - a)
    if np.dot(n, c[list(side)].mean(axis=0) - c.mean(axis=0)) < 0:
        n = -n
    return n / (np.linalg.norm(n) + 1e-9)


def draw(photo: Image.Image, cam: Camera, solids: list[Solid], light, ambient: float) -> None:
    """Each solid's faces that face the camera, lit; the front face textured when it has one."""
    d = ImageDraw.Draw(photo)
    for s in solids:
        for i, side in enumerate(SIDES):
            quad = s.corners[list(side)]
            n = _normal(s.corners, side)
            if np.dot(n, cam.eye - quad.mean(axis=0)) <= 0:
                continue
            lit = _shade(n, light, ambient)
            pts = cam.project(quad)
            if i == 0 and s.face is not None:
                _textured(photo, pts, s.face, lit)
            else:
                colour = tuple(int(v) for v in np.clip(s.colour * lit * 255, 0, 255))
                d.polygon([tuple(p) for p in pts], fill=colour)


def _textured(photo: Image.Image, quad: np.ndarray, face: np.ndarray, lit: float) -> None:
    """The face texture mapped onto the image quad (tl, tr, br, bl) by its homography, its corners
    rounded, brought down to about its drawn size first (no aliasing of thin strokes)."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    tall = max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1]), 2.0)
    scale = min(1.0, 1.6 * tall / FACE_H)
    tex = Image.fromarray((np.clip(face * lit, 0, 1) * 255).astype(np.uint8))
    tw, th = max(4, round(FACE_W * scale)), max(4, round(FACE_H * scale))
    tex = tex.resize((tw, th), Image.Resampling.BOX)
    mask = Image.new("L", (tw * 4, th * 4), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, tw * 4 - 1, th * 4 - 1], int(tw * 4 * 0.12), fill=255)
    mask = mask.resize((tw, th), Image.Resampling.BOX)
    local = quad - [x0, y0]
    h = homography(local, [(0, 0), (tw, 0), (tw, th), (0, th)])
    coeffs = tuple((h / h[2, 2]).ravel()[:8])
    size = (int(x1 - x0), int(y1 - y0))
    part = tex.transform(size, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BILINEAR)
    alpha = mask.transform(size, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BILINEAR)
    photo.paste(part, (int(x0), int(y0)), alpha)


def shadows(photo: Image.Image, cam: Camera, solids: list[Solid], light, strength: float) -> Image.Image:
    """The solids' shadows on the table (z = 0), cast along the light and softened."""
    mask = Image.new("L", photo.size, 0)
    d = ImageDraw.Draw(mask)
    for s in solids:
        c = s.corners
        on_table = c - np.outer(c[:, 2] / max(light[2], 0.15), light)
        pts = hull(cam.project(on_table))
        if len(pts) >= 3:
            d.polygon([tuple(p) for p in pts], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(max(1.0, photo.size[0] / 400)))
    dark = np.asarray(mask, np.float32)[..., None] / 255 * strength
    out = np.asarray(photo, np.float32) * (1 - dark)
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
