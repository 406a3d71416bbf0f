"""The card games' hints (issue 12), against hand-worked examples."""

from collections import Counter

import pytest

from scorekeeper.rules import RulesError, check, solve

# -- Krazy Bee: can this hand lay Step N, and with which cards? ---------------------------------


@pytest.mark.parametrize(
    "hand,step,wild_bees",
    [
        ("5 5 W 1 2 3 4 9", 2, 1),
        # the 5s are needed for the book, so a Wild Bee stands in for a number of the run (KB-2)
        ("5 5 W W 3 4 6 8 9 12 13 1", 2, 2),
        ("1 1 1 2 2 2 3 3 3 W W 4", 8, 0),
        ("1 2 3 4 5 6 W 8 9 10 11 12 13", 6, 1),
    ],
)
def test_krazy_bee_lays_the_step_with_the_fewest_wild_bees(hand, step, wild_bees):
    answer = solve("krazy-bee", hand, step=step).to_dict()
    assert answer["can_lay"] and answer["wild_bees"] == wild_bees
    laid = [card for meld in answer["melds"] for card in meld]
    assert not Counter(laid) - Counter(hand.split())
    assert check("krazy-bee", " | ".join(" ".join(m) for m in answer["melds"]), options={"step": step}).valid


def test_krazy_bee_hand_worked():
    answer = solve("krazy-bee", "5 5 W 1 2 3 4 9", step=2).to_dict()
    assert answer["melds"] == [["5", "5", "W"], ["1", "2", "3", "4"]]


def test_krazy_bee_cannot_lay_and_lists_the_steps_it_can():
    assert not solve("krazy-bee", "5 5 W W 1 2", step=1).to_dict()["can_lay"]  # KB-2: 5 W W is no book
    assert not solve("krazy-bee", "5 5 5 5 5 5", step=1).to_dict()["can_lay"]  # KB-4: two books of 5s
    assert solve("krazy-bee", "1 1 1 2 2 2 3 3 3 W W 4").to_dict()["steps"] == [1, 2, 3, 7, 8, 9, 10]


# -- Crib Rummy: which melds and additions peg the most? ----------------------------------------


def test_crib_rummy_pegs_the_most():
    answer = solve("crib-rummy", "3H 4H 5H 6H KS KD", table="KH KC KD").to_dict()
    assert answer["pegs"] == 6 + 2  # a run of 4 pegs 6 (CR-5), the 4th king 2
    assert answer["melds"] == [{"cards": ["3H", "4H", "5H", "6H"], "kind": "run", "pegs": 6}]
    assert answer["additions"] == [{"meld": 0, "cards": ["KS"], "pegs": 2}] and answer["cards_left"] == ["KD"]


def test_crib_rummy_grows_a_table_run_when_that_pegs_more():
    answer = solve(
        "crib-rummy", "3H 4H 5H 6H 7H 8H 9H JK 2S 2D 2C QS", table="10H JH QH | 5S 5D 5C"
    ).to_dict()
    # 3H..9H and the joker make the table's 10H-QH a run of 11: 39 - 3 = 36 pegs, the 2s a set of 3: 2
    assert answer["pegs"] == 38 and answer["cards_left"] == ["QS"]


def test_crib_rummy_cr6_no_additions_before_a_meld_of_your_own():
    assert solve("crib-rummy", "KS KD 2C", table="KH KC KD", initial=True).to_dict()["pegs"] == 0
    assert solve("crib-rummy", "KS KD 2C", table="KH KC KD").to_dict()["pegs"] == 2
    with_meld = solve("crib-rummy", "KS 2C 3C 4C", table="KH KC KD", initial=True).to_dict()
    assert with_meld["pegs"] == 3 + 2


# -- RumBugz: which Sequences, which kinds still missing? ---------------------------------------


def test_rumbugz_lays_the_kinds_it_can_and_names_the_missing():
    answer = solve("rumbugz", "1 2 3 4 6 8 10 12 5 5 5 P").to_dict()
    assert [s["kind"] for s in answer["sequences"]] == ["single", "double", "match"]
    assert answer["missing"] == ["triple"]
    assert answer["possible"]["triple"] == ["1", "4", "10", "P"]  # alone, a PLYT as the 7
    laid = solve("rumbugz", "3 6 9 P P 7", laid="single, double").to_dict()
    assert [s["kind"] for s in laid["sequences"]] == ["triple"] and laid["missing"] == ["match"]


def test_rumbugz_refuses_an_unknown_kind():
    with pytest.raises(RulesError, match="RB-2"):
        solve("rumbugz", "1 2 3 4", laid="quadruple")


# -- Crazy Rummy: sets and bottom feeding with wild rank W ---------------------------------------


def test_crazy_rummy_after_the_first_play_one_wildcard_per_set():
    answer = solve("crazy-rummy", "Q Q Q 7 7 5 5 9", table="5 5 5 K K K", wild="7").to_dict()
    # CZ-3: Q Q Q 7 and 5 5 7 (110 + 130) beat bottom-feeding the 5s and keeping a 7 (CZ-5)
    assert answer["value"] == 240 and answer["sets"] == [["5", "5", "7"], ["Q", "Q", "Q", "7"]]


def test_crazy_rummy_first_play_and_bottom_feeding():
    answer = solve("crazy-rummy", "Q Q Q 7 7 5 5 9", table="5 5 5 K K K", wild="7", initial=True).to_dict()
    assert answer["value"] == 250 and answer["cards_left"] == []
    assert answer["bottom_feeding"] == [{"board": 0, "cards": ["5", "5"]}]  # CZ-4: the opponent shows 5s


def test_crazy_rummy_wildcards_alone_make_a_natural_set():
    answer = solve("crazy-rummy", "Q Q 7 7 7 A", wild="7").to_dict()
    assert answer["sets"] == [["7", "7", "7"]] and answer["value"] == 300


def test_crazy_rummy_needs_the_wild_rank():
    with pytest.raises(RulesError, match="CZ-1"):
        solve("crazy-rummy", "Q Q Q")
