"""A chip read as the joker that the reader barely believes is a spot, not a tile (issue 37, rule 25).

The reader's joker class learned many editions, drawings made up at random among them, so a thing it
does not know (a finger, a pattern of the cloth, a glint) comes out as a joker it is not even half
sure of: 30 points on the rack. Such a reading (under ``reading.JOKER_APART``) is shown as a spot
where a tile may be, as a box far smaller than the others is, and the total does not count it.

The photo is the drawn rack of tests/rack_photo_fixtures.py with a detector whose map is known (as in
test_maybe_missed.py); the reader is the committed one, its answer for one tile replaced by a joker
read with a chosen belief.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image

from scorekeeper.photo import photo, reading, readout
from scorekeeper.photo.checking import checked
from tests.rack_photo_fixtures import HEIGHT, TILES, WIDTH, rack_photo, tile_boxes

from .test_maybe_missed import FixedDetector


class JokerAt:
    """The committed reader, except that every look reads tile ``k`` as the joker with belief
    ``belief`` (the other thirteen numbers alike)."""

    def __init__(self, real, k: int, belief: float):
        self.real, self.k = real, k
        self.logit = math.log(belief * reading.JOKER / (1 - belief))  # against 13 logits of 0

    def run(self, outputs, feeds):
        number, colour = self.real.run(outputs, feeds)
        n = len(number) // (1 + len(reading.LOOKS))
        for look in range(1 + len(reading.LOOKS)):
            number[look * n + self.k] = 0.0
            number[look * n + self.k, reading.JOKER] = self.logit
        return number, colour


@pytest.fixture
def read(monkeypatch, tmp_path):
    """The drawn rack read with its fourth tile (B3) taken for a joker the reader believes ``belief``."""
    real = photo._session
    image = np.asarray(Image.open(rack_photo(tmp_path / "rack.png")).convert("RGB"), np.float32) / 255

    def reading_with(belief: float):
        def session(name):
            return FixedDetector(None) if name == "detector" else JokerAt(real(name), 3, belief)

        monkeypatch.setattr(photo, "_session", session)
        return checked(photo.read_image(image), "rummikub")

    return reading_with


def test_which_chips_are_set_apart():
    tokens, sure = ["J", "J", "R3", "J", "K13"], [0.39, reading.JOKER_APART, 0.1, 0.95, 0.2]
    assert readout.jokers_apart(tokens, sure, reading.JOKER_APART) == [True, False, False, False, False]
    assert readout.jokers_apart(tokens, sure, 0.0) == [False] * 5  # at 0 every joker is a chip


def test_a_joker_the_reader_barely_believes_is_a_spot_and_not_counted(read):
    sure = read(0.9)  # a joker it believes: a chip, counted 30 (CT-7)
    apart = read(reading.JOKER_APART / 2)
    assert sure.tiles[3] == "J" and sure.maybe == [] and len(sure.tiles) == len(TILES)
    assert "J" not in apart.tiles and len(apart.tiles) == len(apart.boxes) == len(TILES) - 1
    assert apart.tiles == sure.tiles[:3] + sure.tiles[4:]
    assert apart.total == sure.total - 30
    (spot,) = apart.maybe  # where the joker was read: a spot to look at
    x0, y0, x1, y1 = tile_boxes()[3]
    middle = ((spot[0] + spot[2]) / 2 * WIDTH, (spot[1] + spot[3]) / 2 * HEIGHT)
    assert middle == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2), abs=4)
    assert apart.boxes == sure.boxes[:3] + sure.boxes[4:]
    # the marks follow their chips: those after the spot move up one place
    assert apart.unsure == [k - (k > 3) for k in sure.unsure if k != 3]
    assert apart.sure == sure.sure[:3] + sure.sure[4:]


def test_a_joker_read_with_belief_over_the_line_stays_a_chip_marked_unsure(read):
    got = read(min(0.9, reading.JOKER_APART + 0.1))
    assert got.tiles[3] == "J" and got.maybe == [] and 3 in got.unsure  # under SURE_NUMBER: marked
