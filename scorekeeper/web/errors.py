"""One mapping from what went wrong to an HTTP answer: JSON under /api/, the error page elsewhere.

A refused request is rolled back first; never a bare 500.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import ObjectDeletedError, StaleDataError
from werkzeug.datastructures import MIMEAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header
from werkzeug.routing import BuildError

from ..checker.checking import InputError
from ..display.reasons import reason_of, render_reason
from ..display.words import in_marks, round_word
from ..limits.pool import Busy
from ..rulebook.book import N_
from ..rules import RoundError, RulesError
from ..services.errors import Conflict, GameNotFound, HandNotFound, NotEditor, NotFound, SecretMissing
from ..services.games import get_game
from ..services.tables.roster import TableNotFound
from ..services.transfer import TransferError
from ..services.versions import ETAG, StaleVersion
from ..storage.extensions import db
from .guards import FIELDS_WORDS, SLOW_WORDS
from .languages import request_locale, spoken

#: Each error family's HTTP status (a subclass takes the status of the first family in its MRO).
STATUS: dict[type[Exception], int] = {
    InputError: 400,
    TransferError: 400,  # the request is not the shape the API documents
    SecretMissing: 401,
    NotEditor: 403,  # no edit secret / not this game's
    NotFound: 404,  # no such game, hand (or a feature's: table)
    Conflict: 409,  # another change got there first; nothing was kept
    RulesError: 422,  # the rules (or the services' checks) refuse the input
    Busy: 503,  # every worker process is busy: try again (Retry-After)
}
CSRF_EXPIRED = N_(
    "The form expired or was not sent from this site (missing CSRF token). Reload the page and try again."
)
UNEXPECTED = N_("Something went wrong on our side; nothing was changed.")
#: two changes at the same moment that the database itself told apart (a name added twice at once, a
#: roster player merged away while another change read it): the second is refused, nothing of it kept
AT_THE_SAME_MOMENT = N_(
    "Someone else changed this at the same moment; nothing of this change was kept. "
    "Look again and send it again if it is still needed."
)
#: what the database refuses when two requests race (its constraints, a row deleted under one)
RACES = (IntegrityError, ObjectDeletedError, StaleDataError)
#: SQLite's write lock held past its busy timeout (another long change: two imports at once)
LOCKED = N_(
    "The server is busy with another change; nothing of this one was kept. Send it again in a moment."
)
#: seconds a client is told to wait after :data:`LOCKED`
LOCKED_RETRY = 2


#: PostgreSQL's codes of a race: a unique or foreign key violated, a deadlock, a serialization failure
RACE_CODES = {"23505", "23503", "40P01", "40001"}


def raced(err: Exception) -> bool:
    """Whether the database refused ``err``'s statement because another change got there first: a
    row deleted or changed under this one, a unique or foreign key violated (SQLite says which in
    words, PostgreSQL by its code), a deadlock. Any other refusal (NOT NULL, CHECK) is the code's fault.

    >>> import sqlite3
    >>> from sqlalchemy.exc import IntegrityError
    >>> raced(IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE constraint failed: t.name")))
    True
    >>> raced(IntegrityError("INSERT", {}, sqlite3.IntegrityError("NOT NULL constraint failed: t.name")))
    False
    """
    if not isinstance(err, IntegrityError | OperationalError):
        return True  # a row deleted or changed under this one (ObjectDeletedError, StaleDataError)
    cause = err.orig
    code = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if code is not None:
        return code in RACE_CODES
    said = str(cause).upper()
    return "UNIQUE CONSTRAINT" in said or "FOREIGN KEY CONSTRAINT" in said


def status_of(err: Exception) -> int:
    """The HTTP status of a mapped error (the first family in its MRO)."""
    return next(STATUS[cls] for cls in type(err).__mro__ if cls in STATUS)


def error_body(message: str, reasons: list[str] | None = None, **extra: Any) -> dict:
    """The API's one error body: ``error`` (a sentence), ``reasons`` (never empty), then ``extra``."""
    return {"error": message, "reasons": list(reasons or [message]), **extra}


def _details(err: Exception) -> dict:
    """What an error adds to the body: the rules' field-by-field reasons and hand number; both
    versions of a change made against an old version of the game; the game of a table's import
    refused (``games.N``: its fields and hand are that game's own)."""
    game = getattr(err, "table_game", None)
    return {**_own_details(err), **({"game": game} if game else {})}


def _own_details(err: Exception) -> dict:
    if isinstance(err, StaleVersion):
        return {"conflict": err.conflict()}
    if isinstance(err, RoundError):
        return {
            "reasons": [m for _, m in err.errors] or [str(err)],
            "fields": [{"field": f, "message": m} for f, m in err.errors],
            "round": err.round,
        }
    return {}


def wants_json(path: str, headers) -> bool:
    """Whether a refusal of a request for ``path`` with ``headers`` is answered in JSON: the API, a
    hand sent from a phone's queue (scorekeeper.offline: it reads JSON), and a page's script that
    asks for JSON alone (``Accept: application/json``: the check screen keeping a photo). The
    production server's own refusals follow it too (scorekeeper/cli/refusals.py).

    >>> wants_json("/api/v1/games", {}), wants_json("/games/new", {"Accept": "application/json"})
    (True, True)
    >>> wants_json("/games/new", {"Accept": "text/html,application/json;q=0.9"})
    False
    """
    return (
        path.startswith("/api/")
        or "Idempotency-Key" in headers
        or parse_accept_header(headers.get("Accept"), MIMEAccept).best == "application/json"
    )


def _wants_json() -> bool:
    return wants_json(request.path, request.headers)


def _answer(status: int, message: str, details: dict | None = None, headers: dict | None = None):
    db.session.rollback()  # a refused request leaves nothing behind
    details = dict(details or {})
    if _wants_json():
        body = error_body(message, details.pop("reasons", None), **details)
        return jsonify(spoken(body)), status, {"Vary": "Accept-Language", **(headers or {})}
    return (
        render_template(
            "errors/error.html",
            status=status,
            message=message,
            reasons=[render_reason(r, request_locale(), quote=in_marks) for r in details.get("reasons", [])],
            game_url=_game_url(),
        ),
        status,
        headers or {},
    )


def _game_url() -> str | None:
    """The page of the game a refused request was about (a way back), if it was about one."""
    public_id = (request.view_args or {}).get("public_id")
    if not public_id or request.endpoint == "games.show":
        return None
    try:
        return url_for("games.show", public_id=public_id)
    except BuildError:
        return None


def mapped_error(err: Exception):
    """The answer to any error of :data:`STATUS`."""
    status = status_of(err)
    headers = {"WWW-Authenticate": 'Bearer realm="scorekeeper"'} if status == 401 else None
    if isinstance(err, Busy):
        headers = {"Retry-After": str(err.retry_after)}
    elif isinstance(err, StaleVersion):
        headers = {"ETag": ETAG.format(err.current)}
    message = reason_of(err) if _wants_json() else _page_message(err) or reason_of(err)
    return _answer(status, message, _details(err), headers)  # an engine sentence stays one


def _page_message(err: Exception) -> str | None:
    """What a page says for a service's refusal written in English (the API keeps its English)."""
    if isinstance(err, GameNotFound):
        return gettext("There is no game at this address; it may have been deleted.")
    if isinstance(err, TableNotFound):
        return gettext("There is no table at this address.")
    if isinstance(err, HandNotFound):
        return gettext("This game has no %(what)s %(number)s.", what=_round_word(), number=err.number)
    return None


def _round_word() -> str:
    """The game's word for a hand ("hand", "round"), in the reader's language."""
    public_id = (request.view_args or {}).get("public_id")
    try:
        return round_word(get_game(public_id).variant) if public_id else gettext("hand")
    except (NotFound, RulesError):
        return gettext("hand")


def _page_words(code: int | None, description: str | None = None) -> str | None:
    """A page's words for an HTTP error whose description is Werkzeug's default, or one of our
    guards' (``web/guards.py``), in the reader's language (the API keeps the English)."""
    if code == 404:
        return gettext(
            "There is no page at this address. Check the address, or start again from the home page."
        )
    if code == 405:
        return gettext("This address does not take that kind of request.")
    if code == 413 and description == FIELDS_WORDS:
        return gettext("The form has more fields than this server takes; none of it was used.")
    if code == 408 and (description or "").startswith(SLOW_WORDS.split(" (")[0]):
        return gettext("The request body came too slowly; nothing of it was used. Send it again.")
    if code == 408:
        return gettext(
            "The request body stopped coming before its end; nothing of it was used. Send it again."
        )
    return None


def register_errorhandlers(app: Flask) -> None:
    """Install :func:`mapped_error` for every family of :data:`STATUS`, and the HTTP / CSRF / 500 answers."""
    for family in STATUS:
        app.register_error_handler(family, mapped_error)

    @app.errorhandler(CSRFError)
    def csrf_error(err):
        return _answer(400, CSRF_EXPIRED if _wants_json() else gettext(CSRF_EXPIRED))

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        # Keep the exception's own headers (Allow on 405).
        headers = {k: v for k, v in err.get_headers() if k.lower() != "content-type"}
        message = err.description or err.name
        # Werkzeug's own English, or a stalled body's words (408): the page's, in the reader's language
        ours = err.code == 408 or err.description == FIELDS_WORDS
        if (err.description == type(err).description or ours) and not _wants_json():
            message = _page_words(err.code, err.description) or message
        return _answer(err.code or 500, message, headers=headers)

    for race in RACES:
        app.register_error_handler(race, at_the_same_moment)
    app.register_error_handler(OperationalError, database_busy)
    app.register_error_handler(Exception, unexpected)


def at_the_same_moment(err: Exception):
    """Two changes at once that the database told apart: the second is a 409 (:func:`raced`)."""
    if not raced(err):  # a NOT NULL or CHECK the code broke: a fault, not a race
        return unexpected(err)
    current_app.logger.warning(
        "a change refused by the database (two at the same moment?): %s", err, exc_info=err
    )
    return _answer(409, AT_THE_SAME_MOMENT if _wants_json() else gettext(AT_THE_SAME_MOMENT))


def database_busy(err: OperationalError):
    """SQLite's write lock held past its wait: a 503 to send again; a race: a 409; else a fault."""
    if raced(err):  # PostgreSQL's deadlock or serialization failure
        return at_the_same_moment(err)
    if "locked" not in str(err.orig).lower():
        return unexpected(err)
    current_app.logger.warning("the database stayed locked past its busy timeout: %s", err)
    return _answer(
        503, LOCKED if _wants_json() else gettext(LOCKED), headers={"Retry-After": str(LOCKED_RETRY)}
    )


def unexpected(err: Exception):
    """Anything else: logged with its traceback, a 500 that says nothing was changed."""
    current_app.logger.error("unhandled error", exc_info=err)
    return _answer(500, UNEXPECTED if _wants_json() else gettext(UNEXPECTED))
