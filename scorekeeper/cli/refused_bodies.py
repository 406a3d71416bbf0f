"""The production server's end of a body refused unread (issue 36): the 413 says ``Connection: close``,
and the connection ends once it is sent, the rest of the body never read.

:class:`~scorekeeper.web.guards.BodyLimit` marks a body past the size limit
(:data:`~scorekeeper.web.guards.TOO_LARGE`) and the app answers 413 without reading it. gunicorn
itself would then answer ``Connection: keep-alive`` and read the whole rest of the body before the
next request, in a greenlet that never yields while the bytes keep coming: a GiB froze the worker
until the master killed it. :func:`closing_refused_bodies` tells gunicorn's answer object (the owner
of the ``start_response`` it hands the app) to close instead (``force_close``). Closing a socket with
unread bytes sends the client a reset, which can throw away the 413 it has not read yet; so the
connection is first half-closed (the client reads the 413 and then the end) and what the client
still sends is thrown away for a moment, bounded in time and bytes, letting the worker's other
requests run between the pieces (:func:`linger`).
"""

from __future__ import annotations

import socket
import time

from ..limits import REFUSED_BODY_LINGER_BYTES, REFUSED_BODY_LINGER_SECONDS

PIECE = 64 * 1024


def linger(sock, seconds: float = REFUSED_BODY_LINGER_SECONDS, most: int = REFUSED_BODY_LINGER_BYTES) -> None:
    """Half-close ``sock`` (the answer has been sent) and throw away what the client still sends
    until it closes its end, for at most ``seconds`` and ``most`` bytes."""
    try:
        sock.shutdown(socket.SHUT_WR)
        until, got = time.monotonic() + seconds, 0
        while got < most and (left := until - time.monotonic()) > 0:
            sock.settimeout(left)
            data = sock.recv(PIECE)
            if not data:
                return
            got += len(data)
            time.sleep(0)  # gevent's: the worker's other requests run between the pieces
    except OSError:  # the client has gone, or the time is up
        return


class Lingering:
    """The answer's body; once it is sent (gunicorn then calls ``close``), :func:`linger`."""

    def __init__(self, answer, sock):
        self.answer, self.sock = answer, sock

    def __iter__(self):
        return iter(self.answer)

    def close(self) -> None:
        try:
            if hasattr(self.answer, "close"):
                self.answer.close()
        finally:
            if self.sock is not None:
                linger(self.sock)


def closing_refused_bodies(app):
    """``app`` (WSGI) with the connection closed after its answer to a body it refused unread, or
    to one that stopped coming (:mod:`.stalled_bodies`: each wait for its next bytes is bounded, the
    grace and rate read from the environment once, here, as the worker loads the app)."""
    from ..web.guards import STALLED, TOO_LARGE
    from .stalled_answers import answer_stall_seconds, bound_answer
    from .stalled_bodies import body_bounds, guard_stalls

    bounds = body_bounds()  # checked before the server started (cli/server.py)
    answer_wait = answer_stall_seconds()  # each piece of an answer taken in time (stalled_answers.py)

    def serve(environ, start_response):
        def start(status, headers, exc_info=None):
            if environ.get(TOO_LARGE) is not None or environ.get(STALLED):
                getattr(getattr(start_response, "__self__", None), "force_close", lambda: None)()
            return start_response(status, headers, exc_info)

        unguard = guard_stalls(environ, bounds)
        try:
            answer = app(environ, start)
        finally:
            if unguard is not None:
                unguard()  # the answer is sent blocking: a slow reader is not cut off
        if environ.get(TOO_LARGE) is not None:
            return Lingering(answer, environ.get("gunicorn.socket"))
        return bound_answer(answer, environ, answer_wait)

    return serve
