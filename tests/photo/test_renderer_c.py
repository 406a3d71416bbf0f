"""Renderer C (tools/rackphoto/browser/, issue 37): a third program's rack photos, drawn by
Chromium from a web page, labelled as the other renderers' are; no model trains on it. The photos
here set every numeral in one font (the repository's DejaVu Sans Bold), since renderer C's own
fonts are fetched for the bench alone (build/fonts-c)."""

from __future__ import annotations

import collections
import itertools
import os
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))

import browser  # noqa: E402
import scene  # noqa: E402
from browser import markup, plan  # noqa: E402
from browser.shoot import CHROMIUM, Camera  # noqa: E402

ONE_FONT = {name: ROOT / "scorekeeper/static/fonts/DejaVuSans-Bold.ttf" for name in markup.ALL_FONTS}


def _scenes(split: str, count: int):
    first = browser.SEEDS[split]
    return [
        plan.scene(np.random.default_rng(s), held_out=split == "c-holdout")
        for s in range(first, first + count)
    ]


def test_a_hand_is_dealt_from_the_106_tiles_and_labelled_rows_back_to_front():
    for s in _scenes("c-tune", 300):
        copies = collections.Counter((t.number, t.colour) for t in s.tiles if t.number)
        assert max(copies.values(), default=0) <= 2
        assert sum(t.number == 0 for t in s.tiles) <= 2 and 2 <= len(s.tiles) <= 21
        rows = [t.row for t in s.tiles]
        assert rows == sorted(rows)  # the back tier's tiles first
        labels = s.labels()
        assert labels.shape == (len(s.tiles), 2)
        assert ((labels[:, 0] == 13) == [t.number == 0 for t in s.tiles]).all()
        assert (labels[labels[:, 0] < 13, 0] + 1 == [t.number for t in s.tiles if t.number]).all()


def test_the_tiles_of_a_row_sit_side_by_side_along_a_rack_as_long_whatever_the_hand():
    lengths = collections.Counter()
    for s in _scenes("c-holdout", 200):
        by_row = collections.defaultdict(list)
        for t in s.tiles:
            by_row[t.row].append(t.slot)
        for slots in by_row.values():
            assert slots == list(range(slots[0], slots[0] + len(slots)))
            assert 0 <= slots[0] and slots[-1] < s.tile["capacity"]
        if s.mode == "stand":
            lengths[s.tile["capacity"]] += 1
            assert s.tile["capacity"] >= 14
    assert len(lengths) >= 4 and any(s.tiles[0].slot > 0 for s in _scenes("c-tune", 20))


def test_the_held_out_font_and_cloth_are_drawn_in_c_holdout_alone():
    tune, held = _scenes("c-tune", 300), _scenes("c-holdout", 300)
    assert all(s.tile["font"] != plan.FONT_HELD_OUT and s.cloth["kind"] != plan.CLOTH_HELD_OUT for s in tune)
    assert any(s.tile["font"] == plan.FONT_HELD_OUT for s in held)
    assert any(s.cloth["kind"] == plan.CLOTH_HELD_OUT for s in held)
    assert set(browser.SEEDS.values()).isdisjoint(scene.SEEDS.values())
    starts = sorted([*browser.SEEDS.values(), *scene.SEEDS.values(), 800_000, 900_000])
    assert all(hi - lo >= 100_000 for lo, hi in itertools.pairwise(starts))


def test_the_page_has_a_face_per_tile_with_its_numeral_or_a_joker_drawn_in_svg():
    s = plan.scene(np.random.default_rng(5), held_out=False)
    s.tiles = [plan.Tile(12, 2, 0, 0), plan.Tile(0, 0, 0, 1), plan.Tile(7, 1, 0, 2)]
    html = markup.page(s)
    assert html.count('class="face"') == 3 and html.count("<script") == 0
    assert ">12</span>" in html and ">7</span>" in html and html.count('class="jk"') == 1
    assert s.tile["inks"][2] in html and s.tile["inks"][1] in html


def _plain(seed: int) -> plan.Scene:
    """A scene with nothing over the faces: no turn, roll, glare, thumb, blur or shake, a long lens, a
    dark cloth, single digits (the left edge of each face is then the tile's body alone), the tiles far
    apart on a black rack."""
    s = plan.scene(np.random.default_rng(seed), held_out=False)
    s.tiles = [plan.Tile(n, n % 4, 0, k) for k, n in enumerate((3, 5, 8, 1, 9))]
    s.camera.update(roll=0.0, yaw=0.0, tilt=30.0, lens=2000.0)
    s.light.update(
        glare=None, thumb=(False, False, 1.0), vignette=0.0, shade=0.0, level=1.0, cast_strength=0.0
    )
    s.after.update(blur=0.0, shake=None, noise=0.02, quality=90)
    s.cloth["kind"], s.tile["body"], s.tile["radius"], s.rack = "dark", "#f8f6ef", 0.05, "#1b1b1d"
    s.tile.update(gap=0.6, jitter=0.0)
    return s


@pytest.mark.skipif(  # under CI a missing Chromium fails the test, as the browser tests do
    not Path(CHROMIUM).exists() and os.environ.get("CI", "").lower() != "true",
    reason=f"no Chromium at {CHROMIUM}",
)
def test_each_box_frames_its_tile_in_the_photo_and_a_seed_draws_the_same_photo():
    with Camera(ONE_FONT) as camera:
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
