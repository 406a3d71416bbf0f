"""Rate limits per client address (Flask-Limiter): starting games and tables, and the expensive answers.

Past a budget the answer is 429 with ``Retry-After``. The counts live in the app's database
(:mod:`.rate_store`), so every worker process of a server counts the same hits. ``Retry-After`` is
the limiter's on a 429 only: another refusal keeps its own (the pool's 503 says 2 seconds), and an
answer that was not refused carries none.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable

from flask import Flask, Response, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from .. import limits
from ..limits import pool
from . import form_once, rate_store  # noqa: F401 - registers the storage scheme "scorekeeper-db"
from .access import bearer_secret

#: endpoints that start a game or a table (their POST counts)
CREATION = (
    "api.create",
    "api.import_",
    "tables_api.create_table",
    "tables_api.table_import",
    "tables_api.table_import_plays",  # a BG Stats backup's plays: up to BGSTATS_TAKEN_MAX games
    "tables.bgstats_import.import_plays",
    "games.new",
    "games.rematch",
    "tables.new",
    "tables.play",
)
#: creations that need a secret (a table's BG Stats import): a request without one is refused (401) at the
#: door, as the API document says, without counting against the budget
SECURED = ("tables_api.table_import_plays",)
#: endpoints whose answer costs seconds of CPU
HEAVY = (
    "api.solve",
    "api.turn",
    "photo_api.rack_photo",
    "solver_pages.best",
    "solver_pages.turn",
    "printing.document",
    "printing.game_sheet",
    "printing.game_frames",
    "tables.rules_card",
    *("event_print.cards", "event_print.slips", "event_print.standings", "event_print.event_sheet"),
)


#: endpoints whose work goes to the worker pool (:mod:`scorekeeper.limits.pool`): refused at once (503) while
#: it is full, before they load a game or read a body
POOLED = (*HEAVY, "api.import_", "tables_api.table_import", "tables_api.table_import_plays")


def _pool_vacant() -> None:
    if request.endpoint in POOLED and (request.args or not request.endpoint.startswith("solver_pages.")):
        pool.vacant()  # an empty Best play page asks nothing of the pool


def _headers(limiter: Limiter, response: Response) -> Response:
    """The budget's headers on a counted answer; ``Retry-After`` the limiter's on its own refusal only.

    Flask-Limiter's own headers are off: it set ``Retry-After`` on every counted answer, and on a
    refusal that had one it wrote the later of the two (the end of the window, not the pool's 2 s).
    """
    stats = limiter.current_limit
    if stats is None or not limiter.enabled:
        return response
    response.headers["X-RateLimit-Limit"] = str(stats.limit.amount)
    response.headers["X-RateLimit-Remaining"] = str(stats.remaining)
    response.headers["X-RateLimit-Reset"] = str(stats.reset_at)
    if response.status_code == 429:
        response.headers["Retry-After"] = str(max(1, math.ceil(stats.window.reset_time - time.time())))
    return response


#: whether a request is a send again that is answered from what was kept (the API's
#: Idempotency-Key, a form's key): each such check registers here (api/idempotency.py,
#: web/form_once.py), and such a request starts nothing, so no budget counts it
REPLAYS: list[Callable[[], bool]] = [form_once.replayed]


def _exempt() -> bool:
    """Not counted: a secured creation sent without a secret (refused at the door, 401), and a send
    again that its kept answer answers (a phone's retry after a lost answer, its queue sent again)."""
    if request.endpoint in SECURED and bearer_secret() is None:
        return True
    return any(replayed() for replayed in REPLAYS)


def init_app(app: Flask) -> Limiter:
    """A limiter for ``app``, with the two budgets on the endpoints registered so far.

    The counts are kept in the app's database (shared by its worker processes) unless the config
    names another Flask-Limiter storage (``RATELIMIT_STORAGE_URI``, or the environment's
    ``SCOREKEEPER_RATE_STORE``: ``memory://`` counts per process, ``redis://...`` needs a Redis server).
    """
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", os.environ.get("SCOREKEEPER_RATE_STORE") or "scorekeeper-db://"
    )
    limiter = Limiter(get_remote_address, app=app, headers_enabled=False)
    app.extensions["scorekeeper.web.throttle"] = limiter  # the wrapped views hold it weakly: the app keeps it
    app.before_request(_pool_vacant)
    app.after_request(lambda response: _headers(limiter, response))
    budgets = (
        (CREATION, app.config.get("CREATE_RATE", limits.CREATE_RATE), "create", ["POST"]),
        (HEAVY, app.config.get("HEAVY_RATE", limits.HEAVY_RATE), "heavy", None),
    )
    for endpoints, rate, scope, methods in budgets:
        shared = limiter.shared_limit(
            rate,
            scope=scope,
            methods=methods,
            error_message=f"Too many requests from this address; at most {rate}.",
            exempt_when=_exempt,
        )
        for endpoint in endpoints:
            if endpoint in app.view_functions:
                app.view_functions[endpoint] = shared(app.view_functions[endpoint])
    return limiter
