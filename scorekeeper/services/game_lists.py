"""The games list a page at a time: a host that has kept a club's year has thousands of games, and
the list shows one page of them (docs/limits.md "A club's year")."""

from __future__ import annotations

from sqlalchemy import case, func, select
from sqlalchemy.orm import selectinload

from ..storage.extensions import db
from ..storage.models import Game
from .games import shown


def games_page(page: int, size: int) -> tuple[list[Game], bool, int]:
    """Page ``page`` (1: the first) of every game, ``size`` a page, with players loaded: the games in
    progress first, newest first within each; whether a later page has more; and the page shown. A
    page past the last (its link drawn before games were deleted, or typed) is the last page."""
    games, more = _page(page, size)
    if not games and page > 1:  # one more question, only then: how many pages there are
        page = max(1, -(-db.session.scalar(select(func.count(Game.id)).where(shown())) // size))
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
