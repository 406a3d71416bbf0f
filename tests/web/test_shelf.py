"""The shelf (issue 33): a low-wins points game says so, an imported game shows its result once, an
empty points hand is refused in the points game's words, a table page names its points games, a
table's new game offers the names picked for who plays first, and imported-only statistics hold no
empty figures."""

from __future__ import annotations

import json
import re
from datetime import datetime
from urllib.parse import unquote

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

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


def test_a_tables_page_names_its_points_games_and_imported_only_statistics_have_no_empty_figures(client, api):
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    import_plays(client, api, table, HAND_WRITTEN)  # a Rummikub play and a Five Crowns one, no hands
    body = {
        "variant": "points",
        "players": ["Ann", "Bob"],
        "table": table["id"],
        "options": {"game_name": "Hearts"},
    }
    call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
    page = text(client.get(f"/tables/{table['id']}"))
    shown = re.findall(r'<span class="game-variant">(.*?)</span>', page)
    assert sorted(shown) == ["Five Crowns", "Hearts", "Rummikub"]
    stats = text(client.get(f"/tables/{table['id']}/stats"))
    assert "Rummikub" in stats and "Average rack left" not in stats  # a tile game's figures need hands


def test_a_tables_new_game_names_who_plays_first_as_picked_when_the_form_comes_back(client, api):
    table = new_table(client, api, players=("Ann", "Bob"))
    client.get(f"/tables/{table['id']}/join/{table['secret']}")
    url = f"/tables/{table['id']}/play/rummikub"
    form = text(client.get(url))
    ids = dict(
        (name, i) for i, name in re.findall(r'name="seat" value="(\d+)"> <span class="chip-name">(\w+)', form)
    )
    data = {
        "csrf_token": re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1),
        "seat": [ids["Ann"], ids["Bob"]],
        "order": f"{ids['Bob']},{ids['Ann']}",
        "new_0": "Cy",
        "first_dealer": "2",
        "opt_rounds": "many",  # refused by the form: it comes back
    }
    back = client.post(url, data=data)
    assert back.status_code == 422
    select = re.search(r'<select[^>]*name="first_dealer".*?</select>', text(back), re.S).group(0)
    assert re.findall(r"<option[^>]*>(.*?)</option>", select)[:4] == ["Bob", "Ann", "Cy", "Player 4"]
    assert re.search(r'<option selected value="2">|<option[^>]*value="2"[^>]*selected', select)


def _send_link(page: str) -> tuple[dict, str]:
    """The play in the page's Send to BG Stats link, and the start in UTC the link carries."""
    link = re.search(
        r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"([^>]*)>Send to', page
    )
    assert link, "a finished game links BG Stats' add-play page"
    play = json.loads(unquote(link.group(1).split("data=", 1)[1]))
    return play, re.search(r'data-play-utc="([^"]+)"', link.group(2)).group(1)


def test_send_to_bg_stats_names_the_table_as_the_location_and_carries_the_start_in_utc(app, client, api):
    table = new_table(client, api)
    body = {"variant": "points", "players": ["Ann", "Bob"], "table": table["id"], "options": {"rounds": 1}}
    _, game = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
    hand = {"players": [{"points": 7}, {"points": 12}]}
    call(client, api, "POST", f"/api/v1/games/{game['id']}/rounds", hand, secret=game["secret"], expect=201)
    with app.app_context():  # started on a German winter evening: 20:15 in Berlin is 19:15 UTC
        services.get_game(game["id"]).created_at = datetime(2026, 2, 1, 19, 15)
        db.session.commit()
    play, utc = _send_link(text(client.get(f"/games/{game['id']}")))
    assert play["location"] == "Shelf"  # the table's name, not "Scorekeeper"
    assert utc == "2026-02-01T19:15:00Z"  # the phone writes its own wall time from it (static/js/bgstats.js)


def test_PG_5_the_variant_picker_says_a_points_game_is_won_either_way(client):
    """The picker said "highest score wins" under a game whose table chooses (its default), beside
    a summary saying "high or low wins"; the Step game and the others keep their one way."""
    picker = text(client.get("/games/new"))
    lines = dict(re.findall(r"<strong>([^<]+)</strong>.*?·\s*(\w+(?: or \w+)?) score wins", picker, re.S))
    assert lines["Any other game (points)"] == "highest or lowest"
    assert lines["Krazy Bee Rummy"] == "lowest" and lines["Crazy Rummy"] == "highest"
