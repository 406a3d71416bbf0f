"""The worker pool's processes (:mod:`scorekeeper.limits.pool`) and what they share: the settings, the
count of processes started, the idle ones, the jobs queued for one, the recent job times. A process is
started and given to the pool at once (it takes a job between its warm-up steps), replaced when it
stopped or ran away, ended when the pool is made smaller, and given the next queued job when it is
done; a forked server process starts with none of its parent's.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from .pool_job import Job
from .pool_process import Gone, WarmUp, Worker

#: seconds a job is guessed to take before the pool has timed any
FIRST_GUESS = 3.0


class Settings:
    """What :func:`scorekeeper.limits.pool.configure` set (the app's config, whose defaults are
    :mod:`scorekeeper.limits`'). Until then ``processes`` is 0 and jobs run in the caller."""

    processes = 0
    runaway = 0.0
    retry_after = 0
    queue = 0
    warm_up = WarmUp()


class Counts:
    """The pool's lock (a real lock for threaded servers; under gevent a greenlet never waits on it)
    and the processes starting, warming, idle or busy, counted under it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.started = 0
        self.waiting_turn = 0  # of those started: still waiting their turn to start (warm_in_turn)


settings = Settings()
counts = Counts()
idle: list[Worker] = []
queue: deque[Job] = deque()
workers: list[Worker] = []  # every live process: warming, idle or busy
durations: deque[float] = deque(maxlen=20)


def background(target: Callable[..., None], *args: Any) -> threading.Thread:
    """``target(*args)`` in a thread: a greenlet under gevent, which waits on the event loop."""
    thread = threading.Thread(target=target, args=args, daemon=True, name="scorekeeper-pool")
    thread.start()
    return thread


def idle_warm() -> int:
    return sum(worker.warm for worker in idle)


def take_idle() -> Worker | None:
    """An idle process, a warm one first (one still warming takes a job between its steps)."""
    if not idle:
        return None
    worker = next((worker for worker in reversed(idle) if worker.warm), idle[-1])
    idle.remove(worker)
    return worker


def warm_in_turn() -> None:
    """The processes waiting their turn (already counted as started), one after another, each once
    the one before is warm; a job that finds no process free meanwhile takes the next turn."""
    while True:
        with counts.lock:
            if counts.waiting_turn <= 0:
                return
            counts.waiting_turn -= 1
        warm_one()


def take_turn() -> bool:
    """Under the lock: whether a process waiting its turn was claimed, to start at once for a job that
    finds none free (a first best play asked while the first process warms or makes the first sheet
    need not wait behind it; it is one of the pool's own processes, never one more)."""
    if counts.waiting_turn <= 0:
        return False
    counts.waiting_turn -= 1
    return True


def cancel_turns(most: int) -> None:
    """Under the lock: up to ``most`` processes still waiting their turn are no longer to start."""
    cancelled = min(counts.waiting_turn, max(0, most))
    counts.waiting_turn -= cancelled
    counts.started -= cancelled


def warm_one() -> None:
    """A new process (already counted as started), given to the pool at once: it takes a job
    between its warm-up steps (a first job waits for no warm-up it does not need); then waited for
    until it says it is warm (the next process starts only then: the first is warm sooner)."""
    try:
        worker = new_worker()
    except Exception:
        with counts.lock:
            counts.started -= 1
        return
    give_back(worker)
    until_warm(worker)


def until_warm(worker: Worker) -> None:
    """Read the process's ``warm`` (a stopped process is found out by its next job)."""
    with contextlib.suppress(Gone):
        worker.await_warm(max(settings.runaway, 60.0))


def new_worker() -> Worker:
    worker = Worker(settings.warm_up)
    with counts.lock:
        workers.append(worker)
    return worker


def _stop(worker: Worker) -> None:
    with counts.lock:
        if worker in workers:
            workers.remove(worker)
    worker.end()


def replace(worker: Worker | None) -> None:
    """End ``worker`` (None: it never started) and warm a new one in its place at once."""
    if worker is not None:
        _stop(worker)
    with counts.lock:
        counts.started -= 1
        again = counts.started < settings.processes
        if again:
            counts.started += 1
    if again:
        background(warm_one)


def end(worker: Worker) -> None:
    with counts.lock:
        counts.started -= 1
    _stop(worker)


def give_back(worker: Worker) -> None:
    """To the first job in the queue, else idle (ended if the pool was made smaller meanwhile)."""
    with counts.lock:
        shrunk = counts.started > settings.processes
        job = queue.popleft() if queue and not shrunk else None
        if job is not None:
            job.assigned = worker
            job.ready.set()
        elif not shrunk:
            idle.append(worker)
    if shrunk:
        end(worker)


def mean() -> float:
    return sum(durations) / len(durations) if durations else FIRST_GUESS


def _forked() -> None:
    """In a forked child (gunicorn's workers, when the app is loaded before the fork): the parent's
    worker processes are not this process's to use or count, and its lock may have been held."""
    counts.lock = threading.Lock()
    idle.clear()
    queue.clear()
    workers.clear()
    counts.started = counts.waiting_turn = 0


os.register_at_fork(after_in_child=_forked)
