"""Head-to-head at two sizes (docs/tables.md "Statistics"): the statistics page shows at most the
50 pairs who played together most, however big the club; each player finds their own pairs on their
page (names, never seats); every pair is read a page at a time.

The small table is test_tables.py's (Ann, Bob, Cy; its head-to-head worked out there): Ann-Bob 2
together, Ann ahead 1-0, 1 level; Ann-Cy 2 together, Ann ahead 1-0; Bob-Cy 2 together, Cy ahead 0-2.
The big one: 16 players, every two of them at one BG Stats play of Rummikub (the lower-numbered
one wins), Ann and Bob at two more: 120 pairs, Ann-Bob 3 games together, every other pair 1.
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from .api_support import OpenApi, call
from .bgstats_support import import_plays, new_table
from .rounds_support import text
from .table_support import create_table, play_small_table

PAIR_ROW = re.compile(
    r'<th scope="row"><bdi>([^<]+)</bdi> v <bdi>([^<]+)</bdi></th><td class="num">([\d,]+)</td>'
)
OPPONENT_ROW = re.compile(
    r'<th scope="row"><a href="[^"]+"><bdi>([^<]+)</bdi></a></th><td class="num">(\d+)</td>'
    r'<td class="num">(\d+)–(\d+)</td><td class="num">(\d+)</td>'
)
BIG = ["Ann", "Bob", *(f"Player {n:02}" for n in range(3, 17))]


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _head_to_head(page: str) -> list[tuple[str, str, str]]:
    part = page.split("<h2>Head to head</h2>", 1)[1].split("<section", 1)[0]
    return PAIR_ROW.findall(part)


def _opponents(page: str) -> dict[str, tuple[int, int, int, int]]:
    part = page.split('id="opponents"', 1)[1]
    return {name: tuple(int(n) for n in rest) for name, *rest in OPPONENT_ROW.findall(part)}


def _big_table(client, api) -> dict:
    table = new_table(client, api, BIG)
    ids = {name: n for n, name in enumerate(BIG, 1)}
    pairs = [*combinations(BIG, 2), ("Ann", "Bob"), ("Ann", "Bob")]
    doc = {
        "games": [{"id": 1, "uuid": "G-RUMMIKUB", "name": "Rummikub", "highestWins": True}],
        "players": [{"id": n, "uuid": f"P-{n}", "name": name} for name, n in ids.items()],
        "plays": [
            {
                "uuid": f"PLAY-{k}",
                "gameRefId": 1,
                "playDate": f"2026-03-{1 + k // 60:02} 12:{k % 60:02}:00",
                "playerScores": [
                    {"playerRefId": ids[a], "score": "10", "winner": True, "rank": 1},
                    {"playerRefId": ids[b], "score": "0", "winner": False, "rank": 2},
                ],
            }
            for k, (a, b) in enumerate(pairs)
        ],
    }
    added = 0
    while added < len(pairs):  # an import takes 100 plays at most, the next one the rest
        added += import_plays(client, api, table, doc)["added"]
    return table


def test_a_small_tables_page_shows_every_pair_and_each_player_their_own(client):
    table_id = create_table(client, "Sunday cards", ["Ann", "Bob", "Cy"])
    play_small_table(client, table_id)
    page = client.get(f"/tables/{table_id}/stats").text
    assert sorted(_head_to_head(page)) == [("Ann", "Bob", "2"), ("Ann", "Cy", "2"), ("Bob", "Cy", "2")]
    assert f'href="/tables/{table_id}/pairs"' not in page  # nothing more to see
    ann = client.get(f"/tables/{table_id}/player?name=Ann")
    bob = client.get(f"/tables/{table_id}/player?name=bob")
    # (together, ahead, behind, level), by name
    assert _opponents(ann.text) == {"Bob": (2, 1, 0, 1), "Cy": (2, 1, 0, 0)}
    assert _opponents(bob.text) == {"Ann": (2, 0, 1, 1), "Cy": (2, 0, 2, 0)}
    assert "Seat" not in text(bob) and "“Ahead”: finished games in which Bob finished ahead" in text(bob)


def test_a_big_clubs_page_shows_the_50_pairs_who_met_most_and_finds_ones_own(client, api):
    table = _big_table(client, api)
    tid = table["id"]
    _, stats = call(client, api, "GET", f"/api/v1/tables/{tid}/stats", expect=200)
    assert len(stats["head_to_head"]) == 120  # the API: every pair, as documented
    page = client.get(f"/tables/{tid}/stats").text
    shown = _head_to_head(page)
    assert len(shown) == 50 and shown[0] == ("Ann", "Bob", "3")
    assert "The 50 pairs who played together most, of 120." in page
    # one's own pairs: the page's chooser sends to the player's page, every opponent there
    assert f'action="/tables/{tid}/player#opponents"' in page and "<option>Player 16</option>" in page
    mine = _opponents(client.get(f"/tables/{tid}/player?name=Player 16").text)
    assert len(mine) == 15 and mine["Ann"] == (1, 0, 1, 0) and mine["Player 15"] == (1, 0, 1, 0)
    assert _opponents(client.get(f"/tables/{tid}/player?name=Ann").text)["Bob"] == (3, 3, 0, 0)
    # every pair, 100 a page, the next page linked, a page past the last shows the last
    first = client.get(f"/tables/{tid}/pairs")
    assert first.status_code == 200 and len(PAIR_ROW.findall(first.text)) == 100
    assert f'href="/tables/{tid}/pairs?page=2"' in first.text and "Pairs 1–100 of 120" in text(first)
    second = client.get(f"/tables/{tid}/pairs?page=2").text
    assert len(PAIR_ROW.findall(second)) == 20 and 'rel="next"' not in second
    assert PAIR_ROW.findall(client.get(f"/tables/{tid}/pairs?page=9").text) == PAIR_ROW.findall(second)
    every = {(a, b) for a, b, _ in PAIR_ROW.findall(first.text) + PAIR_ROW.findall(second)}
    assert every == {(h["a"], h["b"]) for h in stats["head_to_head"]}


def test_a_pairs_names_are_each_isolated_from_the_row(client, api):
    """A name that turns the writing direction round (a right-to-left override, as a hostile or
    broken phone may send) turns only itself: the head-to-head rows wrote both names raw in one
    sentence, so the override ran on over " v " and the other name, both on the statistics page and
    on every pair's page (each name is isolated, as on the rest of the table's pages)."""
    turned = "Eve\u202eevil"
    table = new_table(client, api, ["Ann", turned])
    play = {"uuid": "PLAY-1", "gameRefId": 1, "playDate": "2026-03-01 12:00:00"}
    play["playerScores"] = [
        {"playerRefId": 1, "score": "10", "winner": True, "rank": 1},
        {"playerRefId": 2, "score": "0", "winner": False, "rank": 2},
    ]
    doc = {
        "games": [{"id": 1, "uuid": "G-RUMMIKUB", "name": "Rummikub", "highestWins": True}],
        "players": [{"id": 1, "uuid": "P-1", "name": "Ann"}, {"id": 2, "uuid": "P-2", "name": turned}],
        "plays": [play],
    }
    assert import_plays(client, api, table, doc)["added"] == 1
    for address in (f"/tables/{table['id']}/stats", f"/tables/{table['id']}/pairs"):
        page = client.get(address).text
        assert f"<bdi>Ann</bdi> v <bdi>{turned}</bdi>" in page, address
        assert f" v {turned}" not in page, address
    # the player's page: the sentence that says what "Ahead" counts names them twice
    mine = client.get(f"/tables/{table['id']}/player", query_string={"name": turned}).text
    assert f"finished games in which <bdi>{turned}</bdi> finished ahead" in mine
