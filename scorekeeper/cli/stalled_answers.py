"""The production server's bound on an answer the client stops taking: each piece of it (at most
:data:`PIECE` bytes) must be taken within :data:`~scorekeeper.limits.ANSWER_STALL_SECONDS`, else the
connection is closed.

gunicorn's gevent worker sends an answer on a blocking socket: a client that asked for a big one
(the 14 MB onnxruntime-web file, a PDF) and read none of it held its connection, and a greenlet, for
ever, and 1,000 such connections (a worker's ``worker_connections``) left the worker answering
nobody, ``/healthz`` included (7 December: 1,005 connections, ``/healthz`` timed out for the whole
minute watched). The socket now gets a timeout while the answer is sent. gevent's ``sendall`` bounds a
whole call by it, so a big chunk is handed to gunicorn in pieces (:class:`InPieces`): a phone taking
a 5 MB PDF at 1 KiB a second is never cut. A file sent by ``sendfile`` waits per piece already.
"""

from __future__ import annotations

import os

from ..limits import ANSWER_STALL_SECONDS
from ..storage.config import positive_number

#: the most bytes of an answer handed to gunicorn's ``sendall`` at a time
PIECE = 64 * 1024
#: the environment's name for the bound (a test's few seconds)
ANSWER_ENV = "SCOREKEEPER_ANSWER_STALL_SECONDS"


def answer_stall_seconds(env=os.environ) -> float:
    """The bound: the environment's :data:`ANSWER_ENV`, else the limits'; ValueError naming the
    variable when it is not a number above 0 (the server checks it before it starts).

    >>> answer_stall_seconds({}), answer_stall_seconds({ANSWER_ENV: "3"})
    (60.0, 3.0)
    """
    return positive_number(env, ANSWER_ENV, ANSWER_STALL_SECONDS)


class InPieces:
    """An answer's chunks, each cut into pieces of at most :data:`PIECE` bytes."""

    def __init__(self, answer):
        self.answer = answer

    def __iter__(self):
        for chunk in self.answer:
            if len(chunk) <= PIECE:
                yield chunk
            else:
                yield from (chunk[at : at + PIECE] for at in range(0, len(chunk), PIECE))

    def close(self) -> None:
        if hasattr(self.answer, "close"):
            self.answer.close()


def bound_answer(answer, environ: dict, seconds: float):
    """``answer``, to be sent with each piece bounded by ``seconds`` (the socket's timeout from now on:
    the next request's head is bounded by gunicorn's keep-alive first)."""
    sock = environ.get("gunicorn.socket")
    if sock is None:
        return answer
    sock.settimeout(seconds)
    if isinstance(answer, environ.get("wsgi.file_wrapper") or ()):  # sendfile: a wait per piece
        return answer
    return InPieces(answer)
