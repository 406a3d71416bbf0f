"""Reading an API request's body: strict JSON, an object, and the shape the document gives it.

Public for every API blueprint, the core's and the features' (:mod:`scorekeeper.web.features`).
"""

from __future__ import annotations

from typing import Any

from flask import request

from ..checker.checking import InputError, json_object
from ..checker.json_text import parsed
from ..limits import pool
from ..rules import RoundError
from ..web.features import ApiPart, api_parts
from .shapes import problems

#: schemas whose bodies may be big enough to check in a worker process (:mod:`scorekeeper.limits.pool`)
POOLED = frozenset({"Export", "TableExport", "BGStatsBackup"})
#: from this size on (bytes), such a body is checked in a worker process (a 200-hand game is about 40 KiB)
POOLED_BYTES = 64 * 1024


def body() -> Any:
    """The request body parsed as strict JSON (any content type, :func:`parsed`); InputError when it
    is not."""
    return parsed(request.get_data(cache=True))  # 413 past MAX_CONTENT_LENGTH


def object_body() -> dict:
    """The request body, which must be a JSON object."""
    return json_object(body())


def shaped(schema: str, value: Any, *, values: bool = False) -> Any:
    """``value`` when it has the shape of the document's ``schema``, else InputError (400) naming each
    place. ``values``: its values too (RoundError, 422), once the services and the engine had their say
    in their own words, so the server never takes what its document refuses."""
    refused = judged(schema, value)
    if values and refused:
        raise RoundError(refused)
    return value


def judged(schema: str, value: Any) -> list:
    """InputError (400) unless ``value`` has the shape of the document's ``schema``; else what its
    values break of the document, for the caller to refuse (RoundError, 422) once the services and the
    engine had their say: one check, where a big import's waited twice for a pool process (3.4 s of
    CPU each for a club's year)."""
    parts = api_parts()
    if schema in POOLED and (request.content_length or 0) > POOLED_BYTES:  # a big import: checked elsewhere
        shape, refused = pool.run(_problems, parts, schema, value)
    else:
        shape, refused = problems(schema, value, parts)
    if shape:
        raise InputError(
            f"the body does not have the shape of the API document's {schema}: " + "; ".join(shape[:5])
        )
    return refused


def _problems(parts: tuple[ApiPart, ...], schema: str, value: Any):
    """:func:`problems` in a worker process (the features' parts come with the job)."""
    return problems(schema, value, parts)
