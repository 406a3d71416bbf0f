"""Ranks come from the engine and follow each variant's own end rule (KB-10, RB-8, CT-8, CR-8, CZ-8).

``GameScore.ranks`` is a standard competition ranking (1 = best; ties share a
rank, N-5), ``leaders`` are the seats ranked 1st and, once the game is over,
``winners`` are exactly those seats: the banner, the standings, the printed
sheet and the API can never disagree.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import score_game
from tests.ranked_games import ONLY_BOB_DONE, THREE_STEPS, kb_hand


def ranked_first(g) -> tuple[int, ...]:
    return tuple(s for s, r in enumerate(g.ranks) if r == 1)


# -- KB-10: those who completed the last Step first, then by Step reached, then total ------


def test_kb10_the_only_player_to_lay_the_last_step_ranks_first_whatever_the_totals():
    # Ann 60 (2 Steps done), Bob 75 (all 3 done), Cy 70 (1 Step done): only Bob completed
    # the last Step, so Bob wins and ranks 1st; then Ann (Step 3) before Cy (Step 2).
    game = ONLY_BOB_DONE
    g = score_game(game["variant"], game["hands"], players=3, names=game["names"], options=game["options"])
    assert g.finished and g.totals == game["totals"] == (60, 75, 70) and g.winners == (1,)
    assert g.ranks == game["ranks"] == (2, 1, 3)
    assert g.leaders == (1,)


def test_kb10_several_completers_lowest_total_first_and_ties_share():
    hands = [
        kb_hand((True, 20), (True, 25), (True, 5)),
        kb_hand((True, 20), (True, 15), (True, 5)),
        kb_hand((True, 0), (True, 0), (False, 0)),
    ]
    g = score_game("krazy-bee", hands, players=3, options={"steps": THREE_STEPS})
    # Ann 40 and Bob 40 both done: a shared win (N-5); Cy 10 is on the last Step, so 3rd
    assert g.finished and g.totals == (40, 40, 10)
    assert g.winners == (0, 1) and g.ranks == (1, 1, 3)


def test_kb10_during_the_game_the_step_reached_comes_before_the_total():
    hands = [kb_hand((True, 30), (False, 5), (True, 10))]
    g = score_game("krazy-bee", hands, players=3, options={"steps": THREE_STEPS})
    # Ann and Cy are on Step 2, Bob still on Step 1 despite the lowest total
    assert not g.finished and g.ranks == (2, 3, 1) and g.leaders == (2,)
    g = score_game(
        "krazy-bee", [kb_hand((True, 10), (False, 5), (True, 10))], players=3, options={"steps": THREE_STEPS}
    )
    assert g.ranks == (1, 3, 1) and g.leaders == (0, 2)


# -- CT-8: high totals win (A, B, wins), low totals (C); with ``none`` the most rounds won ----


def tile_round(winner, *racks):
    return {"winner": winner, "players": [{"points": r} for r in racks]}


@pytest.mark.parametrize(
    "scoring,ranks",
    [
        ("A", (1, 3, 2)),  # totals 41, -21, -10: the highest total first
        ("B", (1, 2, 2)),  # totals 41, 0, 0: the two at 0 share 2nd
        ("C", (1, 3, 2)),  # totals 0, 21, 10: the lowest total first
        ("wins", (1, 2, 2)),  # totals are rounds won: 2, 0, 0
        ("none", (1, 2, 2)),  # no points at all: rounds won decide
    ],
    ids=["CT-8-A", "CT-8-B", "CT-8-C", "CT-8-wins", "CT-8-none"],
)
def test_ct8_ranks_follow_the_scoring_method(scoring, ranks):
    rounds = [tile_round(0, 0, 12, 5), tile_round(0, 0, 9, 5)]
    g = score_game("rummikub", rounds, players=3, options={"scoring": scoring, "rounds": 2})
    assert g.finished and g.winners == (0,)
    assert g.ranks == ranks and ranked_first(g) == g.winners


def test_ct8_none_ranks_by_rounds_won_and_ties_share():
    rounds = [tile_round(0, 0, 12, 5), tile_round(2, 1, 1, 0), tile_round(1, 4, 0, 6)]
    g = score_game("crazy-tiles", rounds, players=3, options={"scoring": "none", "rounds": 4})
    assert not g.finished and g.totals == (0, 0, 0)
    assert g.ranks == (1, 1, 1)
    g = score_game(
        "crazy-tiles", [*rounds, tile_round(2, 3, 3, 0)], players=3, options={"scoring": "none", "rounds": 4}
    )
    assert g.finished and g.winners == (2,) and g.ranks == (2, 2, 1)


# -- RB-8, CR-8, CZ-8: the highest total wins ---------------------------------------------


def test_rb8_highest_total_first():
    rounds = [
        {"winner": 0, "players": [{"points": 0}, {"points": 12}, {"points": 3}]},
        {"winner": 2, "players": [{"points": 4}, {"points": 20}, {"points": 0}]},
    ]
    g = score_game("rumbugz", rounds, players=3, options={"rounds": 2})
    assert g.finished and g.totals == (15, 0, 24)
    assert g.winners == (2,) and g.ranks == (2, 3, 1)


def test_cr8_highest_total_first_after_the_last_turns():
    # dealer 0: seat 1 starts; seat 1 reaches 61, seat 0 still takes the last turn of the round of turns
    hand = {"turns": [{"pegs": 61}, {"pegs": 30}]}
    g = score_game("crib-rummy", [hand], players=2, options={"target": 61})
    assert g.finished and g.totals == (30, 61) and g.winners == (1,) and g.ranks == (2, 1)


def test_cz8_highest_total_first_and_ties_share():
    hand = {
        "face_up": ["Q", "8", "4"],
        "went_out": 0,
        "players": [{"board": "A A A"}, {"board_points": 300}, {"board": "K K K", "points": 5}],
    }
    g = score_game("crazy-rummy", [hand], players=3, options={"target": 300})
    assert g.finished and g.totals == (300, 300, 25)
    assert g.winners == (0, 1) and g.ranks == (1, 1, 3)


# -- every variant: the winners are exactly the seats ranked 1st ----------------------------

FINISHED = [
    ("krazy-bee", [kb_hand((True, 0), (False, 5))] * 3, {"steps": THREE_STEPS}),
    ("rumbugz", [{"winner": 1, "players": [{"points": 9}, {"points": 0}]}], {"rounds": 1}),
    ("rummikub", [tile_round(None, 8, 8)], {"rounds": 1, "scoring": "C"}),
    ("crib-rummy", [{"turns": [{"pegs": 61}, {"pegs": 61}]}], {"target": 61}),
    (
        "crazy-rummy",
        [{"face_up": ["Q", "8"], "went_out": 1, "players": [{"board_points": 100}, {"board_points": 150}]}],
        {"target": 150},
    ),
]


@pytest.mark.parametrize("variant,rounds,options", FINISHED, ids=[f[0] for f in FINISHED])
def test_winners_are_the_seats_ranked_first(variant, rounds, options):
    g = score_game(variant, rounds, players=2, options=options)
    assert g.finished and g.winners and ranked_first(g) == g.winners == g.leaders
    assert g.to_dict()["ranks"] == list(g.ranks)
