"""The editor closes a hand with the parts that are in, where the variant allows it (issue 38,
docs/own-phones.md): in Krazy Bee (KB-7) and Crazy Rummy (CZ-6) a player's score is their own
part's alone, so a player without a part sat the hand out (0 points; in Krazy Bee the Step not
laid down); the tile games (CT-8) and RumBugz (RB-7) refuse, since the winner scores the others'
racks or hands. Through the API (``closeHand``) and the editor's seat page."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.rules import RoundError
from scorekeeper.services.seats import open_seats, send_part
from scorekeeper.services.seats.closing import close_hand
from scorekeeper.storage.extensions import db

from .api_support import OpenApi, call
from .game_support import csrf_from
from .test_seats import NAMES, _game, _part, _seated


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _close(client, api, gid, secret, hand: int = 1, expect: int = 200) -> dict:
    path = f"/api/v1/games/{gid}/seating/close"
    return call(client, api, "POST", path, {"hand": hand}, secret=secret, expect=expect)[1]


def test_krazy_bee_closes_with_three_parts_and_the_fourth_player_sat_it_out(client, api):
    gid, secret, seats = _seated(client, api, "krazy-bee")
    _part(client, api, gid, 0, seats["Ann"], {"laid": True, "went_out": True})
    _part(client, api, gid, 1, seats["Bob"], {"laid": False, "hand": "3 12 W"})
    _part(client, api, gid, 2, seats["Cy"], {"laid": True, "counts": {"low": 2}})
    status = _close(client, api, gid, secret)
    assert status["recorded"] == 1 and status["hand"] == 2 and status["in"] == []
    game = _game(client, api, gid)
    assert [p["total"] for p in game["players"]] == [0, 30, 10, 0]  # KB-7; Dee scores 0
    assert game["rounds"][0]["facts"]["players"][3]["laid"] is False  # Dee stays on her Step
    _, doc = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    assert doc["audit"][-1]["summary"].startswith(
        "Hand 1 recorded by the editor with the parts that were in (Dee sat it out)"
    )


def test_crazy_rummy_closes_with_the_dealers_part_in_and_not_without_it(client, api):
    gid, secret, seats = _seated(client, api, "crazy-rummy", NAMES[:3])
    _part(client, api, gid, 1, seats["Bob"], {"board_points": 130, "points": 40})
    _, refused = call(
        client, api, "POST", f"/api/v1/games/{gid}/seating/close", {"hand": 1}, secret=secret, expect=422
    )
    assert "Ann deals this hand: Ann's face-up card sets the wild rank (CZ-1)" in refused["reasons"][0]
    _part(client, api, gid, 0, seats["Ann"], {"face_up": "Q", "board": "5 5 5", "went_out": True})
    assert _close(client, api, gid, secret)["recorded"] == 1
    # CZ-6: Ann 15 on her board, out; Bob 130 - 40; Cy sat it out
    assert [p["total"] for p in _game(client, api, gid)["players"]] == [15, 90, 0]


@pytest.mark.parametrize(
    ("variant", "part", "said"),
    [
        ("rummikub", {"went_out": True}, "every rack counts in the winner's score (CT-8): enter Bob's part"),
        (
            "rumbugz",
            {"kinds": ["single", "double", "triple", "match"], "went_out": True},
            "the winner scores every loser's hand (RB-7)",
        ),
    ],
)
def test_the_tile_games_and_rumbugz_refuse_and_keep_the_parts(client, api, variant, part, said):
    gid, secret, seats = _seated(client, api, variant, NAMES[:2])
    _part(client, api, gid, 0, seats["Ann"], part)
    _, refused = call(
        client, api, "POST", f"/api/v1/games/{gid}/seating/close", {"hand": 1}, secret=secret, expect=422
    )
    assert said in refused["reasons"][0]
    _, seating = call(client, api, "GET", f"/api/v1/games/{gid}/seating", expect=200)
    assert seating["hand"]["in"] == [0] and _game(client, api, gid)["rounds"] == []


def test_closing_needs_the_edit_secret_a_part_no_dispute_and_the_open_hand(client, api):
    gid, secret, seats = _seated(client, api, "krazy-bee", NAMES[:3])
    path = f"/api/v1/games/{gid}/seating/close"
    _, empty = call(client, api, "POST", path, {"hand": 1}, secret=secret, expect=422)
    assert "No part of this hand is in yet" in empty["reasons"][0]
    _part(client, api, gid, 0, seats["Ann"], {"laid": True, "went_out": True})
    call(client, api, "POST", path, {"hand": 1}, expect=401)
    call(client, api, "POST", path, {"hand": 1}, secret=seats["Ann"], expect=403)  # a phone's secret
    call(client, api, "POST", path, {"hand": 2}, secret=secret, expect=409)
    confirmation = f"/api/v1/games/{gid}/seats/0/part/confirmation"
    call(client, api, "PUT", confirmation, {"hand": 1, "looks_right": False}, secret=seats["Bob"], expect=200)
    _, disputed = call(client, api, "POST", path, {"hand": 1}, secret=secret, expect=422)
    assert "Ann's part is disputed: settle it before closing the hand." in disputed["reasons"]


def _table(app, variant: str) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game(variant, ["Ann", "Bob", "Cy"], {})
        open_seats(game)
        part = {"laid": True, "went_out": True} if variant == "krazy-bee" else {"went_out": True}
        send_part(game, 0, 1, part, by="editor")
        db.session.commit()
        return game.public_id, secret


def test_the_editors_seat_page_closes_a_krazy_bee_hand(app, client):
    gid, secret = _table(app, "krazy-bee")
    client.set_cookie(f"sk_edit_{gid}", secret)
    page = client.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Or close the hand with the parts that are in: <bdi>Bob</bdi> and <bdi>Cy</bdi> sat it out" in page
    assert "Close the hand with what is in" in page
    token = csrf_from(page)
    assert client.post(f"/games/{gid}/seat/close", data={"hand_number": "1"}).status_code == 400  # no CSRF
    stranger = app.test_client()
    form = {
        "csrf_token": csrf_from(stranger.get(f"/games/{gid}/seat").get_data(as_text=True)),
        "hand_number": "1",
    }
    assert stranger.post(f"/games/{gid}/seat/close", data=form).status_code == 403
    done = client.post(f"/games/{gid}/seat/close", data={"csrf_token": token, "hand_number": "1"})
    assert done.status_code == 302
    assert "Hand 1 recorded." in client.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_the_tile_games_seat_page_says_why_it_has_no_close_button(app, client):
    gid, secret = _table(app, "rummikub")
    client.set_cookie(f"sk_edit_{gid}", secret)
    page = client.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Close the round with what is in" not in page
    assert "is not closed without every rack: each one counts in the winner" in page
    token = csrf_from(page)
    refused = client.post(f"/games/{gid}/seat/close", data={"csrf_token": token, "hand_number": "1"})
    assert refused.status_code == 422
    assert "enter Bob, Cy&#39;s part instead" in refused.get_data(as_text=True)


def test_a_game_entered_otherwise_is_refused_in_a_sentence(app):
    """A game whose hands are not parts of the kinds above (Crib Rummy's turns) is never closed with
    a missing part: a sentence, not a crash."""
    with app.app_context():
        game, _ = services.create_game("crib-rummy", ["Ann", "Bob"], {})
        with pytest.raises(RoundError) as refused:
            close_hand(game, 1)
        assert "is closed only with every part: enter Ann, Bob's part instead." in str(refused.value.errors)
        db.session.rollback()
