"""What a BG Stats backup may not do to a table (issue 36): plays dated before 1970 or after tomorrow
are skipped with the reason (the table's export then still imports back, and the API answers only
dates its document allows), and two players with one id are refused, saying which."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta

import pytest

from .api_support import OpenApi, call
from .bgstats_support import HAND_WRITTEN, import_plays, new_table


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _backup(*dates: str) -> dict:
    doc = copy.deepcopy(HAND_WRITTEN)
    first = doc["plays"][0]
    doc["plays"] = [{**copy.deepcopy(first), "uuid": f"PLAY-{i}", "playDate": d} for i, d in enumerate(dates)]
    return doc


@pytest.mark.parametrize("date", ["0001-01-01 00:00:00", "9999-12-31 23:59:59", "1969-12-31 23:00:00"])
def test_a_play_dated_outside_1970_to_tomorrow_is_skipped_and_the_export_imports_back(client, api, date):
    table = new_table(client, api)
    later = (datetime.now(UTC) + timedelta(days=3)).strftime("%Y-%m-%d %H:%M:%S")
    report = import_plays(client, api, table, _backup("2026-02-01 20:15:00", date, later))
    assert report["added"] == 1
    assert [s["uuid"] for s in report["skipped"]] == ["PLAY-1", "PLAY-2"]
    assert all("1970" in s["reason"] for s in report["skipped"])
    _, shown = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)  # validated dates
    assert len(shown["games"]) == 1
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    call(client, api, "POST", "/api/v1/tables/import", export, expect=201)


def test_two_players_with_one_id_are_refused_saying_which(client, api):
    table = new_table(client, api)
    doc = copy.deepcopy(HAND_WRITTEN)
    doc["players"].append({"id": 3, "uuid": "P-DAN", "name": "Dan"})
    _, answer = call(
        client,
        api,
        "POST",
        f"/api/v1/tables/{table['id']}/import?format=bgstats",
        doc,
        secret=table["secret"],
        expect=400,
    )
    assert "the id 3 is given twice ('Dee' and 'Dan')" in answer["error"]
    assert call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)[1]["games"] == []
