"""The whole-turn checker (issue 12): turns legal and not, one row per rule it enforces."""

import pytest

from scorekeeper.rules import RulesError, check_turn

# (variant, before, rack, after, options, valid, rule ids the reasons must name)
TURNS = [
    # legal turns: extend a run, new group, rearrange the table, pass
    ("rummikub", "R5 R6 R7", "R8 K2", "R5 R6 R7 R8", {}, True, []),
    ("rummikub", "R5 R6 R7 R8", "B5 K5", "R6 R7 R8 | R5 B5 K5", {}, True, []),
    ("rummikub", "R5 R6 R7", "K2", "R5 R6 R7", {}, True, []),
    ("rummikub", "", "R10 R11 R12", "R10 R11 R12", {"initial": True}, True, []),
    # CT-10: a table tile went back to the rack
    ("rummikub", "R5 R6 R7 | B9 K9 G9", "R8", "R5 R6 R7 R8 | B9 K9", {}, False, ["CT-10"]),
    # CT-6: a tile came from nowhere
    ("rummikub", "R5 R6 R7", "R8", "R5 R6 R7 R8 R9", {}, False, ["CT-6"]),
    # CT-1: a set without a number tile; CT-2 and CT-3: sets that are neither
    ("rummikub", "R5 R6 R7", "J J", "R5 R6 R7 | J J", {}, False, ["CT-1"]),
    # CT-1: more jokers than the game has (answered at once: their story is not read in every order)
    ("rummikub", "R1 R2 J", "J J J J J J J J", "R1 R2 J | J J J J J J J J", {}, False, ["CT-1"]),
    # CT-1: a third R1 between the table before and the rack (a typo: no game holds it), though
    # the table after alone would be legal
    ("rummikub", "", "R1 R1 R1 R2 R3", "R1 R2 R3", {}, False, ["CT-1"]),
    ("rummikub", "R1 R2 R3", "R1 R1 K9", "R1 R2 R3", {}, False, ["CT-1"]),
    ("rummikub", "R5 R6 R7", "B5 K5", "R6 R7 | R5 B5 K5", {}, False, ["CT-2", "CT-3"]),
    ("rummikub", "R5 R6 R7", "B8", "R5 R6 R7 B8", {}, False, ["CT-3"]),
    ("rummikub", "R5 B5 K5", "R5", "R5 B5 K5 R5", {}, False, ["CT-2"]),
    # CT-4 seed examples that hold only under crazy-tiles
    ("crazy-tiles", "R8 R6", "R10", "R8 R6 R10", {}, True, []),
    ("rummikub", "R8 R7", "R10", "R7 R8 R10", {}, False, ["CT-3"]),
    ("crazy-tiles", "", "R12 R13 J", "R12 R13 J", {}, True, []),
    # CT-6: the initial meld: worth 30, of rack tiles only
    ("rummikub", "", "R1 R2 R3", "R1 R2 R3", {"initial": True}, False, ["CT-6"]),
    ("rummikub", "R5 R6 R7", "R8 R9 R10", "R5 R6 R7 R8 R9 R10", {"initial": True}, False, ["CT-6"]),
    ("rummikub", "R5 R6 R7", "R10 R11 R12", "R5 R6 R7 | R10 R11 R12", {"initial": True}, True, []),
    # CT-9: a board; a tile belonging to no line; a crossing
    ("crazy-tiles", "K5 K6 K7", "R6 B6", ". R6 . / K5 K6 K7 / . B6 .", {}, True, []),
    ("crazy-tiles", "K5 K6 K7", "R6", "K5 K6 K7 / . . . / R6", {}, False, ["CT-9"]),
    # CT-10: a joker taken back needs two rack tiles in its new set; moved unchanged it is free
    ("rummikub", "R5 R6 J", "R7 B1 K1", "R5 R6 R7 | J B1 K1", {}, True, []),
    ("rummikub", "R5 R6 J | B1 K1 G1", "R7", "R5 R6 R7 | B1 K1 G1 J", {}, False, ["CT-10"]),
    ("rummikub", "R5 R6 J | B8 K8 G8", "R4", "R4 R5 R6 J | B8 K8 G8", {}, True, []),
    ("rummikub", "R5 R6 J", "R4", "R4 R5 R6 J", {}, True, []),
    # CT-11: must play all one can (A) / something if able (B)
    ("rummikub", "R5 R6 R7", "R8 R9 K2", "R5 R6 R7 R8", {"must_play": "A"}, False, ["CT-11"]),
    ("rummikub", "R5 R6 R7", "R8 K2", "R5 R6 R7", {"must_play": "B"}, False, ["CT-11"]),
    ("rummikub", "R5 R6 R7", "R8 K2", "R5 R6 R7 R8", {"must_play": "A"}, True, []),
]


@pytest.mark.parametrize("variant,before,rack,after,options,valid,rules", TURNS)
def test_turns(variant, before, rack, after, options, valid, rules):
    options = dict(options)
    initial = options.pop("initial", False)
    verdict = check_turn(variant, before, rack, after, initial=initial, **options)
    answer = verdict.to_dict()
    assert answer["valid"] is valid, answer["reasons"]
    for rule in rules:
        assert any(r.startswith(rule + ":") for r in answer["reasons"]), (rule, answer["reasons"])
    assert all(r[:2] in ("CT", "N-") for r in answer["reasons"])
    assert answer["kind"] == ("turn" if valid else None)


def test_played_tiles_and_their_value_ct5():
    answer = check_turn("crazy-tiles", "R5 R6 R7", "R8 R12 R13 J B2", "R5 R6 R7 R8 | R12 R13 J").to_dict()
    assert answer["valid"] and answer["played"] == ["R8", "R12", "R13", "J"]
    assert answer["value"] == answer["points"] == 8 + 12 + 13 + 20  # the joker stands for R0: 20 (CT-5)


def test_a_six_read_as_nine_counts_six_ct5():
    answer = check_turn("crazy-tiles", "", "B6 G9 K9", "B6 G9 K9").to_dict()
    assert answer["value"] == 24


def test_a_correction_is_offered_when_the_same_tiles_fit_elsewhere():
    answer = check_turn("rummikub", "R5 R6 R7", "R8", "R5 R6 | R7 R8").to_dict()
    assert answer["alternatives"] == ["a legal way to lay R8: R5 R6 R7 R8"]


def test_a_tile_taken_back_is_named_with_its_fix():
    answer = check_turn("rummikub", "R5 R6 R7 R8", "", "R5 R6 R7").to_dict()
    assert "CT-10: put R8 back on the table" in answer["alternatives"]


def test_initial_meld_answer_carries_its_points():
    answer = check_turn("rummikub", "", "R10 R11 R12 K1", "R10 R11 R12", initial=True).to_dict()
    assert answer["initial_meld"] == {"points": 33, "needed": 30, "reached": True}


def test_bad_input_names_the_token_and_card_games_are_refused():
    with pytest.raises(RulesError, match="R14"):
        check_turn("rummikub", "R5 R6 R7", "R14", "R5 R6 R7")
    with pytest.raises(RulesError, match="tile games"):
        check_turn("krazy-bee", "5 5 5", "5", "5 5 5 5")
