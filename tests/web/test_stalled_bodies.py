"""A body that stops coming, sent to the real server ``make run`` starts: answered 408 with
``Connection: close`` once no byte came for ``BODY_STALL_SECONDS``, while the worker answers
everyone else.

gunicorn bounds the wait for a request's head (5 s) but not for its body: ``Content-Length: 100``
and a few bytes held the connection for ever, and 2,000 such connections (both workers'
``worker_connections``) left the server answering nobody (scorekeeper/cli/stalled_bodies.py).
"""

from __future__ import annotations

import socket
import threading
import time
from urllib.parse import urlsplit

from scorekeeper.limits import BODY_STALL_SECONDS

from .table_server import running_server
from .test_big_bodies import _healthz_seconds

SIZED_API = (
    b"POST /api/v1/check HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
    b'Content-Length: 100\r\n\r\n{"variant": "rummikub"'
)
CHUNKED_API = (
    b"POST /api/v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
    b'Transfer-Encoding: chunked\r\n\r\n5\r\n{"var\r\n'
)
SIZED_FORM = (
    b"POST /games/new/rummikub HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    b"Content-Length: 100\r\n\r\nplayer_0=Ann"
)
#: how long past the bound the answer may take on a busy machine
SLACK = 15


def _stall(port: int, head: bytes, out: dict, name: str) -> None:
    """Send ``head`` (a body's beginning) and nothing more; what came back and when the connection ended."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=BODY_STALL_SECONDS + SLACK) as sock:
        sock.sendall(head)
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except TimeoutError:
            out[name] = (answer, None)
            return
    out[name] = (answer, time.monotonic() - began)


def test_a_body_that_stops_coming_is_answered_408_and_its_connection_closed(tmp_path):
    with running_server(tmp_path, workers=1) as (url, _proc):
        port = urlsplit(url).port
        out: dict = {}
        heads = {"sized api": SIZED_API, "chunked api": CHUNKED_API, "sized form": SIZED_FORM}
        threads = [threading.Thread(target=_stall, args=(port, h, out, n)) for n, h in heads.items()]
        for thread in threads:
            thread.start()
        time.sleep(1)
        assert _healthz_seconds(port) < 5  # the waiting connections hold nobody else up
        for thread in threads:
            thread.join()
        for name, (answer, seconds) in out.items():
            assert seconds is not None, f"{name}: the connection was still open, unanswered"
            assert BODY_STALL_SECONDS - 1 < seconds < BODY_STALL_SECONDS + SLACK, name
            head, _, text = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408"), (name, head[:80])
            assert b"Connection: close" in head, name
            assert b"stopped coming before its end" in text, name
        assert b"application/json" in out["sized api"][0] and b"text/html" in out["sized form"][0]
        assert _healthz_seconds(port) < 5


#: a short grace for the test, and a rate whose piece of 8 KiB counts within it (stalled_bodies.PIECE)
DRIP_ENV = {"SCOREKEEPER_BODY_GRACE_SECONDS": "5", "SCOREKEEPER_BODY_MIN_RATE": "2048"}
CHECK = b'{"variant": "rummikub", "cards": "R1 R2 R3"}'


def _send_paced(port: int, pieces: list[bytes], pause: float, out: dict, name: str) -> None:
    """POST ``pieces`` (a JSON body's) to the checker with ``pause`` seconds between them, as long as the
    server takes them; what came back."""
    body = b"".join(pieces)
    head = (
        b"POST /api/v1/check HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body)
    )
    with socket.create_connection(("127.0.0.1", port), timeout=BODY_STALL_SECONDS + SLACK) as sock:
        sock.sendall(head)
        try:
            for piece in pieces:
                sock.sendall(piece)
                time.sleep(pause)
        except OSError:  # the server answered and closed
            pass
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except OSError:
            pass
    out[name] = answer


def test_a_body_dripping_too_slowly_is_answered_408_and_one_coming_steadily_is_served(tmp_path):
    """A byte a second never waits ``BODY_STALL_SECONDS`` for the next, yet the whole body is bounded:
    past the grace it must come at the rate. A body coming at eight times the rate for longer than the
    grace is served."""
    drip = [CHECK[:1], *(bytes([b]) for b in CHECK[1:])]  # a byte a second: 45 s, were it not cut
    steady = [CHECK, *([b" " * 1600] * 60)]  # 16 KB a second for 6 s
    with running_server(tmp_path, workers=1, env=DRIP_ENV) as (url, _proc):
        port = urlsplit(url).port
        out: dict = {}
        threads = [
            threading.Thread(target=_send_paced, args=(port, drip, 1.0, out, "drip")),
            threading.Thread(target=_send_paced, args=(port, steady, 0.1, out, "steady")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    head, _, text = out["drip"].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), head[:80]
    assert b"Connection: close" in head
    assert b"came too slowly (less than 2,048 bytes a second)" in text
    head, _, text = out["steady"].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), (head[:80], text[:200])
