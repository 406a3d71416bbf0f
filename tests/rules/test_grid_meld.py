"""The initial meld on a grid (issue 18): a crossing tile counts once (CT-5, CT-6)."""

import pytest

from scorekeeper.rules import check_turn

MELDS = [
    # a crossing number tile counts its number once: 4+5+6+5+5 = 25, short of 30
    ("R4 R5 R6 B5 G5", "R4 R5 R6 / . B5 . / . G5 .", 25),
    # a joker at a crossing counts the higher of its two numbers (R4 across, R6 down): 3+6+5+5+7
    ("R3 J R5 R5 R7", ". R5 . / R3 J R5 / . R7 .", 26),
    # the same crossing worth enough: 9+10+11+10+10 = 50
    ("R9 R10 R11 B10 G10", "R9 R10 R11 / . B10 . / . G10 .", 50),
]


@pytest.mark.parametrize(("rack", "after", "points"), MELDS)
def test_a_crossing_tile_counts_once_in_the_initial_meld(rack, after, points):
    v = check_turn("crazy-tiles", "", rack, after, initial=True)
    assert v.extra["initial_meld"]["points"] == points
    assert v.extra["initial_meld"]["reached"] is (points >= 30)
    assert v.valid is (points >= 30)
    if points < 30:
        assert any(r.startswith("CT-6") and f"worth {points} points" in r for r in v.reasons)
    else:
        assert v.points == points
