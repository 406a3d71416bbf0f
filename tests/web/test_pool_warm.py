"""Issue 35: the worker pool starts warm, a slow job is waited for and kept (never ended before the
runaway bound), and a busy pool queues a job with its place and an estimate instead of a 503."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from scorekeeper.checker.solving import SolveAsk, best_play
from scorekeeper.limits import pool
from scorekeeper.limits.pool_process import Worker

SOLVE = {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}


def _slow_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.fixture
def one_process(app):
    """One process, up to two jobs waiting for it."""
    pool.configure(1, 60, 7, 2)
    yield
    pool.configure(
        app.config["POOL_PROCESSES"],
        app.config["POOL_TIMEOUT"],
        app.config["POOL_RETRY_AFTER"],
        app.config["POOL_QUEUE"],
    )


def test_healthz_says_the_pool_is_cold_then_warm_with_what_it_warmed(client, one_process):
    pool.configure(0, 60, 7, 2)  # every process of earlier tests ended
    pool.configure(1, 60, 7, 2)
    assert client.get("/healthz").json["pool"]["state"] == "cold"
    pool.warm(wait=True)
    health = client.get("/healthz").json["pool"]
    assert health["state"] == "warm" and health["warm"] == 1 and health["queued"] == 0
    assert health["warmed"] == {"pdf": True, "solver": True}  # the photo models: only when read


def test_a_first_best_play_after_the_pool_warmed_runs_in_a_process_already_warm(one_process):
    pool.configure(0, 60, 7, 2)
    pool.configure(1, 60, 7, 2)
    cold = pool.submit(best_play, SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))  # no warm: it starts one
    assert cold.wait(120) and cold.warm is False
    pool.configure(0, 60, 7, 2)
    pool.configure(1, 60, 7, 2)
    pool.warm(wait=True)
    first = pool.submit(best_play, SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))
    assert first.wait(120) and first.warm is True
    assert first.result()["play"] == ["R7", "R8"]


def test_a_job_past_the_requests_wait_goes_on_in_its_process_and_its_answer_is_kept(one_process):
    pool.warm(wait=True)
    process = pool.run(os.getpid)
    with pytest.raises(pool.Pending) as pending, pool.answer_within(0.2):
        pool.run(_slow_pid, 1.5)
    job = pending.value.job
    assert job.wait(60) and job.result() == process  # not ended: the same process answered
    assert pool.run(os.getpid) == process


def test_a_busy_pool_queues_jobs_with_their_place_and_refuses_past_the_queue(one_process):
    pool.warm(wait=True)
    pool._durations.clear()  # estimates from the first guess: earlier tests' short jobs round alike
    running = pool.submit(_slow_pid, 1.0)
    second, third = pool.submit(os.getpid), pool.submit(os.getpid)
    assert (pool.position(running), pool.position(second), pool.position(third)) == (0, 1, 2)
    assert pool.estimate(third) > pool.estimate(second) >= 1
    with pytest.raises(pool.Busy) as refused:
        pool.submit(os.getpid)
    assert refused.value.retry_after == 7
    assert second.wait(60) and third.wait(60) and second.result() == third.result() == running.result()


def test_a_best_play_asked_while_the_pool_is_busy_waits_its_turn_instead_of_a_503(client, one_process):
    pool.warm(wait=True)
    worker = pool._idle.pop()  # someone else's job
    threading.Timer(1.0, pool._give_back, (worker,)).start()
    answer = client.post("/api/v1/solve", json=SOLVE)
    assert answer.status_code == 200 and answer.json["play"] == ["R7", "R8"]


def test_a_job_asked_while_the_process_warms_is_run_before_its_remaining_warm_up_steps(one_process):
    """A first best play after the server starts waits for no PDF warm-up: the process takes
    it between two warm-up steps (it once waited for the whole warm-up, 24.7 s on a busy box)."""
    pool.configure(0, 60, 7, 2)  # every process of earlier tests ended
    pool.configure(1, 60, 7, 2)
    pool.warm()  # as the server starts: the process begins its warm-up
    first = pool.submit(best_play, SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))
    assert first.wait(120) and first.result()["play"] == ["R7", "R8"]
    assert first.warm is False  # it did not wait for the warm-up to end
    pool.warm(wait=True)
    (worker,) = pool._workers
    order = worker.order
    assert order.index("job best_play") < order.index("pdf")
    assert worker.warmed == {"solver": True, "pdf": True}


def test_a_process_warms_what_the_pools_caller_gives_it(one_process):
    """The pool knows nothing of its jobs: the app factory gives it the printing floor's steps and the
    jobs' modules, and a process warms whatever it was given."""
    given = pool._settings.warm_up
    assert [name for name, _ in given.steps] == ["solver", "import weasyprint", "pdf"]
    assert "scorekeeper.checker.solving" in given.preload
    try:
        pool.configure(0, 60, 7, 2)
        pool.configure(1, 60, 7, 2, warm_up=pool.WarmUp((("pid", os.getpid),)))
        pool.warm(wait=True)
        assert pool.status()["warmed"] == {"pid": True}
    finally:
        pool.configure(0, 60, 7, 2, warm_up=given)


def test_a_ctrl_c_while_a_process_starts_is_not_its_end():
    """Ctrl-C at the server's terminal reaches its whole process group, a worker process still
    importing the app too (a fresh clone's run printed a KeyboardInterrupt traceback on the server's
    way out): held while it starts, then ignored, so the process warms and the server ends it."""
    worker = Worker()
    try:
        os.kill(worker.process.pid, signal.SIGINT)  # at once: the new process is still starting
        assert worker.await_warm(60), "the process did not come up"
        assert worker.process.is_alive()
        os.kill(worker.process.pid, signal.SIGINT)  # and later, while it waits for jobs
        time.sleep(0.5)
        assert worker.process.is_alive()
    finally:
        worker.process.kill()
        worker.process.join(10)
