"""BG Stats import from the table page (issue 33): a file picker for the table's phones, then a page
saying what was added, what was here already, what waits for the next import and what was skipped;
a bad file refused with a clear sentence and nothing imported. Play dates are the phone's wall time."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper.limits import BODY_MAX
from scorekeeper.services.tables import bgstats_import

from .api_support import OpenApi, call
from .bgstats_support import HAND_WRITTEN, export_plays, keep_five_crowns, new_table
from .rounds_support import text


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


@pytest.fixture
def table(client, api) -> dict:
    """A table with its Five Crowns house game; this client is one of its phones."""
    made = new_table(client, api)
    keep_five_crowns(client, api, made)
    client.get(f"/tables/{made['id']}/join/{made['secret']}")
    return made


def upload(client, table: dict, content: bytes | None, tz: str = "", token: bool = True):
    """The import page's form sent with ``content`` as the picked file (None: no file picked)."""
    page = text(client.get("/tables/"))  # a form of this session, for its CSRF token
    data = {"tz": tz}
    if token:
        data["csrf_token"] = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    if content is not None:
        data["backup"] = (io.BytesIO(content), "BGStatsExport.json")
    return client.post(f"/tables/{table['id']}/import", data=data, content_type="multipart/form-data")


def games_of(client, api, table) -> list:
    return call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)[1]["games"]


def said(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text(response).split("<main", 1)[1]))


def test_the_table_page_offers_the_import_to_its_phones_only(client, api, table):
    assert "Import from BG Stats" in text(client.get(f"/tables/{table['id']}"))
    client.delete_cookie(f"sk_table_{table['id']}")
    assert "Import from BG Stats" not in text(client.get(f"/tables/{table['id']}"))
    assert "Only the table's phones can import plays" in said(client.get(f"/tables/{table['id']}/import"))
    answer = upload(client, table, json.dumps(HAND_WRITTEN).encode())
    assert answer.status_code == 403 and games_of(client, api, table) == []


def test_a_backup_picked_on_the_page_says_what_was_added_known_and_skipped(client, api, table):
    first = upload(client, table, json.dumps(HAND_WRITTEN).encode())
    assert first.status_code == 200
    page = said(first)
    assert "2 plays added, with their final scores." in page
    assert "Wingspan: 2 plays" in page  # a game the table does not know: listed, not taken
    assert "Play 5: a player of it has no name in the file's list of players" in page
    assert len(games_of(client, api, table)) == 2
    again = said(upload(client, table, json.dumps(HAND_WRITTEN).encode()))
    assert "0 plays added" in again and "2 plays were here already (taken before): not added again." in again
    assert len(games_of(client, api, table)) == 2


def test_plays_past_one_imports_bound_wait_for_the_same_file_again(client, api, table, monkeypatch):
    monkeypatch.setattr(bgstats_import, "BGSTATS_TAKEN_MAX", 1)
    page = said(upload(client, table, json.dumps(HAND_WRITTEN).encode()))
    assert "1 play added, with its final scores." in page
    # Five Crowns' play, and the Rummikub play with a player missing (read when its turn comes)
    assert "2 plays wait: one import takes 1. Import the same file again for them." in page
    page = said(upload(client, table, json.dumps(HAND_WRITTEN).encode()))
    assert "1 play added" in page and "1 play was here already" in page and "1 play waits" in page
    assert len(games_of(client, api, table)) == 2


@pytest.mark.parametrize(
    ("content", "status", "sentence"),
    [
        (None, 422, "Choose the backup file first"),
        (b"", 422, "it is not JSON"),
        (b"\xff\xfe not text", 422, "it is not JSON"),
        (b'{"games": [], "plays": []', 422, "it is not JSON"),
        # read as the API reads a body (api/bodies.py parsed): the reason comes with the sentence
        (
            json.dumps(HAND_WRITTEN).encode("utf-16"),
            422,
            "the file is UTF-16 or UTF-32 text; JSON is sent as UTF-8",
        ),
        (json.dumps(HAND_WRITTEN).encode("utf-32-le"), 422, "the file is UTF-16 or UTF-32 text"),
        (
            b'{"games": [], "games": [], "players": [], "plays": []}',
            422,
            'the file gives the key "games" twice',
        ),
        (b'{"games": [], "players": [], "plays": [{"uuid": NaN}]}', 422, "NaN is not a JSON number"),
        (b'{"games": [], "players": []}', 422, "its games, players and plays are not in BG Stats' form"),
        (b'{"games": [], "players": [], "plays": [{"uuid": 5}]}', 422, "not in BG Stats' form"),
        (b"[1, 2]", 422, "not in BG Stats' form"),
        (
            json.dumps({"games": [], "players": [], "plays": [{}] * 5001}).encode(),
            413,
            "more than 5,000 items",
        ),
        (b" " * (BODY_MAX + 1), 413, "larger than 2 MiB"),
        # half a surrogate pair in a game's name: its page would be a 500 (as the API refuses it)
        (
            json.dumps(HAND_WRITTEN).replace('"five  crowns"', '"five \\ud800crowns"', 1).encode(),
            422,
            "games.1.name: a broken character (a lone surrogate",
        ),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_sentence_and_nothing_imported(
    client, api, table, content, status, sentence
):
    answer = upload(client, table, content)
    assert answer.status_code == status
    page = said(answer)
    assert sentence in page and "Nothing was imported." in page
    assert games_of(client, api, table) == []


def test_the_import_form_needs_its_csrf_token(client, api, table):
    assert upload(client, table, json.dumps(HAND_WRITTEN).encode(), token=False).status_code == 400
    assert games_of(client, api, table) == []


def test_play_dates_are_the_phones_wall_time_both_ways(client, api, table):
    upload(client, table, json.dumps(HAND_WRITTEN).encode(), tz="Europe/Berlin")
    rummikub = next(g for g in games_of(client, api, table) if g["variant"] == "rummikub")
    _, game = call(client, api, "GET", f"/api/v1/games/{rummikub['id']}", expect=200)
    assert game["created_at"].startswith("2026-02-01T19:15")  # 20:15 in Berlin, stored in UTC
    berlin = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export?format=bgstats&tz=Europe/Berlin")[
        1
    ]
    assert {p["uuid"]: p["playDate"] for p in berlin["plays"]}["PLAY-1"] == "2026-02-01 20:15:00"
    utc = export_plays(client, api, table)
    assert {p["uuid"]: p["playDate"] for p in utc["plays"]}["PLAY-1"] == "2026-02-01 19:15:00"
    path = f"/api/v1/tables/{table['id']}/export?format=bgstats&tz=Nowhere/Atlantis"
    assert "not a time zone" in call(client, api, "GET", path, expect=400)[1]["error"]
    path = f"/api/v1/tables/{table['id']}/import?format=bgstats&tz=Mars/Olympus"
    answer = call(client, api, "POST", path, HAND_WRITTEN, secret=table["secret"], expect=400)[1]
    assert "not a time zone" in answer["error"]


def test_the_report_is_in_the_readers_language_skipped_reasons_too(client, api, table):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = said(upload(client, table, json.dumps(HAND_WRITTEN).encode()))
    assert "2 Partien hinzugefügt, mit ihren Endständen." in page and "Wingspan: 2 Partien" in page
    assert "Partie 5: Einer ihrer Spieler hat keinen Namen in der Spielerliste der Datei" in page
    bad = dict(HAND_WRITTEN, plays=[dict(HAND_WRITTEN["plays"][0], uuid="LATE", playDate="soon")])
    page = said(upload(client, table, json.dumps(bad).encode()))
    assert "Partie 1: Ihr Datum hat nicht die Form von BG Stats (JJJJ-MM-TT HH:MM:SS)" in page
