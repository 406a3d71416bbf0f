"""The hub: one per app in each worker process, where that worker's open streams wait."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterable

from flask import Flask

from ..storage.extensions import db
from ..web.features import live_channels
from . import versions
from .signals import EXTENSION, signal_for

log = logging.getLogger(__name__)
_UNSET = object()


class Hub:
    """Channels watched by this process's streams, with the last version read of each."""

    def __init__(self, app: Flask):
        self.app = app
        self.condition = threading.Condition()
        self.latest: dict[str, str | None] = {}
        self.streams: Counter[str] = Counter()
        self.woken = threading.Event()
        self.fragments: dict[str, tuple[str, bytes]] = {}  # channel: (version, the reader's event)
        self.watcher: threading.Thread | None = None
        self.unread: set[str] = set()  # channels the watcher has not read yet

    # -- streams ---------------------------------------------------------------------
    def subscribe(self, channel: str, version: str | None) -> None:
        """A stream opens on ``channel``, whose ``version`` it just read from the database.

        That reading is usually fresher than the watcher's last one and is taken;
        either way the watcher reads the channel again at its next tick, so a
        change that slipped between the two readings is never lost.
        """
        with self.condition:
            self.streams[channel] += 1
            if self.latest.get(channel, _UNSET) != version:
                self._set(channel, version)
                self.unread.add(channel)
            if self.watcher is None:
                self.watcher = threading.Thread(target=self._watch, name="scorekeeper-live", daemon=True)
                self.watcher.start()

    def unsubscribe(self, channel: str) -> None:
        """A stream on ``channel`` closed (the follower left, or the stream's time was up)."""
        with self.condition:
            self.streams[channel] -= 1
            if self.streams[channel] <= 0:
                del self.streams[channel]
                self.latest.pop(channel, None)
                self.fragments.pop(channel, None)
                self.unread.discard(channel)

    def wait(self, channel: str, seen: str | None, timeout: float) -> str | None:
        """The channel's version once it differs from ``seen``, or ``seen`` after ``timeout`` seconds."""
        with self.condition:
            self.condition.wait_for(lambda: self.latest.get(channel, seen) != seen, timeout)
            return self.latest.get(channel, seen)

    def shared(self, channel: str, version: str, make: Callable[[], bytes]) -> bytes:
        """What every reader's stream of this process sends for ``channel`` at ``version`` (the
        event with the page's HTML): made by the first stream that asks, then reused as it is."""
        with self.condition:
            kept = self.fragments.get(channel)
            if kept is not None and kept[0] == version:
                return kept[1]
        made = make()
        with self.condition:
            if channel in self.streams:
                self.fragments[channel] = (version, made)
        return made

    def followers(self) -> int:
        """How many streams are open in this process."""
        with self.condition:
            return sum(self.streams.values())

    # -- the watcher ------------------------------------------------------------------
    def refresh(self, connection, channels: Iterable[str] | None = None) -> None:
        """Read the versions of ``channels`` (default: every watched one) and of any channel not
        read yet, on the watcher's ``connection``, and wake the streams of those that changed."""
        with self.condition:
            wanted = set(self.streams) if channels is None else set(channels) & set(self.streams)
            if channels is not None and versions.GAMES in channels:  # some game changed
                wanted |= {c for c in self.streams if versions.follows_every_game(c, live_channels(self.app))}
            wanted |= self.unread
            self.unread.clear()
        if not wanted:
            return
        try:
            found = versions.read(connection, sorted(wanted), live_channels(self.app))
        finally:
            connection.rollback()  # no transaction (nor snapshot) held between two readings
        with self.condition:
            for channel, version in found.items():
                if channel in self.streams:
                    self._set(channel, version)

    def has_unread(self) -> bool:
        """Whether some channel is waiting for its first reading by the watcher."""
        with self.condition:
            return bool(self.unread)

    def poke(self) -> None:
        """This process just changed a game: read the database now rather than at the next tick."""
        self.woken.set()

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less when poked."""
        self.woken.wait(seconds)
        self.woken.clear()

    def active(self) -> bool:
        """Asked by the watcher: whether to go on. When no stream is left it stops (atomically with
        :meth:`subscribe`, which then starts a new one); a watcher that was replaced stops too."""
        with self.condition:
            if self.watcher is not threading.current_thread():
                return False
            if self.streams:
                return True
            self.watcher = None
            return False

    def _watch(self) -> None:
        try:
            with self.app.app_context():  # for the watcher's whole life: its own connection, its own context
                signal_for(self.app, db.engine).run(self)
        except Exception:  # pragma: no cover - a bug; the next stream starts a new watcher
            log.exception("the live watcher stopped")
        finally:
            with self.condition:
                if self.watcher is threading.current_thread():
                    self.watcher = None

    def _set(self, channel: str, version: str | None) -> None:
        # called with the condition held
        if self.latest.get(channel, _UNSET) != version:
            self.latest[channel] = version
            self.condition.notify_all()


def hub_of(app: Flask) -> Hub:
    """The hub of ``app`` in this process (made on first use: after gunicorn forks its workers)."""
    hub = app.extensions.get(EXTENSION)
    if hub is None:
        hub = app.extensions.setdefault(EXTENSION, Hub(app))
    return hub
