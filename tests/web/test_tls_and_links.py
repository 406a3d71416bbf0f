"""The table's https (issue 17 section 4, issue 16 section 4): a narrow authority, renewed certificates,
plain http answered with a redirect, HSTS and Secure cookies under https, loopback links under HOST=127.0.0.1.

The real server is started twice (a subprocess each, as ``make run`` starts it): once with
``--https`` (plain http sent to its port gets a 301 to https and no traceback; https answers carry
HSTS and a Secure session cookie), once on 127.0.0.1 alone (every link it gives names 127.0.0.1,
never the LAN address that would not answer).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import http.client
import os
import socket
import ssl
import subprocess
import sys
from pathlib import Path

from cryptography import x509

from scorekeeper import create_app
from scorekeeper.cli import server
from scorekeeper.offline import certificate
from scorekeeper.web import addresses
from scorekeeper.web.https_only import handover_page, redirect_for, speaks_tls

from ..servers import BANNER_END, ROOT, banner, environment, free_port, spawn, stop


def _load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


# -- the authority and the server's certificate -----------------------------------------------------


def test_the_keys_are_0600_from_their_first_byte(tmp_path, monkeypatch, umask_022):
    # no chmod afterwards: the files must never have been readable by others, even for a moment
    monkeypatch.setattr(Path, "chmod", lambda *a, **k: None)
    monkeypatch.setattr(os, "chmod", lambda *a, **k: None)
    tls = certificate.ensure(tmp_path, "192.168.1.23")
    for key in (tls.key, tmp_path / "ca-key.pem"):
        assert oct(key.stat().st_mode & 0o777) == "0o600", key.name
    assert not list(tmp_path.glob(".*.new"))  # nothing half-written left behind


def test_a_server_certificate_near_its_end_is_renewed_by_the_same_authority(tmp_path, monkeypatch):
    monkeypatch.setattr(certificate, "SERVER_DAYS", 10)
    short = certificate.ensure(tmp_path, "192.168.1.23")
    monkeypatch.setattr(certificate, "SERVER_DAYS", 397)
    renewed = certificate.ensure(tmp_path, "192.168.1.23")
    assert renewed.fingerprint != short.fingerprint and renewed.ca_fingerprint == short.ca_fingerprint
    served = _load(renewed.cert)
    assert (served.not_valid_after_utc - dt.datetime.now(dt.UTC)).days >= 390
    served.verify_directly_issued_by(_load(renewed.ca))
    assert certificate.ensure(tmp_path, "192.168.1.23") == renewed  # kept while it has time left


def test_the_server_certificate_never_outlives_its_authority(tmp_path, monkeypatch):
    monkeypatch.setattr(certificate, "CA_DAYS", 100)
    tls = certificate.ensure(tmp_path, "192.168.1.23")
    assert _load(tls.cert).not_valid_after_utc <= _load(tls.ca).not_valid_after_utc


def test_the_banner_warns_when_the_authority_nears_its_end(tmp_path, monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    assert "certificate authority ends" not in server.banner(
        "0.0.0.0", 5443, certificate.ensure(tmp_path / "fresh", "192.168.1.23")
    )
    monkeypatch.setattr(certificate, "CA_DAYS", 20)
    ending = certificate.ensure(tmp_path / "ending", "192.168.1.23")
    shown = server.banner("0.0.0.0", 5443, ending)
    assert "certificate authority ends on" in shown and "days left" in shown and "install" in shown


def test_an_expired_authority_is_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(certificate, "CA_DAYS", 0)
    old = certificate.ensure(tmp_path, "192.168.1.23")
    monkeypatch.setattr(certificate, "CA_DAYS", 730)
    new = certificate.ensure(tmp_path, "192.168.1.23")
    assert new.ca_fingerprint != old.ca_fingerprint
    assert (_load(new.ca).not_valid_after_utc - dt.datetime.now(dt.UTC)).days >= 700


# -- plain http on the https port -----------------------------------------------------------------------


def test_a_plain_request_is_told_its_https_address():
    answer = redirect_for(b"POST /api/v1/games HTTP/1.1\r\nHost: [::1]:5443\r\nContent-Length: 2\r\n\r\n{}")
    assert answer.startswith(b"HTTP/1.1 301 ") and b"Location: https://[::1]:5443/api/v1/games\r\n" in answer
    for odd in (b"", b"GET / HTTP/1.1\r\n\r\n", b"GET /\r\nx HTTP/1.1\r\nHost: a\r\n\r\n", b"\x16\x03\x01"):
        assert redirect_for(odd).startswith(b"HTTP/1.1 400 ")
    assert b"Location: https://evil" not in redirect_for(b"GET / HTTP/1.1\r\nHost: a\r\n b\r\n\r\n")


def test_the_handover_page_is_served_over_plain_http_with_its_script_allowed():
    """Hands kept at http:// before the table moved to https are read by that address's /handover
    page (static/js/queue-handover.js): the plain-http answer serves it, with the app's policy."""
    answer = redirect_for(b"GET /handover HTTP/1.1\r\nHost: 192.168.1.5:5000\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and b"Cache-Control: no-store" in head
    assert body == handover_page() and b"indexedDB.open" in body
    script = body.split(b"<script>")[1].split(b"</script>")[0]
    digest = base64.b64encode(hashlib.sha256(script).digest())
    assert b"'sha256-" + digest + b"'" in head
    assert redirect_for(b"POST /handover HTTP/1.1\r\nHost: a\r\n\r\n").startswith(b"HTTP/1.1 301 ")
    assert redirect_for(b"GET /handover/x HTTP/1.1\r\nHost: a\r\n\r\n").startswith(b"HTTP/1.1 301 ")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    served = app.test_client().get("/handover")  # the app serves the same page (both up at once)
    assert served.status_code == 200 and served.data == body
    assert digest.decode() in served.headers["Content-Security-Policy"]


def test_the_first_byte_tells_tls_from_plain_http():
    for sent, tls in ((b"\x16\x03\x01\x02\x00", True), (b"GET / HTTP/1.1\r\n", False)):
        ours, theirs = socket.socketpair()
        with ours, theirs:
            theirs.sendall(sent)
            assert speaks_tls(ours) is tls
            assert ours.recv(64) == sent  # only peeked: everything is still there to read


def _start(tmp_path, *args: str) -> tuple[subprocess.Popen, int, str]:
    port = free_port()
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "t",
        "PUBLIC_URL": None,
        "SCOREKEEPER_PUBLIC_URL": None,
    }
    subprocess.run(
        [
            sys.executable,
            "-m",
            "flask",
            "--app",
            "scorekeeper",
            "db",
            "upgrade",
            "--directory",
            "scorekeeper/migrations",
        ],
        cwd=ROOT,
        env=environment(env),
        check=True,
        capture_output=True,
    )
    proc = spawn(port, env, *args)
    return proc, port, banner(proc, (BANNER_END, "the server's own certificate"))


def test_the_https_server_redirects_plain_http_and_sends_hsts_and_secure_cookies(tmp_path):
    proc, port, _ = _start(tmp_path, "--https", "--tls-dir", str(tmp_path / "tls"))
    try:
        plain = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        plain.request("GET", "/games?page=2")
        moved = plain.getresponse()
        assert moved.status == 301 and moved.getheader("Location") == f"https://127.0.0.1:{port}/games?page=2"
        assert b"https" in moved.read()
        plain.close()
        trusted = ssl.create_default_context(cafile=str(tmp_path / "tls" / "ca.pem"))
        secure = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=trusted)
        secure.request("GET", "/games/new/rummikub", headers={"Host": f"table.example:{port}"})
        page = secure.getresponse()
        page.read()
        assert page.status == 200 and page.getheader("Strict-Transport-Security") == "max-age=31536000"
        cookie = page.getheader("Set-Cookie") or ""
        assert cookie.startswith("session=") and "Secure" in cookie
        secure.request("GET", "/")  # https still works after the plain request, on the same worker
        home = secure.getresponse()
        home.read()
        assert home.status == 200 and home.getheader("Strict-Transport-Security") is None  # loopback: none
        secure.close()
    finally:
        output = stop(proc)
    assert "Traceback" not in output and "SSLError" not in output, output


def test_a_server_on_loopback_only_gives_loopback_links(tmp_path):
    lan = addresses.lan_address()
    proc, port, banner = _start(tmp_path, "--no-access-log")
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request(
            "POST",
            "/api/v1/games",
            body=b'{"variant": "rummikub", "players": ["Ann", "Bob"]}',
            headers={"Content-Type": "application/json"},
        )
        answer = conn.getresponse()
        import json

        created = json.loads(answer.read())
        assert answer.status == 201
        for name, url in created["urls"].items():
            assert url.startswith(f"http://127.0.0.1:{port}/"), (name, url, lan)
        conn.request(
            "GET",
            f"/games/{created['id']}/share",
            headers={"Cookie": f"sk_edit_{created['id']}={created['secret']}"},
        )
        share = conn.getresponse()
        html = share.read().decode()
        assert share.getheader("Cache-Control") == "no-store"
        assert f"http://127.0.0.1:{port}/games/{created['id']}/join/" in html
        if lan:
            assert lan not in html
        conn.close()
    finally:
        stop(proc)
    assert f"http://127.0.0.1:{port}/" in banner


def test_links_name_loopback_when_the_app_listens_on_loopback_only(tmp_path, monkeypatch):
    monkeypatch.setattr(addresses, "_found", (float("inf"), "192.168.1.20"))
    monkeypatch.delenv("SCOREKEEPER_LISTEN_HOST", raising=False)
    for listen, public, expected in (
        ("0.0.0.0", "", "http://192.168.1.20:5000/games/abc"),
        ("127.0.0.1", "", "http://127.0.0.1:5000/games/abc"),
        ("127.0.0.1", "https://cards.example", "https://cards.example/games/abc"),
    ):
        app = create_app(
            {
                "SECRET_KEY": "t",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}",
                "LISTEN_HOST": listen,
                "PUBLIC_URL": public,
            }
        )
        with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
            assert addresses.external_url("games.show", public_id="abc") == expected
