"""Requests gunicorn itself refuses, sent to the real server ``make run`` starts: a head past its
limits (431, 414), a broken chunk or request line (400). They are answered as the app answers
any refusal: JSON ``{"error": ..., "reasons": [...]}`` with the reason for the API and for a
client asking for JSON, a short plain text for a page; gunicorn's HTML page echoed its parser's
words to the JSON API (scorekeeper/cli/refusals.py). And a JSON body in UTF-16, which the app read
before (scorekeeper/api/bodies.py), is refused by the server as sent.
"""

from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit

import pytest

from .table_server import running_server

BIG = b"a" * 10_000
#: (name, request, status, what the reason says, answered in JSON)
REFUSED = [
    (
        "a 10 KB header, API",
        b"GET /api/v1/variants HTTP/1.1\r\nHost: t\r\nX-Big: " + BIG + b"\r\n\r\n",
        431,
        "headers are more or larger than this server takes",
        True,
    ),
    (
        "a 10 KB request line, API",
        b"GET /api/v1/" + BIG + b" HTTP/1.1\r\nHost: t\r\n\r\n",
        414,
        "address is too long: its first line is longer than the 4,094 characters",
        True,
    ),
    (
        "a malformed chunk, API",
        b"POST /api/v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        400,
        "chunked encoding is broken",
        True,
    ),
    (
        "a malformed request line, API",
        b"GET /api/v1/variants HTTP/1.1 extra\r\nHost: t\r\n\r\n",
        400,
        "HTTP version is not one this server reads",
        True,
    ),
    (
        "a 10 KB header, a page's script asking for JSON",
        b"GET /games/new HTTP/1.1\r\nHost: t\r\nAccept: application/json\r\nX-Big: " + BIG + b"\r\n\r\n",
        431,
        "headers are more or larger",
        True,
    ),
    (
        "a 10 KB header, a page",
        b"GET /games/new HTTP/1.1\r\nHost: t\r\nAccept: text/html\r\nX-Big: " + BIG + b"\r\n\r\n",
        431,
        "This browser sent more than this server reads",
        False,
    ),
    (
        "a browser holding 160 games' edit cookies, a page",
        b"GET / HTTP/1.1\r\nHost: t\r\nAccept: text/html\r\nCookie: "
        + b"; ".join(b"sk_edit_%012d=%032d" % (n, n) for n in range(160))
        + b"\r\n\r\n",
        431,
        "Clear this site's cookies in the browser's settings to come in again",
        False,
    ),
    (
        "a malformed chunk, a form",
        b"POST /games/new/rummikub HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Transfer-Encoding: chunked\r\n\r\nzz\r\nplayer_0=Ann\r\n0\r\n\r\n",
        400,
        "The request came broken; nothing of it was used.",
        False,
    ),
    ("a request line of no sense", b"HELLO\r\n\r\n", 400, "This server cannot read the request", False),
]


def _send(port: int, request: bytes) -> tuple[bytes, bytes]:
    """(head, body) of the answer to ``request``, read until the server ends the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request)
        answer = b""
        while data := sock.recv(65536):
            answer += data
    head, _, body = answer.partition(b"\r\n\r\n")
    return head, body


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("refusals"), workers=1) as (url, _proc):
        yield urlsplit(url).port


@pytest.mark.parametrize(
    ("name", "request_", "status", "says", "in_json"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_gunicorns_refusals_are_answered_as_the_app_answers(port, name, request_, status, says, in_json):
    head, body = _send(port, request_)
    assert head.startswith(b"HTTP/1.1 %d " % status), head[:80]
    assert b"Connection: close" in head
    if in_json:
        assert b"Content-Type: application/json" in head
        answer = json.loads(body)
        assert says in answer["error"] and answer["reasons"] == [answer["error"]]
    else:  # a page: its reader's words, short and plain
        assert b"Content-Type: text/plain; charset=utf-8" in head
        assert says in body.decode() and len(body) < 300
    for leak in (b"<html", b"Traceback", b"zz", b"limit request", b"gunicorn"):
        assert leak not in body, leak


def test_json_in_utf16_is_refused_by_the_real_server(port):
    body = '{"variant": "rummikub", "cards": "R1 R2 R3"}'.encode("utf-16")
    head, answer = _send(
        port,
        b"POST /api/v1/check HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(body), body),
    )
    assert head.startswith(b"HTTP/1.1 400 "), head[:80]
    assert "UTF-16 or UTF-32 text; JSON is sent as UTF-8" in json.loads(answer)["error"]


def test_the_server_speaks_http_1_only(port):
    """HTTP/2 would pass by the guards on slow bodies and answers, which read HTTP/1.1's socket:
    its preface is refused as a request this server cannot read, and an h2c upgrade is answered in
    HTTP/1.1 without switching (scorekeeper/cli/server.py says h1, not gunicorn's default)."""
    head, _ = _send(port, b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), head[:80]
    head, body = _send(
        port,
        b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings, close\r\n"
        b"Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n",
    )
    assert head.startswith(b"HTTP/1.1 200 "), head[:80]
    assert b"upgrade: h2c" not in head.lower() and json.loads(body)


def test_a_pages_refusal_is_said_in_its_readers_language(app):
    """gunicorn's refusals go through the app's catalogs for a page (its 500's sentence is the app's own)."""
    from werkzeug.datastructures import Headers

    from scorekeeper.cli.refusals import FAULT, page_words

    german = page_words(Exception(), 500, b"", Headers({"Accept-Language": "de"}), app)
    assert german != FAULT and "nichts" in german.lower()
