"""Seats and own parts (issue 38) through the API: each phone takes a seat by name, sends its
player's part, and the hand is recorded once, when the last part is in (docs/own-phones.md)."""

from __future__ import annotations

import threading

import pytest

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import AuditEntry, Game, Round

from .api_support import OpenApi, call

NAMES = ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _seated(client, api, variant: str = "rummikub", names=NAMES) -> tuple[str, str, dict[str, str]]:
    """A game opened for seats with every player's seat taken: its id, edit secret, seat secrets."""
    _, body = call(client, api, "POST", "/api/v1/games", {"variant": variant, "players": names}, expect=201)
    gid, secret = body["id"], body["secret"]
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {}, secret=secret, expect=200)
    seats = {}
    for name in names:
        _, taken = call(client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": name}, expect=201)
        seats[name] = taken["secret"]
    return gid, secret, seats


def _part(client, api, gid, seat: int, secret, part: dict, hand: int = 1, expect: int | None = 200):
    return call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/{seat}/part",
        {"hand": hand, "part": part},
        secret=secret,
        expect=expect,
    )


def _game(client, api, gid) -> dict:
    return call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)[1]


def test_four_phones_each_send_a_rack_and_the_last_part_records_the_hand(client, api):
    gid, _, seats = _seated(client, api)
    racks = {
        "Ann": {"went_out": True},
        "Bob": {"rack": "R5 J"},
        "Cy": {"points": 12},
        "Dee": {"rack": "K13 B2"},
    }
    for seat, name in enumerate(NAMES[:3]):
        _, status = _part(client, api, gid, seat, seats[name], racks[name])
        assert status["recorded"] is None and status["in"] == list(range(seat + 1)) and status["of"] == 4
        assert _game(client, api, gid)["rounds"] == []  # nothing recorded, the totals do not move
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["waiting"] == [3] and [s["taken"] for s in seating["seats"]] == [True] * 4
    _, status = _part(client, api, gid, 3, seats["Dee"], racks["Dee"])
    assert status["recorded"] == 1 and status["hand"] == 2 and status["in"] == []
    game = _game(client, api, gid)
    # CT-8 A: Ann went out and gains the others' racks (35 + 12 + 15); each other loses their own
    assert [p["total"] for p in game["players"]] == [62, -35, -12, -15]
    assert game["rounds"][0]["facts"]["winner"] == 0


def test_a_seat_is_taken_once_and_the_editor_frees_keeps_or_gives_it(client, api):
    gid, secret, seats = _seated(client, api, names=["Ann", "Bob"])
    _, refused = call(client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": "ann"}, expect=409)
    assert "Ann's seat is already taken" in refused["error"]
    call(client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": "Zed"}, expect=404)
    # a new phone for Bob: the old phone's secret no longer counts
    _, given = call(
        client, api, "PUT", f"/api/v1/games/{gid}/seats/1", {"holder": "phone"}, secret=secret, expect=200
    )
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"}, expect=403)
    _part(client, api, gid, 1, given["secret"], {"rack": "K9"})
    # Ann has no phone: the editor keeps her seat and enters her part, which records the hand
    _, kept = call(
        client, api, "PUT", f"/api/v1/games/{gid}/seats/0", {"holder": "editor"}, secret=secret, expect=200
    )
    assert kept["holder"] == "editor" and "secret" not in kept
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""}, expect=403)
    _, status = _part(client, api, gid, 0, secret, {"rack": ""})
    assert status["recorded"] == 1
    with client.application.app_context():
        logged = db.session.query(AuditEntry).filter_by(action="record").one().summary
    assert logged.startswith("Round 1 recorded from the players' phones (Ann by the editor): Ann +9, Bob -9")
    # freed, the seat can be taken by another phone
    call(client, api, "DELETE", f"/api/v1/games/{gid}/seats/1", secret=secret, expect=200)
    call(client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": "Bob"}, expect=201)


def test_changes_to_seats_need_the_edit_secret_and_an_open_game(client, api):
    _, body = call(
        client, api, "POST", "/api/v1/games", {"variant": "krazy-bee", "players": NAMES}, expect=201
    )
    gid, secret = body["id"], body["secret"]
    _, closed = call(client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": "Ann"}, expect=422)
    assert "not open for seats" in closed["error"]
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {}, expect=401)
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {}, secret="wrong", expect=403)
    call(client, api, "PUT", f"/api/v1/games/{gid}/seating", {"confirm": "left"}, secret=secret, expect=200)
    _, other = call(
        client, api, "POST", "/api/v1/games", {"variant": "points", "players": NAMES[:2]}, expect=201
    )
    _, refused = call(
        client, api, "PUT", f"/api/v1/games/{other['id']}/seating", {}, secret=other["secret"], expect=422
    )
    assert (
        refused["error"] == "Players do not enter their own parts in this game: its editor keeps the score."
    )


def test_a_part_is_checked_as_it_arrives_and_says_why_to_its_phone(client, api):
    gid, _, seats = _seated(client, api)
    _, too_many = _part(client, api, gid, 0, seats["Ann"], {"rack": "R5 R5 R5"}, expect=422)
    assert too_many["fields"][0]["field"] == "part.rack" and "only two R5" in too_many["reasons"][0]
    _, unreadable = _part(client, api, gid, 0, seats["Ann"], {"rack": "R5 X9"}, expect=422)
    assert unreadable["fields"][0]["field"] == "part.rack"
    _part(client, api, gid, 0, seats["Ann"], {"rack": "R5", "went_out": True}, expect=422)
    _part(client, api, gid, 0, seats["Ann"], {"went_out": True})
    _, second = _part(client, api, gid, 1, seats["Bob"], {"rack": ""}, expect=422)
    assert "Ann has already gone out of this round; only one player goes out (CT-8)" in second["reasons"]
    _, status = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert status["hand"]["in"] == [0]  # the refused parts were not kept


def test_a_part_for_a_hand_already_recorded_is_a_409(client, api):
    gid, _, seats = _seated(client, api, names=["Ann", "Bob"])
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""})
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    _, late = _part(client, api, gid, 1, seats["Bob"], {"rack": "K8"}, hand=1, expect=409)
    assert "Round 1 is already recorded" in late["error"]
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K8"}, hand=3, expect=409)
    assert len(_game(client, api, gid)["rounds"]) == 1


def test_krazy_bee_parts_record_a_hand_and_the_engine_judges_the_whole(client, api):
    gid, _, seats = _seated(client, api, "krazy-bee", NAMES[:3])
    _part(client, api, gid, 0, seats["Ann"], {"laid": True, "went_out": True})
    _, second = _part(client, api, gid, 1, seats["Bob"], {"laid": True, "went_out": True}, expect=422)
    assert "only one player goes out (KB-9)" in second["reasons"][0]
    _part(client, api, gid, 1, seats["Bob"], {"laid": False, "hand": "3 12 W"})
    _, status = _part(client, api, gid, 2, seats["Cy"], {"laid": False, "counts": {"low": 2}})
    assert status["recorded"] == 1
    # KB-7: 3 (5) + 12 (10) + W (15) = 30 for Bob; two low cards, 10, for Cy
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [0, 30, 10]


def test_a_sent_part_again_replaces_it_and_records_nothing_twice(client, api):
    gid, _, seats = _seated(client, api, names=["Ann", "Bob"])
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    _, again = _part(client, api, gid, 1, seats["Bob"], {"rack": "K7"})
    assert again["in"] == [1] and again["recorded"] is None
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""})
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [7, -7]


def test_four_phones_sending_at_once_record_the_hand_exactly_once(app, client, api):
    """Four threads, one SQLite file, each the last-but-none part: every part kept, one hand."""
    gid, _, seats = _seated(client, api)
    parts = [{"rack": ""}, {"rack": "R5"}, {"rack": "B7"}, {"points": 3}]
    answers: list = []
    start = threading.Barrier(4)

    def send(seat: int) -> None:
        start.wait()
        answers.append(
            app.test_client().put(
                f"/api/v1/games/{gid}/seats/{seat}/part",
                json={"hand": 1, "part": parts[seat]},
                headers={"Authorization": f"Bearer {seats[NAMES[seat]]}"},
            )
        )

    threads = [threading.Thread(target=send, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [200] * 4, [a.get_json() for a in answers]
    assert sorted(a.get_json()["recorded"] or 0 for a in answers) == [0, 0, 0, 1]
    with app.app_context():
        game = db.session.query(Game).filter_by(public_id=gid).one()
        assert db.session.query(Round).filter_by(game_id=game.id).count() == 1
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [15, -5, -7, -3]


def test_the_seat_link_keeps_the_secret_on_the_phone_until_the_seat_is_given_away(app, client, api):
    gid, secret, seats = _seated(client, api, names=["Ann", "Bob"])
    phone = app.test_client()
    opened = phone.get(f"/games/{gid}/seat/{seats['Bob']}")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/games/{gid}/seat")
    cookie = phone.get_cookie(f"seat_{gid}")
    assert cookie is not None and cookie.value == seats["Bob"] and cookie.http_only
    assert "This phone holds <bdi>Bob</bdi>&#39;s seat." in phone.get(f"/games/{gid}/seat").get_data(
        as_text=True
    )
    call(client, api, "PUT", f"/api/v1/games/{gid}/seats/1", {"holder": "phone"}, secret=secret, expect=200)
    stale = app.test_client()
    stale.get(f"/games/{gid}/seat/{seats['Bob']}")
    assert stale.get_cookie(f"seat_{gid}") is None
    assert "This seat link no longer counts" in stale.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_a_part_sent_again_with_its_idempotency_key_is_answered_once(client, api):
    gid, _, seats = _seated(client, api, names=["Ann", "Bob"])
    _part(client, api, gid, 0, seats["Ann"], {"rack": ""})
    headers = {"Idempotency-Key": "bob-hand-1"}
    sends = [
        call(
            client,
            api,
            "PUT",
            f"/api/v1/games/{gid}/seats/1/part",
            {"hand": 1, "part": {"rack": "K9"}},
            secret=seats["Bob"],
            headers=headers,
            expect=200,
        )[1]
        for _ in range(2)
    ]
    assert sends[0] == sends[1] and sends[0]["recorded"] == 1  # the lost answer given again, not a 409
    assert len(_game(client, api, gid)["rounds"]) == 1
