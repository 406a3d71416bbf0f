"""Crib Rummy's own turns through the API (issue 38, docs/own-phones.md): each seated phone sends
its turn with its seat's secret (``sendTurn``), the engine checks it (the turn order CR-9, the
melds and their pegs CR-5), it is recorded at once; a turn sent again is a 409, and
``GET .../seating`` shows the hand in play and the turn due."""

from __future__ import annotations

import pytest

from .api_support import OpenApi, call
from .test_seats import _game, _seated

NAMES = ["Ann", "Bob"]
GERMAN_SEATS = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _turn(client, api, gid, seat: int, secret, turn: int, melds=(), hand: int = 1, **kw):
    body = {"hand": hand, "turn": turn, "melds": list(melds)}
    return call(client, api, "POST", f"/api/v1/games/{gid}/seats/{seat}/turn", body, secret=secret, **kw)


def _seating(client, api, gid) -> dict:
    return call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)[1]


def test_each_phone_sends_its_own_turn_and_the_seating_shows_the_hand_in_play(client, api):
    gid, _, seats = _seated(client, api, "crib-rummy", NAMES)
    # Ann deals, so Bob plays first (CR-9)
    assert _seating(client, api, gid)["turn"] == {
        "hand": 1,
        "turn": 1,
        "due": 1,
        "due_name": "Bob",
        "melds": [],
    }
    _, laid = _turn(client, api, gid, 1, seats["Bob"], 1, [{"cards": "3H 4H 5H"}], expect=200)
    assert (laid["hand"], laid["turn"], laid["pegs"], laid["ended"]) == (1, 1, 3, False)
    seating = _seating(client, api, gid)
    assert seating["hand"]["hand"] == 1  # the hand in play, not the next one
    assert seating["turn"]["turn"] == 2 and seating["turn"]["due_name"] == "Ann"
    assert seating["turn"]["melds"] == [{"number": 0, "cards": "3H 4H 5H", "owner": "Bob"}]
    _turn(client, api, gid, 0, seats["Ann"], 2, expect=200)  # a pass
    _, added = _turn(client, api, gid, 1, seats["Bob"], 3, [{"cards": "6H", "extend": 0}], expect=200)
    assert added["pegs"] == 3  # CR-5: the run's 4th card pegs 3
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [0, 6]


def test_a_turn_out_of_order_is_refused_with_the_engines_reason_in_the_phones_language(client, api):
    gid, _, seats = _seated(client, api, "crib-rummy", NAMES)
    _, early = _turn(client, api, gid, 0, seats["Ann"], 1, expect=422)
    assert "it is Bob's turn: play goes round the table from the starter (Bob) (CR-9)" in early["reasons"]
    _, german = _turn(client, api, gid, 0, seats["Ann"], 1, expect=422, headers=GERMAN_SEATS)
    assert "Bob ist am Zug: gespielt wird reihum, beginnend bei Bob (CR-9)" in german["reasons"]
    _turn(client, api, gid, 0, seats["Bob"], 1, expect=403)  # Bob's secret is not Ann's seat's
    assert _game(client, api, gid)["rounds"] == []


def test_a_turn_sent_again_with_its_idempotency_key_is_answered_once(client, api):
    gid, _, seats = _seated(client, api, "crib-rummy", NAMES)
    key = {"Idempotency-Key": "bob-hand-1-turn-1"}
    sends = [
        _turn(client, api, gid, 1, seats["Bob"], 1, [{"cards": "3H 4H 5H"}], expect=200, headers=key)[1]
        for _ in range(2)
    ]
    assert sends[0]["turn"] == sends[1]["turn"] == 1  # the lost answer given again, not a 409
    assert len(_game(client, api, gid)["rounds"][0]["facts"]["turns"]) == 1
    # sent again without its key once Ann's turn was in: the turn is known as recorded
    _turn(client, api, gid, 0, seats["Ann"], 2, expect=200)
    _, again = _turn(client, api, gid, 1, seats["Bob"], 1, [{"cards": "7S 8S 9S"}], expect=409)
    assert "Turn 1 was already recorded, with other cards than these" in again["error"]
    assert len(_game(client, api, gid)["rounds"][0]["facts"]["turns"]) == 2


def test_a_turn_for_a_closed_hand_is_a_409(client, api):
    gid, secret, seats = _seated(client, api, "crib-rummy", NAMES)
    _turn(client, api, gid, 1, seats["Bob"], 1, [{"cards": "3H 4H 5H"}], expect=200)
    facts = _game(client, api, gid)["rounds"][0]["facts"]
    ended = {**facts, "end": {"type": "draw_pile"}}  # the editor ends the hand on the hand form
    call(client, api, "PUT", f"/api/v1/games/{gid}/rounds/1", ended, secret=secret, expect=200)
    _, late = _turn(client, api, gid, 0, seats["Ann"], 2, expect=409)
    assert "Hand 1 is already recorded: this turn was not kept. The open hand is 2." in late["error"]
    assert _seating(client, api, gid)["hand"]["hand"] == 2
    assert len(_game(client, api, gid)["rounds"][0]["facts"]["turns"]) == 1
