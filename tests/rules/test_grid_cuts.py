"""Valid cuts for the grid programme (issue 18, CT-9): crossings no board can hold are cut away,
so more best plays are proved, and no legal board is ever cut (checked by exhaustive search)."""

import pytest

from scorekeeper.rules import check_turn, solve
from scorekeeper.rules.solver.grid_pairing import can_pair, unpairable

from .grid_brute import most_tiles


def test_two_lines_meet_at_most_once():
    # two runs holding K4 and R6 both cannot cross at both
    sets = [("K4", "B5", "R6"), ("K4", "G5", "R6")]
    assert can_pair(sets, ["K4"]) and can_pair(sets, ["R6"])
    assert can_pair(sets, ["K4", "R6"]) is False
    assert unpairable(sets, ["K4", "R6"]) == {"K4": 1, "R6": 1}


def test_three_lines_cannot_cross_each_other():
    # a triangle of crossings: one line would have to be both across and down
    sets = [("R11", "R12", "R13"), ("R13", "K13", "G13"), ("R11", "B12", "K13")]
    assert can_pair(sets, ["R13", "K13"]) is True
    assert can_pair(sets, ["R13", "K13", "R11"]) is False


def test_a_ring_of_four_lines_can_be_paired():
    # R1 R2 R3 / K1 . K3 / B1 B2 B3: four lines, four crossings, a legal board
    sets = [("R1", "R2", "R3"), ("B1", "B2", "B3"), ("R1", "K1", "B1"), ("R3", "K3", "B3")]
    assert can_pair(sets, ["R1", "B1", "R3", "B3"]) is True


def test_a_crossing_joker_keeps_one_colour_in_both_sets():
    sets = [("G7", "J", "R9"), ("J", "B12", "K13")]
    assert can_pair(sets, ["J"], {(0, 1): frozenset("BK"), (1, 0): frozenset("RG")}) is False
    assert can_pair(sets, ["J"], {(0, 1): frozenset("BK"), (1, 0): frozenset("RK")}) is True


@pytest.mark.parametrize(
    ("variant", "rack", "table", "most"),
    [
        # before the cuts: 0 tiles laid, "not proven, at most 3"
        ("runny-tiles", "K13 K5 B1 R1 B2", "G1 G2 G3", 2),
        # before: 0 tiles, "at most 1"
        ("crazy-tiles", "R9 B7 R4", "B6 B7 B8", 0),
        # before: 0 tiles, "at most 3"
        ("runny-tiles", "G5 B3 G3", "R2 R3 R4", 2),
    ],
)
def test_plays_the_cuts_prove_best_match_an_exhaustive_search(variant, rack, table, most):
    best = solve(variant, rack, table=table)
    assert (best.tiles_played, best.optimal) == (most, True)
    assert most_tiles(variant, rack, table, 3, 3) == most
    if most:
        assert check_turn(variant, table, rack, best.board).valid


@pytest.mark.parametrize("variant", ["crazy-tiles", "runny-tiles"])
def test_a_ring_of_crossings_is_laid_and_proved(variant):
    # the best board needs a ring of four crossings (R1 R2 R3 / K1 . K3 / B1 B2 B3): the cuts keep
    # it (the bound is 5, as the exhaustive search finds) and the layout closes the ring
    # (before: 3 tiles, "not proven, at most 5")
    best = solve(variant, "K1 B1 K3 B3 B2", table="R1 R2 R3")
    assert (best.tiles_played, best.optimal) == (5, True)
    assert check_turn(variant, "R1 R2 R3", "K1 B1 K3 B3 B2", best.board).valid
    assert most_tiles(variant, "K1 B1 K3 B3 B2", "R1 R2 R3", 3, 3) == 5


def test_another_solution_asks_for_as_many_tiles_not_as_much_value():
    # the bound's own tie-break value must not be asked of the other solutions tried: here the
    # board laying all 6 rack tiles is worth less than the first (unlayable) answer
    best = solve("runny-tiles", "J B12 K13 R9 B5 G6", table="B9 B10 B11 | B7 G7 K7")
    assert (best.tiles_played, best.optimal) == (6, True)
    assert check_turn("runny-tiles", "B9 B10 B11 | B7 G7 K7", "J B12 K13 R9 B5 G6", best.board).valid


def test_when_nothing_reaches_the_bound_a_smaller_crossing_play_is_still_found():
    # the bound's answer (G10 G2 and G12 G3 both down from G1 G2 G3) cannot be laid: the two would
    # touch; no other answer reaches the bound, so one laying fewer is asked for, and G10 goes
    # down to G2 alone (before: 0 tiles laid)
    best = solve("crazy-tiles", "G12 B10 G5 K13 G10", table="G1 G2 G3")
    assert best.tiles_played >= 1
    assert check_turn("crazy-tiles", "G1 G2 G3", "G12 B10 G5 K13 G10", best.board).valid
    assert best.optimal or best.bound >= best.tiles_played
