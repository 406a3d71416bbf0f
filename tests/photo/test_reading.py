"""The reading steps (scorekeeper/photo/reading.py) on inputs worked out by hand: no model needed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scorekeeper.photo import reading, readout
from scorekeeper.photo.reading import (
    Box,
    View,
    chips_and_spots,
    closer,
    find_boxes,
    in_reading_order,
    letterbox,
    maybe_missed,
    odd_sizes,
    sample,
    small_apart,
    whole,
)
from scorekeeper.photo.readout import tokens_of

# -- sample: bilinear at pixel centres, edges clamped ------------------------------------------


def test_sample_of_a_whole_2x2_image_into_one_pixel_is_the_mean_of_the_four():
    image = np.array([[[0.0], [1.0]], [[0.2], [0.6]]], np.float32).repeat(3, axis=2)
    # the one output pixel's centre is (0.5, 0.5) in pixel coordinates: halfway between all four
    assert sample(image, 0, 0, 2, 2, 1, 1)[0, 0] == pytest.approx([0.45] * 3)


def test_sample_at_the_same_size_gives_the_pixels_back():
    image = np.random.default_rng(1).random((3, 4, 3)).astype(np.float32)
    assert np.allclose(sample(image, 0, 0, 4, 3, 4, 3), image)


def test_sample_doubling_a_row_interpolates_and_clamps_at_the_edges():
    image = np.array([[[0.0], [1.0]]], np.float32).repeat(3, axis=2)  # 1 x 2
    # centres at x = -0.25, 0.25, 0.75, 1.25: clamped to 0 and 1 at the ends
    assert sample(image, 0, 0, 2, 1, 4, 1)[0, :, 0] == pytest.approx([0.0, 0.25, 0.75, 1.0])


# -- letterbox: the detector's box, top left, grey padding -------------------------------------


def test_letterbox_of_a_wide_photo_pads_below():
    image = np.full((100, 200, 3), 0.2, np.float32)
    view = whole(image)
    assert view == View(0, 0, 200, 100, pytest.approx(2.24))  # min(448 / 200, 336 / 100)
    box = letterbox(image, view)
    assert box.shape == (1, 3, reading.DETECT_H, reading.DETECT_W)
    assert np.allclose(box[0, :, :224, :], 0.2)
    assert np.allclose(box[0, :, 224:, :], reading.PAD)


def test_letterbox_of_a_tall_photo_pads_to_the_right():
    image = np.full((300, 100, 3), 0.8, np.float32)
    view = whole(image)
    assert view.scale == pytest.approx(1.12)  # min(448 / 100, 336 / 300)
    box = letterbox(image, view)
    assert np.allclose(box[0, :, :, :112], 0.8)
    assert np.allclose(box[0, :, :, 112:], reading.PAD)


def test_letterbox_of_a_view_samples_only_its_part():
    image = np.zeros((100, 200, 3), np.float32)
    image[:, 100:] = 1.0  # the right half white
    box = letterbox(image, View(110, 20, 160, 60, 4.0))  # 50 x 40 pixels, 4 times: 200 x 160
    assert np.allclose(box[0, :, :160, :200], 1.0)
    assert np.allclose(box[0, :, 160:, :], reading.PAD) and np.allclose(box[0, :, :, 200:], reading.PAD)


# -- find_boxes: peaks, threshold, overlaps, offsets and sizes ---------------------------------

LOW = -10.0  # a cell that is surely no tile


def heat_map(h: int = 10, w: int = 12) -> np.ndarray:
    """An empty map: nothing found, offsets at the cell's centre (0 -> 0.5), sizes one stride (0 -> 1)."""
    heat = np.zeros((5, h, w), np.float32)
    heat[0] = LOW
    return heat


def at(scale: float) -> View:
    """A view from the photo's top left at ``scale`` detector pixels a photo pixel."""
    return View(0, 0, 1000, 1000, scale)


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def test_a_peak_becomes_a_box_from_its_cell_offsets_and_sizes():
    heat = heat_map()
    heat[0, 2, 3] = 3.0
    heat[1, 2, 3], heat[2, 2, 3] = 0.0, math.log(3)  # x offset 0.5, y offset 0.75 of a cell
    heat[3, 2, 3], heat[4, 2, 3] = math.log(5), math.log(6)  # 5 and 6 strides wide and tall
    (box,) = find_boxes(heat, at(1.0))
    cx, cy = (3 + 0.5) * 4, (2 + 0.75) * 4  # 14, 11
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((cx - 10, cy - 12, cx + 10, cy + 12))
    assert box.sure == pytest.approx(sigmoid(3.0))


def test_the_scale_maps_detector_pixels_back_to_the_photo():
    heat = heat_map()
    heat[0, 2, 3] = 3.0
    (box,) = find_boxes(heat, at(0.5))  # the photo is twice the detector's size
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((24, 16, 32, 24))  # centre (28, 20), 8 wide


def test_a_views_boxes_are_moved_to_its_place_in_the_photo():
    heat = heat_map()
    heat[0, 2, 3] = 3.0
    (box,) = find_boxes(heat, View(100, 50, 300, 200, 2.0))  # a view from (100, 50), twice as large
    # the centre (3.5, 2.5) cells = (7, 5) photo pixels from the view's corner; a stride (2 pixels) square
    assert (box.x0, box.y0, box.x1, box.y1) == pytest.approx((106, 54, 108, 56))


def test_only_peaks_at_least_detect_sure_are_tiles():
    heat = heat_map()
    heat[0, 2, 3] = 3.0
    heat[0, 2, 4] = 2.0  # beside a surer cell: not a peak
    heat[0, 6, 0] = -2.0  # a peak, but sigmoid(-2) = 0.12 < DETECT
    heat[0, 7, 9] = 1.0  # a peak: sigmoid(1) = 0.73
    boxes = find_boxes(heat, at(1.0))
    assert [round(b.sure, 3) for b in boxes] == [round(sigmoid(3.0), 3), round(sigmoid(1.0), 3)]


def test_a_box_overlapping_a_surer_one_is_the_same_tile():
    heat = heat_map()
    heat[3:5] = math.log(10)  # every box 40 x 40 pixels
    heat[0, 2, 3], heat[0, 2, 5], heat[0, 9, 11] = 3.0, 2.5, 1.0
    # the boxes of (2, 3) and (2, 5) are 8 pixels apart: 32 x 40 of 40 x 40 overlap (0.8 > OVERLAP)
    assert reading.OVERLAP < 0.8
    boxes = find_boxes(heat, at(1.0))
    assert [(round(b.x0), round(b.y0)) for b in boxes] == [(-6, -10), (26, 18)]


def test_a_tuning_run_gives_its_own_thresholds_and_the_committed_ones_stay():
    """find_boxes takes the least sureness and the most overlap (tools/rackphoto/tune.py asks for
    every peak, none dropped); the module's DETECT and OVERLAP are left as they are."""
    heat = heat_map()
    heat[3:5] = math.log(10)  # every box 40 x 40 pixels
    heat[0, 2, 3], heat[0, 2, 5], heat[0, 7, 9] = 3.0, 2.5, -2.0  # two overlapping, one faint
    committed = reading.DETECT, reading.OVERLAP
    assert len(find_boxes(heat, at(1.0))) == 1
    assert len(find_boxes(heat, at(1.0), detect=0.05, overlap=1.01)) == 3
    assert len(find_boxes(heat, at(1.0), overlap=1.01)) == 2  # the faint one under DETECT
    assert (reading.DETECT, reading.OVERLAP) == committed


def test_detect_overlap_and_maybe_are_read_when_the_reading_runs(monkeypatch):
    """The bench's --set reads a candidate with other marks by setting them on the module: the
    reading must take them when it runs, not the values it was imported with."""
    heat = heat_map()
    heat[3:5] = math.log(10)  # every box 40 x 40 pixels
    heat[0, 2, 3], heat[0, 2, 5], heat[0, 7, 9] = 3.0, 2.5, logit(0.3)  # two overlapping, one faint
    view = at(1.0)
    assert len(find_boxes(heat, view)) == 1
    assert [round(b.sure, 2) for b in maybe_missed(heat, view, find_boxes(heat, view))] == [0.3]
    monkeypatch.setattr(reading, "DETECT", 0.25)
    monkeypatch.setattr(reading, "OVERLAP", 1.01)
    assert len(find_boxes(heat, view)) == 3  # the faint one is a tile now, and the overlap kept
    assert maybe_missed(heat, view, find_boxes(heat, view)) == []  # so no spot
    monkeypatch.setattr(reading, "DETECT", 0.45)
    monkeypatch.setattr(reading, "MAYBE", 0.35)
    assert maybe_missed(heat, view, find_boxes(heat, view)) == []  # the faint peak under MAYBE


def test_no_more_boxes_than_the_whole_set_has_tiles():
    heat = np.zeros((5, 30, 30), np.float32)
    heat[0] = LOW
    heat[0, ::2, ::2] = 2.0  # 225 separate peaks
    heat[3:5] = -3.0  # tiny boxes: none overlaps another
    assert len(find_boxes(heat, at(1.0))) == reading.MOST_TILES == 106


# -- maybe_missed: where a tile may be missed -------------------------------------------------------


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def test_a_peak_under_detect_but_over_maybe_is_a_spot_where_a_tile_may_be_missed():
    heat = heat_map()
    heat[0, 2, 3] = 3.0  # a tile
    heat[0, 2, 8] = logit(0.3)  # nearly sure: may be a tile
    heat[0, 7, 2] = logit(reading.MAYBE - 0.02)  # too faint to say so
    heat[0, 7, 8] = logit(reading.MAYBE + 0.02)  # faint, but said
    view = at(1.0)
    tiles = find_boxes(heat, view)
    spots = maybe_missed(heat, view, tiles)
    assert [round(b.sure, 2) for b in tiles] == [round(sigmoid(3.0), 2)]
    assert [round(b.sure, 2) for b in spots] == [0.3, round(reading.MAYBE + 0.02, 2)]  # surest first
    assert [(b.x0 + b.x1) / 2 for b in spots] == pytest.approx([(8 + 0.5) * 4, (8 + 0.5) * 4])


def test_a_lower_least_shows_the_fainter_spots_and_leaves_the_committed_mark_alone():
    heat = heat_map()
    heat[0, 7, 2] = logit(reading.MAYBE / 2 + 0.01)  # under MAYBE, over half of it
    view, committed = at(1.0), reading.MAYBE
    assert maybe_missed(heat, view, []) == []
    assert [round(b.sure, 3) for b in maybe_missed(heat, view, [], reading.MAYBE / 2)] == [
        round(reading.MAYBE / 2 + 0.01, 3)
    ]
    assert reading.MAYBE == committed  # marks.py asks for less without moving the app's mark


def test_a_spot_a_tile_found_covers_is_that_tile():
    heat = heat_map()
    heat[3:5] = math.log(10)  # every box 40 x 40 pixels
    heat[0, 2, 3] = 3.0  # a tile
    heat[0, 2, 5] = logit(0.3)  # 8 pixels beside it: the same tile, a second peak of it
    heat[0, 2, 11] = logit(0.3)  # 32 pixels away: overlaps it by 8 / 40 = 0.2, under MAYBE_OVERLAP
    assert reading.MAYBE_OVERLAP > 0.2
    view = at(1.0)
    spots = maybe_missed(heat, view, find_boxes(heat, view))
    assert [round((b.x0 + b.x1) / 2) for b in spots] == [46]


def test_no_spot_in_the_letterboxs_grey():
    heat = heat_map()
    heat[0, 2, 3] = logit(0.3)  # centre (14, 10) in the photo
    heat[0, 2, 10] = logit(0.3)  # centre (42, 10): right of a view 30 pixels wide, in the grey
    spots = maybe_missed(heat, View(0, 0, 30, 30, 1.0), [])
    assert [round((b.x0 + b.x1) / 2) for b in spots] == [14]


def test_no_more_spots_than_the_whole_set_has_tiles():
    heat = np.zeros((5, 30, 30), np.float32)
    heat[0] = LOW
    heat[0, ::2, ::2] = logit(0.3)  # 225 separate faint peaks
    heat[3:5] = -3.0
    assert find_boxes(heat, at(1.0)) == []
    assert len(maybe_missed(heat, at(1.0), [])) == reading.MOST_TILES


# -- closer: a second look at small tiles --------------------------------------------------------


def row_of(n: int, height: float, x: float = 300, y: float = 200) -> list[Box]:
    """n tiles side by side, each 0.9 of its height wide, a tenth apart."""
    return [Box(x + k * height, y, x + k * height + 0.9 * height, y + height, 0.9) for k in range(n)]


def test_big_tiles_get_no_second_look():
    view = View(0, 0, 1024, 768, 448 / 1024)
    tall = reading.ZOOM_BELOW / view.scale  # exactly ZOOM_BELOW detector pixels
    assert closer(row_of(8, tall), view) is None
    assert closer([], view) is None


def test_small_tiles_are_looked_at_closer_in_a_frame_of_the_boxs_shape():
    view = View(0, 0, 1024, 768, 448 / 1024)
    tiles = row_of(8, 40)  # 17.5 detector pixels tall; the row spans x 300..616, y 200..240
    near = closer(tiles, view)
    # a tile's height around them is 396 x 120 pixels: the box would hold that 1.13 times, but no
    # tile may pass ZOOM_TALL pixels, so 0.9 times
    assert (
        near.scale == pytest.approx(min(448 / 396, 336 / 120, reading.ZOOM_TALL / 40)) == pytest.approx(0.9)
    )
    # then the whole box's frame at that scale (448 / 0.9 x 336 / 0.9) about the tiles' middle
    # (458, 220): the detector sees photo all over, no strip of table above grey
    assert (near.x0, near.y0, near.x1, near.y1) == pytest.approx(
        (458 - 224 / 0.9, 220 - 168 / 0.9, 458 + 224 / 0.9, 220 + 168 / 0.9)
    )


def test_the_closer_view_stays_on_the_photo():
    view = View(0, 0, 1024, 768, 448 / 1024)
    near = closer(row_of(4, 30, x=0, y=0), view)  # top left: the frame moves right and down
    assert (near.x0, near.y0, near.x1, near.y1, near.scale) == pytest.approx(
        (0, 0, 448 / 1.2, 336 / 1.2, 1.2)
    )
    assert closer(row_of(4, 30, x=2000, y=2000), view) is None  # found in the grey beyond the photo


def test_a_frame_taller_than_the_photo_is_cut_to_it():
    view = View(0, 0, 1024, 200, 448 / 1024)  # a wide strip of a photo
    near = closer(row_of(4, 30, x=400, y=80), view)
    assert (near.y0, near.y1) == (0, 200)
    assert near.x1 - near.x0 == pytest.approx(448 / near.scale)


def test_no_second_look_that_is_not_closer_by_zoom_gain():
    view = View(0, 0, 1024, 768, 448 / 1024)
    spread = row_of(2, 40, x=0) + row_of(2, 40, x=900, y=700)  # small tiles in far corners
    assert closer(spread, view) is None  # the whole photo again: no closer


# -- reading order, odd sizes --------------------------------------------------------------------


def box(x: float, y: float, height: float = 20) -> Box:
    return Box(x, y, x + 14, y + height, 0.9)


def test_two_rows_read_top_row_first_each_left_to_right():
    top = [box(50, 2), box(10, 0), box(30, 4)]
    bottom = [box(40, 31), box(0, 30)]
    ordered = in_reading_order([bottom[0], top[0], bottom[1], top[1], top[2]])
    assert [(b.x0, b.y0) for b in ordered] == [(10, 0), (30, 4), (50, 2), (0, 30), (40, 31)]
    assert in_reading_order([]) == []


def test_odd_sizes_need_enough_peers_and_mark_far_off_heights():
    few = [box(0, 0), box(20, 0), box(40, 0, height=60)]
    assert odd_sizes(few) == [False, False, False]  # three boxes: too few to judge
    many = [box(0, 0, 20), box(20, 0, 21), box(40, 0, 19), box(60, 0, 20), box(80, 0, 40), box(100, 0, 10)]
    assert odd_sizes(many) == [False, False, False, False, True, True]  # median 20: 14.8 .. 27 is usual


def test_boxes_far_smaller_than_the_others_are_set_apart_as_spots():
    few = [box(0, 0), box(20, 0), box(40, 0, height=5)]
    assert small_apart(few) == (few, [])  # three boxes: too few to judge
    tiles = [box(0, 0, 20), box(20, 0, 21), box(40, 0, 19), box(60, 0, 40), box(100, 0, 20)]
    speck, edge = box(200, 300, 9), box(80, 0, 20 / reading.SMALL)  # median 20: under 10 is small
    assert small_apart([*tiles, speck, edge]) == ([*tiles, edge], [speck])
    assert small_apart([*tiles, box(80, 0, 20 / reading.SMALL - 0.01)])[1] != []  # just under the line


def test_the_reading_shows_chips_in_reading_order_and_small_boxes_after_the_missed_spots():
    row = [box(40, 0), box(0, 1), box(20, 0), box(60, 2)]
    speck, missed = box(300, 200, 4), box(80, 0)
    chips, spots = chips_and_spots([*row, speck], [missed])
    assert chips == in_reading_order(row) and spots == [missed, speck]


# -- tokens --------------------------------------------------------------------------------------


def test_tokens_of_numbers_colours_and_the_joker():
    number = np.full((3, 14), 0.0, np.float32)
    colour = np.full((3, 4), 0.0, np.float32)
    number[0, 2], colour[0, 2] = 10.0, 10.0  # 3, R
    number[1, reading.JOKER], colour[1, 1] = 10.0, 0.5  # a joker: its colour does not count
    number[2, 12], colour[2, 0] = 10.0, 10.0  # 13, K
    tokens, sure_n, sure_c = tokens_of(number, colour)
    assert tokens == ["R3", "J", "K13"]
    assert sure_n[0] == pytest.approx(math.exp(10) / (math.exp(10) + 13))
    assert sure_c[0] == pytest.approx(math.exp(10) / (math.exp(10) + 3))
    assert sure_c[1] == 1.0


def test_the_tiles_are_read_from_the_mean_of_the_looks_and_their_sureness_from_the_first():
    """Two tiles, two looks: the first tile both looks read as R3 (the mean can only agree); the
    second the first look takes for a 7 by a little and the further look for a 1 by a lot, so the
    mean reads a 1 (the looks disagree: doubted marks it); sureness stays the first look's."""
    number = np.zeros((4, 14), np.float32)
    colour = np.zeros((4, 4), np.float32)
    number[[0, 2], 2], colour[[0, 2], 2] = 9.0, 9.0  # tile 0: R3 in both looks
    number[1, 6], number[1, 0], colour[1, 1] = 5.0, 4.0, 9.0  # tile 1, first look: 7 before 1
    number[3, 0], number[3, 6], colour[3, 1] = 9.0, 1.0, 9.0  # tile 1, further look: 1 by far
    tokens, sure_n, sure_c = readout.read_tokens(number, colour, 2)
    first = tokens_of(number[:2], colour[:2])
    assert first[0] == ["R3", "B7"] and tokens == ["R3", "B1"]
    assert sure_n[0] == first[1][0] and sure_c == first[2]  # the first look's, of the tile as read
    assert sure_n[1] < 0.5 < first[1][1]  # the first look's belief in a 1, not in its own 7
    assert readout.doubted(number, 2) == [False, True]


def test_a_colour_the_looks_disagree_on_is_read_from_their_mean_and_marked():
    """The numbers agree (5), so doubted does not mark the tile; the first look takes it for black
    and the further look for blue by far more, so the mean reads blue, and the first look's belief
    in blue is under SURE_COLOUR: the chip is marked."""
    number = np.zeros((2, 14), np.float32)
    colour = np.zeros((2, 4), np.float32)
    number[:, 4] = 9.0
    colour[0, 0], colour[0, 1] = 3.0, 1.0  # first look: black before blue
    colour[1, 1] = 12.0  # further look: blue by far
    tokens, sure_n, sure_c = readout.read_tokens(number, colour, 1)
    assert tokens == ["B5"] and readout.doubted(number, 1) == [False]
    assert sure_c[0] < reading.SURE_COLOUR and sure_n[0] > 0.99


# -- further looks and the joker's doubt (issue 37) --------------------------------------------


def test_a_look_moves_and_widens_the_cut():
    image = np.random.default_rng(3).random((20, 30, 3)).astype(np.float32)
    b = Box(4, 2, 14, 17, 0.9)
    own = reading.crops(image, [b])
    assert np.allclose(own, reading.crops(image, [b], (reading.MARGIN, 0.0, 0.0)))
    moved = reading.crops(image, [b], (0.0, 0.1, -0.2))  # 1 pixel right, 3 up, no margin
    assert np.allclose(
        moved[0], sample(image, 5, -1, 15, 14, reading.READ_W, reading.READ_H).transpose(2, 0, 1)
    )
    every = reading.every_look(image, [b, b])
    assert every.shape == (2 * (1 + len(reading.LOOKS)), 3, reading.READ_H, reading.READ_W)
    assert np.allclose(every[:2], reading.crops(image, [b, b]))
    assert np.allclose(every[2:4], reading.crops(image, [b, b], reading.LOOKS[0]))


def test_doubted_when_a_look_reads_otherwise_or_the_joker_is_likely():
    n, looks = 4, 1 + len(reading.LOOKS)
    number = np.zeros((looks * n, 14), np.float32)
    number[:, 4] = 10.0  # every look reads a 5
    number[1, reading.JOKER] = 9.0  # tile 1: the joker beside the 5
    number[n + 2, 4], number[n + 2, 7] = 0.0, 10.0  # tile 2: the second look reads an 8
    number[[3 + k * n for k in range(looks)], reading.JOKER] = 12.0  # tile 3: the joker, in every look
    assert readout.doubted(number, n) == [False, True, True, False]
