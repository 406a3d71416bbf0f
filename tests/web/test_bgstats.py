"""BG Stats (issue 21, section 3): a table's finished games exported as a BG Stats backup, plays taken back
from one as result-only games (matched by name, unknown games listed and skipped, a second import adding
nothing), and "Send to BG Stats" on a finished game. The file read first is written by hand from the
public descriptions of the backup (docs/bg-stats.md), not by this app."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest

from scorekeeper.services.tables.roster import game_secret

from .api_support import OpenApi, call
from .bgstats_support import HAND_WRITTEN, export_plays, import_plays, keep_five_crowns, new_table
from .rounds_support import text, token


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def test_a_hand_written_backup_imports_by_name_and_a_second_import_adds_nothing(client, api):
    table = new_table(client, api)
    keep_five_crowns(client, api, table)  # "five  crowns" matches the house game, case and spaces aside
    report = import_plays(client, api, table, HAND_WRITTEN)
    assert report["added"] == 2 and report["already_here"] == 0
    assert report["unknown_games"] == [{"name": "Wingspan", "plays": 2}]  # listed, never guessed
    assert [(s["play"], s["uuid"]) for s in report["skipped"]] == [(4, "PLAY-5")]
    assert "name" in report["skipped"][0]["reason"]
    again = import_plays(client, api, table, HAND_WRITTEN)
    assert (again["added"], again["already_here"]) == (0, 2)
    _, shown = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    assert len(shown["games"]) == 2 and all(g["status"] == "finished" for g in shown["games"])
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob", "Dee"]  # Dee joined with her play
    _, stats = call(client, api, "GET", f"/api/v1/tables/{table['id']}/stats", expect=200)
    players = {p["name"]: p for p in stats["players"]}
    # counted in wins, win rates, ratings and head-to-head; Five Crowns under its own name, low wins
    assert players["Ann"]["variants"]["rummikub"]["wins"] == 1 and players["Ann"]["win_rate"] == 0.5
    assert players["Bob"]["variants"]["points:Five Crowns"]["wins"] == 1  # 25 beats 40: low wins
    assert players["Dee"]["ratings"]["rummikub"]["mu"] < 25 < players["Ann"]["ratings"]["rummikub"]["mu"]
    assert {(h["a"], h["b"], h["a_ahead"]) for h in stats["head_to_head"]} == {
        ("Ann", "Dee", 1),
        ("Ann", "Bob", 0),
    }
    rummikub = next(g for g in shown["games"] if g["variant"] == "rummikub")
    assert rummikub["winners"] == ["Ann"] and rummikub["players"] == ["Ann", "Dee"]
    page = text(client.get(f"/games/{rummikub['id']}"))
    assert "Imported without hands" in page and "52" in page and "-12" in page
    _, game = call(client, api, "GET", f"/api/v1/games/{rummikub['id']}", expect=200)
    assert game["status"] == "finished" and game["rounds"] == []  # as imported, not the engine's empty game


def test_mixed_games_export_to_bg_stats_and_import_back_without_doubles(client, api):
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    import_plays(client, api, table, HAND_WRITTEN)
    for variant, options, hand in (
        ("rummikub", {"rounds": 1}, {"winner": 1, "players": [{"rack": "R5 J"}, {"rack": ""}]}),
        (
            "points",
            {"game_name": "Hearts", "rounds": 1, "high_wins": False},
            {"players": [{"points": 9}, {"points": 4}]},
        ),
        (
            "points",
            {"game_name": "Hearts"},
            {"players": [{"points": 1}, {"points": 0}]},
        ),  # not finished: left out
    ):
        body = {"variant": variant, "players": ["Ann", "Bob"], "table": table["id"], "options": options}
        _, game = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
        call(
            client, api, "POST", f"/api/v1/games/{game['id']}/rounds", hand, secret=game["secret"], expect=201
        )
    backup = export_plays(client, api, table)
    assert sorted(g["name"] for g in backup["games"]) == ["Five Crowns", "Hearts", "Rummikub"]
    assert len(backup["plays"]) == 4 and backup["locations"][0]["name"] == "Shelf"
    names = {p["id"]: p["name"] for p in backup["players"]}
    games = {g["id"]: g for g in backup["games"]}
    hearts = next(p for p in backup["plays"] if games[p["gameRefId"]]["name"] == "Hearts")
    assert games[hearts["gameRefId"]]["highestWins"] is False and re.match(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", hearts["playDate"]
    )
    assert [(names[s["playerRefId"]], s["score"], s["winner"]) for s in hearts["playerScores"]] == [
        ("Ann", "9", False),
        ("Bob", "4", True),
    ]
    assert sum(s["startPlayer"] for s in hearts["playerScores"]) == 1
    assert {p["uuid"] for p in backup["plays"]} >= {"PLAY-1", "PLAY-2"}  # an imported play keeps its id
    assert export_plays(client, api, table) == backup  # the same ids every time
    # back into the same table: nothing doubles
    same = import_plays(client, api, table, backup)
    assert (same["added"], same["already_here"], same["unknown_games"]) == (0, 4, [])
    # into another table that knows the games: every play, once
    other = new_table(client, api, players=())
    keep_five_crowns(client, api, other)
    body = {"name": "Hearts", "variant": "points", "options": {"high_wins": False}}
    call(
        client,
        api,
        "POST",
        f"/api/v1/tables/{other['id']}/house-games",
        body,
        secret=other["secret"],
        expect=201,
    )
    first = import_plays(client, api, other, backup)
    assert (first["added"], first["unknown_games"], first["skipped"]) == (4, [], [])
    assert import_plays(client, api, other, backup)["added"] == 0
    copied = export_plays(client, api, other)
    assert sorted(p["uuid"] for p in copied["plays"]) == sorted(p["uuid"] for p in backup["plays"])
    _, a = call(client, api, "GET", f"/api/v1/tables/{table['id']}/stats", expect=200)
    _, b = call(client, api, "GET", f"/api/v1/tables/{other['id']}/stats", expect=200)
    wins = lambda s: sorted((p["name"], p["wins"], p["finished"]) for p in s["players"])  # noqa: E731
    assert wins(a) == wins(b)


@pytest.mark.parametrize(
    "path, body, secret, status, reason",
    [
        ("import?format=bgstats", HAND_WRITTEN, None, 401, "Bearer"),
        ("import?format=bgstats", HAND_WRITTEN, "wrong", 403, "secret"),
        ("import", HAND_WRITTEN, True, 400, "bgstats"),
        ("import?format=bgstats", {"plays": []}, True, 400, "games"),
        ("import?format=bgstats", {"games": [], "players": [], "plays": "x"}, True, 400, "plays"),
    ],
)
def test_an_import_the_table_cannot_take_is_refused_with_the_reason(
    client, api, path, body, secret, status, reason
):
    table = new_table(client, api)
    secret = table["secret"] if secret is True else secret
    _, answer = call(
        client, api, "POST", f"/api/v1/tables/{table['id']}/{path}", body, secret=secret, expect=status
    )
    assert reason in answer["error"]
    assert call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)[1]["games"] == []


def test_an_export_format_the_app_does_not_write_is_a_400(client, api):
    table = new_table(client, api)
    _, answer = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export?format=bgg", expect=400)
    assert "bgstats" in answer["error"]
    page = client.get(f"/tables/{table['id']}").text
    assert f"/api/v1/tables/{table['id']}/export?format=bgstats" in page  # the table page's button


def test_a_finished_game_offers_send_to_bg_stats_with_its_play(client, api):
    body = {"variant": "points", "players": ["Ann", "Bob"], "options": {"game_name": "Skip-Bo", "rounds": 1}}
    _, game = call(client, api, "POST", "/api/v1/games", body, expect=201)
    assert "Send to BG Stats" not in client.get(f"/games/{game['id']}").text  # not before it ends
    hand = {"players": [{"points": 7}, {"points": 12}]}
    call(client, api, "POST", f"/api/v1/games/{game['id']}/rounds", hand, secret=game["secret"], expect=201)
    page = client.get(f"/games/{game['id']}").text
    link = re.search(
        r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"[^>]*>Send to BG Stats', page
    )
    assert link, "a finished game links BG Stats' add-play page"
    assert page.index("winner-banner") < link.start()  # the winner first, then what to do with the play
    play = json.loads(unquote(link.group(1).replace("&amp;", "&").split("data=", 1)[1]))
    assert play["game"]["name"] == "Skip-Bo" and play["game"]["highestWins"] is True
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        ("Ann", 7, False, 2),
        ("Bob", 12, True, 1),
    ]
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", play["playDate"])


def test_a_play_the_rules_refuse_is_skipped_and_leaves_nobody_on_the_roster(client, api):
    table = new_table(client, api)
    crowd = [{"id": i, "name": n} for i, n in enumerate(["Ann", "Eve", "Fay", "Gus", "Hal"], start=1)]
    doc = {
        "games": [{"id": 1, "name": "RUMMIKUB"}],
        "players": crowd,
        "plays": [
            {
                "uuid": "BIG",
                "gameRefId": 1,
                "playDate": "2026-02-01 20:15:00",
                "playerScores": [{"playerRefId": p["id"], "score": "1"} for p in crowd],  # Rummikub seats 4
            },
            {"uuid": "BAD-DATE", "gameRefId": 1, "playDate": "soon", "playerScores": [{"playerRefId": 1}]},
        ],
    }
    report = import_plays(client, api, table, doc)
    assert report["added"] == 0 and [s["uuid"] for s in report["skipped"]] == ["BIG", "BAD-DATE"]
    _, shown = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob"] and shown["games"] == []


def test_one_import_takes_a_bounded_number_of_plays_and_the_next_takes_the_rest(client, api, monkeypatch):
    monkeypatch.setattr("scorekeeper.services.tables.bgstats_import.BGSTATS_TAKEN_MAX", 1)
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    first = import_plays(client, api, table, HAND_WRITTEN)
    assert (first["added"], first["deferred"]) == (1, 2)  # PLAY-2 and PLAY-5 wait for the next import
    second = import_plays(client, api, table, HAND_WRITTEN)
    assert (second["added"], second["already_here"], second["deferred"]) == (1, 1, 1)
    third = import_plays(client, api, table, HAND_WRITTEN)  # PLAY-5 is skipped (a player without a name)
    assert (third["added"], third["already_here"], third["deferred"], len(third["skipped"])) == (0, 2, 0, 1)


def test_a_result_only_game_takes_no_hands_and_says_why(client, api):
    """An imported result keeps its result: its page offers no "Record a hand" (to an editor either),
    the hand form sends back to the page with the reason, and the API refuses a hand with it (422, as
    after a game's end); nothing is recorded and the table keeps the imported result."""
    table = new_table(client, api)
    keep_five_crowns(client, api, table)
    import_plays(client, api, table, HAND_WRITTEN)
    _, shown = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    crowns = next(g for g in shown["games"] if g["variant"] == "points")
    secret = game_secret(table["secret"], crowns["id"])
    client.set_cookie(f"sk_edit_{crowns['id']}", secret)
    page = text(client.get(f"/games/{crowns['id']}"))
    assert "Imported without hands" in page and "following (read-only)" not in page  # an editor's page
    assert "Record a " not in page and f"/games/{crowns['id']}/rounds/new" not in page
    form = client.get(f"/games/{crowns['id']}/rounds/new")
    assert form.status_code == 302 and form.headers["Location"].endswith(f"/games/{crowns['id']}")
    said = text(client.get(form.headers["Location"]))
    assert "imported from BG Stats with its final scores only" in said
    queued = client.post(  # a hand from a phone's queue: refused with the reason, kept there for the editor
        f"/games/{crowns['id']}/rounds/new",
        data={"csrf_token": token(client, f"/games/{crowns['id']}"), "players-0-points": "5"},
        headers={"Idempotency-Key": "result-only-1", "X-Scorekeeper-Hand": "1"},
    )
    assert queued.status_code == 422 and "final scores only" in queued.get_json()["error"]
    _, before = call(client, api, "GET", f"/api/v1/games/{crowns['id']}", expect=200)
    hand = {"players": [{"points": 5}, {"points": 7}]}
    status, answer = call(client, api, "POST", f"/api/v1/games/{crowns['id']}/rounds", hand, secret=secret)
    assert status == 422 and "imported from BG Stats with its final scores only" in answer["error"]
    _, game = call(client, api, "GET", f"/api/v1/games/{crowns['id']}", expect=200)
    assert game == before and game["rounds"] == []
    _, after = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    assert next(g for g in after["games"] if g["id"] == crowns["id"]) == crowns
