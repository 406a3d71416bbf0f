"""One operation of the OpenAPI document (scorekeeper/api/openapi.py, and the features' parts):
its answers and error answers (what each status means), the edit secret it asks for, and the
parameters many share (the game's id, a hand's number, If-Match, Accept-Language, the ETag)."""

from __future__ import annotations

from typing import Any

from .schemas import PUBLIC_ID, STR, ref
from .shapes import path_param

#: what each error status means, as the document says it
ERRORS = {
    400: "the body is not the shape this document gives (not JSON, wrong types, unknown fields)",
    401: "no edit secret: send 'Authorization: Bearer <edit secret>'",
    403: "that edit secret is not this game's",
    404: "no such game or hand",
    409: "another change to this game got there first; nothing of this one was kept",
    413: "request too large",
    415: "the body was not sent as 'Content-Type: application/json'",
    422: "the shape is right but the rules (or the game's setup) refuse the values: see reasons",
    429: "too many such requests from this address: wait Retry-After seconds (docs, Limits)",
    503: "every worker process is busy, or the work ran too long: try again after Retry-After seconds",
}
GAME_ID = path_param("public_id", PUBLIC_ID, "the game's id (as in its URL)")
NUMBER = path_param("number", {"type": "integer", "minimum": 1}, "hand number, 1-based")
#: a change names the game's version it was made against (optional): a stale one is a 409
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'the ETag of the game this change was made against ("v3"; "v3-de" as a German answer '
    "names it), or *; when the game has changed since, nothing is kept: 409 with both versions",
    "schema": {"type": "string", "pattern": '^(\\*|"v[0-9]{1,9}(-[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?)?")$'},
}
#: the game's version that an answer shows
ETAG = {
    "description": 'the game\'s version this answer shows ("v3", "v3-de" for an answer in German); '
    "send it back as If-Match",
    "schema": STR,
}
#: the reader's language for the engine's sentences (reasons, notes, alternatives, error messages)
ACCEPT_LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": "the language of the engine's sentences (and of GET /variants' summaries, option help "
    "and choice words): 'de' answers in German; English by default. "
    "Every list of sentences has, beside it, each one as data (reasons_keys, notes_keys ...: rule, "
    "key, values) for a client's own words; rule ids and card notation never change. Any value is "
    "taken: only its first 600 characters are read",
    "schema": {"type": "string"},
}


def json_answer(name: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": ref(name)}}}


#: a refusal that says when to try again: the rate limit (429) and the busy worker pool (503)
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before sending it again",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"},
    }
}


def _error_answer(status: int, meaning: str) -> dict:
    """An error answer (the Error body), with Retry-After where the status carries it."""
    answer = json_answer("Error", meaning)
    if status in (429, 503):
        answer["headers"] = RETRY_AFTER
    return answer


def op(
    op_id: str,
    summary: str,
    ok: tuple[str, str, str],
    errors: tuple[int, ...],
    body: str | None = None,
    secured: bool | str | tuple[str, ...] = False,
    links: dict | None = None,
    meanings: dict[int, str] | None = None,
) -> dict:
    """One operation: its id, summary, answer (``(status, schema, description)``), error answers
    (what each means: :data:`ERRORS`, or ``meanings``), body schema, security (True: the edit
    secret; a scheme's name; several names: any one of them) and links."""
    status, schema, description = ok
    meanings = {**ERRORS, **(meanings or {})}
    answer = json_answer(schema, description)
    if links:
        answer["links"] = links
    if status == "201":
        answer["headers"] = {
            "Location": {"description": "the API address of what was created", "schema": STR}
        }
    operation: dict[str, Any] = {
        "operationId": op_id,
        "summary": summary,
        "responses": {status: answer, **{str(c): _error_answer(c, meanings[c]) for c in errors}},
        "parameters": [ACCEPT_LANGUAGE],
    }
    if body:
        operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(body)}}}
        operation["responses"]["415"] = json_answer("Error", meanings[415])
    if secured:
        schemes = ("editSecret",) if secured is True else (secured,) if isinstance(secured, str) else secured
        operation["security"] = [{name: []} for name in schemes]
    return operation


def tagged(operation: dict, *parameters: dict) -> dict:
    """``operation`` with the game's ETag on its answer, taking ``parameters`` (If-Match)."""
    for status, answer in operation["responses"].items():
        if status.startswith("2"):
            answer.setdefault("headers", {})["ETag"] = ETAG
    if parameters:
        operation["parameters"] = [*operation.get("parameters", []), *parameters]
    return operation
