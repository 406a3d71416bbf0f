"""Counts as the reader writes them (docs/languages.md "Numbers"): a club of 1,001 games says
"1,001 games" in English, "1.001 Spiele" in German, its statistics page and its player's page too;
the plural form still picked by the count (Polish: tests/web/test_polish_plurals.py). A score in a
column stays as a score pad writes it (1500). On a real SQLite file through the test client, the
games taken in from a BG Stats backup (result-only games, the quickest way to a thousand)."""

from __future__ import annotations

import pytest

from .api_support import OpenApi
from .bgstats_support import HAND_WRITTEN, import_plays, new_table

GAMES = 1001


@pytest.fixture
def club(client, monkeypatch):
    """A table whose 1,001 games Ann and Bob played (Ann winning, 1500 to 20): its id."""
    monkeypatch.setattr("scorekeeper.services.tables.bgstats_import.BGSTATS_TAKEN_MAX", GAMES)
    api = OpenApi(client.get("/api/v1/openapi.json").get_json())
    table = new_table(client, api)
    plays = [
        {
            "uuid": f"PLAY-{n}",
            "gameRefId": 11,
            "playDate": f"2026-0{1 + n % 9}-{1 + n % 28:02d} 20:{n % 60:02d}:00",
            "playerScores": [
                {"playerRefId": 1, "score": "1500", "winner": True, "seatOrder": 0},
                {"playerRefId": 2, "score": "20", "seatOrder": 1},
            ],
        }
        for n in range(GAMES)
    ]
    import_plays(client, api, table, {**HAND_WRITTEN, "plays": plays})
    return table["id"]


@pytest.mark.parametrize(
    "language, games, player",
    [("en", "1,001 games", ">1,001<"), ("de", "1.001 Spiele", ">1.001<"), ("nl", "1.001 spellen", ">1.001<")],
)
def test_a_clubs_count_of_games_is_written_the_readers_way(client, club, language, games, player):
    headers = {"Accept-Language": language}
    page = client.get(f"/tables/{club}", headers=headers).get_data(as_text=True)
    assert games in page and "1001" not in page
    assert player in page  # Ann's games in the players' table
    stats = client.get(f"/tables/{club}/stats", headers=headers).get_data(as_text=True)
    assert games in stats and "1001" not in stats
    mine = client.get(f"/tables/{club}/player?name=Ann", headers=headers).get_data(as_text=True)
    assert games in mine
    assert ">1500<" in mine  # her score in each game's column, as a score pad writes it


def test_polish_groups_a_count_only_from_five_digits(client, club):
    """Polish writes 1001 as it is (the Polish norm, CLDR's minimumGroupingDigits 2), 12 345 grouped."""
    page = client.get(f"/tables/{club}", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert "1001 gier" in page and "1\xa0001" not in page
