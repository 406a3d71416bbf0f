"""A refused part says why in its phone's language (issue 38, docs/own-phones.md): the part checks
are the engine's (scorekeeper/rules/parts.py), their sentences in its catalog, so a German phone
reads German, the rule id after the sentence, and the player's name as typed."""

from __future__ import annotations

import re

import pytest

from .api_support import OpenApi, call
from .test_seat_card_page import _page_game
from .test_seat_page import _send, _take
from .test_seats import _part, _seated

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _said(response) -> str:
    problem = re.search(r"data-seat-problem>(.*?)</div>", response.get_data(as_text=True), re.S)
    assert problem, response.get_data(as_text=True)[:500]
    return re.sub(r"<[^>]+>", "", problem.group(1)).strip()


def test_a_refused_part_reads_german_on_a_german_phone(app):
    gid = _page_game(app, "rummikub", names=["Ann", "Bob"])
    ann, bob = app.test_client(), app.test_client()
    bob.set_cookie("lang", "de")
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _send(ann, gid, went_out="1").status_code == 302
    refused = _send(bob, gid, went_out="1")
    assert refused.status_code == 422
    said = _said(refused)
    assert said == "Ann ist in dieser Runde schon rausgegangen; nur eine Person geht raus (CT-8)"


def test_a_dealers_missing_face_up_card_reads_german_on_the_seat_page(app):
    gid = _page_game(app, "crazy-rummy", names=["Ann", "Bob"])
    ann = app.test_client()
    ann.set_cookie("lang", "de")
    _take(ann, gid, "Ann")
    said = _said(_send(ann, gid, board_points="15", points="40"))  # Ann deals the first hand
    assert said.startswith("Du gibst in dieser Runde: gib deine aufgedeckte Karte an") and said.endswith(
        "(CZ-1)"
    )


def _sent(client, api, gid: str, seat: int, secret: str, part: dict, language: dict | None = None) -> dict:
    url = f"/api/v1/games/{gid}/seats/{seat}/part"
    return call(
        client, api, "PUT", url, {"hand": 1, "part": part}, secret=secret, headers=language, expect=422
    )[1]


def test_the_api_says_a_refused_part_in_the_phones_language(client, api):
    gid, _, seats = _seated(client, api, names=["Ann", "Bob"])
    _part(client, api, gid, 0, seats["Ann"], {"went_out": True})
    german = _sent(client, api, gid, 1, seats["Bob"], {"went_out": True}, GERMAN)
    assert german["reasons"] == [
        "Ann ist in dieser Runde schon rausgegangen; nur eine Person geht raus (CT-8)"
    ]
    assert german["reasons_keys"][0] == {
        "rule": "CT-8",
        "key": "part.out_already_round",
        "values": {"name": "Ann", "rule": "CT-8"},
    }
    english = _sent(client, api, gid, 1, seats["Bob"], {"rack": "R5 R5 R5"})
    assert english["reasons"] == ["CT-7: the game has only two R5 tiles; these racks hold 3"]
