"""The games lists: a page at a time (a host that has kept a club's year has thousands of games, and
the list shows one page of them: docs/limits.md "A club's year"), the home page's, and which games
they show (not those of a table still being restored)."""

from __future__ import annotations

from sqlalchemy import case, func, select
from sqlalchemy.orm import selectinload

from ..limits import last_page
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import TABLE_RESTORING, Table, TableGame


def games_page(page: int, size: int) -> tuple[list[Game], bool, int]:
    """Page ``page`` (1: the first) of every game, ``size`` a page, with players loaded: the games in
    progress first, newest first within each; whether a later page has more; and the page shown. A
    page past the last (its link drawn before games were deleted, or typed) is the last page."""
    games, more = _page(page, size)
    if not games and page > 1:  # one more question, only then: how many pages there are
        page = last_page(db.session.scalar(select(func.count(Game.id)).where(shown())), size)
        games, more = _page(page, size)
    return games, more, page


def _page(page: int, size: int) -> tuple[list[Game], bool]:
    query = (
        select(Game)
        .where(shown())
        .options(selectinload(Game.players))
        .order_by(case((Game.status == "finished", 1), else_=0), Game.created_at.desc(), Game.id.desc())
        .offset((page - 1) * size)
        .limit(size + 1)  # one more: is there a next page?
    )
    games = list(db.session.scalars(query))
    return games[:size], len(games) > size


def shown():
    """The condition of a game the games lists show: not one of a table still being restored from an
    export (hidden until whole: services/tables/restore.py). One list asked once, not a question per
    game: the live games list's version counts 10,000 games in about 2 ms so, 5 to 6 ms with NOT EXISTS."""
    restoring = select(Table.id).where(TABLE_RESTORING)
    return Game.id.not_in(select(TableGame.game_id).where(TableGame.table_id.in_(restoring)))


def list_games(*, status: str | None = None, limit: int | None = None) -> list[Game]:
    """Games newest first, with players loaded (for the games lists): every game (but those of a table
    still being restored), or only those with ``status`` ('in_progress' or 'finished'), at most
    ``limit`` of them when given."""
    query = (
        select(Game)
        .where(shown())
        .options(selectinload(Game.players))
        .order_by(Game.created_at.desc(), Game.id.desc())
    )
    if status is not None:
        query = query.where(Game.status == status)
    if limit is not None:
        query = query.limit(limit)
    return list(db.session.execute(query).scalars())
