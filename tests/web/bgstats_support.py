"""What the BG Stats tests share: a backup written by hand from BG Stats' public descriptions
(docs/bg-stats.md), and a table, its Five Crowns house game, an import and an export through the API."""

from __future__ import annotations

from .api_support import call

#: a BG Stats backup as its public descriptions give it (more fields than this app reads: kept)
HAND_WRITTEN = {
    "userInfo": {"meRefId": 1},
    "games": [
        {
            "id": 11,
            "uuid": "G-RUMMIKUB",
            "name": "Rummikub",
            "bggId": 811,
            "highestWins": True,
            "noPoints": False,
        },
        {"id": 12, "uuid": "G-CROWNS", "name": "five  crowns", "bggId": 0, "highestWins": False},
        {"id": 13, "uuid": "G-WINGSPAN", "name": "Wingspan", "bggId": 266192},
    ],
    "players": [
        {"id": 1, "uuid": "P-ANN", "name": "Ann", "isAnonymous": False},
        {"id": 2, "uuid": "P-BOB", "name": "Bob"},
        {"id": 3, "uuid": "P-DEE", "name": "Dee"},
    ],
    "locations": [{"id": 1, "uuid": "L-HOME", "name": "Home"}],
    "plays": [
        {
            "uuid": "PLAY-1",
            "gameRefId": 11,
            "locationRefId": 1,
            "playDate": "2026-02-01 20:15:00",
            "durationMin": 40,
            "ignored": False,
            "playImages": "[]",
            "playerScores": [
                {
                    "playerRefId": 1,
                    "score": "52",
                    "winner": True,
                    "startPlayer": False,
                    "seatOrder": 0,
                    "rank": 1,
                },
                {
                    "playerRefId": 3,
                    "score": "-12",
                    "winner": False,
                    "startPlayer": True,
                    "seatOrder": 1,
                    "rank": 2,
                },
            ],
        },
        {
            "uuid": "PLAY-2",
            "gameRefId": 12,
            "playDate": "2026-02-02 21:00:00",
            "playerScores": [
                {"playerRefId": 1, "score": "40", "seatOrder": 0},
                {"playerRefId": 2, "score": 25, "seatOrder": 1},
            ],
        },
        {"uuid": "PLAY-3", "gameRefId": 13, "playDate": "2026-02-03 19:00:00", "playerScores": []},
        {"uuid": "PLAY-4", "gameRefId": 13, "playDate": "2026-02-04 19:00:00", "playerScores": []},
        {
            "uuid": "PLAY-5",
            "gameRefId": 11,
            "playDate": "2026-02-05 19:00:00",
            "playerScores": [{"playerRefId": 1, "score": "3"}, {"playerRefId": 99, "score": "4"}],
        },
    ],
}


def new_table(client, api, players=("Ann", "Bob")) -> dict:
    _, table = call(
        client, api, "POST", "/api/v1/tables", {"name": "Shelf", "players": list(players)}, expect=201
    )
    return table


def keep_five_crowns(client, api, table):
    body = {"name": "Five Crowns", "variant": "points", "options": {"high_wins": False, "rounds": 11}}
    call(
        client,
        api,
        "POST",
        f"/api/v1/tables/{table['id']}/house-games",
        body,
        secret=table["secret"],
        expect=201,
    )


def import_plays(client, api, table, doc, expect=200):
    path = f"/api/v1/tables/{table['id']}/import?format=bgstats"
    return call(client, api, "POST", path, doc, secret=table["secret"], expect=expect)[1]


def export_plays(client, api, table) -> dict:
    return call(client, api, "GET", f"/api/v1/tables/{table['id']}/export?format=bgstats", expect=200)[1]
