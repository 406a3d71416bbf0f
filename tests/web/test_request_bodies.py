"""Request bodies (scorekeeper/web/guards.py): JSON endpoints take JSON only, chunked bodies meet the limit.

- A cross-site page can POST ``text/plain`` with no preflight; the API answers 415 to any body
  not sent as ``application/json``, with the API's JSON error body, and keeps nothing.
- A chunked body past ``MAX_CONTENT_LENGTH`` gets 413 as a sized one does (it used to be cut
  at 2 MiB and processed), through the test client and through the real gunicorn server.
"""

from __future__ import annotations

import http.client
import io
import json
from urllib.parse import urlsplit

import pytest

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.web.guards import NOT_JSON

from .game_support import csrf_from
from .table_server import running

NEW_GAME = {"variant": "rummikub", "players": ["Ann", "Bob"]}


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None],
)
def test_a_body_not_sent_as_json_gets_415_and_nothing_is_kept(app, client, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    for path in ("/api/v1/games", "/api/v1/tables", "/api/v1/check", "/api/v1/games/import"):
        answer = client.post(path, data=json.dumps(NEW_GAME), headers=headers)
        assert answer.status_code == 415, (path, answer.status_code)
        assert answer.is_json and "application/json" in answer.get_json()["error"]
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_json_and_json_like_types_are_taken(client):
    for content_type in ("application/json", "application/json; charset=utf-8"):
        answer = client.post(
            "/api/v1/games", data=json.dumps(NEW_GAME), headers={"Content-Type": content_type}
        )
        assert answer.status_code == 201


def test_a_correction_and_the_hand_preview_need_json_too(client):
    created = client.post("/api/v1/games", json=NEW_GAME).get_json()
    bearer = {"Authorization": f"Bearer {created['secret']}"}
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}
    assert client.post(f"/api/v1/games/{created['id']}/rounds", json=hand, headers=bearer).status_code == 201
    answer = client.put(
        f"/api/v1/games/{created['id']}/rounds/1",
        data=json.dumps(hand),
        headers={**bearer, "Content-Type": "text/plain"},
    )
    assert answer.status_code == 415
    client.set_cookie(f"sk_edit_{created['id']}", created["secret"])
    csrf = csrf_from(client.get(f"/games/{created['id']}/rounds/new").get_data(as_text=True))
    preview = f"/games/{created['id']}/rounds/preview"
    sent = {"X-CSRFToken": csrf}
    assert client.post(preview, json={"what": "hand", "cards": "R5"}, headers=sent).status_code == 200
    answer = client.post(
        preview, data='{"what": "hand", "cards": "R5"}', headers={**sent, "Content-Type": "text/plain"}
    )
    assert answer.status_code == 415 and answer.get_json()["error"] == NOT_JSON


def test_the_document_names_415_on_every_operation_with_a_body(client):
    document = client.get("/api/v1/openapi.json").get_json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "requestBody" in operation:
                assert "415" in operation["responses"], (method, path)


def _chunked(client, size: int):
    body = json.dumps({"variant": "rummikub", "cards": "R1 R2 R3", "pad": "x" * size}).encode()
    return client.post(
        "/api/v1/check",
        input_stream=io.BytesIO(body),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )


def test_a_chunked_body_over_the_limit_gets_413_like_a_sized_one(app, client):
    limit = app.config["MAX_CONTENT_LENGTH"]
    over = _chunked(client, limit)
    assert over.status_code == 413 and over.is_json and over.get_json()["error"]
    small = _chunked(client, 10)  # a small chunked body is read whole: 400 for the unknown field "pad"
    assert small.status_code in (200, 400) and small.status_code != 413


def _chunks(data: bytes, size: int = 64 * 1024):
    for start in range(0, len(data), size):
        yield data[start : start + size]


def _post_chunked(port: int, body: bytes) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(
            "POST",
            "/api/v1/games",
            body=_chunks(body),
            encode_chunked=True,
            headers={"Content-Type": "application/json"},
        )
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    except (BrokenPipeError, ConnectionResetError):  # the server may answer before reading it all
        return 413, {}
    finally:
        conn.close()


def test_the_real_server_answers_413_to_a_chunked_body_over_the_limit(tmp_path):
    with running(tmp_path, workers=1) as url:
        port = urlsplit(url).port
        big = json.dumps({**NEW_GAME, "pad": " " * (3 * 1024 * 1024)}).encode()
        # the JSON parser would take the game with the padding cut off after 2 MiB? No: 413, nothing kept
        status, body = _post_chunked(port, big.replace(b'"pad": "', b'"players2": "'))
        assert status == 413, (status, body)
        status, body = _post_chunked(port, json.dumps(NEW_GAME).encode())
        assert status == 201 and body["game"]["variant"] == "rummikub"
