"""Renderer C's photos (tools/rackphoto/webscene/, issue 37), drawn by the tests' Chromium: each tile's
box frames it in the photo, and a seed draws the same photo. Every numeral is set in one font (the
repository's DejaVu Sans Bold), since renderer C's own fonts are fetched for the bench alone
(build/fonts-c)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))

from webscene import markup, plan  # noqa: E402
from webscene.shoot import Camera  # noqa: E402

ONE_FONT = {name: ROOT / "scorekeeper/static/fonts/DejaVuSans-Bold.ttf" for name in markup.ALL_FONTS}


def _plain(seed: int) -> plan.Scene:
    """A scene with nothing over the faces: no turn, roll, glare, thumb, blur or shake, a long lens, a
    dark cloth, single digits (the left edge of each face is then the tile's body alone), the tiles far
    apart on a black rack."""
    s = plan.scene(np.random.default_rng(seed))
    s.tiles = [plan.Tile(n, n % 4, 0, k) for k, n in enumerate((3, 5, 8, 1, 9))]
    s.camera.update(roll=0.0, yaw=0.0, tilt=30.0, lens=2000.0)
    s.light.update(
        glare=None, thumb=(False, False, 1.0), vignette=0.0, shade=0.0, level=1.0, cast_strength=0.0
    )
    s.after.update(blur=0.0, shake=None, noise=0.02, quality=90)
    s.cloth["kind"], s.tile["body"], s.tile["radius"], s.rack = "dark", "#f8f6ef", 0.05, "#1b1b1d"
    s.tile["gap"] = 0.6
    return s


def test_each_box_frames_its_tile_in_the_photo_and_a_seed_draws_the_same_photo(browser):
    with Camera(ONE_FONT, browser) as camera:
        for mode in ("stand", "flat"):
            s = _plain(11)
            s.mode = mode
            s.tile["lean"] = 15.0 if mode == "stand" else 88.0
            photo, boxes = camera.shoot(s)
            W, H = photo.size
            assert (W, H) == s.size and boxes.shape == (5, 4)
            assert (boxes[:, 2] > boxes[:, 0] + 10).all() and (boxes[:, 3] > boxes[:, 1] + 10).all()
            assert (boxes[:, 2] <= W).all() and (boxes[:, 3] <= H).all() and (boxes >= 0).all()
            assert (np.diff(boxes[:, 0]) > 0).all()  # left to right, as labelled
            img = np.asarray(photo, np.float32).mean(axis=2)
            for x0, y0, x1, y1 in boxes:
                w, h = x1 - x0, y1 - y0
                edge = img[int(y0 + 0.4 * h) : int(y0 + 0.6 * h), int(x0 + 0.1 * w) : int(x0 + 0.2 * w)]
                assert edge.mean() > 170, (mode, edge.mean())  # the tile's pale body
                for a, b in ((x0 - 0.2 * w, x0 - 0.06 * w), (x1 + 0.06 * w, x1 + 0.2 * w)):
                    beside = img[int(y0 + 0.4 * h) : int(y0 + 0.6 * h), int(a) : int(b)]
                    assert beside.mean() < 110, (mode, beside.mean())  # the rack or cloth between tiles
            outside = np.ones(img.shape, bool)
            for x0, y0, x1, y1 in boxes:
                outside[int(y0) - 40 : int(y1) + 60, max(int(x0) - 40, 0) : int(x1) + 40] = False
            assert img[outside].mean() < 90  # the dark cloth, rack and shadow
        again = camera.shoot(_plain(11))
        first = camera.shoot(_plain(11))
        assert np.array_equal(again[1], first[1])
        assert np.abs(np.asarray(again[0], float) - np.asarray(first[0], float)).mean() < 0.5
