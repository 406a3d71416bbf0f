"""An answer the client stops taking, on the real server ``make run`` starts: the connection is
closed once no piece of it was taken for ``ANSWER_STALL_SECONDS`` (here 3 s), while a client that
takes its answer, however slowly piece by piece, gets all of it (scorekeeper/cli/stalled_answers.py).

Before, gunicorn's gevent worker sent an answer on a blocking socket: a client that asked for the
14 MB onnxruntime-web file and read none of it held its connection, and a greenlet, for ever, and
1,005 such connections left a worker answering nobody (``/healthz`` timed out for the minute watched).

The stuck connections are read only once the server has closed its end (its socket no longer
``ESTABLISHED`` in the kernel's table), waited for up to :data:`CLOSED_WITHIN` seconds: the bound
runs from when the worker starts sending, not from when the test asked. A fixed sleep flaked under
load: the banner was then printed before the worker had loaded the app (3.5 s on an idle 2-core
machine, 6 to 7 s at load 10), so the requests waited unanswered, the worker began sending as the
test began reading, and the whole file came.
"""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

from scorekeeper.cli.stalled_answers import ANSWER_ENV

from .table_server import running_server
from .test_big_bodies import _healthz_seconds

STALL = 3.0
#: seconds from the request the server may take to end a connection nobody reads (the worker loaded)
CLOSED_WITHIN = STALL + 20
#: the kernel's code for an ESTABLISHED TCP socket in /proc/net/tcp
ESTABLISHED = "01"
WASM = "/static/vendor/onnxruntime-web/ort-wasm-simd-threaded.wasm"


def _asked(port: int, path: str) -> socket.socket:
    """A connection that asked for ``path`` with a small receive buffer, its answer not read yet."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
    return sock


def _server_side(port: int, client_port: int) -> str | None:
    """The TCP state (``/proc/net/tcp``'s hex code) of the server's end of the loopback connection
    from ``client_port``, or None once the kernel has none (Linux, as ``ps --ppid`` in the neighbours)."""
    with open("/proc/net/tcp") as table:
        for row in table.read().splitlines()[1:]:
            local, remote, state = row.split()[1:4]
            if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) == client_port:
                return state
    return None


def _closed_by_server(port: int, sock: socket.socket, until: float) -> bool:
    """Whether the server closed its end of ``sock`` (its answer unread) by ``until`` (monotonic): its
    socket is no longer ESTABLISHED (FIN_WAIT1, the rest of its buffer still to send, or gone)."""
    client_port = sock.getsockname()[1]
    while _server_side(port, client_port) == ESTABLISHED:
        if time.monotonic() > until:
            return False
        time.sleep(0.1)
    return True


def _rest(sock: socket.socket, pause: float = 0.0) -> tuple[bytes, bool]:
    """What the connection still gives (``pause`` seconds between reads of 64 KiB), and whether it
    ended (the server closed it) within 20 s of silence."""
    sock.settimeout(20)
    got = []
    try:
        while data := sock.recv(65536):
            got.append(data)
            time.sleep(pause)
    except TimeoutError:
        return b"".join(got), False
    except OSError:  # reset: the server closed with bytes unsent
        pass
    return b"".join(got), True


def _length(answer: bytes) -> tuple[int, int]:
    """(Content-Length, the body's bytes received) of an answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    line = next(h for h in head.split(b"\r\n") if h.lower().startswith(b"content-length:"))
    return int(line.split(b":")[1]), len(body)


def test_an_answer_nobody_takes_is_ended_and_one_taken_slowly_is_sent_whole(tmp_path):
    with running_server(tmp_path, workers=1, env={ANSWER_ENV: str(STALL)}) as (url, _proc):
        port = urlsplit(url).port
        _healthz_seconds(port, timeout=60)  # the worker's first request loads the app: not timed
        stuck = [_asked(port, WASM) for _ in range(3)]
        until = time.monotonic() + CLOSED_WITHIN
        time.sleep(1)  # nothing read: each answer stops part-way and waits
        assert _healthz_seconds(port) < 5  # the stuck answers hold no one else up
        for sock in stuck:
            closed = _closed_by_server(port, sock, until)
            answer, ended = _rest(sock)
            sock.close()
            assert closed and ended, "the server still held a connection whose answer nobody took"
            length, got = _length(answer)
            assert got < length, "the whole file was still sent"
        taker = _asked(port, WASM)  # taken as it comes: sent whole
        answer, ended = _rest(taker)
        taker.close()
        assert ended and _length(answer)[0] == _length(answer)[1]
        # one chunk of about 340 KB, taken 4 KiB at a time for longer than the bound: sent whole
        slow = _asked(port, "/api/v1/openapi.json")
        time.sleep(STALL - 1)
        answer, ended = _rest(slow, pause=0.05)
        slow.close()
        assert ended and _length(answer)[0] == _length(answer)[1]
