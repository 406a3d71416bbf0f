"""A chip the reader barely believes is a spot, not a tile (issue 37, rules 25 and 26).

The reader's joker class learned many editions, drawings made up at random among them, so a thing it
does not know (a finger, a pattern of the cloth, a glint) comes out as a joker it is not even half
sure of, or as a number it hardly believes: 30 points, or a number's, on the rack. A joker read with
less belief than ``reading.JOKER_APART``, or a number with less than ``reading.NUMBER_APART``, is
shown as a spot where a tile may be, as a box far smaller than the others is, and the total does not
count it.

The photo is the drawn rack of tests/rack_photo_fixtures.py with a detector whose map is known (as in
test_maybe_missed.py); the reader is the committed one, its answer for one tile replaced by a class
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

#: the drawn rack's fourth tile, a blue 3: the one whose reading the tests choose
K = 3


class ReadAs:
    """The committed reader, except that every look reads tile ``k`` as number class ``kind`` (2 for a
    3, reading.JOKER for the joker) with belief ``belief``, the other thirteen classes alike."""

    def __init__(self, real, k: int, kind: int, belief: float):
        self.real, self.k, self.kind = real, k, kind
        self.logit = math.log(belief * reading.JOKER / (1 - belief))  # against 13 logits of 0

    def run(self, outputs, feeds):
        number, colour = self.real.run(outputs, feeds)
        n = len(number) // (1 + len(reading.LOOKS))
        for look in range(1 + len(reading.LOOKS)):
            number[look * n + self.k] = 0.0
            number[look * n + self.k, self.kind] = self.logit
        return number, colour


@pytest.fixture
def read(monkeypatch, tmp_path):
    """The drawn rack read with its fourth tile taken for class ``kind`` with belief ``belief``."""
    real = photo._session
    image = np.asarray(Image.open(rack_photo(tmp_path / "rack.png")).convert("RGB"), np.float32) / 255

    def reading_with(kind: int, belief: float):
        def session(name):
            return FixedDetector(None) if name == "detector" else ReadAs(real(name), K, kind, belief)

        monkeypatch.setattr(photo, "_session", session)
        return checked(photo.read_image(image), "rummikub")

    return reading_with


def test_which_chips_are_set_apart():
    joker, number = reading.JOKER_APART, reading.NUMBER_APART
    tokens = ["J", "J", "R3", "R3", "J", "K13"]
    sure = [joker - 0.01, joker, number - 0.01, number, 0.95, 0.9]
    assert readout.barely_read(tokens, sure, joker, number) == [True, False, True, False, False, False]
    assert readout.barely_read(tokens, sure, 0.0, 0.0) == [False] * 6  # at 0 every chip stays


def set_apart(sure, apart, points: int) -> None:
    """``apart`` is ``sure`` without its fourth chip, which is a spot on that tile, ``points`` off."""
    assert len(sure.tiles) == len(TILES) and sure.maybe == []
    assert apart.tiles == sure.tiles[:K] + sure.tiles[K + 1 :] and len(apart.boxes) == len(TILES) - 1
    assert apart.total == sure.total - points
    (spot,) = apart.maybe  # where the tile was read: a spot to look at
    x0, y0, x1, y1 = tile_boxes()[K]
    middle = ((spot[0] + spot[2]) / 2 * WIDTH, (spot[1] + spot[3]) / 2 * HEIGHT)
    assert middle == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2), abs=4)
    assert apart.boxes == sure.boxes[:K] + sure.boxes[K + 1 :]
    # the marks follow their chips: those after the spot move up one place
    assert apart.unsure == [k - (k > K) for k in sure.unsure if k != K]
    assert apart.sure == sure.sure[:K] + sure.sure[K + 1 :]


def test_a_joker_the_reader_barely_believes_is_a_spot_and_not_counted(read):
    sure = read(reading.JOKER, 0.9)  # a joker it believes: a chip, counted 30 (CT-7)
    assert sure.tiles[K] == "J"
    set_apart(sure, read(reading.JOKER, reading.JOKER_APART / 2), 30)


def test_a_number_the_reader_barely_believes_is_a_spot_and_not_counted(read):
    sure = read(2, 0.9)  # a 3 it believes: a chip, counted 3
    assert sure.tiles[K].endswith("3") and sure.tiles[K] != "J"
    set_apart(sure, read(2, reading.NUMBER_APART / 2), 3)


@pytest.mark.parametrize("kind, line", [(reading.JOKER, reading.JOKER_APART), (2, reading.NUMBER_APART)])
def test_a_tile_read_with_belief_over_the_line_stays_a_chip_marked_unsure(read, kind, line):
    got = read(kind, line + 0.05)
    assert len(got.tiles) == len(TILES) and got.maybe == [] and K in got.unsure  # under SURE_NUMBER
