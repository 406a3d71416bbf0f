"""Where a tile may have been missed (issue 37): a spot the detector was nearly sure of, under DETECT,
that no tile read covers. A missed tile has no chip to mark, so the reading shows the spot instead:
its box in ``maybe`` (the API's and the command line's JSON), a line of the command line's words.
The detector here is one whose map is known (tests/rack_photo_fixtures.py), with one drawn tile
only FAINT sure; the reader is the committed one."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from scorekeeper.cli.photo_command import format_reading
from scorekeeper.photo import photo, reading
from scorekeeper.photo.checking import checked
from tests.rack_photo_fixtures import FAINT, HEIGHT, TILES, WIDTH, heat, rack_photo, tile_boxes


class FixedDetector:
    """An onnxruntime session's ``run`` answering one map for any image."""

    def __init__(self, faint: int | None, speck: bool = False):
        h, w = reading.DETECT_H // reading.STRIDE, reading.DETECT_W // reading.STRIDE
        self.heat = np.array(heat(faint), np.float32).reshape(1, 5, h, w)
        if speck:  # a sure peak in the top left corner, a box 3 x 2 cells: far smaller than a tile
            self.heat[0, :, 3, 3] = [4.0, 0.0, 0.0, np.log(3), np.log(2)]

    def run(self, _outputs, _feeds):
        return [self.heat]


@pytest.fixture
def read(monkeypatch, tmp_path):
    """The drawn rack read with a detector whose tile ``faint`` (or none) is FAINT sure."""
    real = photo._session
    image = np.asarray(Image.open(rack_photo(tmp_path / "rack.png")).convert("RGB"), np.float32) / 255

    def reading_with(faint: int | None, speck: bool = False):
        monkeypatch.setattr(
            photo, "_session", lambda name: FixedDetector(faint, speck) if name == "detector" else real(name)
        )
        return checked(photo.read_image(image), "rummikub")

    return reading_with


def test_a_faint_tile_is_not_read_but_shown_where_it_may_be_missed(read):
    assert reading.MAYBE < FAINT < reading.DETECT
    got = read(2)
    assert len(got.tiles) == len(got.boxes) == len(TILES) - 1
    (spot,) = got.maybe
    x0, y0, x1, y1 = tile_boxes()[2]
    middle = ((spot[0] + spot[2]) / 2 * WIDTH, (spot[1] + spot[3]) / 2 * HEIGHT)
    assert middle == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2), abs=4)  # on the faint tile
    assert got.as_json()["maybe"] == [spot]


def test_every_tile_read_leaves_no_spot(read):
    got = read(None)
    assert len(got.tiles) == len(TILES) and got.maybe == []
    assert got.as_json()["maybe"] == []


def test_a_thing_far_smaller_than_the_tiles_is_a_spot_not_a_chip(read):
    """A sure box under half the tiles' height (a pattern of the cloth far off, a glint) is not read:
    the total stays the tiles', and the rack is marked by a spot where it is (reading.small_apart)."""
    plain, specked = read(None), read(None, speck=True)
    assert specked.tiles == plain.tiles and specked.total == plain.total
    (spot,) = specked.maybe
    assert (
        spot[0] < 0.1
        and spot[1] < 0.1
        and (spot[3] - spot[1]) * HEIGHT < min(y1 - y0 for _, y0, _, y1 in tile_boxes()) / reading.SMALL
    )


def test_the_command_lines_words_say_so(read):
    said = format_reading(read(2).as_json())
    assert "a tile may have been missed in 1 place" in said
    assert "missed" not in format_reading(read(None).as_json())
