"""Head-to-head at a club's size: the statistics page shows the pairs who met most, a player's page
their own opponents, and every pair is read a page at a time (docs/tables.md "Statistics")."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from ..storage.extensions import db
from ..storage.table_models import Member, Table, TableGame, TableSeat

#: pairs the statistics page shows (those who played together most): a year of a club of 100 is
#: 4,913 pairs, 1.2 MB of page, read by nobody on a phone
PAIRS_SHOWN = 50
#: pairs a page of every pair (``/tables/<id>/pairs``)
PAIRS_PAGE = 100


def head_to_head(table: Table, names: dict[int, str]) -> list[dict]:
    """Every pair that sat at a game together: games, finished games, who finished ahead how often."""
    a, b = aliased(TableSeat), aliased(TableSeat)
    done = TableGame.finished.is_(True)
    rows = db.session.execute(
        select(
            a.member_id,
            b.member_id,
            func.count(),
            func.sum(case((done, 1), else_=0)),
            func.sum(case((and_(done, a.rank < b.rank), 1), else_=0)),
            func.sum(case((and_(done, b.rank < a.rank), 1), else_=0)),
        )
        .join(b, and_(b.game_id == a.game_id, b.member_id != a.member_id))
        .join(TableGame, TableGame.game_id == a.game_id)
        .where(TableGame.table_id == table.id, a.member_id < b.member_id)
        .group_by(a.member_id, b.member_id)
    ).all()
    pairs = [
        {
            "a": names[x],
            "b": names[y],
            "games": count,
            "finished": finished or 0,
            "a_ahead": ahead or 0,
            "b_ahead": behind or 0,
            "level": (finished or 0) - (ahead or 0) - (behind or 0),
        }
        for x, y, count, finished, ahead, behind in rows
    ]
    return sorted(pairs, key=lambda p: (-p["games"], p["a"].casefold(), p["b"].casefold()))


def opponents(table: Table, member: Member) -> list[dict[str, Any]]:
    """Everyone ``member`` sat at a game with, most games together first: games, finished games,
    how often each finished ahead of the other, how often level (one query, only their seats)."""
    me, other = aliased(TableSeat), aliased(TableSeat)
    done = TableGame.finished.is_(True)
    rows = db.session.execute(
        select(
            other.member_id,
            func.count(),
            func.sum(case((done, 1), else_=0)),
            func.sum(case((and_(done, me.rank < other.rank), 1), else_=0)),
            func.sum(case((and_(done, other.rank < me.rank), 1), else_=0)),
        )
        .select_from(me)
        .join(other, and_(other.game_id == me.game_id, other.member_id != me.member_id))
        .join(TableGame, TableGame.game_id == me.game_id)
        .where(TableGame.table_id == table.id, me.member_id == member.id)
        .group_by(other.member_id)
    ).all()
    names = {m.id: m.name for m in table.members}
    found = [
        {
            "name": names[who],
            "games": count,
            "ahead": ahead or 0,
            "behind": behind or 0,
            "level": (finished or 0) - (ahead or 0) - (behind or 0),
        }
        for who, count, finished, ahead, behind in rows
    ]
    return sorted(found, key=lambda p: (-p["games"], p["name"].casefold()))
