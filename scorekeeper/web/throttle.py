"""Rate limits per client address (Flask-Limiter): starting games and tables, and the expensive answers.

Past a budget the answer is 429 with ``Retry-After``; the counts live in memory, per server process.
"""

from __future__ import annotations

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from .. import limits
from ..limits import pool

#: endpoints that start a game or a table (their POST counts)
CREATION = (
    "api.create",
    "api.import_",
    "tables_api.create_table",
    "tables_api.table_import",
    "games.new",
    "games.rematch",
    "tables.new",
    "tables.play",
)
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
)


#: endpoints whose work goes to the worker pool (:mod:`scorekeeper.limits.pool`): refused at once (503) while
#: it is full, before they load a game or read a body
POOLED = (*HEAVY, "api.import_", "tables_api.table_import")


def _pool_vacant() -> None:
    if request.endpoint in POOLED and (request.args or not request.endpoint.startswith("solver_pages.")):
        pool.vacant()  # an empty Best play page asks nothing of the pool


def init_app(app: Flask) -> Limiter:
    """A limiter for ``app`` (its own counts), with the two budgets on the endpoints registered so far."""
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    limiter = Limiter(get_remote_address, app=app, retry_after="delta-seconds")
    app.extensions["scorekeeper.web.throttle"] = limiter  # the wrapped views hold it weakly: the app keeps it
    app.before_request(_pool_vacant)
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
        )
        for endpoint in endpoints:
            if endpoint in app.view_functions:
                app.view_functions[endpoint] = shared(app.view_functions[endpoint])
    return limiter
