"""``Idempotency-Key`` on every API operation that creates or changes something (docs/api.md).

A client that sends a change with a key and loses the answer sends it again with the same key:
the first answer is given again (``Idempotent-Replayed: true``) and nothing is done twice. The
answer (status, body, the headers that matter) is kept in ``kept_answers`` in the same transaction
as the change: the view's own commits are held as flushes until the answer is written, so after a
crash either both are stored or neither. A key is one caller's (a hash of its bearer
header: the game's or table's secret) for one operation (method and path); the same key with
another body is a 422. Two requests with one key at once: the second to commit finds the first's
answer (its own change rolled back with it), or a 409; so does the second whose change was refused
for what the first did (the hand recorded, the seat taken, the version moved). Answers are kept
for a day; older ones are deleted whenever an answer is written. Only a 2xx answer is kept: a
refused change changed nothing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from functools import wraps

from flask import Flask, Response, make_response, request
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from ..checker.checking import InputError
from ..rules import RulesError
from ..services.errors import Conflict
from ..storage.extensions import commits_held, db
from ..storage.kept_answers import KEEP, digest, keep_answer, kept_answer
from ..storage.models import KeptAnswer
from ..web.access import bearer_secret
from ..web.throttle import REPLAYS
from .schemas import ref

KEY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
#: 1 to 255 printable ASCII characters, inner spaces allowed (a UUID is the usual key)
KEY_PATTERN = "^[!-~]([ -~]{0,253}[!-~])?$"
KEY_SHAPE = re.compile(KEY_PATTERN)
API = "/api/v1"
CHANGES = {"POST", "PUT", "PATCH", "DELETE"}
#: the API's questions: POSTs that store nothing, so a retry is harmless and nothing is kept
QUESTIONS = {"/check", "/hand", "/solve", "/turn", "/rack-photo"}
#: the headers of an answer that are kept with it
KEPT_HEADERS = ("Content-Type", "Location", "ETag", "Vary", "Content-Disposition")


def init_app(app: Flask) -> None:
    """Wrap the view of every changing API operation (after every blueprint is registered); a send
    again answered from its key is not counted by the rate budgets (``web/throttle.py``)."""
    if replayed not in REPLAYS:
        REPLAYS.append(replayed)
    wrapped: set[str] = set()
    for rule in app.url_map.iter_rules():
        path = rule.rule.removeprefix(API)
        if rule.rule.startswith(API + "/") and path not in QUESTIONS and rule.methods & CHANGES:
            if rule.endpoint not in wrapped:
                app.view_functions[rule.endpoint] = kept(app.view_functions[rule.endpoint])
                wrapped.add(rule.endpoint)


def kept(view: Callable) -> Callable:
    """``view``, answering a change sent with a key once (see the module's docstring)."""

    @wraps(view)
    def answered(*args, **kwargs):
        if request.method not in CHANGES or KEY_HEADER not in request.headers:
            return view(*args, **kwargs)
        key = request.headers[KEY_HEADER]
        if not KEY_SHAPE.fullmatch(key):
            raise InputError(f"The {KEY_HEADER} header must be 1 to 255 printable ASCII characters.")
        asked = _asked(key)
        fingerprint = digest(request.query_string + b"?" + request.get_data(cache=True))
        _hold_key(asked)
        stored = _stored(asked)
        if stored is not None:
            return _replay(stored, fingerprint)
        try:
            with commits_held():
                response = make_response(view(*args, **kwargs))
        except Exception:
            db.session.rollback()  # (as the error handler would)
            if (meanwhile := _answered_meanwhile(asked, fingerprint)) is not None:
                return meanwhile
            raise
        if 200 <= response.status_code < 300 and not response.is_streamed:
            _keep(asked, fingerprint, response)
        if (other := _commit(asked, fingerprint)) is not None:
            return other
        if not 200 <= response.status_code < 300:
            return _answered_meanwhile(asked, fingerprint) or response
        return response

    return answered


def _keep(asked: dict, fingerprint: str, response: Response) -> None:
    """The answer kept with the change (committed with it by :func:`_commit`)."""
    headers = {h: response.headers[h] for h in KEPT_HEADERS if h in response.headers}
    keep_answer(asked, fingerprint, response.status_code, response.get_data(), headers)


def _commit(asked: dict, fingerprint: str) -> Response | None:
    """Commit the change with its answer; None, or (the same key at the same moment) the other
    request's answer, whose change stands."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        stored = _stored(asked)
        if stored is None:
            raise Conflict(
                f"Another request with this {KEY_HEADER} is being answered; nothing of this one "
                "was kept. Send it again in a moment."
            ) from None
        return _replay(stored, fingerprint)
    return None


def _answered_meanwhile(asked: dict, fingerprint: str) -> Response | None:
    """After this request's change failed or was refused: the answer kept meanwhile for the same key
    and body, if any. Two sends of one key at the same moment: the second's change is refused for what
    the first did (the hand already recorded, the seat already taken, the version moved), and it is
    given the first's answer, as a send after it would be (it said "make the change again", which a
    client doing so with a new key would do twice)."""
    stored = _stored(asked)
    return _replay(stored, fingerprint) if stored is not None and stored.fingerprint == fingerprint else None


def _asked(key: str) -> dict:
    """What a kept answer is found by: the key, the operation and the caller."""
    return {"key": key, "operation": f"{request.method} {request.path}"[:255], "scope": _scope()}


def replayed() -> bool:
    """Whether this request is a change sent again under a key whose answer is kept (given again,
    or a 422 for another body: nothing is done), so a rate budget need not count it."""
    key = request.headers.get(KEY_HEADER)
    if request.method not in CHANGES or key is None or not KEY_SHAPE.fullmatch(key):
        return False
    return request.path.startswith(API + "/") and _stored(_asked(key)) is not None


def key_lock(asked: dict) -> int:
    """The number of a key's advisory lock on PostgreSQL (its key, operation and caller)."""
    data = "\x00".join(str(asked[k]) for k in ("key", "operation", "scope")).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big", signed=True)


def _hold_key(asked: dict) -> None:
    """Two sends of one key wait for each other on PostgreSQL (an advisory lock of the transaction,
    let go at its commit or rollback): the second then finds the first's answer kept. Under READ
    COMMITTED both passed the lookup, and when another change moved the game between them the second
    was refused as stale, "nothing of it was kept", although its twin had done it (a live probe saw
    it in 6 bursts of 120). SQLite takes one writer at a time, so it needs none."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": key_lock(asked)})


def _scope() -> str:
    """Whose key this is: a hash of the caller's secret, read as every route reads the bearer header
    (``web.access``), "" without one."""
    secret = bearer_secret()
    return "" if secret is None else digest(secret.encode())


def _stored(asked: dict) -> KeptAnswer | None:
    """The answer kept for this key, operation and caller, unless it is older than a day."""
    return kept_answer(asked, within=KEEP)


def _replay(stored: KeptAnswer, fingerprint: str) -> Response:
    """The kept answer again, or a 422 when the key came with another body."""
    if stored.fingerprint != fingerprint:
        raise RulesError(
            f"This {KEY_HEADER} was already used with another body for this operation; "
            "send a new key for a new change."
        )
    response = Response(stored.body, status=stored.status, headers=dict(stored.headers))
    response.headers[REPLAYED_HEADER] = "true"
    return response


# -- the document ------------------------------------------------------------------------------
IDEMPOTENCY_KEY = {
    "name": KEY_HEADER,
    "in": "header",
    "required": False,
    "description": "a key the client makes for this change (a new UUID each time) and sends again "
    "when it retries it: for a day, the same key, operation and secret are answered as the first "
    f"time ({REPLAYED_HEADER}: true) without doing the change again; the same key with another "
    "body is a 422; 1 to 255 printable ASCII characters (400 otherwise)",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": KEY_PATTERN},
}
REPLAYED = {
    "description": "true when this is the kept answer to an earlier request with the same Idempotency-Key",
    "schema": {"type": "string", "enum": ["true"]},
}
KEY_ERRORS = {
    "400": "the Idempotency-Key is not 1 to 255 printable ASCII characters (or the body is not the document's shape)",
    "409": "another request with the same Idempotency-Key (or another change) got there first; "
    "nothing of this one was kept",
    "422": "the Idempotency-Key was already used with another body (or the rules refuse the values): see reasons",
}


def with_keys(paths: dict[str, dict]) -> dict[str, dict]:
    """``paths`` with the Idempotency-Key header on every operation that creates or changes."""
    for path, item in paths.items():
        if path in QUESTIONS:
            continue
        for method, operation in item.items():
            if method.upper() not in CHANGES:
                continue
            operation["parameters"] = [*operation.get("parameters", []), IDEMPOTENCY_KEY]
            responses = operation["responses"]
            for status, answer in responses.items():
                if status.startswith("2"):
                    answer.setdefault("headers", {})[REPLAYED_HEADER] = REPLAYED
            for status, meaning in KEY_ERRORS.items():
                responses.setdefault(
                    status,
                    {"description": meaning, "content": {"application/json": {"schema": ref("Error")}}},
                )
    return paths
