"""The two-dimensional board of Crazy and Runny Rummy Tiles (CT-9)."""

import importlib.util
from pathlib import Path

import pytest

from scorekeeper.rules import NotationError, check

BENCH = Path(__file__).resolve().parents[2] / "bench" / "rules_bench.py"


def board(*rows: str) -> str:
    return " / ".join(rows)


def parts(verdict):
    return [
        (p["direction"], p["row"], p["col"], p["cells"], p["valid"])
        for p in verdict.to_dict().get("parts", [])
    ]


def test_ct9_crossing_six_reads_6_across_and_9_down():
    v = check("crazy-tiles", board(". R8 .", "R5 R6 R7", ". R10 ."))
    assert v.valid and v.kind == "board" and v.kinds == ("board",)
    assert v.reading == ("R8", "R5", "R6/R9", "R7", "R10")
    assert v.points == 8 + 5 + 6 + 7 + 10  # CT-5: each tile once, true numbers
    assert [p["reading"] for p in v.to_dict()["parts"]] == [["R5", "R6", "R7"], ["R8", "R9", "R10"]]


def test_ct9_crossing_ten_reads_0_1_across_and_10_down():
    v = check("crazy-tiles", board(". K10 .", "R13 R10 R2", ". B10 ."))
    assert v.valid
    assert v.reading == ("K10", "R13", "R0+R1/R10", "R2", "B10")
    assert parts(v) == [
        ("across", 2, 1, ["R13", "R10", "R2"], True),
        ("down", 1, 2, ["K10", "R10", "B10"], True),
    ]


def test_ct9_crossing_joker_is_two_numbers_of_one_colour_and_counts_the_higher():
    v = check("crazy-tiles", board(". R9 .", "R5 J R7", ". R11 ."))
    assert v.valid
    assert v.reading == ("R9", "R5", "R6/R10", "R7", "R11")
    assert v.points == 9 + 5 + 7 + 11 + 10  # the joker counts max(6, 10)


def test_ct9_crossing_joker_must_keep_one_colour():
    v = check("crazy-tiles", board(". B9 .", "R5 J R7", ". B11 ."))
    assert not v.valid
    assert "CT-9: the joker at row 2, column 2 must keep one colour in both its sets" in v.reasons
    assert all(p["valid"] for p in v.to_dict()["parts"])  # each line alone is legal


def test_ct9_crossing_joker_colour_chosen_to_fit_both_lines():
    # Across the joker may be K or G (a group of 6s, or of 9s); down it must be gold (G5 J G7).
    v = check("crazy-tiles", board(". G5 .", "R6 J B6", ". G7 ."))
    assert v.valid
    across, down = (p["reading"] for p in v.to_dict()["parts"])
    assert across[1][0] == "G" and down == ["G5", "G6", "G7"]


@pytest.mark.parametrize(
    "text,reason",
    [
        (board("R1 R2 R3 .", ". . . K5"), "CT-9: K5 at row 2, column 4 is not part of any set"),
        (board("R5 R6", ""), "CT-9: the line across from row 1, column 1 (R5 R6) is not a legal set"),
        (
            board("R5 R6 R7", "J", "R8"),
            "CT-9: the line down from row 1, column 1 (R5 J R8) is not a legal set",
        ),
        (board("R5 R5 R5 .", "K5 K6 K7"), "CT-9: the game has only two R5 tiles; this board shows 3"),
        (board("J J J R1", ""), "CT-9: the game has only two jokers; this board shows 3"),
    ],
    ids=["CT-9-orphan", "CT-9-line-of-2", "CT-9-down-line", "CT-9-two-of-each", "CT-9-two-jokers"],
)
def test_ct9_illegal_boards(text, reason):
    v = check("crazy-tiles", text)
    assert not v.valid and v.kind is None and v.points is None
    assert any(r.startswith(reason) for r in v.reasons), v.reasons


def test_ct9_line_of_two_is_legal_when_a_split_makes_three_positions():
    assert check("crazy-tiles", board("R10 R2", "")).valid


def test_ct9_lines_are_maximal():
    v = check("runny-tiles", board("R1 R2 R3 R4 . K5 K6 K7"))
    assert parts(v) == [
        ("across", 1, 1, ["R1", "R2", "R3", "R4"], True),
        ("across", 1, 6, ["K5", "K6", "K7"], True),
    ]


def test_ct9_single_column_is_a_down_line():
    v = check("runny-tiles", "R1\nB2\nK3")
    assert v.valid and parts(v) == [("down", 1, 1, ["R1", "B2", "K3"], True)]


def test_ct9_vertical_sets_read_top_to_bottom():
    assert not check("crazy-tiles", "R3 / R2 / R1").valid


def test_ct9_board_needs_the_grid_switch():
    with pytest.raises(NotationError, match="CT-9"):
        check("rummikub", board("R1 R2 R3", ""))
    with pytest.raises(NotationError, match="CT-9"):
        check("crazy-tiles", board("R1 R2 R3", ""), options={"grid": False})
    assert check("rummikub", board("R1 R2 R3", ""), options={"grid": True}).valid


def test_ct9_a_single_row_without_empty_cells_is_one_set():
    assert check("crazy-tiles", "R1 R2 R3").kind == "run"


def test_ct9_board_cannot_be_extended():
    with pytest.raises(NotationError, match="CT-9"):
        check("crazy-tiles", "R4", extend=board("R1 R2 R3", ""))


def test_ct9_bad_token_in_board_is_a_notation_error():
    with pytest.raises(NotationError, match="'R14'"):
        check("crazy-tiles", board("R1 R2 R3", "R14 ."))


def test_ct6_board_carries_the_initial_meld():
    assert check("crazy-tiles", board("R1 R2 R3", "")).to_dict()["initial_meld"] == {
        "points": 6,
        "needed": 30,
        "reached": False,
    }


def test_ct9_full_106_tile_board_of_the_benchmark_is_legal():
    spec = importlib.util.spec_from_file_location("rules_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    text = bench.full_board()
    assert len([t for t in text.split() if t not in ("/", ".")]) == 106
    v = check("crazy-tiles", text)
    assert v.valid, v.reasons
    assert v.points == 2 * 4 * sum(range(1, 14)) + 20 + 20


@pytest.mark.parametrize(
    "rows,reading,points",
    [
        # sheet step 9: an 11 is 1+1 across and 11 down
        (("R9 .", "R10 .", "R11 R1"), ("R9", "R10", "R1+R1/R11", "R1"), 9 + 10 + 11 + 1),
        # sheet step 10: a 12 is 1+2 across and 12 down
        (("R10 .", "R11 .", "R12 R3"), ("R10", "R11", "R1+R2/R12", "R3"), 10 + 11 + 12 + 3),
        # sheet step 12: a joker used as 6 and as 9 counts 9
        ((". R8 .", "R5 J R7", ". R10 ."), ("R8", "R5", "R6/R9", "R7", "R10"), 8 + 5 + 7 + 10 + 9),
    ],
    ids=["CT-9-seed-eleven-crossing", "CT-9-seed-twelve-crossing", "CT-5-seed-joker-6-and-9-counts-9"],
)
def test_seed_crossings(rows, reading, points):
    v = check("crazy-tiles", board(*rows))
    assert v.valid, v.reasons
    assert v.reading == reading and v.points == points
