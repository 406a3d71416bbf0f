"""Issue 36: the rate limits are counted where every worker process sees them (the app's database,
scorekeeper.web.rate_store), so "at most 30" means 30 however many workers answer; and Retry-After
is the limiter's on its own 429 only (the pool's 503 keeps its 2 seconds, a 200 carries none)."""

from __future__ import annotations

import time

import pytest

from scorekeeper import create_app, limits
from scorekeeper.limits import pool
from scorekeeper.limits.pool_job import Busy
from scorekeeper.storage.extensions import db
from scorekeeper.web import rate_store
from scorekeeper.web.rate_store import DatabaseStorage

NEW_GAME = {"variant": "rummikub", "players": ["Ann", "Bob"]}
SOLVE = {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}


def _server_worker(database, **config):
    """One worker process's app: its own limiter, the shared database."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "RATELIMIT_ENABLED": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            **config,
        }
    )


@pytest.fixture
def two_workers(tmp_path):
    database = tmp_path / "shared.sqlite3"
    first = _server_worker(database)
    with first.app_context():
        db.create_all()
    return first.test_client(), _server_worker(database).test_client()


def test_the_creation_budget_is_one_count_across_worker_processes(two_workers):
    first, second = two_workers
    assert limits.CREATE_RATE == "30 per minute"
    codes = []
    for _ in range(15):
        codes.append(first.post("/api/v1/games", json=NEW_GAME).status_code)
        codes.append(second.post("/api/v1/games", json=NEW_GAME).status_code)
    assert codes == [201] * 30
    refused = second.post("/api/v1/games", json=NEW_GAME)
    assert refused.status_code == 429
    assert "at most 30 per minute" in refused.json["error"]
    assert first.post("/api/v1/tables", json={"name": "T", "players": []}).status_code == 429


def test_a_429_says_how_long_the_window_still_runs(two_workers):
    first, second = two_workers
    for _ in range(30):
        first.post("/api/v1/games", json=NEW_GAME)
    refused = second.post("/api/v1/games", json=NEW_GAME)
    assert refused.status_code == 429
    assert 55 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["X-RateLimit-Remaining"] == "0"


def test_answers_that_were_not_refused_carry_no_retry_after(two_workers):
    first, _ = two_workers
    created = first.post("/api/v1/games", json=NEW_GAME)
    assert created.status_code == 201
    assert "Retry-After" not in created.headers
    assert created.headers["X-RateLimit-Remaining"] == "29"
    solved = first.post("/api/v1/solve", json=SOLVE)
    assert solved.status_code == 200 and "Retry-After" not in solved.headers


def _busy(*_args, **_kwargs):
    raise Busy(pool.BUSY, 2)


@pytest.mark.parametrize(
    "refusing",
    [
        ["scorekeeper.limits.pool.vacant"],
        ["scorekeeper.limits.pool.run", "scorekeeper.views.solver_pages.run"],
    ],
    ids=["full-before-the-work", "job-refused"],
)
def test_a_busy_pool_keeps_its_own_retry_after(two_workers, monkeypatch, refusing):
    first, _ = two_workers
    for target in refusing:
        monkeypatch.setattr(target, _busy)
    answer = first.post("/api/v1/solve", json=SOLVE)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "2"
    page = first.get("/check/rummikub/best?rack=R7+R8")
    assert page.status_code == 503 and page.headers["Retry-After"] == "2"


def test_a_window_that_ended_starts_again_and_ended_windows_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setattr(rate_store, "PRUNE_EVERY", 0.0)  # each new window prunes (once a minute in a server)
    app = _server_worker(tmp_path / "t.sqlite3")
    storage = DatabaseStorage()
    with app.app_context():
        db.create_all()
        assert [storage.incr("old", 1) for _ in range(3)] == [1, 2, 3]
        assert storage.get("old") == 3
        time.sleep(1.05)
        assert storage.get("old") == 0
        assert storage.incr("new", 60) == 1  # a window starts: the ended one is deleted
        assert db.session.execute(db.text("SELECT key FROM rate_counts")).scalars().all() == ["new"]
        assert storage.incr("old", 60) == 1
        assert storage.get_expiry("old") == pytest.approx(time.time() + 60, abs=2)
