"""One change to a game at a time, each made against the version of the game it names."""

from __future__ import annotations

import re

from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value

from ..rules import RulesError
from ..storage.extensions import db
from ..storage.models import Game
from .errors import Conflict, GameNotFound

#: the ETag of a game at a version, and how an If-Match header names one (with the language of a
#: body written in another than English: ``"v12-de"``, so a cache never takes one for the other)
ETAG = '"v{}"'
_TAG = re.compile(r'^"v([0-9]{1,9})(?:-[A-Za-z]{2,3}(?:_[A-Za-z0-9]{2,4})?)?"$')
_NUMBER = re.compile(r"[0-9]{1,9}")


class ConcurrentChange(Conflict, RulesError):
    """Another phone changed the same game at the same moment; nothing of this change was kept.

    A :class:`~.errors.Conflict` (HTTP 409) that the hand forms also show as a
    RulesError, at the top of the form with the hand as entered.
    """

    def __init__(self, message: str = ""):
        super().__init__(
            message
            or "someone else changed this game at the same moment; reload the game and enter the change again"
        )


class StaleVersion(ConcurrentChange):
    """The change was made against version ``sent`` of the game, which is at ``current`` now."""

    def __init__(self, sent: int, current: int):
        self.sent, self.current = sent, current
        super().__init__(
            f"the game changed since this change was made (it was made against version {sent}; "
            f"the game is at version {current} now): nothing of it was kept. Look at the game "
            "again and make the change again if it is still needed"
        )

    def conflict(self) -> dict:
        """Both versions, in the shape of the offline queue's conflicts (``mine``, ``theirs``)."""
        return {"mine": {"version": self.sent}, "theirs": {"version": self.current}}


def etag(game: Game, language: str = "en") -> str:
    """The game's ETag: its version, quoted, and the language of the answer unless English
    (``"v12"``, ``"v12-de"``): the engine's notes in a game's answer are in the reader's language."""
    return ETAG.format(game.version if language == "en" else f"{game.version}-{language}")


def version_named(tag: str) -> int | None:
    """The version an entity tag names (``"v12"``, ``"v12-de"`` -> 12), or None when it is not one of ours."""
    found = _TAG.match(tag.strip())
    return int(found.group(1)) if found else None


def version_from(text: str | None) -> int | None:
    """The version a form's hidden ``version`` field names, or None (no field: a change made
    against the game as the request loads it, still one at a time).

    >>> version_from("12"), version_from(None), version_from("x"), version_from("²")
    (12, None, None, None)
    """
    text = (text or "").strip()
    return int(text) if _NUMBER.fullmatch(text) else None


def hold(game: Game) -> None:
    """Hold the game's row until this transaction ends, changing nothing in it: a change to its hands
    waits until then (its :func:`claim` needs the row), and what is read after this is the game as
    it stands, not as the request loaded it. The version stays, so a change another phone made against
    it still stands. For what reads the game to write elsewhere (a club table's result, a rematch).
    GameNotFound when it was deleted meanwhile."""
    held = db.session.execute(
        update(Game)
        .where(Game.id == game.id)
        .values(version=Game.version)
        .execution_options(synchronize_session=False)
    )
    if held.rowcount != 1:
        db.session.rollback()
        raise GameNotFound(game.public_id)
    db.session.expire(game)  # its hands as they stand now, read again when next asked for


def claim(game: Game, expected: int | None = None) -> None:
    """Take the game's next version for this change, before it reads or writes anything else.

    StaleVersion when ``expected`` (the version the client saw) is not the version
    loaded, or when another change claimed the game since it was loaded (rolled back:
    nothing of this request is kept); GameNotFound when it was deleted meanwhile.
    """
    read = game.version
    if expected is not None and expected != read:
        raise StaleVersion(expected, read)
    claimed = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == read)
        .values(version=read + 1)
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        db.session.rollback()
        current = db.session.scalar(select(Game.version).where(Game.id == game.id))
        if current is None:
            raise GameNotFound(game.public_id)
        raise StaleVersion(read if expected is None else expected, current)
    set_committed_value(game, "version", read + 1)
