"""A long seated game exports and imports (issue 38, docs/own-phones.md): a seated hand logs every
seat's part, its confirmation and a change or two besides the hand itself, so the change log's bound
(limits.AUDIT_MAX) leaves room for 2,000 hands of four seats; an import past it is still refused."""

from __future__ import annotations

import json

import pytest

from scorekeeper import limits, services
from scorekeeper.services.transfer import export_game, import_game
from scorekeeper.storage.extensions import db

from .api_support import OpenApi, call
from .test_seat_change_log import _lines, _played

#: a long seated evening's change log: more entries than the 10,000 the bound once was
LONG = 12_000


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _long_export(client, api) -> dict:
    """A seated game's export whose hand 1 was sent, disputed, sent back and confirmed over and over:
    its seat entries repeated until the log holds LONG entries, the hand's record last."""
    gid, *_ = _played(client, api)
    _, doc = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    *before, record = doc["audit"]
    seat_entries = [entry for entry in before if entry["round_number"] == 1]
    head = [entry for entry in before if entry["round_number"] is None]
    times = (LONG - len(head) - 1) // len(seat_entries) + 1
    doc["audit"] = head + seat_entries * times + [record]
    assert len(doc["audit"]) > 10_000
    return doc


def test_a_seated_game_with_a_long_change_log_exports_and_imports(client, api, app):
    doc = _long_export(client, api)
    with app.app_context():
        game, _ = import_game(doc)
        again = export_game(game)
        assert len(again["audit"]) == len(doc["audit"])
        assert [e["summary"] for e in again["audit"]] == [e["summary"] for e in doc["audit"]]
        copy, _ = import_game(again)
        db.session.commit()
        public_id = copy.public_id
    lines = _lines(client, public_id)
    assert lines[0] == "Round 1 recorded from the players' phones: Ann +8, Bob -8"
    assert "Round 1: Ann disputed Bob's part" in lines


def test_the_api_imports_a_long_seated_change_log_past_the_usual_body_limit(client, api):
    """Every other body stays within limits.BODY_MAX; the import takes limits.IMPORT_BODY_MAX."""
    doc = _long_export(client, api)
    body = json.dumps(doc, separators=(",", ":")).encode()
    assert limits.BODY_MAX < len(body) <= limits.IMPORT_BODY_MAX
    answer = client.post("/api/v1/games/import", data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_data(as_text=True)[:500]
    made = answer.get_json()
    _, again = call(client, api, "GET", f"/api/v1/games/{made['id']}/export", expect=200)
    assert len(again["audit"]) == len(doc["audit"])


def test_an_import_past_the_change_logs_bound_is_refused_and_says_so(client, app):
    entry = {"at": "2024-05-01T20:30:00Z", "action": "record", "round_number": 1}
    doc = {
        "format": "scorekeeper-game",
        "version": 1,
        "variant": "rummikub",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
        "rounds": [],
        "audit": [entry] * (limits.AUDIT_MAX + 1),
    }
    body = json.dumps(doc, separators=(",", ":")).encode()
    assert len(body) <= limits.BODY_MAX  # the count refuses it, not the body's size
    answer = client.post("/api/v1/games/import", data=body, content_type="application/json")
    assert answer.status_code in (400, 422)
    assert f"{limits.AUDIT_MAX:,}" in answer.get_data(as_text=True)
    with app.app_context():
        assert services.list_games() == []
        with pytest.raises(limits.TooMany, match=f"at most {limits.AUDIT_MAX:,} change-log entries"):
            import_game(doc)


def test_an_import_body_past_its_limit_is_refused_unread(client):
    body = b'{"audit": [' + b" " * limits.IMPORT_BODY_MAX + b"]}"
    answer = client.post("/api/v1/games/import", data=body, content_type="application/json")
    assert answer.status_code == 413
    assert f"{limits.IMPORT_BODY_MAX:,} bytes" in answer.get_data(as_text=True)
    other = client.post("/api/v1/games", data=b" " * (limits.BODY_MAX + 1), content_type="application/json")
    assert other.status_code == 413  # every other address keeps the usual limit
