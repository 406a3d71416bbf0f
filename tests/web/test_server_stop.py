"""``make run HTTPS=1`` in the host's terminal (issue 33): a phone that has not trusted the table's
certificate yet costs one line per refused handshake, not a 20-line traceback; and Ctrl-C stops the
server within seconds, without a traceback and without "Worker was sent SIGKILL! Perhaps out of
memory?", even while phones follow a game (live streams open) and a PDF worker process is running.

The server is started as ``make run`` starts it (:func:`tests.web.test_tls_and_links._start`), in a
process group of its own; Ctrl-C is SIGINT to the whole group, as a terminal sends it.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import ssl
import threading
import time

from scorekeeper import create_app, services
from scorekeeper.storage.extensions import db

from .test_tls_and_links import _start


def _collect(proc, lines: list[str]) -> threading.Thread:
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    return reader


def _untrusting_phone(port: int) -> None:
    """A client that checks the certificate against the system's authorities: it refuses the table's."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        try:
            ssl.create_default_context().wrap_socket(raw, server_hostname="127.0.0.1")
        except ssl.SSLCertVerificationError:
            return
    raise AssertionError("the handshake was not refused")


def _garbled_handshake(port: int) -> None:
    """A TLS record header, then bytes that are no handshake, then gone."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        raw.sendall(b"\x16\x03\x01\x00\x05garbage")
        raw.settimeout(10)
        try:
            raw.recv(100)
        except OSError:
            pass


def _printed(printer: http.client.HTTPSConnection, path: str) -> bytes:
    """The sheet at ``path``: at once, or, on a machine busy enough that it is not ready within
    PDF_WAIT, from the address its waiting page names (202) once it is ready, as the page's script does."""
    printer.request("GET", path)
    answer = printer.getresponse()
    body = answer.read()
    if answer.status != 202:
        return body
    where = answer.getheader("Location")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        printer.request("GET", where)
        answer = printer.getresponse()
        body = answer.read()
        if answer.status != 202:
            return body
        time.sleep(0.5)
    raise AssertionError(f"the sheet was not ready within two minutes at {where}")


def test_a_refused_handshake_is_one_line_and_ctrl_c_stops_cleanly(tmp_path):
    proc, port, _ = _start(tmp_path, "--https", "--tls-dir", str(tmp_path / "tls"))
    lines: list[str] = []
    reader = _collect(proc, lines)
    try:
        with create_app(
            {"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'table.sqlite3'}"}
        ).app_context():
            game, _secret = services.create_game("rummikub", ["Ann", "Bob"])
            db.session.commit()
            public_id = game.public_id
        _untrusting_phone(port)
        _garbled_handshake(port)
        trusted = ssl.create_default_context(cafile=str(tmp_path / "tls" / "ca.pem"))
        followers = []
        for _ in range(3):  # phones following the game: streams that stay open
            follower = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=trusted)
            follower.request("GET", f"/live/games/{public_id}")
            assert follower.getresponse().status == 200
            followers.append(follower)
        printer = http.client.HTTPSConnection("127.0.0.1", port, timeout=120, context=trusted)
        assert _printed(printer, f"/print/game/{public_id}/sheet.pdf")[:5] == b"%PDF-"  # a PDF worker ran
        deadline = time.monotonic() + 15
        while sum("TLS handshake" in line for line in lines) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        said = [line for line in lines if "TLS handshake" in line]
        assert len(said) == 2, "".join(lines)
        assert any("does not trust this table's certificate yet" in line for line in said), said
        assert not any("Traceback" in line for line in lines), "".join(lines)

        before = len(lines)
        started = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C
        proc.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    reader.join(timeout=10)
    stop = "".join(lines[before:])
    assert "Traceback" not in stop and "SIGKILL" not in stop and "Error" not in stop, stop
    assert proc.returncode == 0 and took < 5, f"stopped in {took:.1f} s:\n{stop}"
