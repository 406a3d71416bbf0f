"""RumBugz round entry: kinds laid (RB-4), Bugz left (RB-6), one winner or none (RB-7), bad input."""

from __future__ import annotations

import pytest

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals

ALL_KINDS = ["single", "double", "triple", "match"]


@pytest.fixture
def game(app, client):
    return new_game(app, client, "rumbugz", names=("Ann", "Bob", "Cy"), options={"plyt_value": 20})


def test_rb7_winner_scores_the_losers_hands_with_rb6_values(client, game):
    submit(
        client,
        rounds_url(game),
        {
            "winner": "1",
            "players.1.kinds": ALL_KINDS,
            "players.0.hand": "12 P",
            "players.2.points": "9",
            "players.0.kinds": ["single", "match"],
        },
    )
    # RB-6: 12 + a PLYT at plyt_value 20 = 32; Cy typed 9; Bob wins 41, losers 0
    assert totals(client, game) == [0, 41, 0]
    page = text(client.get(rounds_url(game, "1/edit")))
    assert 'value="match" checked' in page and 'value="12 P"' in page


def test_rb7_a_round_with_no_winner_scores_nothing(client, game):
    submit(client, rounds_url(game), {"winner": "", "players.0.hand": "5 6"})
    assert totals(client, game) == [0, 0, 0]


def test_two_winners_are_refused(client, game):
    response = submit(
        client,
        rounds_url(game),
        {"winner": ["0", "1"], "players.0.kinds": ALL_KINDS, "players.1.kinds": ALL_KINDS},
    )
    assert response.status_code == 422
    assert "only one" in error_at(response, "winner")
    assert totals(client, game) == [0, 0, 0]


def test_rb4_winner_without_all_four_kinds_is_refused(client, game):
    response = submit(client, rounds_url(game), {"winner": "0", "players.0.kinds": ["single"]})
    assert response.status_code == 422 and "RB-4" in text(response)
    assert totals(client, game) == [0, 0, 0]


def test_n1_unknown_bug_is_named(client, game):
    response = submit(
        client, rounds_url(game), {"winner": "0", "players.0.kinds": ALL_KINDS, "players.1.hand": "3 13"}
    )
    message = error_at(response, "players.1.hand")
    assert "N-1" in message and "“\u206613\u2069”" in message


def test_unknown_kind_and_negative_total_are_refused(client, game):
    response = submit(
        client, rounds_url(game), {"players.0.kinds": ["single", "quadruple"], "players.1.points": "-4"}
    )
    assert "“\u2066quadruple\u2069”" in error_at(response, "players.0.kinds")
    assert "negative" in error_at(response, "players.1.points")
