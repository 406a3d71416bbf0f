"""Ranking a club night (issue 39, docs/club-night.md "Ranking"): the schemes, ties shared, the
tiebreaks, and which way a game counts read from the variant."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.club import (
    SCHEMES,
    TIEBREAKS,
    ClubError,
    TableGame,
    game_values,
    place_points,
    standings,
    table_game,
    top,
)
from scorekeeper.rules import all_variants


def test_places_give_4_2_1_0_at_a_table_of_4_and_a_fair_scale_at_a_table_of_3():
    assert game_values(TableGame(tuple("abcd"), (50, 40, 30, 20)), "places") == (4, 2, 1, 0)
    assert game_values(TableGame(tuple("abc"), (50, 40, 30)), "places") == (4, 1.5, 0)
    assert game_values(TableGame(tuple("abc"), (5, 4, 3)), "places", scale=(3, 2, 1, 0)) == (3, 1.5, 0)


@settings(max_examples=80, deadline=None)
@given(scores=st.lists(st.integers(min_value=-50, max_value=50), min_size=3, max_size=4), high=st.booleans())
def test_ties_share_the_points_of_the_places_they_fill(scores, high):
    game = TableGame(tuple(f"p{i}" for i in range(len(scores))), tuple(scores), high)
    values = game_values(game, "places")
    assert sum(values) == pytest.approx(sum(place_points(len(scores), p) for p in range(1, len(scores) + 1)))
    for a, b in zip(scores, values):
        for c, d in zip(scores, values):
            if a == c:
                assert b == d  # the same score, the same points
            elif (a > c) == high:
                assert b > d  # a better score, more points


def test_two_tied_for_first_share_4_and_2():
    assert game_values(TableGame(tuple("abcd"), (9, 9, 5, 1)), "places") == (3, 3, 1, 0)


def test_which_way_a_game_counts_is_the_variants_own():
    by_slug = {v.slug: v.high_wins(v.options()) for v in all_variants()}
    for slug, high in by_slug.items():
        assert table_game(slug, "ab", (10, 20)).high_wins is high
    assert False in by_slug.values() and True in by_slug.values()
    low = table_game("krazy-bee", ("Ann", "Bob", "Cy"), (15, 80, 40))  # lowest wins
    assert game_values(low, "places") == (4, 0, 1.5)
    assert game_values(low, "sum") == (-15, -80, -40)  # better is higher on every scheme
    high = table_game("crazy-rummy", ("Ann", "Bob", "Cy"), (1500, 900, 1200))
    assert game_values(high, "places") == (4, 0, 1.5)
    assert table_game("rummikub", "ab", (1, 2), {"scoring": "C"}).high_wins is False  # an option turns it


def test_normalised_scores_centre_each_table_on_zero():
    four = game_values(TableGame(tuple("abcd"), (40, 30, 20, 10)), "normalised")
    three = game_values(TableGame(tuple("abc"), (40, 30, 20), high_wins=False), "normalised")
    assert four == (15, 5, -5, -15) and sum(three) == 0 and three == (-10, 0, 10)


def test_the_standings_add_up_the_evening_and_break_ties_by_head_to_head():
    games = [
        TableGame(("Ann", "Bob", "Cy", "Dee"), (30, 20, 10, 0)),  # Ann 4, Bob 2: Ann ahead where they met
        TableGame(("Bob", "Eve", "Fay", "Gus"), (90, 20, 10, 0)),  # Bob 4, his best game by far
        TableGame(("Hal", "Ann", "Ivy", "Jo"), (30, 20, 10, 0)),  # Ann 2
    ]
    lines = standings(games)
    assert [(s.player, s.points, s.wins, s.rank) for s in lines[:2]] == [("Ann", 6, 1, 1), ("Bob", 6, 1, 2)]
    assert [s.parted_by for s in lines[:2]] == [None, "head_to_head"]  # what put Bob below Ann
    by_best = standings(games, tiebreaks=("best_game", "head_to_head"))
    assert [s.player for s in by_best[:2]] == ["Bob", "Ann"]  # the organiser's order of tiebreaks
    assert by_best[1].parted_by == "best_game"
    for above, line in itertools.pairwise(lines):  # a tiebreak named only where it parted equal points
        parted = above.points == line.points and above.rank < line.rank
        assert (line.parted_by is not None) == parted, (above, line)


def test_most_wins_breaks_a_tie_head_to_head_cannot():
    games = [
        TableGame(("Ann", "x1", "x2", "x3"), (9, 5, 4, 3)),  # Ann wins: 4
        TableGame(("Ann", "x4", "x5", "x6"), (0, 5, 4, 3)),  # last: 0
        TableGame(("Bob", "y1", "y2", "y3"), (5, 9, 4, 3)),  # 2
        TableGame(("Bob", "y4", "y5", "y6"), (5, 9, 4, 3)),  # 2
    ]
    lines = {s.player: s for s in standings(games)}
    assert lines["Ann"].points == lines["Bob"].points == 4
    assert lines["Ann"].rank < lines["Bob"].rank and lines["Bob"].parted_by == "wins"
    by_best = {s.player: s for s in standings(games, tiebreaks=("best_game",))}
    assert by_best["Ann"].rank < by_best["Bob"].rank
    tied = {s.player: s for s in standings(games, tiebreaks=())}
    assert tied["Ann"].rank == tied["Bob"].rank  # no tiebreak: a shared rank
    assert tied["Ann"].parted_by is tied["Bob"].parted_by is None  # nothing parted them


def test_a_late_arrival_is_in_the_standings_with_nothing_yet():
    lines = standings([TableGame(tuple("abc"), (3, 2, 1))], players=["Late Lou"])
    assert lines[-1].player == "Late Lou" and lines[-1].points == 0 and lines[-1].games == 0


def test_every_scheme_and_tiebreak_is_explained_and_unknown_ones_refused():
    assert set(SCHEMES) == {"places", "normalised", "sum"} and all(len(t) > 60 for t in SCHEMES.values())
    assert all(text.endswith(".") for text in TIEBREAKS.values())
    with pytest.raises(ClubError, match="no ranking scheme called elo"):
        standings([TableGame(tuple("abc"), (3, 2, 1))], "elo")
    with pytest.raises(ClubError, match="no tiebreak called coin"):
        standings([], tiebreaks=("coin",))
    with pytest.raises(ClubError, match="a score for each"):
        TableGame(tuple("abc"), (1, 2))


def test_players_tied_after_every_tiebreak_share_the_rank_the_order_gives():
    # Ann beat Bob, Bob beat Cy, Cy beat Ann: 6 points and a win each, the same best game, and
    # head to head among the three parts nobody; that Cy beat Ann alone must not rank Ann first
    games = [
        TableGame(("Ann", "Bob", "f1", "f2"), (30, 20, 10, 0)),
        TableGame(("Bob", "Cy", "f3", "f4"), (30, 20, 10, 0)),
        TableGame(("Cy", "Ann", "f5", "f6"), (30, 20, 10, 0)),
    ]
    lines = standings(games)
    assert [(s.player, s.points, s.rank) for s in lines[:3]] == [("Ann", 6, 1), ("Bob", 6, 1), ("Cy", 6, 1)]
    assert lines[3].rank == 4
    assert [s.parted_by for s in lines[:3]] == [None, None, None]  # still tied: nothing to explain
    through, drawn = top(lines, 1, seed=3)
    assert drawn == ("Ann", "Bob", "Cy") and len(through) == 1  # first place is drawn by lot, not by name


def test_points_equal_but_for_the_last_bits_are_equal():
    games = [
        TableGame(("P", "x", "y"), (5, 0, 0)),  # 10/3
        TableGame(("Q", "u", "v"), (1, 0, 0)),  # 2/3 ...
        TableGame(("Q", "s", "t"), (4, 0, 0)),  # ... + 8/3: 3.333333333333334
    ]
    lines = {s.player: s for s in standings(games, "normalised", tiebreaks=())}
    assert lines["P"].points != lines["Q"].points  # the floats differ ...
    assert lines["P"].rank == lines["Q"].rank == 1  # ... the standings do not
