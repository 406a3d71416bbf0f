"""Issue 18: a table set typed in any order is read in a legal order by `solve` and `turn`;
`check` keeps the order laid (CT-3, N-4)."""

import pytest

from scorekeeper.rules import RulesError, check, check_turn, solve


def test_solve_reads_a_table_set_typed_out_of_order():
    best = solve("rummikub", "R1 K13", table="K10 K12 J")
    assert best.tiles_played == 1 and best.play == ("K13",)
    assert check("rummikub", " ".join(best.table[0])).valid


def test_a_wrap_typed_out_of_order_is_read_round_the_end():
    best = solve("crazy-tiles", "B1", table="R2 R13 R10", grid=False)
    assert best.optimal and {"R2", "R13", "R10"} <= {t for s in best.table for t in s}


def test_turn_reads_the_table_before_in_any_order_and_the_joker_keeps_its_meaning_ct10():
    # K10 K12 J is K10 J K12: the joker stands for K11, so moving it unchanged is free
    v = check_turn("rummikub", "K10 K12 J", "K13", "K10 J K12 K13")
    assert v.valid and v.extra["played"] == ["K13"]


def test_check_keeps_the_order_laid():
    assert not check("rummikub", "K10 K12 J").valid
    # and a set that no order makes legal is still refused by the solver
    with pytest.raises(RulesError, match="CT-1"):
        solve("rummikub", "R1", table="K10 R12 J")
