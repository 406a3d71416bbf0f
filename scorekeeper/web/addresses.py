"""Addresses another phone can open: the machine's LAN address and every external link."""

from __future__ import annotations

import ipaddress
import os
import socket
import time
from urllib.parse import urlsplit, urlunsplit

from flask import current_app, has_request_context, render_template, request, url_for

from ..display.qr import share_qr

#: private addresses a UDP socket is "connected" to, to learn which local address routes there
#: (a UDP connect sends nothing: this works with no internet and no DHCP server answering)
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
#: seconds a found LAN address is kept (a laptop may move to another network)
KEEP_SECONDS = 60.0
_found: tuple[float, str | None] = (float("-inf"), None)


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` names this machine only (``localhost``, ``127.x``, ``::1``, ``0.0.0.0``).

    >>> [is_loopback(h) for h in ("localhost", "app.localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0")]
    [True, True, True, True, True, True]
    >>> [is_loopback(h) for h in ("192.168.1.20", "cards.example", "", None)]
    [False, False, False, False]
    """
    if not host:
        return False
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def lan_address() -> str | None:
    """This machine's address on the local network (IPv4), or None when it has none.

    Asks the routing table which local address would reach a private network
    (no packet is sent), then falls back to resolving the host name.
    """
    global _found
    at, address = _found
    if time.monotonic() - at < KEEP_SECONDS:
        return address
    address = _routed_address() or _hostname_address()
    _found = (time.monotonic(), address)
    return address


def _routed_address() -> str | None:
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address = udp.getsockname()[0]
        except OSError:
            continue
        if not is_loopback(address):
            return address
    return None


def _hostname_address() -> str | None:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return None
    return next((info[4][0] for info in infos if not is_loopback(info[4][0])), None)


def reachable(url: str) -> str:
    """``url`` with a loopback host replaced by the LAN address (unchanged when there is none).

    >>> import scorekeeper.web.addresses as a
    >>> a._found = (float("inf"), "192.168.1.20")
    >>> reachable("http://127.0.0.1:5000/games/x?a=1"), reachable("https://cards.example/games/x")
    ('http://192.168.1.20:5000/games/x?a=1', 'https://cards.example/games/x')
    >>> a._found = (float("-inf"), None)
    """
    parts = urlsplit(url)
    if not is_loopback(parts.hostname):
        return url
    lan = lan_address()
    if lan is None:
        return url
    netloc = lan if parts.port is None else f"{lan}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def external_url(endpoint: str, **values) -> str:
    """The absolute URL of ``endpoint`` that another phone can open.

    ``PUBLIC_URL`` (e.g. ``https://cards.example.org`` or ``https://tunnel.example/scores``)
    stands for everything before the app's own paths; without it the request's
    own address is used, a loopback host swapped for the LAN address.
    """
    public = (current_app.config.get("PUBLIC_URL") or "").strip()
    if public:
        path = url_for(endpoint, **values)
        script_root = request.script_root if has_request_context() else ""
        if script_root and path.startswith(script_root):
            path = path[len(script_root) :]
        return public.rstrip("/") + path
    url = url_for(endpoint, _external=True, **values)
    return url if loopback_only() else reachable(url)


def share_page(
    template: str, page: str, join: str, secret: str | None, ids: dict[str, str], **context
) -> str:
    """A share page (a game's, a table's): the read-only link to ``page`` with its QR code, and for a
    phone holding ``secret`` the link (``join``) that gives another phone that secret, with its own."""
    follow_url = external_url(page, **ids)
    secret_url = external_url(join, secret=secret, **ids) if secret else None
    return render_template(
        template,
        follow_url=follow_url,
        follow_qr=share_qr(follow_url),
        secret_url=secret_url,
        secret_qr=share_qr(secret_url) if secret_url else None,
        **context,
    )


def loopback_only() -> bool:
    """Whether the server listens on loopback only (``make run HOST=127.0.0.1``; the app's
    ``LISTEN_HOST``, else ``SCOREKEEPER_LISTEN_HOST`` set by :mod:`scorekeeper.cli.server`)."""
    host = current_app.config.get("LISTEN_HOST") or os.environ.get("SCOREKEEPER_LISTEN_HOST") or ""
    return is_loopback(host) and not everywhere(host)


def everywhere(host: str) -> bool:
    """Whether a server bound to ``host`` listens on every interface (the LAN included).

    >>> everywhere("0.0.0.0"), everywhere("::"), everywhere("127.0.0.1")
    (True, True, False)
    """
    return host in ("0.0.0.0", "::", "")


def table_url(host: str, port: int, scheme: str = "http") -> str:
    """What the phones at the table should open for a server bound to ``host:port``: the LAN
    address when it listens on every interface, the host itself otherwise (``HOST=127.0.0.1``).

    >>> table_url("192.168.1.5", 8000)
    'http://192.168.1.5:8000/'
    """
    shown = host
    if everywhere(host):
        shown = lan_address() or "127.0.0.1"
    if ":" in shown:
        shown = f"[{shown}]"
    return f"{scheme}://{shown}:{port}/"
