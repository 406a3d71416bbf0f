"""Change signals: how a worker's watcher learns that a game changed, on each database.

- :class:`Poller` (SQLite, and any other database): every ``LIVE_POLL_SECONDS``
  one small query reads the versions of the channels this worker's streams
  follow. The versions are the game rows' change stamps, written by the
  change's own transaction, so any worker or process sharing the file sees
  them the moment the change commits.
- :class:`Listener` (PostgreSQL): one connection per worker LISTENs; every
  transaction that changes a game sends ``NOTIFY scorekeeper_live`` with the
  game's channel (:func:`install_writer_hooks`, delivered only when it
  commits), and the listener reads just those channels. Every so often, and
  after a reconnect, it reads them all, in case a notification was missed.

Both wake the hub's streams through :meth:`Hub.refresh`, which reads the
versions from the database: the notification says where to look, never
what changed.
"""

from __future__ import annotations

import logging
import time

from flask import Flask, current_app, has_app_context
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from ..models import Game
from .versions import GAMES, game_channel

log = logging.getLogger(__name__)
#: the PostgreSQL notification channel
PG_CHANNEL = "scorekeeper_live"
#: seconds to wait before reading again after the database failed
RETRY_SECONDS = 1.0
#: where a session keeps the channels it changed until it commits
_CHANGED = "scorekeeper_live_changed"


class Poller:
    """Read every watched channel's version every ``interval`` seconds."""

    def __init__(self, interval: float):
        self.interval = interval

    def run(self, hub) -> None:
        while hub.active():
            hub.sleep(self.interval)
            try:
                hub.refresh()
            except Exception as err:  # the database is briefly unavailable: try again
                log.warning("live: could not read the watched games: %s", err)
                time.sleep(RETRY_SECONDS)


class Listener:
    """LISTEN on PostgreSQL; read the channels each NOTIFY names, all of them every ``safety`` s."""

    def __init__(self, engine, safety: float):
        self.engine, self.safety = engine, safety

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
        connection = pooled.driver_connection
        pooled.detach()
        try:
            connection.autocommit = True
            connection.execute(f"LISTEN {PG_CHANNEL}")
            hub.refresh()  # whatever changed while nobody listened
            while hub.active():
                named = {n.payload for n in connection.notifies(timeout=self.safety, stop_after=1)}
                hub.refresh([*named, GAMES] if named else None)
        finally:
            connection.close()


def signal_for(app: Flask, engine):
    """The change signal for the app's database: LISTEN/NOTIFY on PostgreSQL, else polling."""
    interval = float(app.config["LIVE_POLL_SECONDS"])
    if engine.dialect.name == "postgresql":
        return Listener(engine, safety=interval * 50)
    return Poller(interval)


# -- the writers' side -------------------------------------------------------------------

def install_writer_hooks() -> None:
    """Once per process: every flush that changes a game row notes its channel (and on PostgreSQL
    sends NOTIFY in the same transaction); every commit pokes this process's hub."""
    if not event.contains(Session, "after_flush", _after_flush):
        event.listen(Session, "after_flush", _after_flush)
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_rollback", _after_rollback)


def _after_flush(session: Session, flush_context) -> None:
    changed = {game_channel(obj.public_id) for obj in (*session.new, *session.dirty, *session.deleted)
               if isinstance(obj, Game) and (obj not in session.dirty
                                             or session.is_modified(obj, include_collections=False))}
    if not changed:
        return
    session.info.setdefault(_CHANGED, set()).update(changed)
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        for channel in sorted(changed):  # PostgreSQL folds repeats within one transaction
            connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": PG_CHANNEL, "payload": channel})


def _after_commit(session: Session) -> None:
    if session.info.pop(_CHANGED, None) and has_app_context():
        from .hub import EXTENSION

        hub = current_app.extensions.get(EXTENSION)
        if hub is not None:
            hub.poke()


def _after_rollback(session: Session) -> None:
    session.info.pop(_CHANGED, None)
