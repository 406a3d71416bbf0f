"""One job sent to the worker pool (:mod:`scorekeeper.limits.pool`): its function, its wait, its answer;
and the two ways a job does not answer at once (:class:`Busy`, :class:`Pending`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Busy(Exception):
    """The queue is full, or a job ran away: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Pending(Exception):
    """Inside :func:`answer_within`: the job was not done in time; it goes on as ``job``."""

    def __init__(self, job: Job):
        super().__init__("still working")
        self.job = job


class Job:
    """A job: queued, then run in a process; ``warm`` says whether that process had warmed up before
    the job reached it (a job never waits for a cold start once the pool is warm), ``took`` how many
    seconds the process worked on it."""

    def __init__(self, fn: Callable[..., Any], args: tuple):
        self.fn, self.args = fn, args
        self.assigned = None  # the process handed to it after it waited in the queue
        self.ready = threading.Event()
        self.finished = threading.Event()
        self.outcome: tuple[bool, Any] = (False, None)
        self.warm: bool | None = None
        self.took = 0.0
        self._callbacks: list[Callable[[Job], None]] = []
        self._on_start: list[Callable[[Job], None]] = []
        self._lock = threading.Lock()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether it is done within ``timeout`` seconds (None: until it is)."""
        return self.finished.wait(timeout)

    def result(self) -> Any:
        """Its answer, or its error raised."""
        ok, value = self.outcome
        if ok:
            return value
        raise value

    def when_done(self, callback: Callable[[Job], None]) -> None:
        """Call ``callback(job)`` once it is done (now, if it is)."""
        with self._lock:
            if not self.finished.is_set():
                self._callbacks.append(callback)
                return
        callback(self)

    def when_started(self, callback: Callable[[Job], None]) -> None:
        """Call ``callback(job)`` once a process works on it (now, if one does)."""
        with self._lock:
            if self.warm is None:
                self._on_start.append(callback)
                return
        callback(self)

    def start(self, warm: bool) -> None:
        """A process (warm or not) has it now."""
        with self._lock:
            self.warm = warm
            callbacks, self._on_start = self._on_start, []
        for callback in callbacks:
            callback(self)

    def finish(self, ok: bool, value: Any) -> None:
        self.outcome = (ok, value)
        with self._lock:
            self.finished.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback(self)


def rebuilt(cls: type[BaseException], args: tuple, fields: dict) -> BaseException:
    """The job's exception again, without calling its ``__init__`` (whose arguments vary)."""
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(fields)
    return err
