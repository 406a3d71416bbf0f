"""Issue 36: work one request asks for is bounded before it is done, and what is heavy leaves the
event loop. A BG Stats import is rate-limited like every creation and lets the worker's other
requests run between the plays it writes; every operation that can be refused by the busy pool (503)
or a rate limit (429) says so in the API document, with Retry-After."""

from __future__ import annotations

import re
import time

import pytest

from scorekeeper.web import throttle

from .api_support import OpenApi
from .bgstats_support import import_plays, new_table
from .test_throttle import limited  # noqa: F401 - the app with its rate limits on (3 creations a minute)


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _backup(plays: int) -> dict:
    return {
        "games": [{"id": 11, "name": "Rummikub"}],
        "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
        "plays": [
            {
                "uuid": f"PLAY-{k}",
                "gameRefId": 11,
                "playDate": f"2026-02-{1 + k % 28:02d} 20:15:00",
                "playerScores": [
                    {"playerRefId": 1, "score": str(k), "seatOrder": 0},
                    {"playerRefId": 2, "score": "5", "seatOrder": 1},
                ],
            }
            for k in range(plays)
        ],
    }


def test_a_bgstats_import_lets_other_requests_run_between_the_plays_it_writes(client, api, monkeypatch):
    """100 plays were written in one stretch (3.6 s of a worker, no other request answered): now
    the import yields to the event loop after each play (gevent's sleep(0))."""
    table = new_table(client, api)
    yields = []
    sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: yields.append(s) if s == 0 else sleep(s))
    report = import_plays(client, api, table, _backup(12))
    assert report["added"] == 12
    assert len(yields) >= 12


def test_a_bgstats_import_counts_as_a_creation_past_the_budget_429(limited):  # noqa: F811
    """Each import writes up to 100 games: it counts against the budget of new games and tables."""
    client = limited.test_client()
    table = client.post("/api/v1/tables", json={"name": "Shelf", "players": ["Ann", "Bob"]}).get_json()
    path = f"/api/v1/tables/{table['id']}/import?format=bgstats"
    auth = {"Authorization": f"Bearer {table['secret']}"}
    # the budget is 3 a minute (test_throttle's app): the table was the first creation
    assert [client.post(path, json=_backup(n), headers=auth).status_code for n in (1, 2)] == [200, 200]
    refused = client.post(path, json=_backup(3), headers=auth)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert "Too many requests" in refused.get_json()["error"]


def _operations(app, endpoints) -> list[tuple[str, str]]:
    """The API operations (path as the document writes it, method) of Flask ``endpoints``."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in endpoints and rule.rule.startswith("/api/v1/"):
            path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule.removeprefix("/api/v1"))
            found += [(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}]
    return found


@pytest.mark.parametrize(
    "status, endpoints",
    [("503", throttle.POOLED), ("429", (*throttle.CREATION, *throttle.HEAVY))],
    ids=["busy-pool", "rate-limit"],
)
def test_every_operation_that_can_be_refused_so_documents_it_with_retry_after(app, api, status, endpoints):
    operations = _operations(app, endpoints)
    assert ("/tables/{table_id}/import", "post") in operations  # the BG Stats import is both
    for path, method in operations:
        answer = api.document["paths"][path][method]["responses"].get(status)
        assert answer is not None, f"{method.upper()} {path} does not document {status}"
        assert answer["headers"]["Retry-After"]["required"] is True, f"{method.upper()} {path}"


def test_a_bgstats_import_without_its_secret_is_refused_401_past_the_budget_too(limited):  # noqa: F811
    """Schemathesis: a request without the required Authorization must be a 401 (the document's), and
    was a 429 once the budget was spent. Refused at the door, it does not count."""
    client = limited.test_client()
    table = client.post("/api/v1/tables", json={"name": "Shelf", "players": ["Ann", "Bob"]}).get_json()
    path = f"/api/v1/tables/{table['id']}/import?format=bgstats"
    codes = [client.post(path, json=_backup(1)).status_code for _ in range(4)]
    assert codes == [401] * 4
    auth = {"Authorization": f"Bearer {table['secret']}"}
    assert client.post(path, json=_backup(1), headers=auth).status_code == 200  # the budget is intact
