"""Issue 17 section 1: the solver, the turn checker, PDFs and import checks run in worker processes
(scorekeeper.limits.pool), and a full pool answers 503 with Retry-After instead of making everyone wait.
Issue 35: the processes start warm, a slow job is waited for (never ended before the runaway bound),
and a busy pool queues a job with its place and an estimate; 503 only when the queue is full too."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.limits import pool
from scorekeeper.rules import RoundError

SOLVE = {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}


def _refuse(errors):
    raise RoundError(errors, round=3)


def _configured_as(app) -> None:
    pool.configure(
        app.config["POOL_PROCESSES"],
        app.config["POOL_TIMEOUT"],
        app.config["POOL_RETRY_AFTER"],
        app.config["POOL_QUEUE"],
    )


@pytest.fixture
def one_process(app):
    """One warm process; a job waits for it only when the queue has room (none here)."""
    pool.configure(1, 20, 7, 0)
    pool.warm(wait=True)
    yield
    _configured_as(app)


def _hold():
    """The pool's idle process, taken as if someone else's job were running in it."""
    pool.warm(wait=True)
    return pool._idle.pop()


@pytest.fixture
def held(one_process):
    """The one worker process, kept busy by someone else."""
    worker = _hold()
    yield worker
    pool._give_back(worker)


def test_a_job_runs_in_another_process(app):
    assert pool.run(os.getpid) != os.getpid()


def test_a_jobs_error_comes_back_with_its_fields(app):
    with pytest.raises(RoundError) as caught:
        pool.run(_refuse, [("players.1", "give a name")])
    assert caught.value.errors == [("players.1", "give a name")] and caught.value.round == 3


def test_the_solver_answers_through_the_pool(client):
    answer = client.post("/api/v1/solve", json=SOLVE)
    assert answer.status_code == 200 and answer.json["play"] == ["R7", "R8"]


def test_a_full_pool_answers_503_with_retry_after_in_the_api(client, held):
    answer = client.post("/api/v1/solve", json=SOLVE)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "7"
    assert "busy" in answer.json["error"]


def test_a_full_pool_says_so_on_the_page(client, held):
    answer = client.get("/check/rummikub/best?rack=R7+R8+K2&table=R4+R5+R6")
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "7"
    assert "The server is busy with other requests like this one; try again in a moment." in answer.text


def test_a_full_pool_refuses_a_pdf(client, held):
    answer = client.get("/print/pdf?kind=sheet&variant=rummikub&players=4")
    assert answer.status_code == 503 and "busy" in answer.text


def test_the_pool_answers_again_once_a_process_is_free(client, one_process):
    worker = _hold()
    assert client.post("/api/v1/solve", json=SOLVE).status_code == 503
    pool._give_back(worker)
    assert client.post("/api/v1/solve", json=SOLVE).status_code == 200


def test_a_runaway_job_is_stopped_and_its_process_replaced_and_warmed_at_once(app):
    pool.configure(1, 0.5, 2)
    try:
        pool.warm(wait=True)
        first = pool.run(os.getpid)
        started = time.monotonic()
        with pytest.raises(pool.Busy, match=r"took longer than 0\.5 seconds"):
            pool.run(time.sleep, 30)
        assert time.monotonic() - started < 10
        assert pool.status()["busy"] == 1  # the new process warms at once, before any job asks
        pool.configure(1, 60, 2)  # its warm-up takes longer than half a second
        job = pool.submit(os.getpid)
        assert job.wait(120) and job.result() not in (first, os.getpid())
    finally:
        _configured_as(app)


def test_a_full_pool_refuses_a_long_games_pdf_before_loading_the_game(client, app, held, monkeypatch):
    game = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).json["id"]
    monkeypatch.setattr("scorekeeper.services.get_game", lambda _id: pytest.fail("the game was loaded"))
    answer = client.get(f"/print/game/{game}/sheet.pdf")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "7"


def test_an_empty_best_play_page_needs_no_process(client, held):
    assert client.get("/check/rummikub/best").status_code == 200


def test_a_big_import_is_checked_in_the_pool(client, held):
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}
    export = {
        "format": "scorekeeper-game",
        "version": 1,
        "variant": "rummikub",
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
        "rounds": [{"number": i + 1, "facts": hand} for i in range(1500)],
    }
    answer = client.post("/api/v1/games/import", json=export)
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "7"


def test_warm_starts_every_process_once(app):
    pool.configure(2, 120, 2)
    pool.warm()
    pool.warm(wait=True)
    assert len(pool._workers) == 2
    assert {pool.run(os.getpid), pool.run(os.getpid)} - {os.getpid()}


def test_the_api_document_names_the_busy_and_limited_answers(client):
    paths = client.get("/api/v1/openapi.json").json["paths"]
    for path in ("/solve", "/turn", "/games/import", "/tables/import"):
        assert {"429", "503"} <= set(paths[path]["post"]["responses"]), path
    assert "429" in paths["/games"]["post"]["responses"] and "429" in paths["/tables"]["post"]["responses"]


def test_fewer_processes_configured_stop_the_idle_ones_beyond_the_count(app):
    """A pool cut from two processes to one keeps one: a second job is refused while one is busy."""
    pool.configure(2, 20, 7, 0)
    pool.warm(wait=True)
    try:
        pool.configure(1, 20, 7, 0)
        assert pool.busy() == 0 and len(pool._idle) == 1
        worker = pool._idle.pop()
        with pytest.raises(pool.Busy):
            pool.submit(os.getpid)
        pool._give_back(worker)
    finally:
        _configured_as(app)


UNDER_GEVENT = """
from gevent import monkey; monkey.patch_all()
import os
from scorekeeper.limits import pool
if __name__ == "__main__":
    pool.configure(1, 60, 2)
    first, second = pool.run(os.getpid), pool.run(os.getpid)
    long_answer = pool.run(os.urandom, 8_000_000)
    print(first == second != os.getpid(), len(long_answer), pool.run(os.getpid) == first)
"""


def test_under_gevent_a_process_serves_job_after_job_and_long_answers(tmp_path):
    """As the production server runs it (gevent patched): the same process answers every job, and
    an 8 MB answer arrives whole (the patched pipe once left the worker non-blocking: it quit after
    one job, and every other PDF was a 503)."""
    script = tmp_path / "under_gevent.py"
    script.write_text(UNDER_GEVENT)
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "8000000", "True"]


def test_a_forked_server_process_starts_with_none_of_the_parents_processes(one_process):
    """gunicorn forks its workers: a child counts none of the parent's processes as its own, so its
    pool is not full because the parent's is (vacant, busy), and it starts its own."""
    worker = _hold()  # the parent's one process, busy
    try:
        child = os.fork()
        if child == 0:  # pragma: no cover - the child reports by its exit status
            try:
                pool.vacant()
                os._exit(0 if pool.busy() == 0 and pool._idle == [] else 1)
            except BaseException:
                os._exit(2)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        pool._give_back(worker)
