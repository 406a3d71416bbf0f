"""The first renderer's wider training racks (tools/rackphoto/wider.py, issue 37): tiles in a rack, in
two tiers or lying flat, labelled as render.rack labels them, drawn the same for a seed, and never
with the held-out split's fonts."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "rackphoto"))

import render
import wider


@pytest.mark.parametrize("how", wider.LAYOUTS)
def test_each_layout_gives_each_tile_a_box_on_its_face(how):
    rng = np.random.default_rng(wider.FIRST_SEED)
    labels = [(9, 2), (12, 1), (13, 0), (0, 3), (11, 0), (5, 1), (10, 2), (2, 3), (13, 2), (7, 0)]
    font = wider.fonts()[0]
    flat, corners = wider._layout(len(labels), labels, font, rng, how)
    assert len(corners) == len(labels)
    alpha = np.asarray(flat.split()[3])
    for quad in corners:
        (x0, y0), (x1, y1) = quad[0], quad[2]
        assert 0 <= x0 < x1 <= flat.width and 0 <= y0 < y1 <= flat.height
        assert alpha[y0:y1, x0:x1].mean() > 200  # a tile is drawn where its box says
    if how == "flat":
        assert alpha.min() == 0  # no rack under tiles lying on the table


def test_a_wider_photo_has_boxes_inside_it_and_the_first_renderers_labels():
    image, boxes, labels = wider.rack(np.random.default_rng(wider.FIRST_SEED + 5))
    W, H = image.size
    assert image.mode == "RGB" and boxes.shape == (len(labels), 4) and labels.shape == (len(labels), 2)
    assert (boxes[:, 2] > boxes[:, 0]).all() and (boxes[:, 3] > boxes[:, 1]).all()
    assert (boxes >= 0).all() and (boxes[:, [0, 2]] <= W).all() and (boxes[:, [1, 3]] <= H).all()
    assert ((labels[:, 0] >= 0) & (labels[:, 0] <= 13)).all()


def test_a_seed_draws_the_same_wider_photo():
    a = wider.rack(np.random.default_rng(wider.FIRST_SEED + 1))
    b = wider.rack(np.random.default_rng(wider.FIRST_SEED + 1))
    assert np.array_equal(np.asarray(a[0]), np.asarray(b[0])) and np.array_equal(a[1], b[1])


def test_two_digit_numbers_are_two_digits_wide_in_every_weight():
    rng = np.random.default_rng(7)
    for font in wider.fonts()[:: max(1, len(wider.fonts()) // 8)]:
        one, thirteen = wider._numeral("3", font, 24, rng), wider._numeral("13", font, 24, rng)
        assert thirteen.height == one.height == 24
        assert np.asarray(thirteen).max() > 100  # the ink survives thinning and wear


def test_wider_fonts_take_thin_and_slanted_weights_but_never_the_held_out_families():
    keys = [render._key(p) for p in wider.fonts()]
    assert not any(k.startswith(h) for k in keys for h in render.HELD_OUT_FONTS)
    assert set(render.fonts(False)) <= set(wider.fonts())


def test_a_font_that_draws_no_digits_draws_no_tile(tmp_path):
    """A font file of symbols (STIX's integrals, sizes and variants) draws no digit, or one box for
    them all: a tile drawn with it would be a blank labelled with a number, so no renderer takes it."""
    from fontTools import subset

    sans = Path(
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    )  # fonts-dejavu-core (scripts/system-deps.sh)
    letters = tmp_path / "letters.ttf"
    options = subset.Options()
    options.notdef_outline = True
    font = subset.load_font(str(sans), options)
    keep = subset.Subsetter(options)
    keep.populate(text="ABCDEFGHIJ")
    keep.subset(font)
    subset.save_font(font, str(letters), options)
    assert render.draws_digits(sans)
    assert not render.draws_digits(letters)
    assert all(render.draws_digits(p) for p in wider.fonts())
