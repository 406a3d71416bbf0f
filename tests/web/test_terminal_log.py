"""The host's terminal (scorekeeper/web/terminal_log.py): errors and slow requests only, the banner kept in view.

The real server runs in a pseudo-terminal 24 rows high, as a host's terminal
window: 40 ordinary requests print nothing by default; with the full access
log (``make run ACCESS_LOG=1``) they print 40 lines, and the banner is shown
again once a screenful has scrolled past it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import termios
import time
import urllib.request

import pytest

from scorekeeper.web.terminal_log import SLOW_SECONDS, worth_logging

from ..servers import free_port, spawn, stop


class Answer:
    def __init__(self, status: str, content_type: str = "text/html"):
        self.status, self.headers = status, [("Content-Type", content_type)]


@pytest.mark.parametrize(
    "status, content_type, seconds, logged",
    [
        ("200 OK", "text/html", 0.01, False),
        ("404 NOT FOUND", "text/html", 0.01, False),
        ("500 INTERNAL SERVER ERROR", "text/html", 0.01, True),
        ("503 SERVICE UNAVAILABLE", "application/json", 0.01, True),
        ("200 OK", "application/pdf", SLOW_SECONDS + 0.5, True),
        ("200 OK", "text/event-stream; charset=utf-8", 600, False),
    ],
    ids=["fast-page", "not-found", "error", "busy", "slow-pdf", "event-stream"],
)
def test_only_errors_and_slow_requests_are_worth_a_line(status, content_type, seconds, logged):
    assert worth_logging(Answer(status, content_type), seconds) is logged


def _serve_in_a_terminal(tmp_path, *flags: str):
    port = free_port()
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "test",
        "PUBLIC_URL": None,
        "SCOREKEEPER_PUBLIC_URL": None,
    }
    proc = spawn(port, env, *flags, terminal=child)
    os.close(child)
    return proc, main, port


def _read(main: int, until: str | None = None, seconds: float = 30) -> str:
    seen, deadline = "", time.monotonic() + seconds
    while time.monotonic() < deadline and not (until and until in seen):
        ready, _, _ = select.select([main], [], [], 0.05 if until is None else 0.2)
        if ready:
            try:
                seen += os.read(main, 65536).decode(errors="replace")
            except OSError:
                break
        elif until is None and seen:
            break
    return seen


@pytest.mark.parametrize(
    "flags, access_lines, banners",
    [((), 0, 1), (("--access-log",), 40, 2)],
    ids=["default", "full-access-log"],
)
def test_the_terminal_keeps_the_address_in_view(tmp_path, flags, access_lines, banners):
    proc, main, port = _serve_in_a_terminal(tmp_path, *flags)
    try:
        shown = _read(main, until="make run HOST=0.0.0.0")
        assert f"http://127.0.0.1:{port}/" in shown
        for _ in range(40):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
                assert answer.status == 200
            shown += _read(main, seconds=0.1)  # a terminal reads as it goes: the pty's buffer is small
        shown += _read(main, seconds=3)
    finally:
        stop(proc)
        os.close(main)
    assert shown.count('"GET /healthz') == access_lines
    assert shown.count("Scorekeeper is private") >= banners
    if not access_lines:
        assert shown.count("Scorekeeper is private") == 1
    assert "Traceback" not in shown
