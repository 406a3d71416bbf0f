"""Names as players type them (issue 36): one cleaning for every player's and table's name, from the
forms, the API and the imports. A lone surrogate, a name of only invisible characters and a name
that looks like another's at the same game or table are refused with a sentence saying which;
names are kept in NFC."""

from __future__ import annotations

import pytest

from scorekeeper.rules import variants
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import OpenApi, call
from .game_support import csrf_from, new_game_data

ANN_CYRILLIC = "\u0410nn"  # a Cyrillic capital A: looks like "Ann"
ANN_ZERO_WIDTH = "An\u200bn"
ANN_WIDE = "\uff21nn"  # a fullwidth A


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


@pytest.mark.parametrize(
    "names, words",
    [
        pytest.param(["Ann", "B\ud800b"], "lone surrogate", id="lone-surrogate"),
        pytest.param(["Ann", "\u200b\u2060\u200d"], "only invisible", id="only-invisible"),
        pytest.param(["Ann", "\u3164"], "only invisible", id="hangul-filler"),
        pytest.param(["Ann", ANN_CYRILLIC], "'\u0410nn' looks the same as 'Ann'", id="cyrillic-look-alike"),
        pytest.param(["Ann", ANN_ZERO_WIDTH], "looks the same as 'Ann'", id="zero-width-inside"),
        pytest.param(["Ann", ANN_WIDE], "looks the same as 'Ann'", id="fullwidth"),
        pytest.param(["Ren\u00e9", "Rene\u0301"], "two players are called 'Ren\u00e9'", id="nfc"),
    ],
)
def test_the_api_refuses_names_that_break_or_look_alike_and_keeps_nothing(app, client, api, names, words):
    status, answer = call(client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": names})
    assert status == 422, answer
    assert words in answer["error"], answer["error"]
    assert [f["field"] for f in answer["fields"]] == ["players.1"]
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_names_are_kept_in_nfc(client, api):
    _, created = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {"variant": "rummikub", "players": ["Rene\u0301", "Bob"]},
        expect=201,
    )
    game = client.get(f"/api/v1/games/{created['id']}").get_json()
    assert [p["name"] for p in game["players"]] == ["Ren\u00e9", "Bob"]


def test_a_table_refuses_a_broken_name_and_a_look_alike_of_its_roster(client, api):
    status, answer = call(client, api, "POST", "/api/v1/tables", {"name": "Nig\udfffht", "players": ["Ann"]})
    assert status == 422 and "lone surrogate" in answer["error"]
    status, answer = call(client, api, "POST", "/api/v1/tables", {"name": "\u200b", "players": ["Ann"]})
    assert status == 422 and "only invisible" in answer["error"]
    _, table = call(
        client, api, "POST", "/api/v1/tables", {"name": "Night", "players": ["Ann", "Bob"]}, expect=201
    )
    body = {"variant": "rummikub", "players": [ANN_CYRILLIC, "Bob"], "table": table["id"]}
    status, answer = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"])
    assert status == 422, answer
    assert "looks the same as 'Ann'" in answer["error"]
    roster = client.get(f"/api/v1/tables/{table['id']}").get_json()["players"]
    assert sorted(p["name"] for p in roster) == ["Ann", "Bob"]


def test_the_new_game_form_says_which_names_look_the_same(client):
    info = next(v for v in variants() if v["slug"] == "rummikub")
    page = client.get("/games/new/rummikub")
    data = {**new_game_data(info, ["Ann", ANN_CYRILLIC]), "csrf_token": csrf_from(page.text)}
    answer = client.post("/games/new/rummikub", data=data)
    assert answer.status_code == 422
    assert "looks the same as" in answer.text and "Ann" in answer.text


def test_the_new_table_form_refuses_an_invisible_name(client):
    page = client.get("/tables/")
    answer = client.post(
        "/tables/new",
        data={"csrf_token": csrf_from(page.text), "name": "\u200b\u200b", "players": "Ann\nBob"},
    )
    assert answer.status_code in (200, 422)
    assert "only invisible characters" in answer.text
