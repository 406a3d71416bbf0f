"""CPU-heavy work off the event loop: a small pool of warm worker processes in each server process.

:func:`warm` starts them in the background (each warms HiGHS and WeasyPrint, taking jobs meanwhile).
:func:`run` sends a job (a module-level function, picklable arguments) to an idle process or queues
it, and waits as gevent waits for a socket; :class:`Busy` (503) only when the queue is full.
A slow job is never ended, only a runaway one (``POOL_TIMEOUT``), whose process is replaced and warmed
at once. Inside :func:`answer_within` a job not done in time raises :class:`Pending` and goes on. Without
:func:`configure` (the CLI, a script) the job runs in the caller. Why so: docs/limits.md. The
processes themselves (started, replaced, given the next job) and what they share are
:mod:`.pool_workers`'; one process and its pipe, :mod:`.pool_process`.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .pool_job import Busy, Job, Pending, rebuilt
from .pool_process import Gone, WarmUp, Worker
from .pool_workers import (
    background,
    cancel_turns,
    counts,
    end,
    idle_warm,
    mean,
    new_worker,
    replace,
    take_idle,
    take_turn,
    until_warm,
    warm_in_turn,
)
from .pool_workers import durations as _durations
from .pool_workers import give_back as _give_back
from .pool_workers import idle as _idle
from .pool_workers import queue as _queue
from .pool_workers import settings as _settings
from .pool_workers import workers as _workers

T = TypeVar("T")
BUSY = "The server is busy with other requests like this one; try again in a moment."
_within: contextvars.ContextVar[float | None] = contextvars.ContextVar("pool_within", default=None)


def configure(
    processes: int, runaway: float, retry_after: int, queue: int | None = None, warm_up: WarmUp | None = None
) -> None:
    """Use up to ``processes`` worker processes (0: run jobs in the caller), end a job (and its process)
    only past ``runaway`` seconds, tell a refused job ``retry_after``; up to ``queue`` jobs wait for a
    process (default: four per process); each new process first does ``warm_up`` (None: the one given
    before; at first, nothing). Called from ``create_app``, which gives the app's warm-up."""
    _settings.processes, _settings.runaway, _settings.retry_after = processes, runaway, retry_after
    _settings.queue = 4 * processes if queue is None else queue
    if warm_up is not None:
        _settings.warm_up = warm_up
    with counts.lock:  # fewer processes than are running: the idle ones beyond the new count stop
        cancel_turns(counts.started - processes)
        extra = [_idle.pop() for _ in range(min(len(_idle), max(0, counts.started - processes)))]
    for worker in extra:
        end(worker)


def warm(wait: bool = False) -> None:
    """Start every worker process now, in the background, one after another: each imports and warms
    what the jobs need and takes jobs meanwhile, between its warm-up steps (a job never waits for a
    cold process of its own; one that finds none free takes the next one's turn to start). The
    server calls this as each of its processes starts; it does not delay the first page.
    ``wait``: until every process is warm (a test server)."""
    with counts.lock:
        wanted = max(0, _settings.processes - counts.started)
        counts.started += wanted
        counts.waiting_turn += wanted
    if wanted:  # one after another: the first is warm sooner than with all of them importing at once
        background(warm_in_turn)
    until = time.monotonic() + max(_settings.runaway, 60.0)
    while wait and time.monotonic() < until:  # every process, also those an earlier call started
        with counts.lock:
            if counts.started <= sum(worker.warm for worker in _workers):
                return
        time.sleep(0.05)


def status() -> dict[str, Any]:
    """What ``/healthz`` says of the pool: warm (every process warm: no warm-up left to slow a job),
    warming (some still warm up: ``warm`` says how many are ready) or cold, the queue, a job's estimate."""
    with counts.lock:
        warm_ones = [worker for worker in _workers if worker.warm]
        idle, busy_now, queued = idle_warm(), counts.started - idle_warm(), len(_queue)
    warmed = warm_ones[0].warmed if warm_ones else {}
    state = (
        "off"
        if _settings.processes <= 0
        else "warm"
        if len(warm_ones) >= _settings.processes
        else "warming"
        if counts.started
        else "cold"
    )
    return {
        "state": state,
        "processes": _settings.processes,
        "warm": len(warm_ones),
        "idle": idle,
        "busy": busy_now,
        "queued": queued,
        "queue_max": _settings.queue,
        "job_seconds": round(mean(), 2),
        "warmed": {name: done is True for name, done in warmed.items()},
    }


def run(job: Callable[..., T], *args: Any) -> T:
    """``job(*args)`` in a worker process (queued while every process is busy), waited for without blocking
    the event loop. Busy: the queue is full or the job ran away; Pending: not done in :func:`answer_within`."""
    if _settings.processes <= 0:
        return job(*args)
    submitted = submit(job, *args)
    within = _within.get()
    # a wait of 0 is none at all: never a race with a quick job that a busy machine let finish first
    if (within is not None and within <= 0) or not submitted.wait(within):
        raise Pending(submitted)
    return submitted.result()


@contextlib.contextmanager
def answer_within(seconds: float) -> Iterator[None]:
    """Jobs :func:`run` inside wait at most ``seconds``, then raise :class:`Pending` (and go on)."""
    token = _within.set(seconds)
    try:
        yield
    finally:
        _within.reset(token)


def vacant() -> None:
    """Busy now, before a request does its own work (loading a long game, reading a big body), when
    the queue is full: a refusal costs the server nothing."""
    with counts.lock:
        full = _settings.processes > 0 and not _idle and counts.started >= _settings.processes
        full = full and len(_queue) >= _settings.queue
    if full:
        raise Busy(BUSY, _settings.retry_after)


def busy() -> int:
    """How many worker processes are working or warming now."""
    with counts.lock:
        return counts.started - idle_warm()


# -- jobs ----------------------------------------------------------------------------------------
def position(job: Job) -> int:
    """The job's place in the queue (1: next), 0 once a process works on it."""
    with counts.lock:
        return next((i + 1 for i, queued in enumerate(_queue) if queued is job), 0)


def estimate(job: Job) -> int:
    """Seconds until ``job`` is likely done: the jobs ahead of it, then itself, from recent durations."""
    place = position(job)
    ahead = place + busy() - 1 if place else 0
    return max(1, math.ceil(mean() * (1 + ahead / max(1, _settings.processes))))


def submit(fn: Callable[..., Any], *args: Any) -> Job:
    """``fn(*args)`` handed to an idle process or queued (Busy when the queue is full); it runs in
    the background and the returned :class:`Job` tells when it is done."""
    job = Job(fn, args)
    with counts.lock:
        worker = take_idle()
        cold = worker is None and counts.started < _settings.processes
        if cold:
            counts.started += 1  # no process yet (warm was not called): one starts for this job
        elif worker is None and take_turn():
            cold = True  # the next process waiting its turn to warm starts now, for this job
        elif worker is None:
            if len(_queue) >= _settings.queue:
                raise Busy(BUSY, _settings.retry_after)
            _queue.append(job)
    background(_drive, job, worker, cold)
    return job


def _drive(job: Job, worker: Worker | None, cold: bool) -> None:
    """Run ``job``: start its process or wait for one, send it, wait up to the runaway bound."""
    try:
        if cold:
            worker = new_worker()
            background(until_warm, worker)
        elif worker is None:
            job.ready.wait()
            worker = job.assigned
        job.start(worker.warm)
        started = time.monotonic()
        answer = worker.ask(job.fn, job.args, _settings.runaway)
    except Gone as err:
        replace(worker)
        job.finish(False, Busy(f"A worker process stopped ({err}); try again.", _settings.retry_after))
        return
    except BaseException as err:  # could not start a process, or the answer could not be read
        replace(worker)
        job.finish(False, err)
        return
    if answer is None:  # it ran away: its process is ended and a new one warms for the next job
        replace(worker)
        message = f"That took longer than {_settings.runaway:g} seconds and was stopped; ask for less."
        job.finish(False, Busy(message, _settings.retry_after))
        return
    job.took = time.monotonic() - started
    _durations.append(job.took)
    _give_back(worker)
    ok, value = answer
    job.finish(ok, value if ok else rebuilt(*value))
