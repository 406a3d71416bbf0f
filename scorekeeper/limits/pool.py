"""CPU-heavy work off the event loop: a small pool of warm worker processes in each server process.

:func:`warm` starts them in the background (each warms HiGHS and WeasyPrint, taking jobs meanwhile).
:func:`run` sends a job (a module-level function, picklable arguments) to an idle process or queues
it, and waits as gevent waits for a socket; :class:`Busy` (503) only when the queue is full.
A slow job is never ended, only a runaway one (``POOL_TIMEOUT``), whose process is replaced and warmed
at once. Inside :func:`answer_within` a job not done in time raises :class:`Pending` and goes on. Without
:func:`configure` (the CLI, a script) the job runs in the caller. Why so: docs/limits.md.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .pool_job import Busy, Job, Pending
from .pool_process import Gone, WarmUp, Worker, rebuilt

T = TypeVar("T")
BUSY = "The server is busy with other requests like this one; try again in a moment."
#: seconds a job is guessed to take before the pool has timed any
FIRST_GUESS = 3.0


class _Settings:
    """What :func:`configure` set (the app's config, whose defaults are :mod:`scorekeeper.limits`'). Until
    then ``processes`` is 0 and jobs run in the caller."""

    processes = 0
    runaway = 0.0
    retry_after = 0
    queue = 0
    warm_up = WarmUp()


_settings = _Settings()
_lock = threading.Lock()  # a real lock for threaded servers; under gevent a greenlet never waits on it
_idle: list[Worker] = []
_queue: deque[Job] = deque()
_workers: list[Worker] = []  # every live process: warming, idle or busy
_started = 0  # processes starting, warming, idle or busy
_durations: deque[float] = deque(maxlen=20)
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
    with _lock:  # fewer processes than are running: the idle ones beyond the new count stop
        extra = [_idle.pop() for _ in range(min(len(_idle), max(0, _started - processes)))]
    for worker in extra:
        _end(worker)


def warm(wait: bool = False) -> None:
    """Start every worker process now, in the background: each imports and warms what the jobs need
    and takes jobs meanwhile, between its warm-up steps (a job never waits for a cold process of its
    own). The server calls this as each of its processes starts; it does not delay the first page.
    ``wait``: until every process is warm (a test server)."""
    global _started
    with _lock:
        wanted = max(0, _settings.processes - _started)
        _started += wanted
    if wanted:  # one after another: the first is warm sooner than with all of them importing at once
        _background(_warm_in_turn, wanted)
    until = time.monotonic() + max(_settings.runaway, 60.0)
    while wait and time.monotonic() < until:  # every process, also those an earlier call started
        with _lock:
            if _started <= sum(worker.warm for worker in _workers):
                return
        time.sleep(0.05)


def status() -> dict[str, Any]:
    """What ``/healthz`` says of the pool: warm or cold, its processes, the queue, a job's estimate."""
    with _lock:
        warm_ones = [worker for worker in _workers if worker.warm]
        idle, busy_now, queued = _idle_warm(), _started - _idle_warm(), len(_queue)
    warmed = warm_ones[0].warmed if warm_ones else {}
    state = "off" if _settings.processes <= 0 else "warm" if warm_ones else "warming" if _started else "cold"
    return {
        "state": state,
        "processes": _settings.processes,
        "warm": len(warm_ones),
        "idle": idle,
        "busy": busy_now,
        "queued": queued,
        "queue_max": _settings.queue,
        "job_seconds": round(_mean(), 2),
        "warmed": {name: done is True for name, done in warmed.items()},
    }


def run(job: Callable[..., T], *args: Any) -> T:
    """``job(*args)`` in a worker process (queued while every process is busy), waited for without blocking
    the event loop. Busy: the queue is full or the job ran away; Pending: not done in :func:`answer_within`."""
    if _settings.processes <= 0:
        return job(*args)
    submitted = submit(job, *args)
    within = _within.get()
    if not submitted.wait(within):
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
    with _lock:
        full = _settings.processes > 0 and not _idle and _started >= _settings.processes
        full = full and len(_queue) >= _settings.queue
    if full:
        raise Busy(BUSY, _settings.retry_after)


def busy() -> int:
    """How many worker processes are working or warming now."""
    with _lock:
        return _started - _idle_warm()


def _idle_warm() -> int:
    return sum(worker.warm for worker in _idle)


def _take_idle() -> Worker | None:
    """An idle process, a warm one first (one still warming takes a job between its steps)."""
    if not _idle:
        return None
    worker = next((worker for worker in reversed(_idle) if worker.warm), _idle[-1])
    _idle.remove(worker)
    return worker


# -- jobs ----------------------------------------------------------------------------------------
def position(job: Job) -> int:
    """The job's place in the queue (1: next), 0 once a process works on it."""
    with _lock:
        return next((i + 1 for i, queued in enumerate(_queue) if queued is job), 0)


def estimate(job: Job) -> int:
    """Seconds until ``job`` is likely done: the jobs ahead of it, then itself, from recent durations."""
    place = position(job)
    ahead = place + busy() - 1 if place else 0
    return max(1, math.ceil(_mean() * (1 + ahead / max(1, _settings.processes))))


def submit(fn: Callable[..., Any], *args: Any) -> Job:
    """``fn(*args)`` handed to an idle process or queued (Busy when the queue is full); it runs in
    the background and the returned :class:`Job` tells when it is done."""
    global _started
    job = Job(fn, args)
    with _lock:
        worker = _take_idle()
        cold = worker is None and _started < _settings.processes
        if cold:
            _started += 1  # no process yet (warm was not called): one starts for this job
        elif worker is None:
            if len(_queue) >= _settings.queue:
                raise Busy(BUSY, _settings.retry_after)
            _queue.append(job)
    _background(_drive, job, worker, cold)
    return job


def _drive(job: Job, worker: Worker | None, cold: bool) -> None:
    """Run ``job``: start its process or wait for one, send it, wait up to the runaway bound."""
    try:
        if cold:
            worker = _new_worker()
            _background(_until_warm, worker)
        elif worker is None:
            job.ready.wait()
            worker = job.assigned
        job.start(worker.warm)
        started = time.monotonic()
        answer = worker.ask(job.fn, job.args, _settings.runaway)
    except Gone as err:
        _replace(worker)
        job.finish(False, Busy(f"A worker process stopped ({err}); try again.", _settings.retry_after))
        return
    except BaseException as err:  # could not start a process, or the answer could not be read
        _replace(worker)
        job.finish(False, err)
        return
    if answer is None:  # it ran away: its process is ended and a new one warms for the next job
        _replace(worker)
        message = f"That took longer than {_settings.runaway:g} seconds and was stopped; ask for less."
        job.finish(False, Busy(message, _settings.retry_after))
        return
    job.took = time.monotonic() - started
    _durations.append(job.took)
    _give_back(worker)
    ok, value = answer
    job.finish(ok, value if ok else rebuilt(*value))


# -- the processes -------------------------------------------------------------------------------
def _background(target: Callable[..., None], *args: Any) -> threading.Thread:
    """``target(*args)`` in a thread: a greenlet under gevent, which waits on the event loop."""
    thread = threading.Thread(target=target, args=args, daemon=True, name="scorekeeper-pool")
    thread.start()
    return thread


def _warm_in_turn(count: int) -> None:
    for _ in range(count):
        _warm_one()


def _warm_one() -> None:
    """A new process (already counted in ``_started``), given to the pool at once: it takes a job
    between its warm-up steps (a first job waits for no warm-up it does not need); then waited for
    until it says it is warm (the next process starts only then: the first is warm sooner)."""
    global _started
    try:
        worker = _new_worker()
    except Exception:
        with _lock:
            _started -= 1
        return
    _give_back(worker)
    _until_warm(worker)


def _until_warm(worker: Worker) -> None:
    """Read the process's ``warm`` (a stopped process is found out by its next job)."""
    with contextlib.suppress(Gone):
        worker.await_warm(max(_settings.runaway, 60.0))


def _new_worker() -> Worker:
    worker = Worker(_settings.warm_up)
    with _lock:
        _workers.append(worker)
    return worker


def _stop(worker: Worker) -> None:
    with _lock:
        if worker in _workers:
            _workers.remove(worker)
    worker.end()


def _replace(worker: Worker | None) -> None:
    """End ``worker`` (None: it never started) and warm a new one in its place at once."""
    global _started
    if worker is not None:
        _stop(worker)
    with _lock:
        _started -= 1
        again = _started < _settings.processes
        if again:
            _started += 1
    if again:
        _background(_warm_one)


def _end(worker: Worker) -> None:
    global _started
    with _lock:
        _started -= 1
    _stop(worker)


def _give_back(worker: Worker) -> None:
    """To the first job in the queue, else idle (ended if the pool was made smaller meanwhile)."""
    with _lock:
        shrunk = _started > _settings.processes
        job = _queue.popleft() if _queue and not shrunk else None
        if job is not None:
            job.assigned = worker
            job.ready.set()
        elif not shrunk:
            _idle.append(worker)
    if shrunk:
        _end(worker)


def _mean() -> float:
    return sum(_durations) / len(_durations) if _durations else FIRST_GUESS


def _forked() -> None:
    """In a forked child (gunicorn's workers, when the app is loaded before the fork): the parent's
    worker processes are not this process's to use or count, and its lock may have been held."""
    global _lock, _started
    _lock = threading.Lock()
    _idle.clear()
    _queue.clear()
    _workers.clear()
    _started = 0


os.register_at_fork(after_in_child=_forked)
