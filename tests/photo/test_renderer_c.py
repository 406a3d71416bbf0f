"""Renderer C (tools/rackphoto/webscene/, issue 37): a third program's rack photos, drawn by
Chromium from a web page, labelled as the other renderers' are; no model trains on it. Its scenes
and pages here; its photos, drawn by Chromium, in tests/browser/test_renderer_c_browser.py."""

from __future__ import annotations

import collections
import itertools
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "rackphoto"))

import scene  # noqa: E402
import webscene  # noqa: E402
from webscene import markup, plan  # noqa: E402


def _scenes(split: str, count: int):
    first = webscene.SEEDS[split]
    return [plan.scene(np.random.default_rng(s), split) for s in range(first, first + count)]


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
    assert set(webscene.SEEDS.values()).isdisjoint(scene.SEEDS.values())
    starts = sorted([*webscene.SEEDS.values(), *scene.SEEDS.values(), 800_000, 900_000])
    assert all(hi - lo >= 100_000 for lo, hi in itertools.pairwise(starts))


@pytest.mark.parametrize("split", sorted(plan.OWN))
def test_each_split_draws_its_own_fonts_and_cloths_and_no_other_split_does(split):
    """c-holdout's font and cloth, c-fresh's font (a second calibration split) and c-final's font and
    cloth (a second held-out split) are drawn in that split alone, and each drawn there; a split
    draws nothing beside the shared fonts and cloths and its own."""
    own_fonts, own_cloths = plan.OWN[split]
    here = _scenes(split, 300)
    others = [s for other in plan.OWN if other != split for s in _scenes(other, 150)]
    for font in own_fonts:
        assert any(s.tile["font"] == font for s in here)
        assert font in markup.ALL_FONTS and font not in plan.FONTS
    for cloth in own_cloths:
        assert any(s.cloth["kind"] == cloth for s in here)
    assert all(s.tile["font"] in [*plan.FONTS, *own_fonts] for s in here)
    assert all(s.cloth["kind"] in [*plan.CLOTHS, *own_cloths] for s in here)
    assert all(s.tile["font"] not in own_fonts and s.cloth["kind"] not in own_cloths for s in others)


def test_every_split_of_renderer_c_has_its_own_fonts_and_cloths_named():
    assert set(plan.OWN) == set(webscene.SEEDS)


def test_each_cloth_is_its_own_pattern_and_an_unknown_one_is_refused():
    """Every cloth kind gives its own background (a misspelt kind drew c-holdout's flowers before)."""
    kinds = [*plan.CLOTHS, *(c for _, cloths in plan.OWN.values() for c in cloths)]
    backgrounds = {markup.cloth({"kind": k, "hue": 200.0, "scale": 1.0, "seed": 7})[0] for k in kinds}
    assert len(backgrounds) == len(set(kinds))
    assert (
        "radial-gradient(circle at 50% 100%"
        in markup.cloth({"kind": "waves", "hue": 20.0, "scale": 1.0, "seed": 7})[0]
    )
    with pytest.raises(ValueError, match="no cloth 'wavy'"):
        markup.cloth({"kind": "wavy", "hue": 20.0, "scale": 1.0, "seed": 7})


def test_the_page_has_a_face_per_tile_with_its_numeral_or_a_joker_drawn_in_svg():
    s = plan.scene(np.random.default_rng(5))
    s.tiles = [plan.Tile(12, 2, 0, 0), plan.Tile(0, 0, 0, 1), plan.Tile(7, 1, 0, 2)]
    html = markup.page(s)
    assert html.count('class="face"') == 3 and html.count("<script") == 0
    assert ">12</span>" in html and ">7</span>" in html and html.count('class="jk"') == 1
    assert s.tile["inks"][2] in html and s.tile["inks"][1] in html
