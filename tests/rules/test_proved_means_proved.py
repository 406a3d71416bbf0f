"""Issue 34, "proved means proved": the grid's best play and the turn checker agree with RULES.md on
crossings through a set's own tiles (CT-9), crossing jokers (CT-9, CT-10) and a rack joker's value
(CT-1, CT-5); each example through ``scorekeeper solve`` / ``scorekeeper turn`` as a player types it."""

from __future__ import annotations

import json

from scorekeeper.cli import main


def cli(capsys, *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def solve(capsys, variant: str, table: str, rack: str) -> dict:
    code, answer = cli(capsys, "solve", variant, "--table", table, "--rack", rack)
    assert code == 0
    return answer


def turn(capsys, variant: str, before: str, rack: str, after: str) -> tuple[int, dict]:
    return cli(capsys, "turn", variant, "--before", before, "--rack", rack, "--after", after)


def test_a_new_line_may_cross_a_tile_of_a_set_of_the_same_kind_ct9(capsys):
    # R4 R6 make a second R4 R5 R6 down through the table's R5: the turn checker says legal
    answer = solve(capsys, "runny-tiles", "R4 R5 R6", "R4 R6")
    assert (answer["tiles_played"], answer["optimal"]) == (2, True)
    code, verdict = turn(capsys, "runny-tiles", "R4 R5 R6", "R4 R6", answer["board"])
    assert code == 0 and verdict["valid"] and verdict["played"] == ["R4", "R6"]


def test_a_table_joker_may_cross_when_one_of_its_lines_holds_two_rack_tiles_ct10(capsys):
    # K9 J K11: the joker stood for K10. Across J K11 B12 R13 it is G10 beside two rack tiles;
    # down J K9 B10 it is G8 beside one: one line with two is enough (docs/grid-best-play.md)
    issue_board = "J K11 B12 R13 / K9 . . . / B10 . . ."
    code, verdict = turn(capsys, "runny-tiles", "K9 J K11", "B10 B12 R13", issue_board)
    assert code == 0 and verdict["played"] == ["B10", "B12", "R13"]
    answer = solve(capsys, "runny-tiles", "K9 J K11", "B10 B12 R13")
    assert (answer["tiles_played"], answer["optimal"]) == (3, True)
    code, verdict = turn(capsys, "runny-tiles", "K9 J K11", "B10 B12 R13", answer["board"])
    assert code == 0 and verdict["value"] == answer["value"]


def test_a_joker_taken_back_with_one_rack_tile_in_each_line_is_not_legal_ct10(capsys):
    # no line through the joker holds two rack tiles (one in each does not make two)
    code, verdict = turn(capsys, "runny-tiles", "K9 J K11", "B10 B12", "J K11 B12 / K9 . . / B10 . .")
    assert code == 1 and not verdict["valid"]
    assert any(r.startswith("CT-10: the joker that stood for K10") for r in verdict["reasons"])


def test_a_crossing_joker_keeps_its_colour_in_what_it_stood_for_ct9_ct10(capsys):
    # the row made the joker red, so it stood for R5 (never G5); below K5 it is G5 beside one rack tile
    before = "R4 J R6 / . B5 . / . K5 ."
    code, verdict = turn(capsys, "runny-tiles", before, "R5", "R4 R5 R6 / . B5 . / . K5 . / . J .")
    assert code == 1
    assert verdict["reasons"] == [
        "CT-10: the joker that stood for R5 now stands for G5; "
        "a joker taken back must go into a set holding two tiles from your rack"
    ]
    # with two rack tiles beside it in its new line, the same move is legal
    after = "R4 R5 R6 / . B5 . / . K5 . / . J G6 G7"
    code, verdict = turn(capsys, "runny-tiles", before, "R5 G6 G7", after)
    assert code == 0 and verdict["played"] == ["G6", "G7", "R5"]


def test_best_play_values_a_rack_joker_as_the_turn_checker_does_ct1_ct5(capsys):
    # J J R13 reads as a run (R11 R12 R13) or a group of 13s: CT-1 counts the higher, so the rack's
    # joker is worth 13 (the solver said 25, the turn checker 26 for the same table)
    table, rack = "B11 G11 K11 J", "R5 K9 J R13 K3"
    for goal in ("tiles", "value"):
        code, answer = cli(capsys, "solve", "rummikub", "--table", table, "--rack", rack, "--goal", goal)
        after = " | ".join(" ".join(s) for s in answer["table"])
        code, verdict = turn(capsys, "rummikub", table, rack, after)
        assert code == 0 and (answer["value"], answer["optimal"]) == (verdict["value"], True) == (26, True)
