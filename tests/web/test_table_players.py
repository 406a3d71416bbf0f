"""Result-only games at a table (issue 21, sections 3 and 4): they travel with the table's JSON export, and
a player's page lists their games of every kind, newest first."""

from __future__ import annotations

import re

import pytest

from .api_support import OpenApi, call
from .bgstats_support import HAND_WRITTEN, import_plays, keep_five_crowns, new_table
from .rounds_support import text


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def test_a_players_page_lists_their_games_across_kinds_newest_first(client, api):
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    import_plays(client, api, table, HAND_WRITTEN)  # Rummikub on 1 February, Five Crowns on 2 February
    body = {
        "variant": "points",
        "players": ["Ann", "Bob"],
        "table": table["id"],
        "options": {"game_name": "Hearts"},
    }
    _, hearts = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
    page = client.get(f"/tables/{table['id']}/player?name=ann")
    assert page.status_code == 200
    rows = re.findall(r'<th scope="row"><a href="/games/([^"]+)">([^<]+)</a>', page.text)
    assert [name for _, name in rows] == ["Hearts", "Five Crowns", "Rummikub"]  # newest first, every kind
    assert rows[0][0] == hearts["id"] and "3 games" in text(page) and "imported without hands" in text(page)
    assert "playing" in text(page) and "won" in text(page)
    assert client.get(f"/tables/{table['id']}/player?name=Zed").status_code == 404
    stats = client.get(f"/tables/{table['id']}/stats").text
    assert f"/tables/{table['id']}/player?name=Ann" in stats  # the statistics link each player's page


def test_result_only_games_travel_with_the_table_export(client, api):
    table = new_table(client, api)
    import_plays(client, api, table, HAND_WRITTEN)
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    assert [g["result"]["source"] for g in export["games"]] == ["PLAY-1"]
    _, copy = call(client, api, "POST", "/api/v1/tables/import", export, expect=201)
    _, a = call(client, api, "GET", f"/api/v1/tables/{table['id']}/stats", expect=200)
    _, b = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/stats", expect=200)
    for stats in (a, b):  # the copy's games have ids of their own
        for player in stats["players"]:
            for result in player["last_results"]:
                del result["game"]
    assert a["players"] == b["players"] and a["head_to_head"] == b["head_to_head"]
    assert a["players"][0]["ratings"]["rummikub"]["games"] == 1
    # and the copy knows the play: the backup adds nothing to it
    assert import_plays(client, api, {**table, **copy}, HAND_WRITTEN)["already_here"] == 1
