"""A table's games as the API lists them, read as plain rows in a few queries: a club's year keeps
thousands of games, and building each as a game object (its players, its seats) held a worker for
seconds (docs/limits.md "A club's year")."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from ...storage.extensions import db
from ...storage.models import Game
from ...storage.table_models import Table, TableGame, TableSeat

#: rows read between two turns of the worker's other requests
PART = 500


@dataclass(frozen=True)
class GameRow:
    """One game of a table as its list shows it: the roster ids in seat order and the winners'."""

    public_id: str
    variant: str
    finished: bool
    hands: int
    created_at: datetime
    seats: tuple[int, ...]
    winners: tuple[int, ...]


def game_rows(table: Table, *, limit: int | None = None, offset: int = 0) -> list[GameRow]:
    """The table's games newest first (all, or ``limit`` after the first ``offset``): two queries."""
    query = (
        select(
            TableGame.game_id,
            Game.public_id,
            Game.variant,
            TableGame.finished,
            TableGame.hands,
            Game.created_at,
        )
        .join(Game, Game.id == TableGame.game_id)
        .where(TableGame.table_id == table.id)
        .order_by(TableGame.played_at.desc(), TableGame.game_id.desc())
        .limit(limit)
        .offset(offset or None)
    )
    games = _read(query)
    seats: dict[int, list[tuple[int, bool]]] = {row.game_id: [] for row in games}
    seated = select(TableSeat.game_id, TableSeat.member_id, TableSeat.winner).order_by(
        TableSeat.game_id, TableSeat.seat
    )
    if limit is None:  # every game of the table: no list of ids to send
        seated = seated.join(TableGame).where(TableGame.table_id == table.id)
    else:
        seated = seated.where(TableSeat.game_id.in_(list(seats)))
    for game_id, member_id, winner in _read(seated) if seats else ():
        seats[game_id].append((member_id, winner))
    return [
        GameRow(
            row.public_id,
            row.variant,
            row.finished,
            row.hands,
            row.created_at,
            tuple(m for m, _ in seats[row.game_id]),
            tuple(m for m, won in seats[row.game_id] if won),
        )
        for row in games
    ]


def _read(query) -> list:
    """The rows of ``query``, fetched :data:`PART` at a time: under gevent (the production server)
    ``time.sleep(0)`` lets the worker's other requests and live pages run between the parts (a
    club's year is 3,900 games and 15,000 seats)."""
    rows: list = []
    for part in db.session.execute(query.execution_options(yield_per=PART)).partitions():
        rows.extend(part)
        time.sleep(0)
    return rows


def games_played(table: Table) -> dict[int, int]:
    """Each roster member's games at the table (one query, whatever page of them is listed)."""
    query = (
        select(TableSeat.member_id, func.count())
        .join(TableGame)
        .where(TableGame.table_id == table.id)
        .group_by(TableSeat.member_id)
    )
    return dict(db.session.execute(query).all())
