"""The shelf (issue 33): a low-wins points game says so, an imported game shows its result once, an
empty points hand is refused in the points game's words, a table page names its points games, a
table's new game offers the names picked for who plays first, and imported-only statistics hold no
empty figures."""

from __future__ import annotations

import re

import pytest

from .api_support import OpenApi, call
from .bgstats_support import HAND_WRITTEN, import_plays, keep_five_crowns, new_table
from .rounds_support import new_game, text


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _head(page: str) -> str:
    return re.search(r'<header class="game-head">(.*?)</header>', page, re.S).group(1)


def test_PG_5_a_low_wins_points_game_says_lowest_under_its_name(app, client):
    low = new_game(app, client, "points", options={"game_name": "Hearts", "high_wins": False})
    high = new_game(app, client, "points", options={"game_name": "Yahtzee"})
    assert "lowest score wins" in _head(text(client.get(f"/games/{low}")))
    assert "highest score wins" in _head(text(client.get(f"/games/{high}")))


def test_an_imported_game_shows_its_result_once_and_no_dealer(client, api):
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    import_plays(client, api, table, HAND_WRITTEN)
    _, shown = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    for game in shown["games"]:
        page = text(client.get(f"/games/{game['id']}"))
        assert page.count('<ol class="standings') == 1  # the imported result, not the engine's empty game
        main = page.split("<main")[1]
        assert "deals" not in main and "plays first" not in main and "No hand recorded yet" not in main


def test_PG_3_an_empty_points_hand_is_refused_in_the_points_games_words(client, api):
    body = {"variant": "points", "players": ["Ann", "Bob"], "options": {"game_name": "Hearts"}}
    _, game = call(client, api, "POST", "/api/v1/games", body, expect=201)
    hand = {"players": [{}, {}]}
    _, refused = call(
        client, api, "POST", f"/api/v1/games/{game['id']}/rounds", hand, secret=game["secret"], expect=422
    )
    said = str(refused)
    assert "went out" not in said and "nobody's points were entered" in said.lower()
