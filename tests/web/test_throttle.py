"""Issue 17 section 1: creation and the expensive answers are rate-limited per client address
(scorekeeper.web.throttle, Flask-Limiter): past the budget, 429 with Retry-After."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app
from scorekeeper.storage.extensions import db

from .game_support import csrf_from

NEW_GAME = {"variant": "rummikub", "players": ["Ann", "Bob"]}


@pytest.fixture
def limited(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "RATELIMIT_ENABLED": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 't.sqlite3'}",
            "CREATE_RATE": "3 per minute",
            "HEAVY_RATE": "2 per minute",
            "PDF_WAIT": 120,  # a PDF, never its waiting page, however busy the machine
            "PRINT_WAITING_DIR": str(tmp_path / "print-waiting"),
        }
    )
    with app.app_context():
        db.create_all()
    return app


def test_creating_games_past_the_budget_answers_429_with_retry_after(limited):
    client = limited.test_client()
    codes = [client.post("/api/v1/games", json=NEW_GAME).status_code for _ in range(3)]
    assert codes == [201, 201, 201]
    refused = client.post("/api/v1/games", json=NEW_GAME)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert "Too many requests from this address" in refused.json["error"]


def test_the_budget_is_per_address_and_shared_by_games_and_tables(limited):
    here = limited.test_client()
    assert here.post("/api/v1/games", json=NEW_GAME).status_code == 201
    assert here.post("/api/v1/tables", json={"name": "T", "players": []}).status_code == 201
    assert here.post("/api/v1/games", json=NEW_GAME).status_code == 201
    assert here.post("/api/v1/tables", json={"name": "U", "players": []}).status_code == 429
    other = limited.test_client()
    answer = other.post("/api/v1/games", json=NEW_GAME, environ_base={"REMOTE_ADDR": "192.168.1.9"})
    assert answer.status_code == 201


def test_the_new_table_form_is_limited_but_its_page_is_not(limited):
    client = limited.test_client()
    for i in range(4):
        page = client.get("/tables/")
        assert page.status_code == 200
        answer = client.post(
            "/tables/new", data={"csrf_token": csrf_from(page.text), "name": f"T{i}", "players": "Ann\nBob"}
        )
    assert answer.status_code == 429
    assert "Too many requests from this address" in answer.text
    assert "Retry-After" in answer.headers


def test_the_solver_and_pdfs_share_the_heavy_budget(limited):
    client = limited.test_client()
    assert client.post("/api/v1/solve", json={"variant": "rummikub", "rack": "R7 R8 R9"}).status_code == 200
    assert client.get("/print/pdf?kind=sheet&variant=rummikub&players=2").status_code == 200
    refused = client.post("/api/v1/turn", json={"variant": "rummikub", "rack": "R7", "after": ""})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert client.get("/").status_code == 200  # ordinary pages are not counted


def test_a_send_again_answered_from_its_key_is_not_counted(limited):
    """A phone that lost the answer sends the same creation again with its key (the API's
    Idempotency-Key, a form's own key): the first answer is given again and nothing is started,
    so the budget does not count it; a new creation still does."""
    client = limited.test_client()
    first = client.post("/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 201
    for _ in range(4):  # past the budget of 3, were they counted
        again = client.post("/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": "k-1"})
        assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json["id"] == first.json["id"]
    page = client.get("/tables/").text
    form = {"csrf_token": csrf_from(page), "once": re.search(r'name="once" value="([^"]+)"', page)[1]}
    form |= {"name": "Fridays", "players": "Ann\nBob"}
    made = client.post("/tables/new", data=form)
    assert made.status_code == 302
    for _ in range(3):  # the same page sent again: its first answer
        assert client.post("/tables/new", data=form).headers["Location"] == made.headers["Location"]
    assert client.post("/api/v1/games", json=NEW_GAME).status_code == 201  # the third creation
    assert client.post("/api/v1/games", json=NEW_GAME).status_code == 429  # the fourth
