"""The Swiss-like rule is fast and good (issue 39's figures; bench/club_night.py prints them):
on 12-player evenings it seats as few repeat meetings over 4 rounds as the best seating of each
round found by trying every one, and 100 players are seated in well under the issue's second."""

from __future__ import annotations

import time

import pytest

from scorekeeper.club import meetings, repeat_meetings, seat_round
from scorekeeper.club.optimum import best_next_round, best_rounds, partitions, repeats_at_least

PLAYERS = [f"P{n:02}" for n in range(12)]


def evening(players, rule, seed, rounds=4):
    history = []
    for number in range(rounds):
        history.append(seat_round(players, history, rule="draw" if number == 0 else rule, seed=seed))
    return history


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_swiss_matches_the_brute_force_on_12_players_over_4_rounds(seed):
    swiss = evening(PLAYERS, "swiss", seed)
    brute = best_rounds([t.seats for t in swiss[0].tables], 4)
    assert repeat_meetings(swiss) <= brute
    assert repeat_meetings(swiss) >= repeats_at_least(12, (4, 4, 4), 4)


@pytest.mark.parametrize("count", [9, 10, 11])
def test_swiss_matches_the_brute_force_with_tables_of_3_too(count):
    swiss = evening(PLAYERS[:count], "swiss", 4)
    assert {len(t.seats) for t in swiss[1].tables} >= {3}
    assert repeat_meetings(swiss) <= best_rounds([t.seats for t in swiss[0].tables], 4)


def test_each_swiss_round_is_the_best_round_there_is_on_12_players():
    history = evening(PLAYERS, "swiss", 5)
    for number in range(1, 4):
        added = repeat_meetings(history[: number + 1]) - repeat_meetings(history[:number])
        assert added == best_next_round(PLAYERS, (4, 4, 4), meetings(history[:number]))


def test_swiss_seats_fewer_repeats_than_standing_order():
    swiss = evening(PLAYERS, "swiss", 7)
    standing = evening(PLAYERS, "standing", 7)
    assert repeat_meetings(swiss) < repeat_meetings(standing)


def test_the_brute_force_tries_every_seating():
    assert sum(1 for _ in partitions(list(range(12)), (4, 4, 4))) == 5775
    assert sum(1 for _ in partitions(list(range(7)), (4, 3))) == 35


def test_100_players_are_seated_in_well_under_a_second_each_round():
    players = [f"P{n:03}" for n in range(100)]
    history = [seat_round(players, seed=11)]
    for _ in range(3):
        start = time.perf_counter()
        history.append(seat_round(players, history, rule="swiss", seed=11))
        assert time.perf_counter() - start < 2.0  # the 1 s, with room for a shared machine
    assert repeat_meetings(history) == 0
