"""A game's rematch is started once: a second tap on Rematch (a double tap, a retry, another phone
at the table) finds the rematch already started instead of starting another game.

The first rematch claims the game's next version (:func:`.versions.claim`), so two at the same
moment run one after the other, and the second finds the first's row in ``rematches``; the row is
written in the same transaction as the new game, so there is a rematch row if and only if there is
the rematch. Whoever finds a rematch is given its edit secret when a secret it holds makes it (the
table's, or the game's: :func:`.games.derived_secret`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..storage.extensions import db
from ..storage.models import Game, Rematch, utcnow
from .games import derived_secret, secret_matches
from .versions import StaleVersion, claim


class Started(NamedTuple):
    """A rematch asked for: the game, its edit secret for this phone (None: no secret it holds makes
    it), and whether this request started it (False: it was started before)."""

    game: Game
    secret: str | None
    new: bool


def rematch_of(game: Game) -> Game | None:
    """The rematch started from ``game``, if any (deleting it makes room for another)."""
    row = db.session.get(Rematch, game.id)
    return db.session.get(Game, row.rematch_id) if row is not None else None


def once(game: Game, start: Callable[[], tuple[Game, str]], keys: Iterable[str | None]) -> Started:
    """The rematch of ``game``: the one started before, else the one ``start`` makes now (flushed,
    not committed). ``keys``: the secrets this phone holds, from which a rematch's secret is made."""
    if (found := rematch_of(game)) is not None:
        return Started(found, secret_made(found, keys), False)
    try:
        claim(game)  # a rematch at the same moment waits here, then finds this one
    except StaleVersion:
        if (found := rematch_of(game)) is None:
            raise  # another change to the game, not a rematch: refused as any change would be
        return Started(found, secret_made(found, keys), False)
    new, secret = start()
    db.session.add(Rematch(game_id=game.id, rematch_id=new.id))
    game.updated_at = utcnow()  # the game's page, cached and followed live, shows where the rematch is
    db.session.flush()
    return Started(new, secret, True)


def secret_made(game: Game, keys: Iterable[str | None]) -> str | None:
    """The edit secret of ``game`` one of ``keys`` makes, else None."""
    for key in keys:
        if key and secret_matches(game, made := derived_secret(key, game.public_id)):
            return made
    return None
