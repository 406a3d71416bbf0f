"""A dispute's typed reason (issue 38, docs/own-phones.md): "That's not right" may carry a short
reason, shown to the part's player, to the one who disputed it and to the editor (never to the
others at the table), kept in the change log, bounded in length; a part sent again drops it."""

from __future__ import annotations

import pytest

from scorekeeper.storage.seat_models import DISPUTE_REASON_MAX

from .api_support import OpenApi, call
from .test_seat_change_log import _lines
from .test_seat_confirm_page import _page, _phones, _table, _tap
from .test_seat_page import _send
from .test_seats import _part, _seated

WHY = "I saw a joker on her rack"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def test_the_reason_shows_to_the_player_the_disputer_and_the_editor_only(app, client):
    gid, secret = _table(app, "any")
    phones = _phones(app, gid)
    _send(phones["Bob"], gid, rack="K9")
    assert 'name="reason"' in _page(phones["Ann"], gid)  # beside "That's not right"
    assert _tap(phones["Ann"], gid, 1, False, reason=f"  {WHY}\n").status_code == 302
    said = f"<bdi>Ann</bdi> says: <q>{WHY}</q>"
    assert said in _page(phones["Bob"], gid) and said in _page(phones["Ann"], gid)
    cy = _page(phones["Cy"], gid)
    assert (
        "<bdi>Ann</bdi> disputes <bdi>Bob</bdi>'s part" in cy and WHY not in cy
    )  # the others see the dispute, not why
    client.set_cookie(f"sk_edit_{gid}", secret)
    editor = _page(client, gid)
    assert 'data-seat-disputed="Bob"' in editor and said in editor
    assert f"Round 1: Ann disputed Bob's part: “{WHY}”" in _lines(client, gid)


def test_a_dispute_without_a_reason_is_one_tap_as_before(app):
    gid, _ = _table(app, "any")
    phones = _phones(app, gid)
    _send(phones["Bob"], gid, rack="K9")
    _tap(phones["Ann"], gid, 1, False)
    bob = _page(phones["Bob"], gid)
    assert "<bdi>Ann</bdi> disputes <bdi>Bob</bdi>'s part" in bob and "data-seat-dispute-reason" not in bob


def test_a_reason_too_long_is_refused_and_nothing_changes(app):
    gid, _ = _table(app, "any")
    phones = _phones(app, gid)
    _send(phones["Bob"], gid, rack="K9")
    refused = _tap(phones["Ann"], gid, 1, False, reason="x" * (DISPUTE_REASON_MAX + 1))
    assert refused.status_code == 422
    assert f"A reason is at most {DISPUTE_REASON_MAX} characters" in refused.get_data(as_text=True)
    assert "disputes <bdi>Bob" not in _page(phones["Bob"], gid)


def test_the_api_takes_a_reason_shows_it_in_the_seating_and_a_part_sent_again_drops_it(client, api):
    gid, _secret, seats = _seated(client, api, names=["Ann", "Bob", "Cy"])
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    body = {"hand": 1, "looks_right": False, "reason": WHY}
    path = f"/api/v1/games/{gid}/seats/1/part/confirmation"
    _, status = call(client, api, "PUT", path, body, secret=seats["Ann"], expect=200)
    assert status["disputed"] == {"1": 0} and status["reasons"] == {"1": WHY}
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", secret=seats["Bob"], expect=200)
    assert seating["hand"]["reasons"] == {"1": WHY}
    long = {**body, "reason": "x" * (DISPUTE_REASON_MAX + 1)}
    _, refused = call(client, api, "PUT", path, long, secret=seats["Cy"], expect=400)
    assert f"reason: at most {DISPUTE_REASON_MAX} characters" in refused["error"]
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K7"})  # sent again: no dispute, no reason
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["disputed"] == {} and seating["hand"]["reasons"] == {}


def test_the_public_seating_shows_a_reason_only_to_the_two_seats_and_the_editor(client, api):
    gid, secret, seats = _seated(client, api, names=["Ann", "Bob", "Cy"])
    _part(client, api, gid, 1, seats["Bob"], {"rack": "K9"})
    body = {"hand": 1, "looks_right": False, "reason": WHY}
    call(
        client,
        api,
        "PUT",
        f"/api/v1/games/{gid}/seats/1/part/confirmation",
        body,
        secret=seats["Ann"],
        expect=200,
    )
    path = f"/api/v1/games/{gid}/seating"
    for reader, seen in ((secret, {"1": WHY}), (seats["Ann"], {"1": WHY}), (seats["Bob"], {"1": WHY})):
        assert call(client, api, "GET", path, secret=reader, expect=200)[1]["hand"]["reasons"] == seen
    for reader in (seats["Cy"], None, "not-a-secret"):
        hand = call(client, api, "GET", path, secret=reader, expect=200)[1]["hand"]
        assert hand["disputed"] == {"1": 0} and hand["reasons"] == {}  # the dispute, not why
