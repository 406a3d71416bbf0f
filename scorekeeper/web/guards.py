"""What a request body must be before the app reads it: within the limit (past it, refused unread),
and JSON for the API."""

from __future__ import annotations

import io
import time

from flask import Blueprint, current_app, request
from flask.wrappers import Request
from werkzeug.exceptions import RequestEntityTooLarge, RequestTimeout, UnsupportedMediaType
from werkzeug.formparser import FormDataParser
from werkzeug.wsgi import get_content_length

from ..limits import IMPORT_BODY_MAX, TABLE_IMPORT_BODY_MAX
from ..photo import MAX_BYTES as PHOTO_MAX_BYTES

#: what a JSON body must be sent as (``application/json``, or a ``+json`` type such as problem+json)
NOT_JSON = "Send the body as JSON, with the header 'Content-Type: application/json'."
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})
#: paths that take a bigger body than ``MAX_CONTENT_LENGTH``: :class:`BodyLimit` lets it through and
#: :func:`refuse_marked_bodies` sets ``request.max_content_length`` to it before anything reads the body
LARGER_BODIES = {
    "/api/v1/rack-photo": PHOTO_MAX_BYTES,
    "/api/v1/games/import": IMPORT_BODY_MAX,
    "/api/v1/tables/import": TABLE_IMPORT_BODY_MAX,
}


def body_max(app, path: str) -> int | None:
    """The bytes a body sent to ``path`` may have: ``MAX_CONTENT_LENGTH``, or its path's larger bound."""
    most = app.config.get("MAX_CONTENT_LENGTH")
    larger = LARGER_BODIES.get(path)
    return max(most, larger) if most is not None and larger is not None else most


#: the environ key that holds the limit a body was past: the app answers 413 and the connection closes
TOO_LARGE = "scorekeeper.body_too_large"
#: the 413's words (the API's are English, as Werkzeug's were)
TOO_LARGE_WORDS = (
    "The request body is larger than the {limit:,} bytes this address takes; none of it was read."
)
#: the environ key set when the client stopped sending its body part-way, or sent it too slowly: the app
#: answers 408 (with the words it holds) and the connection closes (scorekeeper/cli/stalled_bodies.py)
STALLED = "scorekeeper.body_stalled"
#: the 408's words (the API's; a page gives them in the reader's language, web/errors.py)
STALLED_WORDS = "The request body stopped coming before its end; nothing of it was used. Send it again."
#: the 408's words for a body that kept coming too slowly for its whole to arrive in time
SLOW_WORDS = (
    "The request body came too slowly (less than {rate:,} bytes a second); nothing of it was used. "
    "Send it again."
)
#: the 413's words for a form of more fields than ``MAX_FORM_PARTS`` (a page gives them in the reader's
#: language, web/errors.py)
FIELDS_WORDS = "The form has more fields than this server takes; none of it was used."
#: how much of a chunked body is read at a time; other greenlets run between the pieces
PIECE = 64 * 1024


def read_at_most(stream, most: int) -> bytes:
    """Up to ``most`` bytes of ``stream``, in pieces: under gevent (the production server)
    ``time.sleep(0)`` lets the worker's other requests run between them."""
    parts, got = [], 0
    while got < most:
        part = stream.read(min(PIECE, most - got))
        if not part:
            break
        parts.append(part)
        got += len(part)
        time.sleep(0)
    return b"".join(parts)


class BodyLimit:
    """WSGI middleware: a body past ``limit(environ)`` is never read. A sized one is refused from
    its ``Content-Length``; a streamed (chunked) one is read up to ``limit + 1`` bytes, then passed
    on with its ``Content-Length`` (so the app's limit applies to it as to any sized body) or
    refused. A refused body is marked (:data:`TOO_LARGE`): the app answers 413 before any other
    work (:func:`refuse_marked_bodies`) and the production server closes the connection after
    the answer rather than read the rest (scorekeeper/cli/table_worker.py)."""

    def __init__(self, app, limit):
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        limit = self.limit(environ)
        length = get_content_length(environ)
        if limit is not None and length is None and environ.get("wsgi.input_terminated"):
            try:
                body = read_at_most(environ["wsgi.input"], limit + 1)
            except RequestTimeout as err:  # it stopped coming, or too slowly (cli/stalled_bodies.py): 408
                environ[STALLED], body = err.description or True, b""
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ["wsgi.input"] = io.BytesIO(body)
            length = len(body)
        if limit is not None and length is not None and length > limit:
            environ[TOO_LARGE] = limit
            environ["wsgi.input"] = io.BytesIO(b"")  # nothing more is read from the client
        return self.app(environ, start_response)


def refuse_marked_bodies() -> None:
    """413 for a body :class:`BodyLimit` marked too large, 408 for one that stopped coming while it
    read it, before any other work of the app's; a path of :data:`LARGER_BODIES` given its own bound
    before anything reads the body (the rate budget asks a POST whether it is a form sent again, which
    reads its form: a game's import of 3 MiB was refused 413 there, before its view raised the bound)."""
    larger = LARGER_BODIES.get(request.path)
    if larger is not None:
        request.max_content_length = body_max(current_app, request.path)
    stalled = request.environ.get(STALLED)
    if stalled:
        raise RequestTimeout(stalled if isinstance(stalled, str) else STALLED_WORDS)
    limit = request.environ.get(TOO_LARGE)
    if limit is not None:
        raise RequestEntityTooLarge(TOO_LARGE_WORDS.format(limit=limit))


class FieldCounting(FormDataParser):
    """Werkzeug's form parser, holding a urlencoded form to ``max_form_parts`` fields as it holds a
    multipart one: 200,000 empty fields in 2 MB took the worker 1.5 s of CPU to parse (before the
    CSRF check could refuse them), three at once kept ``/healthz`` waiting 3.9 s."""

    def _parse_urlencoded(self, stream, mimetype, content_length, options):
        if self.max_form_parts is not None:
            data = stream.read()
            if data.count(b"&") >= self.max_form_parts:  # counted in C, before Python splits it
                raise RequestEntityTooLarge(FIELDS_WORDS)
            stream = io.BytesIO(data)
        return super()._parse_urlencoded(stream, mimetype, content_length, options)


class BoundedRequest(Request):
    """Flask's request, its forms parsed by :class:`FieldCounting`."""

    form_data_parser_class = FieldCounting


def limit_bodies(app) -> None:
    """Wrap ``app`` so bodies past ``MAX_CONTENT_LENGTH`` (or their path's :data:`LARGER_BODIES`),
    sized or chunked, get 413 before they are read (:class:`BodyLimit`), and so do forms of more
    fields than ``MAX_FORM_PARTS`` (:class:`FieldCounting`)."""

    app.wsgi_app = BodyLimit(app.wsgi_app, lambda environ: body_max(app, environ.get("PATH_INFO", "")))
    app.request_class = BoundedRequest  # a urlencoded form of MAX_FORM_PARTS fields at most
    app.before_request_funcs.setdefault(None, []).insert(0, refuse_marked_bodies)


def is_json(mimetype: str) -> bool:
    """``application/json`` or any ``+json`` type.

    >>> is_json("application/json"), is_json("application/merge-patch+json"), is_json("text/plain")
    (True, True, False)
    """
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


def json_bodies_only() -> None:
    """415 for a POST, PUT or PATCH that carries a body not sent as JSON (before any other work)."""
    if request.method in WITH_BODY and (request.content_length or 0) > 0 and not is_json(request.mimetype):
        raise UnsupportedMediaType(NOT_JSON)


def require_json(blueprint: Blueprint) -> None:
    """Every endpoint of ``blueprint`` takes JSON bodies only (:func:`json_bodies_only`)."""
    blueprint.before_request(json_bodies_only)
