"""Tile games round entry: racks (CT-7), who went out or nobody, scored by the game's method (CT-8)."""

from __future__ import annotations

import pytest

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_ct7_ct8_a_went_out_racks_under_scoring_a(app, client, variant):
    game = new_game(app, client, variant, names=("Ann", "Bob", "Cy"))
    submit(client, rounds_url(game), {"winner": "2", "players.0.rack": "R13 K2", "players.1.rack": "J"})
    # CT-7: 13 + 2 = 15, a joker 30; CT-8 A: Cy +45, Ann -15, Bob -30
    assert totals(client, game) == [-15, -30, 45]


def test_ct8_a_nobody_out_the_lowest_rack_wins(app, client):
    game = new_game(app, client, "rummikub", names=("Ann", "Bob", "Cy"))
    submit(
        client,
        rounds_url(game),
        {"winner": "", "players.0.rack": "R1 B2", "players.1.rack": "K10", "players.2.points": "20"},
    )
    # Ann's 3 is lowest: she scores 10 + 20 - 3 = 27; the others lose their racks
    assert totals(client, game) == [27, -10, -20]


@pytest.mark.parametrize("scoring, expected", [("B", [0, 22]), ("C", [9, 0])], ids=["CT-8-B", "CT-8-C"])
def test_ct8_other_methods(app, client, scoring, expected):
    game = new_game(app, client, "rummikub", options={"scoring": scoring})
    racks = {"players.0.rack": "G9", "players.1.rack": "", "winner": "1"}
    if scoring == "B":
        racks = {"players.0.rack": "G9 Y13", "winner": "1"}
    submit(client, rounds_url(game), racks)
    assert totals(client, game) == expected


def test_n1_unknown_tile_is_named(app, client):
    game = new_game(app, client, "crazy-tiles")
    response = submit(client, rounds_url(game), {"winner": "0", "players.1.rack": "R5 P7"})
    assert response.status_code == 422
    message = error_at(response, "players.1.rack")
    assert "N-1" in message and "“\u2066P7\u2069”" in message
    assert totals(client, game) == [0, 0]


def test_the_player_who_went_out_has_an_empty_rack(app, client):
    game = new_game(app, client, "rummikub")
    response = submit(client, rounds_url(game), {"winner": "0", "players.0.rack": "R5"})
    assert response.status_code == 422 and "CT-8" in error_at(response, "players.0.rack")


def test_rack_and_total_together_and_two_winners_are_refused(app, client):
    game = new_game(app, client, "runny-tiles")
    response = submit(
        client, rounds_url(game), {"winner": ["0", "1"], "players.1.rack": "R5", "players.1.points": "5"}
    )
    assert "only one" in error_at(response, "winner")
    assert "not both" in error_at(response, "players.1.points")
    assert "Nothing was saved" in text(response)
