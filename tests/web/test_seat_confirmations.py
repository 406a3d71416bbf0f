"""Confirmations and disputes of own parts (issue 38, docs/own-phones.md): a table may require each
part to be confirmed by another player; a dispute holds the hand until the editor settles it."""

from __future__ import annotations

import pytest

from .api_support import OpenApi, call
from .test_seats import NAMES, _game, _part, _seated


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _confirm(client, api, gid, seat: int, secret, looks_right: bool = True, expect: int | None = 200):
    return call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/{seat}/part/confirmation",
        {"hand": 1, "looks_right": looks_right},
        secret=secret,
        expect=expect,
    )[1]


def _asking(client, api, confirm: str, names=NAMES[:3]):
    gid, secret, seats = _seated(client, api, names=list(names))
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {"confirm": confirm}, secret=secret, expect=200)
    return gid, secret, seats


def test_a_table_that_asks_for_confirmations_records_the_hand_when_the_last_part_is_confirmed(client, api):
    gid, _, seats = _asking(client, api, "any")
    for seat, (name, part) in enumerate(zip(NAMES, ({"rack": ""}, {"rack": "R5"}, {"rack": "K2"}))):
        _, status = _part(client, api, gid, seat, seats[name], part)
    assert status["recorded"] is None and status["to_confirm"] == [0, 1, 2] and status["waiting"] == []
    _confirm(client, api, gid, 0, seats["Bob"])
    _confirm(client, api, gid, 1, seats["Ann"])
    assert _game(client, api, gid)["rounds"] == []  # Cy's rack still waits for a confirmation
    status = _confirm(client, api, gid, 2, seats["Ann"])
    assert status["recorded"] == 1
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [7, -5, -2]


def test_nobody_confirms_their_own_part_and_the_left_hand_player_confirms_where_asked(client, api):
    gid, _, seats = _asking(client, api, "left")
    _part(client, api, gid, 0, seats["Ann"], {"rack": "R5"})
    own = _confirm(client, api, gid, 0, seats["Ann"], expect=422)
    assert "Ann cannot confirm their own part: another player does." in own["reasons"]
    other = _confirm(client, api, gid, 0, seats["Cy"], expect=422)
    assert "At this table Bob confirms Ann's part (the player to the left)." in other["reasons"]
    assert _confirm(client, api, gid, 0, seats["Bob"])["to_confirm"] == []
    _confirm(client, api, gid, 1, seats["Cy"], expect=404)  # Bob has sent nothing yet


def test_a_dispute_holds_the_hand_until_the_editor_settles_it(client, api):
    gid, secret, seats = _asking(client, api, "any", NAMES[:2])
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""})
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    _confirm(client, api, gid, 0, seats["Bob"])
    disputed = _confirm(client, api, gid, 1, seats["Ann"], looks_right=False)
    assert disputed["disputed"] == {"1": 0} and disputed["recorded"] is None
    # shown to both phones: neither can approve it now
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["disputed"] == {"1": 0}
    again = _confirm(client, api, gid, 1, seats["Ann"], expect=422)
    assert "Bob's part is disputed by Ann: the editor settles it." in again["reasons"]
    # the editor takes the part back; Bob sends it again, Ann confirms, the hand is recorded
    assert _confirm(client, api, gid, 1, secret, looks_right=False)["in"] == [0]
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K7"})
    assert _confirm(client, api, gid, 1, seats["Ann"])["recorded"] == 1
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [7, -7]


def test_the_editor_settling_a_dispute_as_right_records_the_part_as_sent(client, api):
    gid, secret, seats = _asking(client, api, "none", NAMES[:2])
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    _confirm(client, api, gid, 1, seats["Ann"], looks_right=False)
    # with no confirmation asked, the dispute still holds the hand when the last part comes in
    assert _part(client, api, gid, 0, seats["Ann"], {"rack": ""})[1]["recorded"] is None
    assert _confirm(client, api, gid, 1, secret)["recorded"] == 1
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [9, -9]


def test_a_confirmation_names_the_part_it_saw_and_one_sent_again_since_is_a_409(client, api):
    gid, secret, seats = _asking(client, api, "any")
    _part(client, api, gid, 0, seats["Ann"], {"rack": "R5 J"})

    def seating(key):
        return call(client, api, "GET", f"/api/v1/games/{gid}/seating", secret=key, expect=200)[1]

    assert seating(None)["hand"]["parts"] == {}  # the seating is public; the parts are the table's
    assert seating(secret)["hand"]["parts"] == seating(seats["Cy"])["hand"]["parts"]
    old = seating(seats["Bob"])["hand"]["parts"]["0"]
    assert old["part"]["rack"] == "R5 J"
    _part(client, api, gid, 0, seats["Ann"], {"rack": "R5"})  # sent again while Bob looked
    stale = call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/0/part/confirmation",
        {"hand": 1, "looks_right": True, "seen": old["seen"]},
        secret=seats["Bob"],
        expect=409,
    )[1]
    assert stale["error"] == "Ann sent their part again after you looked at it: check the new one."
    new = seating(seats["Bob"])["hand"]
    assert new["to_confirm"] == [0] and new["parts"]["0"]["seen"] != old["seen"]
    done = call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/0/part/confirmation",
        {"hand": 1, "looks_right": True, "seen": new["parts"]["0"]["seen"]},
        secret=seats["Bob"],
        expect=200,
    )[1]
    assert done["to_confirm"] == []


def test_a_seat_reads_its_own_part_and_those_it_confirms_and_learns_nothing_from_a_guess(client, api):
    gid, secret, seats = _asking(client, api, "left")
    _part(client, api, gid, 0, seats["Ann"], {"points": 12})

    def parts(key):
        got = call(client, api, "GET", f"/api/v1/games/{gid}/seating", secret=key, expect=200)[1]
        return got["hand"]["parts"]

    assert set(parts(seats["Ann"])) == {"0"} and set(parts(seats["Bob"])) == {"0"}  # hers; his to confirm
    assert parts(seats["Cy"]) == {} and set(parts(secret)) == {"0"}  # Bob confirms Ann's here, not Cy
    # Cy may not confirm Ann's part: a wrong fingerprint says so, as a right one would (no 409 to probe)
    guess = call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/0/part/confirmation",
        {"hand": 1, "looks_right": True, "seen": "0" * 16},
        secret=seats["Cy"],
        expect=422,
    )[1]
    assert "At this table Bob confirms Ann's part (the player to the left)." in guess["reasons"]
