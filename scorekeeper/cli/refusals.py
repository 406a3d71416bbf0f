"""gunicorn's own refusals in the app's words: a request it cannot read (a head past its limits, a
broken request line, header or chunk) is answered as the app answers any refusal, JSON
``{"error": ..., "reasons": [...]}`` for the API (and a client asking for JSON), a short plain
text for a page; gunicorn's HTML page echoed its parser's words (``limit request headers fields
size``, ``Invalid chunk size: b'zz'``) even to the JSON API.

gunicorn decides the status and logs the refusal as before (:meth:`TableWorker.handle_error
<scorekeeper.cli.table_worker.TableWorker.handle_error>` hands it a :class:`Said` to write its page
to and reads the status back); this module chooses the words and the form. Who asked is read from
the request as far as gunicorn parsed it (a broken chunk: the whole head), and the bytes of the
head it had read (:func:`partial`: the frames of its parser, on the exception's traceback): the
target and the complete header lines. A stack trace is never sent: a fault of the app's own
that escaped it (gunicorn's 500) gets one sentence.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from gunicorn.http import errors
from gunicorn.http.message import Request
from werkzeug.datastructures import Headers

from ..rulebook.book import N_

#: the words of each refusal, by the exception gunicorn raised (the first class of its MRO found)
WORDS: dict[type[Exception], str] = {
    errors.LimitRequestHeaders: (
        "The request's headers are more or larger than this server takes (at most {fields:,} headers "
        "of {field_size:,} bytes each); none of the request was used."
    ),
    errors.LimitRequestLine: (
        "The request's address is too long: its first line is longer than the {line:,} characters this "
        "server takes; none of the request was used."
    ),
    errors.InvalidChunkSize: "The request body's chunked encoding is broken; none of the body was used.",
    errors.ChunkMissingTerminator: "The request body's chunked encoding is broken; none of the body was used.",
    errors.InvalidChunkExtension: "The request body's chunked encoding is broken; none of the body was used.",
    errors.UnsupportedTransferCoding: (
        "The request's Transfer-Encoding is not one this server reads (only chunked); none of the request was used."
    ),
    errors.InvalidHeader: "A header of the request cannot be read; none of the request was used.",
    errors.InvalidHeaderName: "A header of the request cannot be read; none of the request was used.",
    errors.ObsoleteFolding: "A header of the request cannot be read; none of the request was used.",
    errors.InvalidRequestLine: (
        "The request's first line cannot be read (a method, an address and HTTP/1.1); none of the "
        "request was used."
    ),
    errors.InvalidRequestMethod: "The request's method cannot be read; none of the request was used.",
    errors.InvalidHTTPVersion: "The request's HTTP version is not one this server reads; none of the request was used.",
}
#: what a page is told instead, in its reader's language: plainer, with no figures
PAGE_WORDS: dict[type[Exception], str] = {
    errors.LimitRequestHeaders: N_(
        "This browser sent more than this server reads (its request's headers are too large); "
        "nothing of the request was used."
    ),
    errors.LimitRequestLine: N_(
        "This address is too long for this server. Check the address, or start again from the home page."
    ),
    errors.InvalidChunkSize: N_("The request came broken; nothing of it was used. Send it again."),
    errors.ChunkMissingTerminator: N_("The request came broken; nothing of it was used. Send it again."),
    errors.InvalidChunkExtension: N_("The request came broken; nothing of it was used. Send it again."),
}
#: a page's words when the headers were too large and a cookie was among them: a browser keeps one
#: cookie for each game it edits (``sk_edit_...``, 55 bytes), so about 150 of them fill gunicorn's
#: 8,190 bytes, and every request of that browser is refused until they go
PAGE_COOKIES = N_(
    "This browser holds more of this site's cookies than the server reads (one for each game it has "
    "edited). Clear this site's cookies in the browser's settings to come in again: the games are "
    "kept, and a game's editor link lets you edit it again."
)
#: any other refusal of gunicorn's, for a page
PAGE_OTHER = N_("This server cannot read the request; nothing of it was used.")
#: any other refusal of gunicorn's (its reason phrase is kept too)
OTHER = "This server cannot read the request; none of it was used."
#: a fault of the app's own that escaped it (gunicorn's 500): never its trace
FAULT = N_("Something went wrong on our side; nothing was changed.")  # the app's own 500 words
#: the status line gunicorn's page begins with
STATUS_LINE = re.compile(rb"HTTP/1\.1 (\d{3}) ([^\r\n]*)")


class Said:
    """A socket that keeps what gunicorn would send the client (its refusal page), to read its
    status from; nothing reaches the client."""

    def __init__(self):
        self.sent = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.sent += data

    def status(self) -> tuple[int, str]:
        """(status, reason phrase) of what was sent; (500, ...) when nothing was."""
        found = STATUS_LINE.match(self.sent)
        return (int(found[1]), found[2].decode("latin-1")) if found else (500, "Internal Server Error")


def partial(exc: BaseException) -> tuple[Request | None, bytes]:
    """What gunicorn had read of the request when it raised ``exc``: its request as far as parsed
    (the ``self`` of a frame of its ``Request``: the path once the request line was read), and the
    bytes of the head read so far (the ``buf`` of ``Request.parse``, the one buffer its parser reads
    into; b"" when it raised past it)."""
    found, head = None, b""
    tb = exc.__traceback__
    while tb is not None:
        local = tb.tb_frame.f_locals
        if isinstance(local.get("self"), Request):
            found = local["self"]
            if tb.tb_frame.f_code.co_name == "parse" and isinstance(local.get("buf"), bytes | bytearray):
                head = bytes(local["buf"])
        tb = tb.tb_next
    return found, head


def asked(req, head: bytes) -> tuple[str, Headers]:
    """(path, headers) of the request: as far as gunicorn parsed ``req``, the rest from ``head`` (the
    target's path as far as it was read, the header lines read whole)."""
    line, _, rest = head.partition(b"\r\n")
    parts = line.split(b" ")
    target = parts[1].decode("latin-1") if len(parts) > 1 else ""
    if not target.startswith("/"):
        target = urlsplit(target).path if "://" in target else ""
    headers = Headers()
    for raw in rest.split(b"\r\n")[:-1]:  # the last may be cut short
        name, colon, value = raw.partition(b":")
        if colon and name.strip() == name:
            headers.add(name.decode("latin-1"), value.strip().decode("latin-1"))
    if req is not None and getattr(req, "headers", None):
        headers = Headers([(name.title(), value) for name, value in req.headers])
    return getattr(req, "path", None) or target, headers


def words_for(exc: BaseException, status: int, reason: str, cfg) -> str:
    """The sentence the refusal says."""
    if status >= 500 and status != 501:
        return FAULT
    found = next((WORDS[cls] for cls in type(exc).__mro__ if cls in WORDS), None)
    if found is None:
        return f"{reason}: {OTHER}"
    return found.format(
        fields=cfg.limit_request_fields, field_size=cfg.limit_request_field_size, line=cfg.limit_request_line
    )


def page_words(exc: BaseException, status: int, head: bytes, headers: Headers, app) -> str:
    """What a page is told, in the language its reader's browser asks for (``app``'s catalogs; English
    without an app)."""
    if status >= 500 and status != 501:
        said = FAULT
    elif isinstance(exc, errors.LimitRequestHeaders) and re.search(rb"\r\ncookie:", head, re.IGNORECASE):
        said = PAGE_COOKIES
    else:
        said = next((PAGE_WORDS[cls] for cls in type(exc).__mro__ if cls in PAGE_WORDS), PAGE_OTHER)
    if app is None:
        return said
    from flask_babel import gettext

    with app.test_request_context("/", headers=headers):
        return gettext(said)


def answer(exc: BaseException, req, status: int, reason: str, cfg, app=None) -> bytes:
    """The whole answer (head and body) to send for gunicorn's refusal of ``exc``; ``app``: the
    Flask app, whose catalogs say a page's words in its reader's language."""
    from ..web.errors import error_body, wants_json

    found, head = partial(exc)
    path, headers = asked(req or found, head)
    if wants_json(path, headers):
        words = words_for(exc, status, reason, cfg)
        body, kind = json.dumps(error_body(words)).encode() + b"\n", b"application/json"
    else:
        words = page_words(exc, status, head, headers, app)
        body, kind = words.encode() + b"\n", b"text/plain; charset=utf-8"
    return (
        b"HTTP/1.1 %d %s\r\nConnection: close\r\nContent-Type: %s\r\nContent-Length: %d\r\n"
        b"X-Content-Type-Options: nosniff\r\n\r\n%s"
        % (status, reason.encode("latin-1"), kind, len(body), body)
    )
