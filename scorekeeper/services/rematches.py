"""A game's rematch is started once: a second tap on Rematch (a double tap, a retry, another phone
at the table) finds the rematch already started instead of starting another game.

The first rematch holds the game's row (:func:`.versions.hold`: an update that changes nothing, so
the game's version, and every other phone's change made against it, stand), so two at the same moment run one
after the other and the second finds the first's row in ``rematches``; the row is written in the
same transaction as the new game, so there is a rematch row if and only if there is the rematch.
Whoever finds a rematch is given its edit secret when a secret it holds makes it: the table's for
a table's rematch, else the game's (``web/access.made_secret``, keyed by the server's own key, so
nobody works a rematch's secret out from an old editor link without asking the server).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from sqlalchemy import select

from ..storage.extensions import db
from ..storage.models import Game, Rematch, utcnow
from .games import create_games, secret_matches
from .versions import hold

#: makes a candidate edit secret for a game from its public id (one per secret the phone holds)
Maker = Callable[[str], str]


class Started(NamedTuple):
    """A rematch asked for: the game, its edit secret for this phone (None: no secret it holds makes
    it), and whether this request started it (False: it was started before)."""

    game: Game
    secret: str | None
    new: bool


def rematch(game: Game, secret_of: Maker | None = None) -> tuple[Game, str]:
    """A new game with the same variant, players, seats, options, first dealer and turn timer; its
    edit secret ``secret_of(public_id)`` when given (made from the game's secret the rematch was
    asked with, so another phone holding it is let in: ``web/access.made_secret``), else random.
    Started once: :func:`once`."""
    from .timer import seconds_for_new_game, set_seconds  # it needs the games module's SetupError

    new, secret = create_games(
        game.variant,
        [(game.names, game.first_dealer)],
        dict(game.options or {}),
        secret_of=secret_of,
    )[0]
    if seconds := seconds_for_new_game(None, game):
        set_seconds(new, seconds)
    return new, secret


def rematch_of(game: Game) -> Game | None:
    """The rematch started from ``game``, if any (deleting it makes room for another)."""
    row = db.session.get(Rematch, game.id)
    return db.session.get(Game, row.rematch_id) if row is not None else None


def rematched(games: Iterable[Game]) -> set[str]:
    """The public ids of those of ``games`` whose rematch has started (one query, for a list)."""
    ids = [g.id for g in games]
    if not ids:
        return set()
    query = select(Game.public_id).join(Rematch, Rematch.game_id == Game.id).where(Game.id.in_(ids))
    return set(db.session.scalars(query))


def once(game: Game, start: Callable[[], tuple[Game, str]], makers: Iterable[Maker]) -> Started:
    """The rematch of ``game``: the one started before, else the one ``start`` makes now (flushed,
    not committed). ``makers``: how a rematch's secret is made from each secret this phone holds."""
    makers = list(makers)
    if (found := rematch_of(game)) is None:
        hold(game)  # a rematch at the same moment waits here, then finds this one
        found = rematch_of(game)
    if found is not None:
        return Started(found, secret_made(found, makers), False)
    new, secret = start()
    db.session.add(Rematch(game_id=game.id, rematch_id=new.id))
    game.updated_at = utcnow()  # the game's page, cached and followed live, shows where the rematch is
    db.session.flush()
    return Started(new, secret, True)


def secret_made(game: Game, makers: Iterable[Maker]) -> str | None:
    """The edit secret of ``game`` one of ``makers`` makes, else None."""
    for maker in makers:
        if secret_matches(game, made := maker(game.public_id)):
            return made
    return None
