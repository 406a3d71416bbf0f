"""Plain ``http://`` sent to the https port (``make run HTTPS=1``): a redirect, not a reset and a traceback.

:func:`answering_plain_http` (gunicorn's ``ssl_context`` hook) peeks at a connection's first byte: a
TLS handshake record (0x16) goes on to TLS, anything else gets a 301 to the same address under https,
but for ``GET /handover``: that page (:func:`handover_page`) is served over plain http, so hands a phone
kept at the http address before the table moved to https can be brought over (static/js/queue-handover.js).
"""

from __future__ import annotations

import logging
import re
import socket
import ssl

import jinja2
from babel.support import Translations
from greenlet import GreenletExit
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ..storage.paths import STATIC, TEMPLATES
from .delivery import static_version
from .headers import content_policy
from .languages import LANGUAGES, TRANSLATIONS

#: the first byte of every TLS connection: a handshake record
TLS_HANDSHAKE = 0x16
#: how long a new connection may stay silent before its first byte (then TLS takes over as before)
PEEK_SECONDS = 10.0
#: the most of a plain request's head read (request line and headers)
HEAD_LIMIT = 8192
_REQUEST_LINE = re.compile(rb"^([A-Z]{3,10}) (/[\x21-\x7e]*) HTTP/1\.[01]\r?$")
#: the one page served over plain http: the http address's side of bringing its waiting hands over
HANDOVER_PATH = b"/handover"
_HOST = re.compile(rb"^host:[ \t]*([A-Za-z0-9.\-\[\]:]+)[ \t]*\r?$", re.I | re.M)
_ACCEPT_LANGUAGE = re.compile(rb"^accept-language:[ \t]*([\x20-\x7e]*?)[ \t]*\r?$", re.I | re.M)
log = logging.getLogger("gunicorn.error")


class PlainHttpAnswered(GreenletExit):
    """The connection was plain http and has been answered; gevent counts a GreenletExit as no error."""


class HandshakeFailed(GreenletExit):
    """The TLS handshake failed and has been said in one line (a phone that has not trusted the table's
    certificate yet refuses it on every page it tries); gevent counts a GreenletExit as no error."""


def answering_plain_http(config, default_ssl_context_factory):
    """gunicorn's ``ssl_context`` hook: the default context, answering plain http with a redirect."""
    context = default_ssl_context_factory()
    wrap = context.wrap_socket

    def wrap_socket(sock, *args, **kwargs):
        if not speaks_tls(sock):
            answer_plain_http(sock)
            raise PlainHttpAnswered()
        peer = peer_of(sock)
        try:
            return wrap(sock, *args, **kwargs)
        except (ssl.SSLError, OSError) as err:
            log.info(handshake_failed(peer, err))
            raise HandshakeFailed() from None

    context.wrap_socket = wrap_socket
    return context


def peer_of(sock: socket.socket) -> str:
    """The address a connection comes from, or "?" when it is already gone."""
    try:
        return str(sock.getpeername()[0])
    except OSError:
        return "?"


def handshake_failed(peer: str, err: OSError) -> str:
    """The one line a failed TLS handshake gets in the host's terminal (it was a 20-line traceback).

    >>> handshake_failed("192.168.1.7", ssl.SSLError(1, "[SSL: TLSV1_ALERT_UNKNOWN_CA] tlsv1 alert unknown ca"))
    "TLS handshake from 192.168.1.7 refused: that phone does not trust this table's certificate yet (see the banner)"
    >>> handshake_failed("192.168.1.7", ConnectionResetError(104, "Connection reset by peer"))
    'TLS handshake from 192.168.1.7 failed: Connection reset by peer'
    """
    reason = getattr(err, "reason", None) or ""
    if any(alert in f"{reason} {err}" for alert in ("UNKNOWN_CA", "BAD_CERTIFICATE", "CERTIFICATE_UNKNOWN")):
        return (
            f"TLS handshake from {peer} refused: that phone does not trust this table's certificate yet"
            " (see the banner)"
        )
    return f"TLS handshake from {peer} failed: {reason or err.strerror or type(err).__name__}"


def speaks_tls(sock: socket.socket) -> bool:
    """Whether the connection's first byte starts a TLS handshake (peeked: left for TLS to read).
    A connection silent for :data:`PEEK_SECONDS` is left to TLS, as before."""
    before = sock.gettimeout()
    sock.settimeout(PEEK_SECONDS)
    try:
        first = sock.recv(1, socket.MSG_PEEK)
    except TimeoutError:
        return True
    except OSError:
        first = b""
    finally:
        sock.settimeout(before)
    return bool(first) and first[0] == TLS_HANDSHAKE


def redirect_for(head: bytes) -> bytes:
    """The answer to a plain request ``head``: a redirect to its https address, else a one-line message.

    >>> redirect_for(b"GET /games/x?a=1 HTTP/1.1\\r\\nHost: 192.168.1.5:5443\\r\\n\\r\\n").split(b"\\r\\n")[:2]
    [b'HTTP/1.1 301 Moved Permanently', b'Location: https://192.168.1.5:5443/games/x?a=1']
    >>> redirect_for(b"\\x00\\x01garbage").split(b"\\r\\n")[0]
    b'HTTP/1.1 400 Bad Request'
    """
    line = _REQUEST_LINE.match(head.split(b"\n", 1)[0])
    host = _HOST.search(head)
    if line and line.group(1) == b"GET" and line.group(2).split(b"?")[0] == HANDOVER_PATH:
        return handover_answer(asked_language(head))
    if line and host:
        target = b"https://" + host.group(1) + line.group(2)
        text = b"This table is served over https: open " + target + b"\n"
        status, extra = b"301 Moved Permanently", b"Location: " + target + b"\r\n"
    else:
        text = b"This address is served over https: open it with https:// in front.\n"
        status, extra = b"400 Bad Request", b""
    return (
        b"HTTP/1.1 " + status + b"\r\n" + extra + b"Content-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: " + str(len(text)).encode() + b"\r\nConnection: close\r\n\r\n" + text
    )


def asked_language(head: bytes) -> str:
    """The best of the shipped languages for a plain request's ``Accept-Language``, else English.

    >>> asked_language(b"GET /handover HTTP/1.1\\r\\nAccept-Language: de-DE,de;q=0.9,en;q=0.5\\r\\n\\r\\n")
    'de'
    >>> asked_language(b"GET /handover HTTP/1.1\\r\\nAccept-Language: fr\\r\\n\\r\\n"), asked_language(b"")
    ('en', 'en')
    """
    found = _ACCEPT_LANGUAGE.search(head)
    accepted = parse_accept_header(found.group(1).decode("ascii") if found else "", LanguageAccept)
    return accepted.best_match(list(LANGUAGES), default="en")


def handover_page(language: str = "en") -> bytes:
    """``templates/offline/handover.html`` without the app (its template names: ``static_url``, ``lang``
    and ``_``, from the catalog of ``language``), the same bytes the app serves at ``/handover``."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, extensions=["jinja2.ext.i18n"]
    )
    env.install_gettext_translations(
        Translations.load(str(TRANSLATIONS), [language], "messages"), newstyle=True
    )
    page = env.get_template("offline/handover.html").render(
        static_url=lambda name: f"/static/{name}?v={static_version(STATIC / name)}",
        lang=language,
        text_dir=LANGUAGES[language].direction if language in LANGUAGES else "ltr",
    )
    return page.encode()


def handover_answer(language: str = "en") -> bytes:
    """The handover page over plain http in ``language``, with the app's content policy (its script's
    hash in it)."""
    page = handover_page(language)
    policy = content_policy(TEMPLATES).encode()
    return (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n"
        b"Content-Security-Policy: " + policy + b"\r\nX-Content-Type-Options: nosniff\r\n"
        b"Content-Length: " + str(len(page)).encode() + b"\r\nConnection: close\r\n\r\n" + page
    )


def answer_plain_http(sock: socket.socket) -> None:
    """Read the plain request's head, answer it (:func:`redirect_for`), close, and say so in one line."""
    head = b""
    try:
        sock.settimeout(PEEK_SECONDS)
        while b"\r\n\r\n" not in head and len(head) < HEAD_LIMIT:
            chunk = sock.recv(HEAD_LIMIT - len(head))
            if not chunk:
                break
            head += chunk
        sock.sendall(redirect_for(head))
    except OSError:
        pass
    finally:
        sock.close()
    log.info("plain http sent to the https port: answered with the https address")
