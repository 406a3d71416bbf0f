"""Layout cuts for the grid programme (issue 18, CT-9): crossings that can be paired but not placed
side by side on any board are cut away, so more best plays are proved; no legal board is cut."""

import pytest

from scorekeeper.rules import check, check_turn, solve
from scorekeeper.rules.solver.grid_geometry import can_place, lay_board, neighbours, unplaceable
from scorekeeper.rules.solver.grid_layout import lay_out
from scorekeeper.rules.solver.grid_pairing import can_pair
from scorekeeper.rules.solver.templates import library
from scorekeeper.rules.solver.tile_engine import NOTATION, options_of, switches_of
from scorekeeper.rules.tiles.grid import check_board

from .grid_brute import most_tiles

CRAZY = library(switches_of(options_of("crazy-tiles", {})))
RUNNY = library(switches_of(options_of("runny-tiles", {})))


def test_tiles_stand_side_by_side_only_where_some_set_joins_them():
    beside = neighbours(CRAZY)
    assert ("K4", "K5") in beside and ("R5", "B5") in beside and ("J", "K8") in beside
    assert ("K4", "K8") not in beside and ("K5", "K4") not in beside  # a run is read in order


def test_two_runs_down_from_neighbouring_cells_cannot_be_laid_ct9():
    # K4 K5 K9 (9 read as 6) ends at K9 and K8 K6 K10 (6 read as 9) ends at K10, both down from the
    # run K8 K9 K10: their K4 and K8 would stand side by side, in no set. The crossings pair (each
    # two sets meet once, no triangle), so only the layout check can cut them away
    sets = [("K4", "K5", "K9"), ("K8", "K9", "K10"), ("K8", "K6", "K10")]
    kinds = ["run"] * 3
    assert can_pair(sets, ["K9", "K10"]) is True
    assert can_place(sets, kinds, ["K9", "K10"], {}, neighbours(CRAZY)) is False
    assert unplaceable(sets, kinds, ["K9", "K10"], {}, neighbours(CRAZY)) == {"K9": 1, "K10": 1}
    assert can_place(sets, kinds, ["K9"], {}, neighbours(CRAZY)) is True


def test_a_chain_of_crossings_that_a_board_holds_is_placed():
    # . . G3 / R2 G3 K4 / . . R5 B6 K7: three runny runs, crossing at K4 and R5
    sets = [("R2", "G3", "K4"), ("G3", "K4", "R5"), ("R5", "B6", "K7")]
    assert can_place(sets, ["run"] * 3, ["K4", "R5"], {}, neighbours(RUNNY)) is True


@pytest.mark.parametrize(
    ("rack", "table", "most"),
    [
        # bench position 68: before, 7 tiles, "not proven, at most 10"
        ("R11 K4 K8 K12 G1 G12 R13 R1 K8 K10 K6 K5 B7", "B1 B2 B3 B4 B5 B9 | R6 K9 G9", 9),
        # bench position 150: before, 6 tiles, "not proven, at most 7"
        ("R13 B12 R11 G4 G5 R8 R5 R10", "K10 K2 K3 | B1 B2 B3 B4 B5 B9 | R5 R9 R7 R8", 6),
    ],
)
def test_plays_the_layout_cuts_prove_best(rack, table, most):
    best = solve("crazy-tiles", rack, table=table)
    assert (best.tiles_played, best.optimal) == (most, True)
    assert check_turn("crazy-tiles", table, rack, best.board).valid


@pytest.mark.parametrize(
    ("variant", "rack", "table", "window"),
    [
        ("crazy-tiles", "K4 K5 K8", "K8 K9 K10", (4, 4)),
        ("runny-tiles", "R2 G3 B6 K7", "G3 K4 R5", (3, 5)),
        ("crazy-tiles", "K5 K4 K6", "K8 K9 K10", (4, 4)),
    ],
)
def test_the_layout_cuts_never_cut_a_board_an_exhaustive_search_finds(variant, rack, table, window):
    best = solve(variant, rack, table=table)
    assert best.optimal
    assert best.tiles_played == most_tiles(variant, rack, table, *window)


def test_a_cut_never_demands_the_sets_it_cut_away_ct9():
    # bench position 7: the old cut rows asked every later choice for at least the cut-away
    # choice's sets and at most its crossings, so a board laying 10 was cut and 9 "proved best"
    rack, table = (
        "G13 G12 B10 K3 B13 G13 R13 J R11 B3",
        "R9 R10 R11 | K5 B6 G7 R8 | K5 K6 K7 K8 K9 | G9 R10 B11",
    )
    best = solve("runny-tiles", rack, table=table, time_limit=60)
    assert (best.tiles_played, best.optimal) == (10, True)
    assert check_turn("runny-tiles", table, rack, best.board).valid


def test_the_exact_layout_lays_lines_side_by_side_joined_by_a_crossing_line():
    # bench position 160's best answer: two groups down from R8 and R9 put B8 beside B6, which
    # B7 B8 B6 then reads across; the quick layout refuses a tile beside another line's
    sets = [
        ("R8", "R9", "R10"),
        ("B7", "B8", "B6"),
        ("R9", "B6", "K9"),
        ("R8", "B8", "K8"),
        ("B12", "B13", "B10", "B2"),
        ("R10", "B10", "K10"),
        ("K13", "K10"),
    ]
    kinds = ["run", "run", "group", "group", "run", "group", "run"]
    crossed = ["R8", "R9", "B6", "B8", "B10", "K10"]
    assert lay_out(list(zip(sets, kinds)), crossed) is None
    sw = switches_of(options_of("crazy-tiles", {}))

    def legal(rows):
        return check_board([[NOTATION.parse_token(t) if t else None for t in row] for row in rows], sw)[0]

    rows = lay_board(sets, kinds, crossed, {}, neighbours(CRAZY), legal)
    board = " / ".join(" ".join(c or "." for c in row) for row in rows)
    assert check("crazy-tiles", board).valid
    assert sorted(t for t in board.split() if t not in "./") == sorted(_tiles(sets, crossed))


def _tiles(sets, crossed):
    tiles = [t for s in sets for t in s]
    for t in crossed:
        tiles.remove(t)
    return tiles


@pytest.mark.parametrize(
    ("variant", "rack", "table", "most"),
    [
        # bench position 151: before, 5 tiles, "not proven, at most 6"
        ("runny-tiles", "K7 B9 K5 K12 R2 R6 B6 G3", "G3 K4 R5 | R9 R10 R11 R12 R13 | G10 B11 R12", 5),
        # bench position 160: before, 5 tiles, "not proven, at most 7"
        (
            "crazy-tiles",
            "B4 K11 R10 K13 B7 B2 G7 B7",
            "B1 B1 B11 | K8 K9 K10 K11 | R7 R8 R9 R10 | B8 B6 B10 B11 B12 B13",
            7,
        ),
    ],
)
def test_plays_the_layout_search_proves_best(variant, rack, table, most):
    best = solve(variant, rack, table=table, time_limit=60)
    assert (best.tiles_played, best.optimal) == (most, True)
    assert check_turn(variant, table, rack, best.board).valid
