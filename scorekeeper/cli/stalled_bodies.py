"""The production server's bound on a body that stops coming: each read of it waits at most
:data:`~scorekeeper.limits.BODY_STALL_SECONDS` for the next bytes, then the request is answered
408 (``STALLED_WORDS``) and its connection closed.

gunicorn bounds the wait for a request's head (``keepalive``, 5 s) but not for its body: a client
that sent ``Content-Length: 1000`` and one byte held its connection, and a greenlet, for ever, and
2,000 of them (``worker_connections`` of both workers) left the server answering nobody, ``/healthz``
included. The client socket gets a timeout while the app runs (a read past it raises
``TimeoutError``, which :class:`StallGuard` turns into Werkzeug's 408 for the app's error handlers),
and is back to blocking before the answer is sent, so a slow reader of a big PDF is not cut off.
"""

from __future__ import annotations

from werkzeug.exceptions import RequestTimeout

from ..limits import BODY_STALL_SECONDS
from ..web.guards import STALLED, STALLED_WORDS


class StallGuard:
    """``wsgi.input`` whose reads end in a 408 (and mark the request :data:`STALLED`) when the socket
    under it timed out waiting for the client."""

    def __init__(self, stream, environ: dict):
        self.stream, self.environ = stream, environ

    def _guarded(self, method, *args, **kwargs):
        try:
            return method(*args, **kwargs)
        except TimeoutError:
            self.environ[STALLED] = True
            raise RequestTimeout(STALLED_WORDS) from None

    def read(self, *args, **kwargs) -> bytes:
        return self._guarded(self.stream.read, *args, **kwargs)

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


def guard_stalls(environ: dict, seconds: float = BODY_STALL_SECONDS):
    """Bound each wait for the body's next bytes by ``seconds``; the undo (the socket's own
    timeout given back), to call once the app has returned its answer, or None when there is nothing to bound."""
    sock = environ.get("gunicorn.socket")
    if sock is None or not has_body(environ):
        return None
    environ["wsgi.input"] = StallGuard(environ["wsgi.input"], environ)
    before = sock.gettimeout()  # gunicorn's own (blocking), given back as it was
    sock.settimeout(seconds)
    return lambda: sock.settimeout(before)
