"""Page delivery: compressed answers, and static files cached for a year under versioned URLs."""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

import brotli
from flask import Flask, Response, current_app, request, url_for

from . import js_modules

#: a year, the longest any cache honours; the URL changes with the content
IMMUTABLE = "public, max-age=31536000, immutable"
#: answers shorter than this gain nothing worth the work from compression
MIN_SIZE = 512
COMPRESSIBLE = frozenset(
    {
        "text/html",
        "text/css",
        "text/plain",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/problem+json",
        "image/svg+xml",
    }
)
#: never buffered, never compressed: each event must reach the browser as it is written
STREAMS = frozenset({"text/event-stream"})
#: (path, size, mtime) -> content hash; (path, ETag, encoding) -> compressed bytes
_hashes: dict[tuple, str] = {}
_packed: dict[tuple, bytes] = {}
#: (digest of a page, encoding) -> compressed bytes, the most recently used last
_pages: OrderedDict[tuple, bytes] = OrderedDict()
#: pages kept packed, per process (a 50-hand game page packs to about 3 KB)
PAGES_KEPT = 256
_pages_lock = threading.Lock()  # threaded servers (gthread) share _pages between requests


def content_hash(path: Path) -> str:
    """A short hash of a file's bytes, computed again only when its size or time changes."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _hashes:
        _hashes[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
    return _hashes[key]


def static_url(filename: str) -> str:
    """The URL of a static file, versioned by its content: every template names static files with it."""
    return url_for("static", filename=filename, v=static_version(Path(current_app.static_folder) / filename))


def static_url_if_present(filename: str) -> str:
    """:func:`static_url`, or ``""`` for a file this checkout does not hold (the rack photo's
    models are trained apart and added later: a page without them offers no photo)."""
    return static_url(filename) if (Path(current_app.static_folder) / filename).is_file() else ""


def static_version(path: Path) -> str:
    """A static file's version: its content hash, a module's covering what it imports (:mod:`.js_modules`)."""
    return js_modules.version(path, content_hash)


def compress(data: bytes, encoding: str, *, once: bool = False) -> bytes:
    """``data`` as ``br`` or ``gzip``; ``once``: kept for good, so packed as small as it goes."""
    if encoding == "br":
        return brotli.compress(data, quality=11 if once else 5)
    return gzip.compress(data, compresslevel=9 if once else 6, mtime=0)


def packed_page(data: bytes, encoding: str) -> bytes:
    """``data`` compressed, from the kept ones when the same bytes were packed lately (hashing a
    page costs a tenth of packing it; a page with its own CSRF token is simply never found)."""
    key = (hashlib.blake2b(data, digest_size=16).digest(), encoding)
    with _pages_lock:
        packed = _pages.get(key)
        if packed is not None:
            _pages.move_to_end(key)
            return packed
    packed = compress(data, encoding)  # outside the lock: two requests may pack the same page once each
    with _pages_lock:
        _pages[key] = packed
        while len(_pages) > PAGES_KEPT:
            _pages.popitem(last=False)
    return packed


def chosen_encoding() -> str | None:
    """``br`` or ``gzip``, whichever this request's Accept-Encoding rates higher (``br`` on a tie), or None."""
    accepted = request.accept_encodings
    br, gz = accepted.quality("br"), accepted.quality("gzip")
    if br > 0 and br >= gz:
        return "br"
    return "gzip" if gz > 0 else None


def _static_file(response: Response) -> bool:
    return request.endpoint == "static" and response.status_code == 200


def _compressible(response: Response) -> bool:
    """A whole text answer: not encoded yet, not partial, not streamed (a static file is read whole)."""
    if (
        response.mimetype not in COMPRESSIBLE
        or response.status_code in (204, 206, 304)
        or "Content-Encoding" in response.headers
    ):
        return False
    return _static_file(response) or not (response.is_streamed or response.direct_passthrough)


def _cache_static(response: Response) -> None:
    """A year for a static file asked for under its current hash (``no-cache`` stays otherwise)."""
    path = Path(current_app.static_folder) / (request.view_args or {}).get("filename", "")
    asked = request.args.get("v")
    if asked and path.is_file() and asked == static_version(path):
        response.headers["Cache-Control"] = IMMUTABLE


def _compress(response: Response) -> None:
    """The body in the encoding the browser prefers (a static file's packed once per content)."""
    response.vary.add("Accept-Encoding")
    encoding = chosen_encoding()
    if encoding is None or (response.content_length or MIN_SIZE) < MIN_SIZE:
        return
    if not _static_file(response):
        data = response.get_data()
        if len(data) >= MIN_SIZE:
            response.set_data(packed_page(data, encoding))
            response.headers["Content-Encoding"] = encoding
        return
    etag = response.get_etag()[0] or ""
    path = Path(current_app.static_folder) / request.view_args["filename"]
    key = (str(path), etag, encoding)
    if key not in _packed:
        _packed[key] = compress(js_modules.static_bytes(path, content_hash), encoding, once=True)
    response.response.close()  # the open file send_file would have streamed
    response.direct_passthrough = False
    response.set_data(_packed[key])
    response.headers["Content-Encoding"] = encoding
    if etag:  # one tag per encoding: a browser revalidating the one it holds gets a 304
        response.set_etag(f"{etag}-{encoding}")
        response.make_conditional(request.environ)


def deliver(response: Response) -> Response:
    """Cache headers for static files, compression for whole text answers; event streams are
    marked for proxies not to buffer them (nginx holds answers back otherwise)."""
    if _static_file(response):
        _cache_static(response)
    if response.mimetype in STREAMS:
        response.headers.setdefault("X-Accel-Buffering", "no")
    elif _compressible(response):
        _compress(response)
    return response


def register(app: Flask) -> None:
    """``static_url`` for the templates; caching and compression on every answer (registered
    before any other ``after_request`` hook, so it runs last, on the finished answer)."""
    app.add_template_global(static_url)
    app.add_template_global(static_url_if_present)
    js_modules.register(app, content_hash)
    app.after_request(deliver)
