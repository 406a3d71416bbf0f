"""The production server's bounds on a body that stops coming or comes too slowly: each read of it
waits at most :data:`~scorekeeper.limits.BODY_STALL_SECONDS` for the next bytes, and the whole body
must keep coming at :data:`~scorekeeper.limits.BODY_MIN_RATE` bytes a second once a grace of
:data:`~scorekeeper.limits.BODY_GRACE_SECONDS` is spent; past either, the request is answered 408
(``STALLED_WORDS``, ``SLOW_WORDS``) and its connection closed.

gunicorn bounds the wait for a request's head (``keepalive``, 5 s) but not for its body: a client
that sent ``Content-Length: 1000`` and one byte held its connection, and a greenlet, for ever, and
2,000 of them (``worker_connections`` of both workers) left the server answering nobody, ``/healthz``
included. The client socket gets a timeout while the app runs (a read past it raises
``TimeoutError``, which :class:`StallGuard` turns into Werkzeug's 408 for the app's error handlers),
and is back to blocking before the answer is sent, so a slow reader of a big PDF is not cut off.

Each wait bounded was not enough: a byte every 9 s was served for ever. So :class:`StallGuard` also
counts the time spent waiting in reads (not the app's own work between them) and the bytes read, and
a read may wait only while ``waited <= grace + bytes / rate`` (mod_reqtimeout's rule): a
``gevent.Timeout`` ends a read at that moment, even in the middle of gunicorn's loop of ``recv``.
Reads are made in pieces of at most :data:`PIECE` bytes, so the bytes of a piece under way count
soon enough: with ``PIECE / rate`` (16 s) within the grace (20 s), any client sending at the rate
from its first byte is never cut.
"""

from __future__ import annotations

import os
import time

import gevent
from werkzeug.exceptions import RequestTimeout

from ..limits import BODY_GRACE_SECONDS, BODY_MIN_RATE, BODY_STALL_SECONDS
from ..storage.config import positive_number
from ..web.guards import SLOW_WORDS, STALLED, STALLED_WORDS

#: the most bytes one read of the body asks gunicorn for (its own ``recv`` size)
PIECE = 8192
#: the environment's names for the grace and the rate (a test's few seconds; an operator's slower link)
GRACE_ENV, RATE_ENV = "SCOREKEEPER_BODY_GRACE_SECONDS", "SCOREKEEPER_BODY_MIN_RATE"


class TooSlow(Exception):
    """The body has not kept coming at the rate: raised into a read by ``gevent.Timeout``."""


class StallGuard:
    """``wsgi.input`` whose reads end in a 408 (and mark the request :data:`STALLED`) when the socket
    under it timed out waiting for the client, or when the body came too slowly (:class:`TooSlow`)."""

    def __init__(self, stream, environ: dict, grace: float = BODY_GRACE_SECONDS, rate: float = BODY_MIN_RATE):
        self.stream, self.environ = stream, environ
        self.grace, self.rate = grace, rate
        self.waited, self.got = 0.0, 0

    def _guarded(self, method, *args, **kwargs):
        left = self.grace + self.got / self.rate - self.waited
        began = time.monotonic()
        try:
            if left <= 0:
                raise TooSlow
            with gevent.Timeout(left, TooSlow):
                data = method(*args, **kwargs)
        except TimeoutError:
            self.environ[STALLED] = STALLED_WORDS
            raise RequestTimeout(STALLED_WORDS) from None
        except TooSlow:
            self.environ[STALLED] = words = SLOW_WORDS.format(rate=int(self.rate))
            raise RequestTimeout(words) from None
        finally:
            self.waited += time.monotonic() - began
        self.got += len(data) if isinstance(data, bytes) else sum(map(len, data))
        return data

    def read(self, size: int | None = -1) -> bytes:
        """Up to ``size`` bytes (all, when it is None or negative), read :data:`PIECE` at a time."""
        parts, got = [], 0
        while size is None or size < 0 or got < size:
            want = PIECE if size is None or size < 0 else min(PIECE, size - got)
            part = self._guarded(self.stream.read, want)
            if not part:
                break
            parts.append(part)
            got += len(part)
        return b"".join(parts)

    def readline(self, *args, **kwargs) -> bytes:
        return self._guarded(self.stream.readline, *args, **kwargs)

    def readlines(self, *args, **kwargs) -> list[bytes]:
        return self._guarded(self.stream.readlines, *args, **kwargs)

    def __iter__(self):
        while line := self.readline():
            yield line


def has_body(environ: dict) -> bool:
    """Whether the request says a body follows (a length above 0, or chunked)."""
    return environ.get("CONTENT_LENGTH", "") not in ("", "0") or "HTTP_TRANSFER_ENCODING" in environ


def guard_stalls(environ: dict, bounds: tuple[float, float], seconds: float = BODY_STALL_SECONDS):
    """Bound each wait for the body's next bytes by ``seconds``, and the whole body by ``bounds``
    (the grace and the rate: :func:`body_bounds`, read once as the worker loads the app); the undo
    (the socket's own timeout given back), to call once the app has returned its answer, or None when
    there is nothing to bound."""
    sock = environ.get("gunicorn.socket")
    if sock is None or not has_body(environ):
        return None
    environ["wsgi.input"] = StallGuard(environ["wsgi.input"], environ, *bounds)
    before = sock.gettimeout()  # as it was before the body (blocking, or the last answer's bound): given back
    sock.settimeout(seconds)
    return lambda: sock.settimeout(before)


def body_bounds(env=os.environ) -> tuple[float, float]:
    """The grace and the rate: the environment's :data:`GRACE_ENV` and :data:`RATE_ENV`, else the
    limits'. ValueError naming the variable and its value when either is not a number above 0 (0
    divided every body's bytes by nothing: a 500 for every request with a body); the server checks
    them before it starts (``cli/server.py``: exit 2).

    >>> body_bounds({})
    (20.0, 500.0)
    >>> body_bounds({RATE_ENV: "0"})
    Traceback (most recent call last):
    ...
    ValueError: SCOREKEEPER_BODY_MIN_RATE='0': give a number above 0 (the default is 500)
    """
    return (
        positive_number(env, GRACE_ENV, BODY_GRACE_SECONDS),
        positive_number(env, RATE_ENV, BODY_MIN_RATE),
    )
