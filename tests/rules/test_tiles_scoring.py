"""Round scoring (CT-8) and game end of the tile games, with racks valued by CT-7."""

import pytest

from scorekeeper.rules import RoundError, score_game, score_round


def round_of(winner, *racks):
    return {
        "winner": winner,
        "players": [{"rack": r} if isinstance(r, str) else {"points": r} for r in racks],
    }


# racks: seat 0 out (empty), seat 1 "R5 J" = 35, seat 2 12 typed
WENT_OUT = round_of(0, "", "R5 J", 12)
NOBODY_OUT = round_of(None, 8, "R5 J", 12)  # lowest rack: seat 0 with 8
TIED_LOW = round_of(None, 8, 8, 20)


@pytest.mark.parametrize(
    "scoring,facts,changes,winners",
    [
        ("A", WENT_OUT, [47, -35, -12], [0]),
        ("A", NOBODY_OUT, [47 - 8, -35, -12], [0]),
        ("A", TIED_LOW, [12, 12, -20], [0, 1]),
        ("B", WENT_OUT, [47, 0, 0], [0]),
        ("B", NOBODY_OUT, [47 - 8, 0, 0], [0]),
        ("C", WENT_OUT, [0, 35, 12], [0]),
        ("C", NOBODY_OUT, [0, 35, 12], [0]),
        ("C", TIED_LOW, [0, 0, 20], [0, 1]),
        ("wins", WENT_OUT, [1, 0, 0], [0]),
        ("wins", TIED_LOW, [1, 1, 0], [0, 1]),
        ("none", WENT_OUT, [0, 0, 0], [0]),
    ],
    ids=lambda x: f"CT-8-{x}" if isinstance(x, str) else None,
)
def test_ct8_round_scoring(scoring, facts, changes, winners):
    r = score_round("rummikub", facts, players=3, options={"scoring": scoring})
    assert list(r.changes) == changes
    assert r.details["winners"] == winners
    assert [p["wins"] for p in r.progress] == [1 if s in winners else 0 for s in range(3)]


def test_ct8_winner_rack_must_be_empty():
    with pytest.raises(RoundError) as err:
        score_round("rummikub", round_of(1, 5, "R3", 0), players=3)
    assert err.value.errors == [
        ("players.1.rack", "CT-8: the player who went out has an empty rack (0 points)")
    ]


@pytest.mark.parametrize(
    "facts,field",
    [
        ({"winner": 5, "players": [{}, {}]}, "winner"),
        ({"winner": 0, "players": [{}]}, "players"),
        ({"winner": 0, "players": [{}, {"rack": "R14"}]}, "players.1.rack"),
        ({"winner": 0, "players": [{}, {"points": -3}]}, "players.1.points"),
        ({"winner": "x", "players": [{}, {}]}, "winner"),
    ],
)
def test_ct8_bad_facts_are_round_errors(facts, field):
    with pytest.raises(RoundError) as err:
        score_round("crazy-tiles", facts, players=2)
    assert err.value.errors[0][0] == field


def test_ct7_rack_wins_over_typed_points():
    r = score_round("rummikub", {"winner": 0, "players": [{}, {"rack": "R5", "points": 99}]}, players=2)
    assert list(r.changes) == [5, -5]


def test_ct8_game_ends_after_the_rounds_option():
    rounds = [WENT_OUT, NOBODY_OUT]
    g = score_game("rummikub", rounds, players=3, options={"rounds": 2})
    assert g.finished and g.winners == (0,)
    assert list(g.totals) == [47 + 39, -70, -24]
    assert [p["wins"] for p in g.progress] == [2, 0, 0]
    assert not score_game("rummikub", rounds, players=3, options={"rounds": 3}).finished


def test_ct8_game_ends_when_a_total_reaches_the_target():
    g = score_game("rummikub", [WENT_OUT], players=3, options={"target": 40})
    assert g.finished and g.winners == (0,)
    assert not score_game("rummikub", [WENT_OUT], players=3, options={"target": 100}).finished


def test_ct8_scoring_c_low_total_wins():
    g = score_game(
        "crazy-tiles", [WENT_OUT, round_of(1, 3, "", 4)], players=3, options={"scoring": "C", "rounds": 2}
    )
    assert not g.high_wins and g.finished
    assert list(g.totals) == [3, 35, 16] and g.winners == (0,)


def test_ct8_wins_target_counts_wins():
    g = score_game("runny-tiles", [WENT_OUT, WENT_OUT], players=3, options={"scoring": "wins", "target": 2})
    assert g.finished and g.winners == (0,) and list(g.totals) == [2, 0, 0]


def test_ct8_none_scores_nothing_and_most_wins_take_the_game():
    g = score_game(
        "rummikub", [WENT_OUT, round_of(2, 1, 1, "")], players=3, options={"scoring": "none", "rounds": 2}
    )
    assert list(g.totals) == [0, 0, 0] and g.winners == (0, 2)


def test_ct8_no_more_rounds_after_the_end():
    with pytest.raises(RoundError):
        score_game("rummikub", [WENT_OUT, WENT_OUT], players=3, options={"rounds": 1})


def test_winner_of_a_round_starts_the_next():
    g = score_game("rummikub", [round_of(2, 5, 7, "")], players=3)
    assert g.starter == 2


def test_players_limits():
    with pytest.raises(RoundError):
        score_game("rummikub", [], players=5)


def test_ct8_default_game_is_four_rounds():
    g = score_game("crazy-tiles", [WENT_OUT] * 4, players=3)
    assert g.finished and list(g.totals) == [4 * 47, -4 * 35, -4 * 12]
    assert not score_game("crazy-tiles", [WENT_OUT] * 3, players=3).finished


@pytest.mark.parametrize(
    "racks,field",
    [
        (["", "R5 R5", "R5"], "players.2.rack"),  # three red 5s: the set has two
        (["", "J J", "J"], "players.2.rack"),  # three jokers
        (["", "K13 K13 K13"], "players.1.rack"),
    ],
    ids=["CT-7-supply-tile", "CT-7-supply-jokers", "CT-7-supply-one-rack"],
)
def test_ct7_racks_cannot_hold_more_tiles_than_the_set(racks, field):
    facts = round_of(0, *racks)
    with pytest.raises(RoundError) as err:
        score_round("rummikub", facts, players=len(racks))
    assert err.value.errors[0][0] == field
    assert "CT-7: the game has only two " in err.value.errors[0][1]


def test_ct7_two_copies_and_two_jokers_are_fine():
    r = score_round("rummikub", round_of(0, "", "R5 J", "R5 J"), players=3)
    assert list(r.changes) == [70, -35, -35]


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_ct11_must_play_policy_is_a_validated_game_option(variant):
    from scorekeeper.rules import OptionError, options_for

    assert options_for(variant)["must_play"] == "C"  # CT-11 default: may always pass
    assert options_for(variant, {"must_play": "a"})["must_play"] == "A"
    with pytest.raises(OptionError) as err:
        options_for(variant, {"must_play": "D"})
    assert "A, B, C" in str(err.value)


def test_each_round_records_who_played_first_as_the_page_named_them():
    """The winner of a round starts the next (sheet step 14): the game named Ann to start round 2
    before it was played, and the history says so afterwards (it said dealer + 1 until the phone
    walk-through of 7 December found it: Bob, Cy, Ann for rounds 2 to 4 instead of Ann, Bob, Cy)."""
    from scorekeeper.rules import score_game

    def won_by(seat):
        return {"went_out": seat, "players": [{"rack": "" if s == seat else "R5"} for s in range(3)]}

    played = [won_by(0), won_by(1), won_by(2)]
    named = [score_game("rummikub", played[:n], players=3).starter for n in range(4)]
    game = score_game("rummikub", played, players=3)
    assert [r.starter for r in game.rounds] == named[:3] == [1, 0, 1]
    assert game.starter == named[3] == 2
