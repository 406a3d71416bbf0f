"""Crazy Rummy hand entry: face-up cards, wild rank and hand sizes (CZ-1, CZ-7), boards and hands (CZ-5, CZ-6)."""

from __future__ import annotations

import re

import pytest

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals


@pytest.fixture
def game(app, client):
    return new_game(app, client, "crazy-rummy", names=("Ann", "Bob", "Cy"), first_dealer=1)


def test_cz7_hand_sizes_and_cz1_wild_rank_are_shown_by_the_engine(client, game):
    response = submit(
        client, rounds_url(game), {"face_up.0": "4", "face_up.1": "Q", "face_up.2": "A", "action": "preview"}
    )
    body = text(response)
    # CZ-7: 4 -> 4 cards, Q -> 10 (the dealer plays one short), A -> 11; Bob deals: wild rank Q
    assert "Ann 4 cards, Bob 10 cards (plays 9), Cy 11 cards" in body and "wild rank Q" in body
    assert "not saved yet" in body


def test_cz7_each_face_up_card_carries_its_hand_size_for_the_form(client, game):
    """The form shows a player's hand size as soon as their card is picked (issue 20): each card
    carries it, in the engine's words; the dealer (Bob) plays one short."""
    body = text(client.get(rounds_url(game)))
    sizes = dict(re.findall(r'name="face_up\.(\d)" value="Q" class="face-up" data-size="([^"]+)"', body))
    assert sizes == {"0": "10 cards", "1": "10 cards (plays 9)", "2": "10 cards"}
    assert 'name="face_up.2" value="A" class="face-up" data-size="11 cards"' in body
    assert 'name="face_up.0" value="3" class="face-up" data-size="3 cards"' in body


def test_cz6_board_plus_hand_minus(client, game):
    submit(
        client,
        rounds_url(game),
        {
            "face_up.0": "4",
            "face_up.1": "Q",
            "face_up.2": "A",
            "went_out": "2",
            "players.0.board": "5 5 5",
            "players.0.hand": "K A",  # 15 - (10 + 100) = -95
            "players.1.board": "9 9 Q",
            "players.1.points": "40",  # wild Q: 10 + 10 + 100 - 40 = 80
            "players.2.board": "A A A 3 3 3 3",
        },
    )  # 300 + 20 = 320
    assert totals(client, game) == [-95, 80, 320]


def test_a_missing_face_up_card_is_asked_for(client, game):
    response = submit(client, rounds_url(game), {"face_up.0": "4", "face_up.2": "A"})
    assert response.status_code == 422
    assert "CZ-1" in error_at(response, "face_up.1")  # Bob deals: his card is the wild rank
    assert totals(client, game) == [0, 0, 0]


def test_cz7_some_face_up_cards_are_read_as_only_these(client, game):
    """Issue 33: a partial set of face-up cards was refused ("all of them or none"): they give only
    hand sizes (CZ-7), so some of them are read as only those; the dealer's sets the wild rank."""
    response = submit(
        client,
        rounds_url(game),
        {"face_up.0": "4", "face_up.1": "Q", "went_out": "0", "players.2.hand": "Q"},
    )
    assert "Nothing was saved" not in text(response)
    assert totals(client, game) == [0, 0, -100]  # Bob deals: queens wild (CZ-1), Cy's Q a wildcard, 100
    edit = text(client.get(f"/games/{game}/rounds/1/edit"))  # the correction shows the dealer's card
    assert re.search(r'name="face_up\.1" value="Q"[^>]* checked', edit)


def test_cz1_only_the_dealers_face_up_card_is_needed(client, game):
    """Issue 20: the face-up card was asked of every player every hand; the score needs the dealer's."""
    response = submit(
        client,
        rounds_url(game),
        {
            "face_up.1": "Q",
            "went_out": "2",
            "players.0.board": "5 5 5",
            "players.0.hand": "K A",
            "players.1.board": "9 9 Q",
            "players.1.points": "40",
            "players.2.board": "A A A 3 3 3 3",
        },
    )
    assert response.status_code == 200, error_at(response, "face_up.0")
    assert totals(client, game) == [-95, 80, 320]  # wild Q, as with every card given


def test_n1_twos_and_jokers_are_not_crazy_rummy_cards(client, game):
    response = submit(
        client,
        rounds_url(game),
        {"face_up.0": "4", "face_up.1": "Q", "face_up.2": "A", "players.0.hand": "2 JK"},
    )
    message = error_at(response, "players.0.hand")
    assert "N-1" in message and "“\u20662\u2069”" in message
    assert totals(client, game) == [0, 0, 0]


def test_the_player_who_went_out_holds_no_cards(client, game):
    response = submit(
        client,
        rounds_url(game),
        {"face_up.0": "4", "face_up.1": "Q", "face_up.2": "A", "went_out": "0", "players.0.hand": "5"},
    )
    assert response.status_code == 422
    assert "Nothing was saved" in text(response)


def test_more_cards_than_the_decks_hold_are_refused(client, game):
    # CZ-1: 3 players play with 2 decks: 8 threes at most, boards and hands together
    response = submit(
        client,
        rounds_url(game),
        {
            "face_up.0": "4",
            "face_up.1": "Q",
            "face_up.2": "A",
            "went_out": "2",
            "players.2.board": "3 3 3 3 3 3",
            "players.0.hand": "3 3 3",
        },
    )
    assert response.status_code == 422
    assert "CZ-1" in error_at(response, "") and "not 9" in error_at(response, "")
    assert totals(client, game) == [0, 0, 0]
