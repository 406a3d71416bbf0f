"""One worker process of the pool (:mod:`scorekeeper.limits.pool`): started, warmed, asked, ended.

A process imports what the jobs need and warms it (:mod:`scorekeeper.printing.warm_up`: a tiny PDF, a
tiny solve, the rack photo's models) before it says ``warm`` on its pipe; only then does it take
jobs, so a job handed to it never waits for an import. Why plain processes and pipes: docs/limits.md.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from typing import Any

#: modules a worker process imports as it starts (the jobs' own: the engine's solver, the PDF renderer,
#: the rack photo's reading); the web process itself never imports them for the pool
PRELOAD = (
    "scorekeeper.checker.solving",
    "scorekeeper.printing.documents",
    "scorekeeper.printing.pdf",
    "weasyprint",
    "scorekeeper.api.shapes",
    "scorekeeper.photo.photo",
)
WARM = "warm"
#: the module whose ``warm_up()`` a process runs before it says it is warm (a layer above the pool's)
WARM_UP = "scorekeeper.printing.warm_up"


class Gone(Exception):
    """The process stopped (or its pipe broke) before it answered."""


class Worker:
    """A worker process and the server's end of its pipe; ``warm`` once it has said so."""

    def __init__(self, preload: tuple[str, ...] = PRELOAD):
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        # Under gevent the pipe is a patched socketpair, non-blocking at the descriptor, which both
        # processes share: a read with nothing there yet (the worker between jobs, the rest of a long
        # answer) would raise BlockingIOError. Blocking ends; the server waits with wait_read first.
        os.set_blocking(self.conn.fileno(), True)
        os.set_blocking(theirs.fileno(), True)
        self.process = context.Process(
            target=serve, args=(theirs, preload), daemon=True, name="scorekeeper-pool"
        )
        self.process.start()
        theirs.close()
        self.warm = False
        self.warmed: dict[str, Any] = {}  # what the warm-up loaded (the pdf, solver, photo: True or a reason)

    def await_warm(self, timeout: float) -> bool:
        """Wait (as gevent waits for a socket) for the process to say it is warm."""
        if not self.warm:
            self._read(timeout)
        return self.warm

    def ask(self, job, args, timeout: float) -> tuple[bool, Any] | None:
        """``job(*args)`` in the process: ``(ok, value)``, or None past ``timeout`` seconds (the job
        still runs; the caller ends the process); :class:`Gone` if the process stopped."""
        until = time.monotonic() + timeout
        # A process takes no job before it is warm: a job bigger than the pipe holds (a photo) sent
        # earlier blocked the whole server worker on the pipe for the warm-up (issue 36). Wait as for
        # an answer first; then the process reads it at once.
        self.await_warm(timeout)
        try:
            self.conn.send((job, args))
        except OSError as err:
            raise Gone(err.__class__.__name__) from None
        while True:
            answer = self._read(max(0.0, until - time.monotonic()))
            if answer is None or answer[0] != WARM:
                return answer

    def _read(self, timeout: float):
        """The next message within ``timeout`` seconds (None: none yet); a ``warm`` one is noted."""
        try:
            if not readable(self.conn, timeout):
                return None
            message = self.conn.recv()
        except (EOFError, OSError) as err:
            raise Gone(err.__class__.__name__) from None
        if message[0] == WARM:
            self.warm, self.warmed = True, message[1]
        return message

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


def serve(conn, preload: tuple[str, ...]) -> None:  # pragma: no cover - runs in the worker process
    """A worker process: lowered priority, the ``preload`` modules imported and warmed, ``warm``
    said, then one job after another until the pipe closes. Ctrl-C at the server's terminal reaches
    this process too: it is the server's to end (it does, as it stops), not a KeyboardInterrupt's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(5)
    except OSError:
        pass
    for module in preload:  # what the jobs need, imported before the first one arrives
        __import__(module)
    warmed = __import__(WARM_UP, fromlist=["warm_up"]).warm_up() if preload else {}
    try:
        conn.send((WARM, warmed))
    except OSError:
        return
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


def rebuilt(cls: type[BaseException], args: tuple, fields: dict) -> BaseException:
    """The job's exception again, without calling its ``__init__`` (whose arguments vary)."""
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(fields)
    return err
