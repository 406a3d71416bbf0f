"""A pinhole camera looking at a 3-D scene (renderer B): world units are a tile's width, the table
is the plane z = 0, the player sits on the -y side. Points are projected with a real camera model
(position, aim, roll, focal length), not a 2-D warp of a flat picture."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Camera:
    eye: np.ndarray  # position in the world
    rot: np.ndarray  # 3 x 3: world to camera (rows: right, down, forward)
    focal: float  # pixels
    width: int
    height: int

    def project(self, pts) -> np.ndarray:
        """World points [n, 3] to pixels [n, 2]."""
        c = (np.asarray(pts, float) - self.eye) @ self.rot.T
        z = np.maximum(c[:, 2], 1e-6)
        return np.c_[self.focal * c[:, 0] / z + self.width / 2, self.focal * c[:, 1] / z + self.height / 2]

    def depth(self, pts) -> np.ndarray:
        return (np.asarray(pts, float) - self.eye) @ self.rot[2]

    def rays(self) -> np.ndarray:
        """Each pixel centre's ray direction in the world [H, W, 3]."""
        yy, xx = np.mgrid[0 : self.height, 0 : self.width].astype(np.float32) + 0.5
        d = np.stack(
            [(xx - self.width / 2) / self.focal, (yy - self.height / 2) / self.focal, np.ones_like(xx)], -1
        )
        return d @ self.rot.astype(np.float32)


def aimed(eye, target, roll: float, fov: float, width: int, height: int) -> Camera:
    """A camera at ``eye`` looking at ``target``, turned by ``roll`` (radians) about its axis, with
    a horizontal field of view ``fov`` (radians)."""
    eye, target = np.asarray(eye, float), np.asarray(target, float)
    fwd = target - eye
    fwd /= np.linalg.norm(fwd)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, fwd)
    r = right * math.cos(roll) + up * math.sin(roll)
    u = -right * math.sin(roll) + up * math.cos(roll)
    focal = width / 2 / math.tan(fov / 2)
    return Camera(eye, np.stack([r, -u, fwd]), focal, width, height)


def placed(rng, target, extent: float, elevation: float, width: int, height: int, inside) -> Camera:
    """A camera seeing ``extent`` world units across at ``target`` from ``elevation`` above the
    table, a little to one side, over a chosen share of the frame; moved back until every point of
    ``inside`` [n, 3] is in the frame."""
    fov = math.radians(rng.uniform(48, 72))
    azimuth = math.radians(rng.normal(0, 14))
    roll = math.radians(rng.normal(0, 5))
    share = rng.uniform(0.5, 0.93)
    aim = np.asarray(target, float) + np.array([rng.normal(0, extent * 0.06), rng.normal(0, 0.4), 0])
    direction = np.array(
        [
            math.sin(azimuth) * math.cos(elevation),
            -math.cos(azimuth) * math.cos(elevation),
            math.sin(elevation),
        ]
    )
    focal = width / 2 / math.tan(fov / 2)
    dist = focal * extent / (share * min(width, height * 1.6))
    for _ in range(30):
        cam = aimed(aim + direction * dist, aim, roll, fov, width, height)
        p = cam.project(inside)
        if (
            (cam.depth(inside) > 0.5).all()
            and (p > 3).all()
            and (p[:, 0] < width - 3).all()
            and (p[:, 1] < height - 3).all()
        ):
            return cam
        dist *= 1.12
    return cam


def hull(points: np.ndarray) -> np.ndarray:
    """The convex hull of 2-D points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(map(tuple, np.asarray(points, float)))
    if len(pts) < 3:
        return np.array(pts)

    def side(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and side(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and side(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def homography(src, dst) -> np.ndarray:
    """The 3 x 3 projective map taking the four points ``src`` to ``dst`` (direct linear solve)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        rhs += [u, v]
    h = np.linalg.lstsq(np.array(rows, float), np.array(rhs, float), rcond=None)[0]
    return np.append(h, 1.0).reshape(3, 3)
