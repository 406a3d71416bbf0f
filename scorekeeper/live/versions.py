"""Version tokens: what a live channel's followers last saw, read from the database.

A channel is ``games``, ``game:<public id>`` or a feature's ``<prefix><id>``; its version, a token of
the rows every change writes, is also the SSE event id. ``None``: the game is gone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from datetime import datetime
from types import MappingProxyType

from sqlalchemy import func, select

from ..services.game_lists import shown
from ..storage.models import Game
from ..web.features import ReadVersions

#: the games list's channel; a game's is ``game:<public id>``
GAMES = "games"
GAME_PREFIX = "game:"


def follows_every_game(channel: str, followers: Mapping[str, ReadVersions] = MappingProxyType({})) -> bool:
    """Whether ``channel`` may change with any game (the list, a channel of ``followers``: the
    features' channels by prefix, :func:`scorekeeper.web.features.live_channels`).

    >>> follows_every_game(GAMES), follows_every_game("game:AbC"), follows_every_game("table:x", {"table:": None})
    (True, False, True)
    """
    return channel == GAMES or channel.startswith(tuple(followers))


def game_channel(public_id: str) -> str:
    """The channel of one game.

    >>> game_channel("AbC12")
    'game:AbC12'
    """
    return GAME_PREFIX + public_id


def token(*values) -> str:
    """A short, stable token of ``values`` (the same on every server).

    >>> token("2026-05-12 20:31:07.123456", "in_progress") == token("2026-05-12 20:31:07.123456", "in_progress")
    True
    >>> len(token(1, 2)), token(1, 2) != token(2, 1)
    (16, True)
    """
    text = "|".join(v.isoformat() if isinstance(v, datetime) else str(v) for v in values)
    return hashlib.blake2s(text.encode("utf-8"), digest_size=8).hexdigest()


def game_token(updated_at: datetime, status: str) -> str:
    """The version of a game with this change stamp."""
    return token(updated_at, status)


def list_token(executor) -> str:
    """The games list's version: how many games it shows and the latest change among them (the games
    of a table still being restored left out, as the list leaves them: its slices move nothing, and
    the table shown moves the count, so an open list refreshes then).

    ``executor``: anything with SQLAlchemy's ``execute`` (a Connection, ``db.session``).
    """
    listed = select(func.count(Game.id), func.max(Game.updated_at)).where(shown())
    count, latest = executor.execute(listed).one()
    return token(count, latest)


def read(
    executor, channels: Iterable[str], followers: Mapping[str, ReadVersions] = MappingProxyType({})
) -> dict[str, str | None]:
    """The current version of each channel (one query for all the games, one for the list, one per
    prefix of ``followers`` asked for: a feature's channels, read by its function)."""
    channels = list(channels)
    found: dict[str, str | None] = {}
    ids = [c[len(GAME_PREFIX) :] for c in channels if c.startswith(GAME_PREFIX)]
    if ids:
        rows = executor.execute(
            select(Game.public_id, Game.updated_at, Game.status).where(Game.public_id.in_(ids))
        )
        found = {game_channel(public_id): game_token(updated, status) for public_id, updated, status in rows}
    versions = {c: found.get(c) for c in channels if c.startswith(GAME_PREFIX)}
    if GAMES in channels:
        versions[GAMES] = list_token(executor)
    for prefix, read_versions in followers.items():
        ids = [c[len(prefix) :] for c in channels if c.startswith(prefix)]
        if ids:
            found = read_versions(executor, ids)
            versions.update((prefix + i, found.get(i)) for i in ids)
    return versions
