"""A table's house games (issue 21, section 2): kept through the API with the table's secret (bounded,
4xx JSON with the reason, every answer checked against the OpenAPI document), offered first on the
new-game page and started in one tap, kept in the rulings ledger with their day, and carried by the
table's export."""

from __future__ import annotations

import re

import pytest

from .api_support import OpenApi, call
from .game_support import csrf_from
from .rounds_support import text
from .table_support import create_table, roster_ids

FIVE_CROWNS = {
    "name": "Five Crowns",
    "variant": "points",
    "options": {"high_wins": False, "rounds": 11},
    "adopted_on": "2026-03-14",
    "note": "Grandma's way",
}


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _table(client, api) -> dict:
    _, table = call(
        client, api, "POST", "/api/v1/tables", {"name": "Shelf", "players": ["Ann", "Bob"]}, expect=201
    )
    return table


def _houses(table: dict) -> str:
    return f"/api/v1/tables/{table['id']}/house-games"


def test_keep_list_read_and_withdraw_a_house_game_through_the_api(client, api):
    table = _table(client, api)
    _, kept = call(client, api, "POST", _houses(table), FIVE_CROWNS, secret=table["secret"], expect=201)
    assert kept["name"] == "Five Crowns" and kept["variant"] == "points"
    # the engine's own spelling, and a points house game plays under its name (PG-1)
    assert kept["options"] == {"high_wins": False, "rounds": 11, "game_name": "Five Crowns"}
    assert kept["adopted_on"] == "2026-03-14" and kept["note"] == "Grandma's way"
    assert kept["sentence"] == "House game Five Crowns: Any other game (points), high wins off, rounds 11"
    assert f"/tables/{table['id']}/play/points?house={kept['id']}" in kept["start"]
    _, rummikub = call(
        client,
        api,
        "POST",
        _houses(table),
        {"name": "Our Rummikub", "variant": "rummikub", "options": {"initial_meld": 40}},
        secret=table["secret"],
        expect=201,
    )
    _, listed = call(client, api, "GET", _houses(table), expect=200)
    assert [h["name"] for h in listed["house_games"]] == ["Five Crowns", "Our Rummikub"]
    _, one = call(client, api, "GET", f"{_houses(table)}/{rummikub['id']}", expect=200)
    assert one == rummikub
    path = f"{_houses(table)}/{kept['id']}"
    _, gone = call(client, api, "DELETE", path, secret=table["secret"], expect=200)
    assert gone["deleted"] == kept["id"] and [h["name"] for h in gone["house_games"]] == ["Our Rummikub"]
    call(client, api, "GET", path, expect=404)
    call(client, api, "DELETE", path, secret=table["secret"], expect=404)


def test_house_games_need_the_table_secret(client, api):
    table = _table(client, api)
    _, body = call(client, api, "POST", _houses(table), FIVE_CROWNS, expect=401)
    assert "Bearer" in body["error"]
    call(client, api, "POST", _houses(table), FIVE_CROWNS, secret="not-the-secret", expect=403)
    _, kept = call(client, api, "POST", _houses(table), FIVE_CROWNS, secret=table["secret"], expect=201)
    call(client, api, "DELETE", f"{_houses(table)}/{kept['id']}", expect=401)
    other = _table(client, api)
    call(client, api, "DELETE", f"{_houses(table)}/{kept['id']}", secret=other["secret"], expect=403)
    # another table's house game is not this table's
    call(client, api, "DELETE", f"{_houses(other)}/{kept['id']}", secret=other["secret"], expect=404)
    assert len(call(client, api, "GET", _houses(table), expect=200)[1]["house_games"]) == 1


@pytest.mark.parametrize(
    "body, status, reason",
    [
        ({**FIVE_CROWNS, "colour": "red"}, 400, "colour"),
        ({"variant": "points"}, 400, "name"),
        ({**FIVE_CROWNS, "name": "x" * 61}, 422, "at most 60 characters"),
        ({**FIVE_CROWNS, "name": "   "}, 422, "give the house game a name"),
        ({**FIVE_CROWNS, "variant": "poker"}, 422, "'poker' is not a variant"),
        ({**FIVE_CROWNS, "options": {"rounds": "many"}}, 422, "rounds"),
        ({**FIVE_CROWNS, "options": {"steps": "x"}}, 422, "not a game option"),
        ({**FIVE_CROWNS, "adopted_on": "yesterday"}, 422, "adopted_on: 'yesterday' is not a date"),
        # a day the table's export could not carry back (its document: year 1000 to 2999): taken before
        ({**FIVE_CROWNS, "adopted_on": "0999-01-01"}, 422, "adopted_on: '0999-01-01' is not a date"),
        ({**FIVE_CROWNS, "adopted_on": "2026-02-30"}, 422, "adopted_on: '2026-02-30' is not a date"),
    ],
)
def test_a_house_game_the_table_cannot_keep_is_refused_with_the_reason(client, api, body, status, reason):
    table = _table(client, api)
    _, answer = call(client, api, "POST", _houses(table), body, secret=table["secret"], expect=status)
    assert reason in " ".join([answer["error"], *answer["reasons"]]), answer
    assert call(client, api, "GET", _houses(table), expect=200)[1]["house_games"] == []


def test_a_second_house_game_of_the_same_name_and_the_bound_are_refused(client, api, monkeypatch):
    table = _table(client, api)
    call(client, api, "POST", _houses(table), FIVE_CROWNS, secret=table["secret"], expect=201)
    _, twice = call(
        client,
        api,
        "POST",
        _houses(table),
        {**FIVE_CROWNS, "name": "five crowns"},
        secret=table["secret"],
        expect=422,
    )
    assert "already has a house game called 'five crowns'" in twice["reasons"][0]
    monkeypatch.setattr("scorekeeper.services.tables.house_games.HOUSE_GAMES_MAX", 1)
    _, full = call(
        client,
        api,
        "POST",
        _houses(table),
        {**FIVE_CROWNS, "name": "Skip-Bo"},
        secret=table["secret"],
        expect=422,
    )
    assert "at most 1 house games" in full["error"] + " ".join(full["reasons"])


def _start_data(page: str, ids: dict, names: list[str]) -> dict:
    """The new-game form as the page fills it (its own option values), with the seats tapped."""
    data = {}
    for tag in re.findall(r"<input [^>]*>", page):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and name.group(1).startswith("opt_") and ('type="checkbox"' not in tag or " checked" in tag):
            data[name.group(1)] = value.group(1) if value else ""
    return {
        **data,
        "csrf_token": csrf_from(page),
        "seat": [ids[n] for n in names],
        "order": ",".join(ids[n] for n in names),
        "first_dealer": "0",
    }


def test_a_house_game_kept_from_the_new_game_page_is_offered_first_and_starts_in_one_tap(client):
    table_id = create_table(client, "Shelf", ["Ann", "Bob", "Cy"])
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}/play/points").text
    data = _start_data(page, ids, ["Ann", "Bob"])
    data.pop("opt_high_wins", None)  # low wins
    data.update(opt_rounds="11", house_name="Five Crowns")
    started = client.post(f"/tables/{table_id}/play/points", data=data)
    assert started.status_code == 302, text(started)[:500]
    # the new-game page now offers it first, one tap
    choose = client.get(f"/tables/{table_id}/play").text
    assert choose.index("Five Crowns") < choose.index("Rummikub")
    link = re.search(r'href="([^"]+)"><strong>Five Crowns</strong>', choose).group(1).replace("&amp;", "&")
    assert "high wins off, rounds 11" in text(client.get(f"/tables/{table_id}/play"))
    opened = client.get(link)
    shown = text(opened)
    assert "Five Crowns for Shelf" in shown and "A house game of the table" in shown
    assert re.search(r'name="opt_rounds"[^>]*value="11"', opened.text)
    assert not re.search(r'name="opt_high_wins"[^>]*checked', opened.text)
    assert re.search(r'name="opt_game_name"[^>]*value="Five Crowns"', opened.text)
    second = client.post(f"/tables/{table_id}/play/points", data=_start_data(opened.text, ids, ["Bob", "Cy"]))
    assert second.status_code == 302
    game_id = second.headers["Location"].rstrip("/").split("/")[-1]
    assert "Five Crowns" in text(client.get(f"/games/{game_id}"))
    options = client.get(f"/api/v1/games/{game_id}").get_json()["options"]
    assert (options["high_wins"], options["rounds"], options["game_name"]) == (False, 11, "Five Crowns")
    # kept in the rulings ledger with the day it was adopted
    rulings = text(client.get(f"/tables/{table_id}/rulings"))
    assert "house game" in rulings and "House game Five Crowns: Any other game (points)" in rulings


def test_a_house_name_the_table_already_has_starts_nothing(client):
    table_id = create_table(client, "Shelf", ["Ann", "Bob"])
    ids = roster_ids(client, table_id)
    for status in (302, 422):
        page = client.get(f"/tables/{table_id}/play/rummikub").text
        data = {**_start_data(page, ids, ["Ann", "Bob"]), "house_name": "Our Rummikub"}
        answer = client.post(f"/tables/{table_id}/play/rummikub", data=data)
        assert answer.status_code == status
    assert "already has a house game called 'Our Rummikub'" in text(answer)
    table = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert len(table["games"]) == 1  # the refused start left no game behind


def test_house_games_travel_with_the_table_export(client, api):
    table = _table(client, api)
    call(client, api, "POST", _houses(table), FIVE_CROWNS, secret=table["secret"], expect=201)
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    assert [r["kind"] for r in export["rulings"]] == ["house"]
    _, copy = call(client, api, "POST", "/api/v1/tables/import", export, expect=201)
    _, listed = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/house-games", expect=200)
    assert [(h["name"], h["options"], h["adopted_on"]) for h in listed["house_games"]] == [
        ("Five Crowns", {"high_wins": False, "rounds": 11, "game_name": "Five Crowns"}, "2026-03-14")
    ]
    # a house game whose options the engine refuses is not imported, nor anything else of the table
    export["rulings"][0]["decision"]["options"]["rounds"] = "many"
    _, refused = call(client, api, "POST", "/api/v1/tables/import", export, expect=422)
    assert "rounds" in " ".join(refused["reasons"])


def test_a_tables_new_game_says_an_options_refusal_under_its_field_in_player_words(client):
    """The table's new-game page put every refusal in one line on top, in the engine's key words
    ("option 'steps': ..."); it says it as the game's own new-game form does now."""
    table_id = create_table(client, "Shelf", ["Ann", "Bob"])
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}/play/krazy-bee").text
    data = {**_start_data(page, ids, ["Ann", "Bob"]), "opt_steps": "   "}
    answer = client.post(f"/tables/{table_id}/play/krazy-bee", data=data)
    assert answer.status_code == 422
    field = re.search(r'id="opt_steps-errors">(.*?)</ul>', answer.text, re.S)
    assert field and "Give the Steps for this game, one per line." in field.group(1)
    assert "option &#39;steps&#39;" not in answer.text and "option 'steps'" not in answer.text
    table = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert table["games"] == []  # nothing started
