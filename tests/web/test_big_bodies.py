"""A body past the size limit, sent to the real server ``make run`` starts (issue 36): refused at
once, unread, and the connection closed, while the worker keeps answering everyone else.

gunicorn answered the 413 with ``Connection: keep-alive`` and then read the rest of the body
before the next request, in a greenlet that never yielded: a streamed 20 MB body froze its worker
for seconds, 500 MB got it killed. Here 50 MB are streamed at one worker, with a ``Content-Length``
and chunked: the client is answered 413 with ``Connection: close`` and sees the connection end
long before it has sent it all; ``/healthz`` answers quickly in between and the worker is the same.
"""

from __future__ import annotations

import http.client
import select
import socket
import subprocess
import time
from urllib.parse import urlsplit

from .table_server import running_server

SIZE = 50 * 1024 * 1024
PIECE = b" " * (64 * 1024)
HEAD = "POST /api/v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n{}\r\n\r\n"
CHUNKED_HEAD = HEAD.format("Transfer-Encoding: chunked").encode()


def _workers(master: int) -> set[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return {int(pid) for pid in out.stdout.split()}


def _healthz_seconds(port: int, timeout: float = 10) -> float:
    began = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", "/healthz")
    assert conn.getresponse().status == 200
    conn.close()
    return time.monotonic() - began


def _stream(port: int, sized: bool) -> tuple[bytes, int, bool]:
    """Stream a ``SIZE``-byte body, reading whatever comes back between the pieces: (the answer,
    the bytes sent by the time the server ended the connection, whether it ended it)."""
    framing = f"Content-Length: {SIZE}" if sized else "Transfer-Encoding: chunked"
    head = HEAD.format(framing)
    piece = PIECE if sized else b"%x\r\n%s\r\n" % (len(PIECE), PIECE)
    answer, sent, ended = b"", 0, False
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.encode())
        try:
            while sent < SIZE:
                if select.select([sock], [], [], 0)[0]:
                    data = sock.recv(65536)
                    if not data:
                        return answer, sent, True
                    answer += data
                    continue
                sock.sendall(piece)
                sent += len(PIECE)
            while data := sock.recv(65536):  # all sent: what the server says, till it closes or waits
                answer += data
        except (BrokenPipeError, ConnectionResetError):
            ended = True
        except TimeoutError:
            ended = False
    return answer, sent, ended


def _refused(port: int, sized: bool) -> None:
    began = time.monotonic()
    answer, sent, ended = _stream(port, sized)
    took = time.monotonic() - began
    head = answer.split(b"\r\n\r\n", 1)[0].decode().lower()
    assert head.startswith("http/1.1 413"), answer[:200]
    assert "connection: close" in head.splitlines()
    assert ended and sent < SIZE // 2, f"the server read {sent:,} bytes of {SIZE:,} before closing"
    assert took < 5


def test_bodies_past_the_limit_are_refused_at_once_and_their_connections_closed(tmp_path):
    with running_server(tmp_path, workers=1) as (url, proc):
        port = urlsplit(url).port
        _healthz_seconds(port, timeout=60)  # the worker's first request loads the app: not timed
        workers = _workers(proc.pid)
        _refused(port, sized=True)
        assert _healthz_seconds(port) < 1
        _refused(port, sized=False)
        assert _healthz_seconds(port) < 1
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(CHUNKED_HEAD + b"%x\r\n%s\r\n" % (len(PIECE), PIECE))  # the worker waits for more
            assert _healthz_seconds(port) < 1
        assert _workers(proc.pid) == workers  # the same worker: not killed, not replaced
