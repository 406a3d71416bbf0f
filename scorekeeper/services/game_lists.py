"""The games list a page at a time: a host that has kept a club's year has thousands of games, and
the list shows one page of them (docs/limits.md "A club's year")."""

from __future__ import annotations

from sqlalchemy import case, select
from sqlalchemy.orm import selectinload

from ..storage.extensions import db
from ..storage.models import Game


def games_page(page: int, size: int) -> tuple[list[Game], bool]:
    """Page ``page`` (1: the first) of every game, ``size`` a page, with players loaded: the games in
    progress first, newest first within each; and whether a later page has more."""
    query = (
        select(Game)
        .options(selectinload(Game.players))
        .order_by(case((Game.status == "finished", 1), else_=0), Game.created_at.desc(), Game.id.desc())
        .offset((page - 1) * size)
        .limit(size + 1)  # one more: is there a next page?
    )
    games = list(db.session.scalars(query))
    return games[:size], len(games) > size
