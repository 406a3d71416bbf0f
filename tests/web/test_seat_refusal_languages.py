"""The seats' own refusals in the phone's language (issue 38, docs/own-phones.md): a part for a hand
already recorded (the 409 naming the open one), a seat already taken, the editor's close refused
where every part counts, a confirmation of one's own part, a dispute's reason past its length: on a
German page and through the API with Accept-Language: de, in German; the rule id after the sentence."""

from __future__ import annotations

import re

import pytest

from .api_support import OpenApi, call
from .game_support import csrf_from
from .test_seat_card_page import _page_game
from .test_seat_close import _table
from .test_seat_confirm_page import _phones, _tap
from .test_seat_confirm_page import _table as _confirm_table
from .test_seat_page import _send, _take
from .test_seats import _part, _seated

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
LATE = "Runde 1 ist schon eingetragen: Dieser Teil wurde nicht gespeichert. Offen ist Runde 2."
CLOSE = (
    "In einem Spiel mit Steinen zählt jedes Bänkchen für die Punkte des Gewinners (CT-8): "
    "Trag stattdessen den Teil von Bob, Cy ein."
)


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", response.get_data(as_text=True)).replace("&#39;", "'").split())


def test_a_late_part_and_a_refused_close_read_german_on_german_pages(app, client):
    gid = _page_game(app, "rummikub", names=["Ann", "Bob"])
    ann, bob = app.test_client(), app.test_client()
    bob.set_cookie("lang", "de")
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _send(bob, gid, rack="R5 J").status_code == 302
    assert _send(ann, gid, went_out="1").status_code == 302  # round 1 recorded
    late = _send(bob, gid, rack="R5")  # the form still says round 1: the page shows why, as typed
    assert late.status_code == 422
    assert LATE in _text(late)

    table, secret = _table(app, "rummikub")
    client.set_cookie("lang", "de")
    client.set_cookie(f"sk_edit_{table}", secret)
    token = csrf_from(client.get(f"/games/{table}/seat").get_data(as_text=True))
    closed = client.post(f"/games/{table}/seat/close", data={"csrf_token": token, "hand_number": "1"})
    assert closed.status_code == 422
    assert CLOSE in _text(closed)


def test_the_api_says_the_seats_refusals_in_the_callers_language(client, api):
    gid, secret, seats = _seated(client, api, names=["Ann", "Bob"])
    _part(client, api, gid, 1, seats["Bob"], {"rack": "R5 J"})
    _part(client, api, gid, 0, seats["Ann"], {"went_out": True})
    url = f"/api/v1/games/{gid}/seats/1/part"
    body = {"hand": 1, "part": {"rack": "R5"}}
    late = call(client, api, "PUT", url, body, secret=seats["Bob"], headers=GERMAN, expect=409)[1]
    assert late["error"] == LATE
    english = call(client, api, "PUT", url, body, secret=seats["Bob"], expect=409)[1]
    assert english["error"] == "Round 1 is already recorded: this part was not kept. The open round is 2."
    taken = call(
        client, api, "POST", f"/api/v1/games/{gid}/seats", {"name": "Ann"}, headers=GERMAN, expect=409
    )
    assert taken[1]["error"].startswith("Der Platz von Ann ist schon von einem anderen Handy genommen.")

    gid, secret, seats = _seated(client, api, names=["Ann", "Bob", "Cy"])
    _part(client, api, gid, 0, seats["Ann"], {"went_out": True})
    close = f"/api/v1/games/{gid}/seating/close"
    refused = call(client, api, "POST", close, {"hand": 1}, secret=secret, headers=GERMAN, expect=422)[1]
    assert refused["reasons"] == [CLOSE]
    confirm = f"/api/v1/games/{gid}/seats/0/part/confirmation"
    own = {"hand": 1, "looks_right": True}
    said = call(client, api, "PUT", confirm, own, secret=seats["Ann"], headers=GERMAN, expect=422)[1]
    assert said["reasons"] == ["Ann kann den eigenen Teil nicht bestätigen: Das macht jemand anderes."]


def test_confirmation_refusals_read_german_on_a_german_phone(app):
    gid, _ = _confirm_table(app, "left")
    phones = _phones(app, gid)
    _send(phones["Ann"], gid, rack="R5")
    phones["Cy"].set_cookie("lang", "de")
    phones["Bob"].set_cookie("lang", "de")
    not_left = _tap(phones["Cy"], gid, 0, True)
    assert not_left.status_code == 422
    assert "An diesem Tisch bestätigt Bob den Teil von Ann (die Person links)." in _text(not_left)
    too_long = _tap(phones["Bob"], gid, 0, False, reason="x" * 130)
    assert too_long.status_code == 422
    assert "Ein Grund hat höchstens 120 Zeichen; dieser hat 130." in _text(too_long)
