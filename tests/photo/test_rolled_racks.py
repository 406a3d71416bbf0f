"""Wider racks seen by a phone held askew (tools/rackphoto/rolled.py, issue 37): the photo turned and
cut to the part it fills, each tile's box moved with its tile, none cut by the edge."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "rackphoto"))

import rolled
import wider


def _card(box) -> Image.Image:
    """A black photo with one white tile where ``box`` says."""
    photo = Image.new("RGB", (400, 300), (0, 0, 0))
    ImageDraw.Draw(photo).rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=(255, 255, 255))
    return photo


@pytest.mark.parametrize("degrees", [-30, -12, 20, 35])
def test_a_turned_tile_lies_inside_its_moved_box_which_holds_it_closely(degrees):
    box = np.array([[170.0, 120.0, 210.0, 180.0]], np.float32)
    photo, moved = rolled.roll(_card(box[0]), box, degrees)
    grey = np.asarray(photo.convert("L")) > 128
    ys, xs = np.nonzero(grey)
    x0, y0, x1, y1 = moved[0]
    # every white pixel of the turned tile is in its box (a pixel's slack for resampling) ...
    assert xs.min() >= x0 - 2 and xs.max() <= x1 + 2 and ys.min() >= y0 - 2 and ys.max() <= y1 + 2
    # ... and the box is the turned tile's extent, not a looser one
    assert xs.min() <= x0 + 3 and xs.max() >= x1 - 4 and ys.min() <= y0 + 3 and ys.max() >= y1 - 4
    assert photo.size == (400, 300)


def test_no_turn_leaves_the_photo_and_its_boxes_as_they_were():
    box = np.array([[20.0, 30.0, 60.0, 90.0], [300.0, 200.0, 340.0, 260.0]], np.float32)
    photo, moved = rolled.roll(_card(box[0]), box, 0)
    assert np.allclose(moved, box, atol=0.01)
    assert np.asarray(photo.convert("L"))[60, 40] > 200


SEED = rolled.FIRST_SEED  # its first turn: -28.9 degrees (numpy's generator, on any machine)


def _one_tile(monkeypatch, box) -> Image.Image:
    """wider.rack drawing one white tile at ``box`` on black, whatever the seed (no fonts: the same
    photo on every machine); the photo it gives."""
    photo = _card(box)
    monkeypatch.setattr(wider, "rack", lambda rng: (photo, np.array([box], np.float32), np.array([[4, 2]])))
    return photo


def test_a_turn_that_would_cut_a_tile_off_is_refused_and_the_rack_turned_less(monkeypatch):
    box = [40.0, 40.0, 80.0, 100.0]  # near a corner: -28.9 and -14.5 degrees cut it, -7.2 does not
    level = _one_tile(monkeypatch, box)
    degrees = float(np.random.default_rng(SEED).uniform(-rolled.MOST_DEGREES, rolled.MOST_DEGREES))
    tile = np.array([box], np.float32)
    assert rolled.roll(level, tile, degrees) is None and rolled.roll(level, tile, degrees / 2) is None
    image, boxes, labels = rolled.rack(np.random.default_rng(SEED))
    expected = rolled.roll(level, tile, degrees / 4)
    assert np.array_equal(np.asarray(image), np.asarray(expected[0])) and np.array_equal(boxes, expected[1])
    assert not np.array_equal(np.asarray(image), np.asarray(level))  # turned, not left level
    assert labels.tolist() == [[4, 2]]


def test_a_rack_no_turn_fits_is_left_level(monkeypatch):
    box = [0.0, 0.0, 40.0, 60.0]  # in the corner: every turn cuts it
    level = _one_tile(monkeypatch, box)
    image, boxes, _ = rolled.rack(np.random.default_rng(SEED))
    assert image is level and boxes.tolist() == [box]


def test_a_wider_rack_turned_keeps_every_box_inside_the_photo():
    image, boxes, labels = rolled.rack(np.random.default_rng(rolled.FIRST_SEED + 9))
    W, H = image.size
    assert (boxes >= 0).all() and (boxes[:, [0, 2]] <= W).all() and (boxes[:, [1, 3]] <= H).all()
    assert boxes.shape == (len(labels), 4) and (boxes[:, 2] > boxes[:, 0]).all()


def test_a_seed_draws_the_same_rolled_photo():
    a = rolled.rack(np.random.default_rng(rolled.FIRST_SEED + 1))
    b = rolled.rack(np.random.default_rng(rolled.FIRST_SEED + 1))
    assert np.array_equal(np.asarray(a[0]), np.asarray(b[0])) and np.array_equal(a[1], b[1])
