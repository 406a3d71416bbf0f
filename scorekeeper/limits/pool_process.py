"""One worker process of the pool (:mod:`scorekeeper.limits.pool`): started, warmed, asked, ended.

A process warms what the jobs need step by step in a thread (the :class:`WarmUp` the pool was given
by its caller, a floor above: the app's is a tiny solve, WeasyPrint's import, a real game's sheet,
then the jobs' other modules imported), then says ``warm`` on its pipe. It takes
jobs from the start: a job that comes while it warms runs before the next step that uses a library,
and beside an import, so a first best play waits for no PDF warm-up. The rack photo's models load in
the process that reads a photo. Why plain processes and pipes: docs/limits.md.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import multiprocessing
import os
import pickle
import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WARM = "warm"
#: seconds one reader holds the pipe before the other (a job's wait, the warm-up's) may read it
SLICE = 0.1


@dataclass(frozen=True)
class WarmUp:
    """What a new process does before it says it is warm, given by the pool's caller (the pool knows
    nothing of its jobs): ``steps`` by name, in order (module-level functions: they are sent to the
    process, and do what a first job does, so it finds everything ready), then each ``preload``
    module the steps did not import (the jobs' own; the web process never imports them for the
    pool). The default warms nothing."""

    steps: tuple[tuple[str, Callable[[], Any]], ...] = ()
    preload: tuple[str, ...] = ()


class Gone(Exception):
    """The process stopped (or its pipe broke) before it answered."""


@contextlib.contextmanager
def _ctrl_c_held():
    """SIGINT blocked in this thread while a worker process is spawned: the new process inherits the
    mask, so a Ctrl-C at the server's terminal while it starts (importing the app, a second or more)
    waits until :func:`serve` ignores it, instead of a KeyboardInterrupt traceback from the middle of
    an import on the server's way out. A Ctrl-C meant for the server meanwhile reaches it a moment later."""
    if not hasattr(signal, "pthread_sigmask"):  # (not POSIX)
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class Worker:
    """A worker process and the server's end of its pipe; ``warm`` once it has said so."""

    def __init__(self, warm_up: WarmUp = WarmUp()):
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        # Under gevent the pipe is a patched socketpair, non-blocking at the descriptor, which both
        # processes share: a read with nothing there yet (the worker between jobs, the rest of a long
        # answer) would raise BlockingIOError. Blocking ends; the server waits with wait_read first.
        os.set_blocking(self.conn.fileno(), True)
        os.set_blocking(theirs.fileno(), True)
        self.process = context.Process(
            target=serve, args=(theirs, warm_up), daemon=True, name="scorekeeper-pool"
        )
        with _ctrl_c_held():
            self.process.start()
        theirs.close()
        self.warm = False
        self.warmed: dict[str, Any] = {}  # what the warm-up loaded (the pdf, solver, photo: True or a reason)
        self.order: list[str] = []  # its warm-up steps and the jobs between them, as it did them
        self._answers: list[Any] = []
        self._reading = threading.Lock()  # one reader of the pipe at a time: a job's wait, the warm-up's

    def await_warm(self, timeout: float) -> bool:
        """Wait (as gevent waits for a socket) for the process to say it is warm; a job's answer
        read meanwhile is kept for its :meth:`ask`."""
        until = time.monotonic() + timeout
        while not self.warm and (left := until - time.monotonic()) > 0:
            self._pump(min(SLICE, left))
        return self.warm

    def ask(self, job, args, timeout: float) -> tuple[bool, Any] | None:
        """``job(*args)`` in the process: ``(ok, value)``, or None past ``timeout`` seconds (the job
        still runs; the caller ends the process); :class:`Gone` if the process stopped. A process
        still warming takes it between two warm-up steps; its own thread reads the pipe, so even a
        job bigger than the pipe holds (a photo) does not block the server (issue 36)."""
        until = time.monotonic() + timeout
        try:
            self.conn.send((job, args))
        except OSError as err:
            raise Gone(err.__class__.__name__) from None
        while not self._answers:
            left = until - time.monotonic()
            if left <= 0:
                return None
            self._pump(min(SLICE, left), answer=True)
        return self._answers.pop(0)

    def _pump(self, timeout: float, answer: bool = False) -> None:
        """The next message within ``timeout`` seconds, if any: ``warm`` noted, an answer kept
        (``answer``: none read once one is kept, which the job's wait takes)."""
        if not self._reading.acquire(timeout=timeout):
            return
        try:
            if (answer and self._answers) or not readable(self.conn, timeout):
                return
            message = self.conn.recv()
        except (EOFError, OSError) as err:
            raise Gone(err.__class__.__name__) from None
        finally:
            self._reading.release()
        if message[0] == WARM:
            self.warm, self.warmed, self.order = True, message[1], message[2]
        else:
            self._answers.append(message)

    def end(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)


def readable(conn, timeout: float) -> bool:
    """Whether ``conn`` has a message within ``timeout`` seconds: under gevent the greenlet waits
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


def serve(conn, warm_up: WarmUp) -> None:  # pragma: no cover - runs in the worker process
    """A worker process: lowered priority; its warm-up in a thread of its own, one step at a time
    (``warm_up``'s steps in their order, the app's cheapest first, then its ``preload`` modules
    imported), and ``warm`` said with the order it did things in; meanwhile, and after, one job
    after another until the pipe closes. A job and a step that uses a library (a tiny solve, a
    game's sheet) never run at once (WeasyPrint is not known to be safe in two threads): a job that
    comes between two steps runs before the next; only an import (WeasyPrint's: 2 s, 6 s on a busy box)
    goes on beside a job, so a first best play never waits for it. A thread of its own reads the
    pipe, so a big job sent during a step never blocks the server. Ctrl-C at the server's terminal
    reaches this process too: it is the server's to end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held while it started (_ctrl_c_held): ignored from now on
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        os.nice(5)
    except OSError:
        pass
    inbox = _Inbox()
    start = _original("_thread", "start_new_thread")
    start(_receive, (conn, inbox))
    shared = _Shared()
    start(_warm, (conn, warm_up, shared))
    while _serve_waiting(conn, inbox, shared):
        pass


class _Shared:
    """What the warm-up's thread and the jobs' share: a lock for a job or a step that uses a library,
    one for the pipe's sending end, and the order things were done in (kept until ``warm``)."""

    def __init__(self):
        allocate = _original("_thread", "allocate_lock")
        self.working, self.sending = allocate(), allocate()
        self.order: list[str] | None = []

    def did(self, what: str) -> None:
        order = self.order
        if order is not None:
            order.append(what)


def _warm(conn, warm_up: WarmUp, shared: _Shared) -> None:
    warmed: dict[str, bool | str] = {}
    for name, step in _steps(warm_up):
        if name.startswith("import "):
            _step(step)
        else:
            with shared.working:
                warmed[name] = _step(step)
        shared.did(name)
    _give_back_memory()
    with shared.sending, contextlib.suppress(OSError):
        order, shared.order = shared.order, None
        conn.send((WARM, warmed, order))


def _steps(warm_up: WarmUp) -> list[tuple[str, Any]]:
    """The warm-up's steps, then each preload module not yet imported by them."""
    imports = [(f"import {module}", functools.partial(__import__, module)) for module in warm_up.preload]
    return [*warm_up.steps, *imports]


def _step(step) -> bool | str:
    """True once done, or why it failed (a missing model or font must not stop the process serving
    the rest; the jobs say so themselves when asked)."""
    try:
        step()
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    return True


def _give_back_memory() -> None:
    """What the warm-up freed returned to the system (glibc keeps it otherwise: about 5 MB a process)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _original(module: str, name: str):
    """``module.name`` as Python has it, not gevent's: spawn runs the server's ``__main__`` again
    here, which may patch (a script under gevent); a greenlet reading the pipe would block the
    process, where a real thread reads it while a warm-up step runs."""
    try:
        from gevent.monkey import get_original
    except ImportError:  # pragma: no cover - gevent is a dependency
        return getattr(__import__(module), name)
    return get_original(module, name)


class _Inbox:
    """The jobs the reading thread received, in order; :meth:`get` waits on a real lock."""

    def __init__(self):
        self.items: collections.deque = collections.deque()
        self.signal = _original("_thread", "allocate_lock")()
        self.signal.acquire()

    def put(self, item) -> None:
        self.items.append(item)
        with contextlib.suppress(RuntimeError):  # already signalled
            self.signal.release()

    def get(self, block: bool):
        while not self.items:
            if not block:
                raise queue.Empty
            self.signal.acquire()
        return self.items.popleft()


def _receive(conn, inbox) -> None:
    """Every message's bytes into ``inbox`` as it arrives; None once the pipe is closed."""
    while True:
        try:
            inbox.put(conn.recv_bytes())
        except (EOFError, OSError):
            inbox.put(None)
            return


def _serve_waiting(conn, inbox, shared: _Shared) -> bool:
    """The next job waited for and answered; False once the pipe is closed."""
    message = inbox.get(block=True)
    if message is None:
        return False
    job, args = pickle.loads(message)
    with shared.working:
        shared.did(f"job {getattr(job, '__name__', job)}")
        try:
            answer = (True, job(*args))
        except Exception as err:
            answer = (False, (type(err), err.args, dict(vars(err))))
    try:
        with shared.sending:
            conn.send(answer)
    except OSError:
        return False
    return True
