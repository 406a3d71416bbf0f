"""A hand in which nothing was entered is refused by the facts check, in every variant (issue 17, section 3).

A form sent empty (Save tapped twice, Back then Save) used to record a round of
0/0 that gave every player a win. The engine now refuses facts that hold
nothing but nulls, noes and empty texts, with a sentence and the variant's rule id.
Crib Rummy is the exception: its empty turn is a pass (CR-7), a fact.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import RoundError, find_variant, score_game

EMPTY = {
    "krazy-bee": ({"players": [{"laid": False, "went_out": False}, {}]}, "KB-9"),
    "rumbugz": ({"winner": None, "players": [{"kinds": []}, {"hand": ""}]}, "RB-7"),
    "rummikub": ({"winner": None, "players": [{}, {"rack": ""}]}, "CT-8"),
    "crazy-tiles": ({"winner": None, "players": [{}, {}]}, "CT-8"),
    "runny-tiles": ({"players": [{"rack": "  "}, {}]}, "CT-8"),
    "crazy-rummy": ({"face_up": ["", ""], "players": [{}, {}]}, "CZ-7"),
}


@pytest.mark.parametrize("variant", sorted(EMPTY))
def test_an_empty_hand_is_refused_with_a_sentence_and_the_rule(variant):
    facts, rule = EMPTY[variant]
    with pytest.raises(RoundError) as refused:
        find_variant(variant).canonical_facts(facts)
    assert f"{rule}: nothing was entered" in str(refused.value)


@pytest.mark.parametrize(
    "facts",
    [
        {"winner": 0, "players": [{}, {"rack": ""}]},  # seat 0 went out
        {"winner": None, "players": [{"points": 0}, {"rack": "R5"}]},
    ],
)
def test_a_zero_or_seat_zero_is_something_entered(facts):
    assert find_variant("rummikub").canonical_facts(facts)["players"]


def test_an_empty_crib_rummy_turn_is_a_pass():
    facts = {"starter": 1, "turns": [{"player": 1, "melds": []}], "end": None}
    assert score_game("crib-rummy", [facts], players=2).rounds[0].changes == (0, 0)
