"""The rate limits' counters in the app's database, so every worker process counts the same hits.

A ``limits`` storage backend (the library under Flask-Limiter) for its fixed-window strategy: one
row of ``rate_counts`` per counter (the limiter's key names the budget and the client address),
holding the hits of the window that ends at ``expires_at``. A hit is one UPSERT that starts the
window again when it has ended, or adds to it (SQLite 3.35+ and PostgreSQL, ``INSERT ... ON
CONFLICT ... RETURNING``), in its own short transaction on the app's engine, never in the request's
session. Rows of ended windows are deleted when a new window starts, at most once a minute per
process. Selected by ``RATELIMIT_STORAGE_URI = "scorekeeper-db://"`` (the default).
"""

from __future__ import annotations

import time

from limits.storage import Storage
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..storage.extensions import db

#: seconds between two deletions of ended windows by one process
PRUNE_EVERY = 60.0

_HIT = text(
    "INSERT INTO rate_counts (key, count, expires_at) VALUES (:key, :amount, :now + :expiry) "
    "ON CONFLICT (key) DO UPDATE SET "
    "count = CASE WHEN rate_counts.expires_at <= :now THEN excluded.count "
    "ELSE rate_counts.count + excluded.count END, "
    "expires_at = CASE WHEN rate_counts.expires_at <= :now THEN excluded.expires_at "
    "ELSE rate_counts.expires_at END "
    "RETURNING count"
)
_COUNT = text("SELECT count FROM rate_counts WHERE key = :key AND expires_at > :now")
_EXPIRY = text("SELECT expires_at FROM rate_counts WHERE key = :key AND expires_at > :now")
_PRUNE = text("DELETE FROM rate_counts WHERE expires_at <= :now")


class DatabaseStorage(Storage):
    """Fixed-window counters in the table ``rate_counts`` of the current app's database."""

    STORAGE_SCHEME = "scorekeeper-db"

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._pruned_at = 0.0

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with db.engine.begin() as connection:
            count = connection.execute(
                _HIT, {"key": key, "amount": amount, "now": now, "expiry": expiry}
            ).scalar_one()
            if (
                count == amount and now - self._pruned_at >= PRUNE_EVERY
            ):  # a window started: a moment to prune
                self._pruned_at = now
                connection.execute(_PRUNE, {"now": now})
        return count

    def get(self, key: str) -> int:
        with db.engine.connect() as connection:
            return connection.execute(_COUNT, {"key": key, "now": time.time()}).scalar() or 0

    def get_expiry(self, key: str) -> float:
        now = time.time()
        with db.engine.connect() as connection:
            return connection.execute(_EXPIRY, {"key": key, "now": now}).scalar() or now

    def check(self) -> bool:
        try:
            with db.engine.connect() as connection:
                connection.execute(text("SELECT count(*) FROM rate_counts"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with db.engine.begin() as connection:
            return connection.execute(text("DELETE FROM rate_counts")).rowcount

    def clear(self, key: str) -> None:
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM rate_counts WHERE key = :key"), {"key": key})
