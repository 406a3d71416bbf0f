"""What a request body must be before the app reads it: sized within the limit, and JSON for the API."""

from __future__ import annotations

import io

from flask import Blueprint, request
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.wsgi import get_content_length

from ..photo import MAX_BYTES as PHOTO_MAX_BYTES

#: what a JSON body must be sent as (``application/json``, or a ``+json`` type such as problem+json)
NOT_JSON = "Send the body as JSON, with the header 'Content-Type: application/json'."
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})
#: paths whose view takes a bigger body than ``MAX_CONTENT_LENGTH`` (it sets ``request.max_content_length``)
LARGER_BODIES = {"/api/v1/rack-photo": PHOTO_MAX_BYTES}


class ChunkedLimit:
    """WSGI middleware: a streamed (chunked) body read whole, up to ``limit(environ) + 1`` bytes, and
    passed on with its ``Content-Length``, so the app's limit applies to it as to any sized body."""

    def __init__(self, app, limit):
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        if environ.get("wsgi.input_terminated") and get_content_length(environ) is None:
            limit = self.limit(environ)
            if limit is not None:
                body = environ["wsgi.input"].read(limit + 1)
                environ.pop("HTTP_TRANSFER_ENCODING", None)
                environ["CONTENT_LENGTH"] = str(len(body))
                environ["wsgi.input"] = io.BytesIO(body)
        return self.app(environ, start_response)


def limit_chunked_bodies(app) -> None:
    """Wrap ``app`` so chunked bodies meet ``MAX_CONTENT_LENGTH`` (or their path's :data:`LARGER_BODIES`)
    as sized ones do."""

    def limit(environ) -> int | None:
        most = app.config.get("MAX_CONTENT_LENGTH")
        larger = LARGER_BODIES.get(environ.get("PATH_INFO", ""))
        return max(most, larger) if most is not None and larger is not None else most

    app.wsgi_app = ChunkedLimit(app.wsgi_app, limit)


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
