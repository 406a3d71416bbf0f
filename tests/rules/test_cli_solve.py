"""``scorekeeper solve`` and ``scorekeeper turn`` (issue 12): exit codes, words and JSON, batch lines."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_lays_the_most_tiles_and_says_it_is_proved(capsys):
    code, out, _ = run(capsys, "solve", "rummikub", "--rack", "R7 R8 K2", "--table", "R4 R5 R6")
    assert code == 0
    assert out.splitlines() == [
        "Lay 2 tiles (15 points): R7 R8 (proved best)",
        "  table after: R4 R5 R6 R7 R8",
    ]


def test_solve_json_has_the_batch_fields(capsys):
    code, out, _ = run(capsys, "solve", "rummikub", "--rack", "R7 R8 K2", "--table", "R4 R5 R6", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["play"] == ["R7", "R8"] and answer["optimal"] is True
    assert answer["table"] == [["R4", "R5", "R6", "R7", "R8"]] and answer["tiles_played"] == 2


def test_solve_respects_the_initial_meld(capsys):
    """CT-6: R7 R8 onto the table's run is worth 15, below an initial meld of 30: nothing is laid."""
    code, out, _ = run(capsys, "solve", "rummikub", "--rack", "R7 R8 K2", "--table", "R4 R5 R6", "--initial")
    assert code == 0 and out.startswith("Nothing can be laid (proved best)")


def test_solve_card_game_hint_in_words(capsys):
    code, out, _ = run(capsys, "solve", "krazy-bee", "--rack", "7 7 7 3 3 W 12", "--option", "step=1")
    assert code == 0
    assert "can_lay: True" in out and "melds: 7 7 7 | 3 3 W" in out


def test_solve_names_a_bad_token_and_exits_2(capsys):
    code, out, err = run(capsys, "solve", "rummikub", "--rack", "R7 X9")
    assert code == 2 and out == "" and "'X9'" in err and "N-1" in err


def test_solve_needs_a_rack(capsys):
    code, _, err = run(capsys, "solve", "rummikub")
    assert code == 2 and "--rack" in err


def test_solve_rejects_a_bad_time_limit(capsys):
    code, _, err = run(capsys, "solve", "rummikub", "--rack", "R7", "--option", "time_limit=soon")
    assert code == 2 and "time_limit" in err and "'soon'" in err


def test_turn_legal_exits_0_with_the_tiles_played(capsys):
    code, out, _ = run(
        capsys, "turn", "rummikub", "--before", "R4 R5 R6", "--rack", "R7 K2", "--after", "R4 R5 R6 R7"
    )
    assert code == 0 and out.strip() == "LEGAL turn: 1 tile played (7 points): R7"


def test_turn_taking_a_tile_back_exits_1_with_the_rule(capsys):
    code, out, _ = run(
        capsys, "turn", "rummikub", "--before", "R4 R5 R6 R7", "--rack", "K2", "--after", "R4 R5 R6", "--json"
    )
    verdict = json.loads(out)
    assert code == 1 and verdict["valid"] is False
    assert any("R7" in r and "CT-10" in r for r in verdict["reasons"])


def test_solve_batch_answers_every_line_in_order(capsys, monkeypatch):
    lines = [
        '{"variant": "rummikub", "rack": "R7 R8", "table": "R4 R5 R6"}',
        "nope",
        '{"variant": "rummikub", "rack": "R1 R2 R3", "initial": true}',
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run(capsys, "solve", "--batch")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 3
    assert answers[0] == {
        "variant": "rummikub",
        "goal": "tiles",
        "initial": False,
        "tiles_played": 2,
        "value": 15,
        "play": ["R7", "R8"],
        "table": [["R4", "R5", "R6", "R7", "R8"]],
        "optimal": True,
    }
    assert answers[1]["error"].startswith("line 2:")
    assert answers[2]["tiles_played"] == 0 and answers[2]["optimal"] is True  # 6 points < 30 (CT-6)


def test_solve_batch_answers_in_the_single_commands_shape_with_the_board(capsys, monkeypatch):
    """Issue 33: a batch line carries ``board``, ``goal`` and ``initial`` as ``solve --json`` does;
    the sets alone (the joker in both) cannot say which tile the two lines share (CT-9)."""
    args = {"variant": "crazy-tiles", "rack": "B8 K8 R1 R2 J", "initial": True, "options": {"time_limit": 1}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(args) + "\n"))
    _, out, _ = run(capsys, "solve", "--batch")
    line = json.loads(out)
    _, out, _ = run(
        capsys, "solve", "crazy-tiles", "--rack", "B8 K8 R1 R2 J", "--initial", "-O", "time_limit=1", "--json"
    )
    assert line == json.loads(out)
    assert (
        line["board"] == "B8 . . / K8 . . / J R1 R2" and line["goal"] == "tiles" and line["initial"] is True
    )
    assert line["value"] == 39 and sorted(line["play"]) == ["B8", "J", "K8", "R1", "R2"]


@pytest.mark.parametrize("argv", [["solve", "--batch", "rummikub"], ["solve", "--batch", "--rack", "R1"]])
def test_solve_batch_takes_nothing_on_the_command_line(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and "--batch" in err
