"""One mapping from what went wrong to an HTTP answer, one JSON error body, one Bearer parser."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper import services

from .api_support import HANDS

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def _calls(path: Path, name: str) -> list[int]:
    tree = ast.parse(path.read_text())
    return [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", None)) == name
    ]


def test_the_services_raise_domain_errors_never_abort():
    for path in sorted((PACKAGE / "services").glob("*.py")):
        assert not _calls(path, "abort"), f"{path.name} calls abort(): raise a services.errors class"
        assert "from flask" not in path.read_text(), f"{path.name} imports flask"


def test_one_bearer_parser():
    """Only scorekeeper/web/access.py reads the Authorization header."""
    readers = sorted(
        p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if '"Authorization"' in p.read_text()
    )
    assert readers == ["web/access.py"]


def _game(client) -> dict:
    return client.post("/api/v1/games", json={"variant": "krazy-bee", "players": ["Ann", "Bob"]}).get_json()


@pytest.mark.parametrize("header", ["Bearer {s}", "bearer {s}", "BEARER   {s}  "])
def test_every_route_reads_the_bearer_header_the_same_way(app, client, header):
    created = _game(client)
    auth = {"Authorization": header.format(s=created["secret"])}
    api = client.post(f"/api/v1/games/{created['id']}/rounds", json=HANDS["krazy-bee"], headers=auth)
    assert api.status_code == 201
    page = app.test_client().get(f"/games/{created['id']}/rounds/new", headers=auth)
    assert page.status_code == 200


ERRORS = [
    pytest.param("POST", "/api/v1/check", "{not json", 400, id="400-malformed"),
    pytest.param("POST", "/api/v1/games/{id}/rounds", HANDS["krazy-bee"], 401, id="401-no-secret"),
    pytest.param("GET", "/api/v1/games/nope", None, 404, id="404-no-game"),
    pytest.param("DELETE", "/api/v1/games/{id}/rounds/9", None, 404, id="404-no-hand"),
    pytest.param("DELETE", "/api/v1/variants", None, 405, id="405"),
    pytest.param("POST", "/api/v1/games/{id}/rounds", {"players": [{"laid": True}]}, 422, id="422-rules"),
    pytest.param(
        "POST", "/api/v1/check", {"variant": "no-such-variant", "cards": "7"}, 422, id="422-unknown-variant"
    ),
]


@pytest.mark.parametrize("method, path, body, status", ERRORS)
def test_every_api_error_has_one_body_shape(client, method, path, body, status):
    created = _game(client)
    headers = {"Authorization": f"Bearer {created['secret']}"} if status != 401 else {}
    kwargs = {"data": body, "content_type": "application/json"} if isinstance(body, str) else {"json": body}
    response = client.open(path.format(id=created["id"]), method=method, headers=headers, **kwargs)
    assert response.status_code == status
    answer = response.get_json()
    assert isinstance(answer["error"], str) and answer["error"].strip()
    assert answer["reasons"] and all(isinstance(r, str) and r for r in answer["reasons"])


def test_a_concurrent_change_is_a_conflict(app):
    """ConcurrentChange is a Conflict (409 in the API) that hand forms still show as a refusal."""
    from scorekeeper.rules import RulesError
    from scorekeeper.web.errors import status_of

    assert status_of(services.ConcurrentChange()) == 409
    assert isinstance(services.ConcurrentChange(), RulesError)
    assert status_of(services.GameNotFound("x")) == 404 and status_of(services.NotEditor("no")) == 403


def test_pages_get_the_error_page_for_the_same_errors(client):
    response = client.get("/games/nope/history")
    assert response.status_code == 404 and "<html" in response.text
    assert "no game at this address" in response.text
