"""The points game (issue 21): PG-1..PG-5 through the engine's public surface."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    OptionError,
    RoundError,
    RulesError,
    check,
    find_variant,
    options_for,
    score_game,
)


def _game(hands, players=3, **options):
    return score_game(
        "points",
        [
            {"players": [{} if p is None else {"points": p} for p in hand]}
            if isinstance(hand, list)
            else hand
            for hand in hands
        ],
        players=players,
        options=options,
    )


def test_PG_1_one_to_twenty_players_and_a_game_name():
    v = find_variant("points")
    assert (v.min_players, v.max_players) == (1, 20)
    assert options_for("points", {"game_name": "  Five   Crowns "})["game_name"] == "Five Crowns"
    assert options_for("points")["game_name"] is None
    with pytest.raises(OptionError, match="game_name"):  # a clear refusal, never a crash
        options_for("points", {"game_name": "x" * 61})
    assert _game([[5]], players=1).totals == (5,)
    with pytest.raises(RoundError):
        _game([[1] * 21], players=21)


def test_PG_1_no_cards_to_check():
    with pytest.raises(RulesError, match="PG-1"):
        check("points", "5H 6H 7H")


def test_PG_2_points_add_up_negative_too_and_empty_is_zero():
    """PG-2: each hand's points are added to the total; below zero allowed; left empty: 0."""
    game = _game([[12, -5, None], [3, 3, 3]])
    assert game.totals == (15, -2, 3)
    assert [r.changes for r in game.rounds] == [(12, -5, 0), (3, 3, 3)]


@pytest.mark.parametrize("bad", ["12", 1.5, True])
def test_PG_2_points_are_whole_numbers(bad):
    with pytest.raises(RoundError, match=r"players\.0\.points"):
        find_variant("points").canonical_facts({"players": [{"points": bad}, {}]})


def test_PG_3_a_hand_with_nothing_entered_is_refused():
    with pytest.raises(RoundError, match="PG-3"):
        _game([[None, None, None]])
    with pytest.raises(RoundError, match="PG-3"):
        _game([{"players": [{}, {}, {}], "end": False}])
    assert _game([[0, None, None]]).totals == (0, 0, 0)  # a 0 typed is an entry


def test_PG_4_ends_at_the_target_after_the_rounds_or_when_the_editor_ends_it():
    assert not _game([[10, 20, 30]]).finished  # no target, no rounds: plays on
    assert _game([[50, 20, 30], [60, 0, 0]], target=100).finished
    assert not _game([[50, 20, 30]], target=100).finished
    assert _game([[1, 2, 3], [1, 2, 3]], rounds=2).finished
    assert not _game([[1, 2, 3]], rounds=2).finished
    ended = _game([[1, 2, 3], {"players": [{"points": 4}, {}, {}], "end": True}])  # PG-4: "End the game"
    assert ended.finished and ended.totals == (5, 2, 3) and ended.winners == (0,)


def test_PG_5_ranks_follow_the_totals_high_or_low_and_ties_share_N_5():
    high = _game([[10, 30, 10]], rounds=1)
    assert high.ranks == (2, 1, 2) and high.winners == (1,)
    low = _game([[10, 30, 10]], rounds=1, high_wins=False)
    assert low.ranks == (1, 3, 1) and low.winners == (0, 2)
    assert find_variant("points").describe()["high_wins"] is True
