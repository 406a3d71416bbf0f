"""CPU-heavy work off the event loop: a small pool of worker processes in each server process.

:func:`run` sends a job (a module-level function, picklable arguments) to a worker process and waits
as gevent waits for a socket; with every process busy it raises :class:`Busy` (503), and without
:func:`configure` (the CLI, a script) the job runs in the caller. Why so: docs/limits.md.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Busy(Exception):
    """Every worker process is busy, or a job ran past its time: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


#: modules a worker process imports as it starts (the jobs' own: the engine's solver, the PDF renderer,
#: the rack photo's reading)
PRELOAD = (
    "scorekeeper.checker.solving",
    "scorekeeper.printing.documents",
    "scorekeeper.printing.pdf",
    "weasyprint",
    "scorekeeper.api.shapes",
    "scorekeeper.photo.photo",
)
BUSY = "The server is busy with other requests like this one; try again in a moment."


class _Settings:
    """What :func:`configure` set (the app's config, whose defaults are :mod:`scorekeeper.limits`'). Until
    then ``processes`` is 0 and jobs run in the caller, so no time limit or Retry-After is read."""

    processes = 0
    timeout = 0.0
    retry_after = 0


_settings = _Settings()
_lock = threading.Lock()  # a real lock for threaded servers; under gevent a greenlet never waits on it
_idle: list[_Worker] = []
_started = 0


def configure(processes: int, timeout: float, retry_after: int) -> None:
    """Use up to ``processes`` worker processes (0: run jobs in the caller), a job's time limit in
    seconds, and the ``Retry-After`` a refused job is told; called from ``create_app``."""
    _settings.processes, _settings.timeout, _settings.retry_after = processes, timeout, retry_after
    with _lock:  # fewer processes than are running: the idle ones beyond the new count stop
        extra = [_idle.pop() for _ in range(min(len(_idle), max(0, _started - processes)))]
    for worker in extra:
        worker.end()


def warm(wait: bool = False) -> None:
    """Start every worker process now, so the first job does not wait for a process to start and
    import the engine and the PDF renderer; ``wait``: until each has done so (a test server that
    must answer within a client's timeout). The production server does not: a worker that has just
    started answers its first pages sooner without four processes importing beside it, and its first
    heavy request starts the processes instead."""
    global _started
    with _lock:
        wanted = max(0, _settings.processes - _started)
        _started += wanted
    workers = [_Worker(PRELOAD) for _ in range(wanted)]
    for worker in workers:
        if wait:
            worker.conn.send((os.getpid, ()))
            worker.conn.recv()
        _give_back(worker)


def run(job: Callable[..., T], *args: Any) -> T:
    """``job(*args)`` in a worker process, waited for without blocking the event loop; Busy when
    every process is busy or the job ran past its time."""
    if _settings.processes <= 0:
        return job(*args)
    worker = _take()
    try:
        worker.conn.send((job, args))
        answered = _readable(worker.conn, _settings.timeout)
        ok, value = worker.conn.recv() if answered else (None, None)
    except (EOFError, OSError) as err:  # the process died (or was ended): a new one starts next time
        worker.end()
        raise Busy(
            f"A worker process stopped ({err.__class__.__name__}); try again.", _settings.retry_after
        ) from None
    except BaseException:  # the greenlet was killed, an answer could not be read: the process goes too
        worker.end()
        raise
    if not answered:
        worker.end()
        raise Busy(
            f"That took longer than {_settings.timeout:g} seconds and was stopped; "
            "try again, or ask for less.",
            _settings.retry_after,
        )
    _give_back(worker)
    if ok:
        return value
    raise _rebuilt(*value)


def vacant() -> None:
    """Busy now, before a request does its own work (loading a long game, reading a big body), when
    every worker process is taken: a refusal costs the server nothing. (A greenlet may still take
    the last process meanwhile; :func:`run` then refuses as well.)"""
    with _lock:
        full = _settings.processes > 0 and not _idle and _started >= _settings.processes
    if full:
        raise Busy(BUSY, _settings.retry_after)


def busy() -> int:
    """How many worker processes are working now (for the benchmarks and tests)."""
    with _lock:
        return _started - len(_idle)


# -- the worker processes ------------------------------------------------------------------------
class _Worker:
    def __init__(self, preload: tuple[str, ...] = ()):
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        # Under gevent the pipe is a patched socketpair, non-blocking at the descriptor, which both
        # processes share: a read with nothing there yet (the worker between jobs, the rest of a long
        # answer) would raise BlockingIOError. Blocking ends; the server waits with wait_read first.
        os.set_blocking(self.conn.fileno(), True)
        os.set_blocking(theirs.fileno(), True)
        self.process = context.Process(
            target=_serve, args=(theirs, preload), daemon=True, name="scorekeeper-pool"
        )
        self.process.start()
        theirs.close()

    def end(self) -> None:
        global _started
        with _lock:
            _started -= 1
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)


def _forked() -> None:
    """In a forked child (gunicorn's workers, when the app is loaded before the fork): the parent's
    worker processes are not this process's to use or count, and its lock may have been held."""
    global _lock, _started
    _lock = threading.Lock()
    _idle.clear()
    _started = 0


os.register_at_fork(after_in_child=_forked)


def _take() -> _Worker:
    global _started
    with _lock:
        if _idle:
            return _idle.pop()
        if _started >= _settings.processes:
            raise Busy(BUSY, _settings.retry_after)
        _started += 1
    try:
        return _Worker()
    except BaseException:
        with _lock:
            _started -= 1
        raise


def _give_back(worker: _Worker) -> None:
    with _lock:
        _idle.append(worker)


def _readable(conn, timeout: float) -> bool:
    """Whether ``conn`` has an answer within ``timeout`` seconds: under gevent the greenlet waits
    on the event loop (other connections go on); otherwise the thread waits."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        monkey = None
    if monkey is not None and monkey.is_module_patched("socket"):
        from gevent.socket import wait_read

        try:
            wait_read(conn.fileno(), timeout=timeout)
        except TimeoutError:
            return False
        return True
    return conn.poll(timeout)


def _serve(conn, preload: tuple[str, ...]) -> None:  # pragma: no cover - runs in the worker process
    """A worker process: lowered priority, the ``preload`` modules imported, then one job after
    another until the pipe closes. Ctrl-C at the server's terminal reaches this process too: it is
    the server's to end (it does, as it stops), not a KeyboardInterrupt's traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(5)
    except OSError:
        pass
    for module in preload:  # what the jobs need, imported before the first one arrives
        __import__(module)
    while True:
        try:
            job, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (True, job(*args))
        except Exception as err:
            answer = (False, (type(err), err.args, dict(vars(err))))
        conn.send(answer)


def _rebuilt(cls: type[BaseException], args: tuple, fields: dict) -> BaseException:
    """The job's exception again, without calling its ``__init__`` (whose arguments vary)."""
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(fields)
    return err
