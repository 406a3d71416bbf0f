"""The reader's "no tile here" crops (tools/rackphoto/data.py blanks, train.py --blanks): boxes of a
tile's size where no tile is, as a detector's wrong box would fall, for the reader's NO_TILE."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "rackphoto"))

import data

from scorekeeper.photo import reading


def _row(n: int, slant: float = 0.0) -> np.ndarray:
    """n tiles 40 x 60 side by side from x 200, each ``slant`` pixels lower than the last."""
    return np.array([[200 + 44 * k, 300 + slant * k, 240 + 44 * k, 360 + slant * k] for k in range(n)], float)


@pytest.mark.parametrize("slant", [0.0, 12.0])
def test_blanks_are_tile_sized_off_every_tile_and_past_the_rows_ends_first(slant):
    tiles = _row(6, slant)
    got = data.blanks(np.random.default_rng(3), tiles, 1024, 768)
    assert 1 <= len(got) <= data.BLANKS
    for k, b in enumerate(got):
        assert (b.x1 - b.x0, b.y1 - b.y0) == pytest.approx((40, 60))
        assert all(data._iou((b.x0, b.y0, b.x1, b.y1), (o.x0, o.y0, o.x1, o.y1)) <= 0.5 for o in got[:k])
        assert 0 <= (b.x0 + b.x1) / 2 < 1024 and 0 <= (b.y0 + b.y1) / 2 < 768
        assert max(data._iou((b.x0, b.y0, b.x1, b.y1), t) for t in tiles) <= data.BLANK_OVERLAP
    # the first ones lie a step or two past the row's ends, along its slant
    ends = {(round((b.x0 + b.x1) / 2), round((b.y0 + b.y1) / 2)) for b in got[:2]}
    left = {(220 - 44 * s, round(330 - slant * s)) for s in (1, 2)}
    right = {(440 + 44 * s, round(330 + slant * (5 + s))) for s in (1, 2)}
    assert ends <= left | right


def test_no_tile_no_blank():
    assert data.blanks(np.random.default_rng(0), np.zeros((0, 4)), 640, 480) == []


def test_a_rendered_rack_gives_its_blank_crops_in_the_readers_shape():
    got = data.one(2_600_003, split="b-slots")
    assert len(got) == 6
    blank = got[5]
    assert blank.dtype == np.uint8 and blank.shape[1:] == (3, reading.READ_H, reading.READ_W)
    assert 1 <= len(blank) <= data.BLANKS


def test_blanks_leave_the_tiles_data_as_it_was(monkeypatch):
    """A seed's photo, boxes and tile crops do not depend on the blanks (cut after them from the
    same generator): with blanks that draw other numbers, the first five arrays are the same."""
    got = data.one(2_600_003, split="b-slots")
    monkeypatch.setattr(data, "blanks", lambda rng, *_: [rng.random(50)] and [])
    other = data.one(2_600_003, split="b-slots")
    assert all((a == b).all() for a, b in zip(got[:5], other[:5]))
    assert len(other[5]) == 0 and len(got[5]) > 0
