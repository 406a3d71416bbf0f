"""Crazy Rummy and RumBugz parts from each player's own phone (issue 38, docs/own-phones.md): a
whole hand sent as parts records the same hand, with the same totals, as the editor's hand form;
a part the rules refuse says why (with the rule) and nothing is kept."""

from __future__ import annotations

import pytest

from .api_support import OpenApi, call
from .rounds_support import new_game, rounds_url, submit, totals
from .test_seats import _game, _part, _seated

NAMES = ["Ann", "Bob", "Cy"]
KINDS = ["single", "double", "triple", "match"]


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _sent(client, api, variant: str, parts: list[dict], names=NAMES) -> dict:
    """A game whose first hand is sent as ``parts`` (one per seat, in seat order): the game after."""
    gid, _, seats = _seated(client, api, variant, names)
    for seat, part in enumerate(parts):
        _, status = _part(client, api, gid, seat, seats[names[seat]], part)
        assert status["recorded"] == (1 if seat == len(parts) - 1 else None)
    return _game(client, api, gid)


def test_crazy_rummy_parts_record_the_hand_the_editors_form_records(app, client, api):
    # Ann deals (the first dealer): her face-up Q is the wild rank (CZ-1); Cy went out
    game = _sent(
        client,
        api,
        "crazy-rummy",
        [
            {"face_up": "Q", "board": "5 5 5", "hand": "K A"},
            {"board_points": 130, "points": 40},
            {"board": "A A A 3 3 3 3", "went_out": True},
        ],
    )
    by_form = new_game(app, client, "crazy-rummy", names=NAMES)
    submit(
        client,
        rounds_url(by_form),
        {
            "face_up.0": "Q",
            "went_out": "2",
            "players.0.board": "5 5 5",
            "players.0.hand": "K A",
            "players.1.board_points": "130",
            "players.1.points": "40",
            "players.2.board": "A A A 3 3 3 3",
        },
    )
    assert [p["total"] for p in game["players"]] == totals(client, by_form) == [-95, 90, 320]
    assert game["rounds"][0]["facts"]["went_out"] == 2


def test_crazy_rummy_a_second_player_out_and_the_dealers_missing_card_are_refused(client, api):
    gid, _, seats = _seated(client, api, "crazy-rummy", NAMES)
    _, refused = _part(client, api, gid, 0, seats["Ann"], {"board": "5 5 5", "points": 20}, expect=422)
    assert "face-up card" in refused["error"] and "CZ-1" in refused["error"]
    _part(client, api, gid, 1, seats["Bob"], {"board": "9 9 9", "went_out": True})
    _, second = _part(client, api, gid, 2, seats["Cy"], {"board": "K K K", "went_out": True}, expect=422)
    assert "Bob has already gone out of this hand; only one player goes out (CZ-6)" in second["error"]
    _, cards = _part(client, api, gid, 2, seats["Cy"], {"face_up": "Z", "points": 5}, expect=422)
    assert "CZ-7" in cards["error"]
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["in"] == [1]  # only Bob's part was kept
    assert _game(client, api, gid)["rounds"] == []


def test_rumbugz_parts_record_the_round_the_editors_form_records(app, client, api):
    game = _sent(client, api, "rumbugz", [{"kinds": KINDS, "went_out": True}, {"hand": "3 P"}], NAMES[:2])
    by_form = new_game(app, client, "rumbugz", names=NAMES[:2])
    submit(client, rounds_url(by_form), {"winner": "0", "players.0.kinds": KINDS, "players.1.hand": "3 P"})
    # RB-6, RB-7: Ann wins Bob's 3 + PLYT 12
    assert [p["total"] for p in game["players"]] == totals(client, by_form) == [15, 0]
    assert game["rounds"][0]["facts"]["winner"] == 0


def test_rumbugz_a_second_winner_and_a_winner_with_cards_are_refused(client, api):
    gid, _, seats = _seated(client, api, "rumbugz", NAMES)
    _, full = _part(
        client, api, gid, 0, seats["Ann"], {"kinds": KINDS, "hand": "3", "went_out": True}, expect=422
    )
    assert (
        "RB-4: the winner has emptied the hand, so it counts 0, not 3" in full["error"]
    )  # as the hand form says
    _part(client, api, gid, 0, seats["Ann"], {"kinds": KINDS, "went_out": True})
    _, second = _part(client, api, gid, 1, seats["Bob"], {"kinds": KINDS, "went_out": True}, expect=422)
    assert "Ann has already gone out of this round; only one player goes out (RB-7)" in second["error"]
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["in"] == [0]
