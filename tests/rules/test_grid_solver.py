"""Best play on the grid (issue 18, CT-9, CT-11): crossings found, and `optimal` never claims more
than was searched."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import check, check_turn, solve

from .grid_brute import most_tiles


@pytest.mark.parametrize("variant", ["crazy-tiles", "runny-tiles"])
def test_a_play_that_needs_a_crossing_is_found_and_proved(variant):
    # the example: B2 G2 only fit as a group down through K2
    best = solve(variant, "B2 G2", table="K1 K2 K3")
    assert (best.tiles_played, best.optimal) == (2, True)
    assert check(variant, best.board).valid
    assert check_turn(variant, "K1 K2 K3", "B2 G2", best.board).valid


def test_rummikub_has_no_grid_so_nothing_changes():
    assert solve("rummikub", "B2 G2", table="K1 K2 K3").to_dict()["tiles_played"] == 0


def test_must_play_b_passing_when_a_crossing_play_exists_is_illegal_ct11():
    v = check_turn("crazy-tiles", "K1 K2 K3", "B2 G2", "K1 K2 K3", must_play="B")
    assert not v.valid and v.extra["could_play"] == 2
    assert any(r.startswith("CT-11") for r in v.reasons)


def test_an_answer_is_proved_or_says_it_is_not_and_gives_a_bound():
    # a crossing programme may join tiles that no board can lay (two runs that would have to cross
    # each other while both cross one group); then the answer may not claim "proved best"
    best = solve(
        "runny-tiles", "B13 G4 G11 B5 K13 K5", table="R3 K3 G3 | B8 G9 K10 | B8 R9 G10 K11 | B9 B10 B11"
    ).to_dict()
    if best["optimal"]:
        assert "bound" not in best
    else:
        assert best["bound"] >= best["tiles_played"]
        assert any("not proven" in n for n in best["notes"])


@pytest.mark.parametrize(
    ("variant", "rack", "table"),
    [
        ("crazy-tiles", "B2 G2", "K1 K2 K3"),
        ("runny-tiles", "B2 G2", "K1 K2 K3"),
        ("crazy-tiles", "R5 B5 K9", "K4 K5 K6"),
        ("runny-tiles", "R8 K8 G12", "B7 B8 B9"),
    ],
)
def test_the_optimum_matches_an_exhaustive_search_of_boards(variant, rack, table):
    best = solve(variant, rack, table=table)
    assert best.optimal
    assert best.tiles_played == most_tiles(variant, rack, table, 3, 3)


def test_the_console_script_answers_the_grid_play_as_json_alone_on_stdout():
    # a new process: HiGHS prints its banner on the first solver it makes, unless kept off stdout
    script = Path(sys.executable).with_name("scorekeeper")
    if not script.exists():
        pytest.skip(f"console script not installed next to {sys.executable}; run `make test`")
    done = subprocess.run(
        [str(script), "solve", "crazy-tiles", "--rack", "B2 G2", "--table", "K1 K2 K3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    answer = json.loads(done.stdout)
    assert (answer["tiles_played"], answer["optimal"]) == (2, True)
    assert answer["board"] == ". B2 . / . G2 . / K1 K2 K3"
