"""Change signals: how a worker's watcher learns that a game changed, on each database."""

from __future__ import annotations

import logging
import time

from flask import Flask, current_app, has_app_context
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from ..storage.models import Game
from .versions import GAMES, game_channel

log = logging.getLogger(__name__)
#: the PostgreSQL notification channel
PG_CHANNEL = "scorekeeper_live"
#: seconds to wait before reading again after the database failed
RETRY_SECONDS = 1.0
#: where a session keeps the channels it changed until it commits
_CHANGED = "scorekeeper_live_changed"
#: where an app keeps its hub (``app.extensions``; see :mod:`.hub`)
EXTENSION = "scorekeeper_live"


class Poller:
    """Read the watched channels' versions, every ``interval`` seconds, on a connection of its own.

    On SQLite a tick first asks ``PRAGMA data_version``, which changes only when
    another connection (any process) committed: an idle table costs next to
    nothing, and the versions are read only after a change (or for a channel
    a new stream brought).
    """

    def __init__(self, engine, interval: float):
        self.engine, self.interval = engine, interval

    def run(self, hub) -> None:
        while hub.active():
            try:
                with self.engine.connect() as connection:
                    self._poll(hub, connection)
            except Exception as err:  # the database is briefly unavailable: try again
                log.warning("live: could not read the watched games: %s", err)
                time.sleep(RETRY_SECONDS)

    def _poll(self, hub, connection) -> None:
        last = None
        while hub.active():
            now = data_version(connection)
            if now is None or now != last:
                hub.refresh(connection)
                last = now
            elif hub.has_unread():
                hub.refresh(connection, ())
            hub.sleep(self.interval)


class Listener:
    """LISTEN on PostgreSQL; read the channels each NOTIFY names, and all of them every ``safety`` s."""

    def __init__(self, engine, interval: float, safety: float):
        self.engine, self.interval, self.safety = engine, interval, safety

    def run(self, hub) -> None:
        while hub.active():
            try:
                self._listen(hub)
            except Exception as err:  # the server restarted, the connection dropped ...
                log.warning("live: LISTEN connection lost: %s", err)
                time.sleep(RETRY_SECONDS)

    def _listen(self, hub) -> None:
        # a connection of its own, taken out of the pool for as long as it listens
        pooled = self.engine.raw_connection()
        listening = pooled.driver_connection
        pooled.detach()
        try:
            listening.autocommit = True
            listening.execute(f"LISTEN {PG_CHANNEL}")
            with self.engine.connect() as connection:
                hub.refresh(connection)  # whatever changed while nobody listened
                checked = time.monotonic()
                while hub.active():
                    named = {n.payload for n in listening.notifies(timeout=self.interval, stop_after=1)}
                    if time.monotonic() - checked > self.safety:
                        hub.refresh(connection)
                        checked = time.monotonic()
                    elif named or hub.has_unread():
                        hub.refresh(connection, [*named, GAMES] if named else ())
        finally:
            listening.close()


def data_version(connection) -> int | None:
    """SQLite's count of commits by other connections (None on other databases)."""
    if connection.dialect.name != "sqlite":
        return None
    try:
        return connection.exec_driver_sql("PRAGMA data_version").scalar()
    finally:
        connection.rollback()


def signal_for(app: Flask, engine):
    """The change signal for the app's database: LISTEN/NOTIFY on PostgreSQL, else polling."""
    interval = float(app.config["LIVE_POLL_SECONDS"])
    if engine.dialect.name == "postgresql":
        return Listener(engine, interval, safety=interval * 50)
    return Poller(engine, interval)


# -- the writers' side -------------------------------------------------------------------


def install_writer_hooks() -> None:
    """Once per process: every flush that changes a game row notes its channel (and on PostgreSQL
    sends NOTIFY in the same transaction); every commit pokes this process's hub."""
    if not event.contains(Session, "after_flush", _after_flush):
        event.listen(Session, "after_flush", _after_flush)
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_rollback", _after_rollback)


def _after_flush(session: Session, flush_context) -> None:
    changed = {
        game_channel(obj.public_id)
        for obj in (*session.new, *session.dirty, *session.deleted)
        if isinstance(obj, Game)
        and (obj not in session.dirty or session.is_modified(obj, include_collections=False))
    }
    if changed:
        note_changed(session, changed)


def note_changed(session: Session, channels: set[str]) -> None:
    """``channels`` changed in ``session``'s transaction (a feature's rows that no game row
    follows: an event's check-in): on PostgreSQL NOTIFY names them, and the commit pokes this
    process's hub, as for a game. Call it from a flush (or after one, before the commit)."""
    session.info.setdefault(_CHANGED, set()).update(channels)
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        for channel in sorted(channels):  # PostgreSQL folds repeats within one transaction
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"), {"channel": PG_CHANNEL, "payload": channel}
            )


def _after_commit(session: Session) -> None:
    if session.info.pop(_CHANGED, None) and has_app_context():
        hub = current_app.extensions.get(EXTENSION)
        if hub is not None:
            hub.poke()


def _after_rollback(session: Session) -> None:
    session.info.pop(_CHANGED, None)
