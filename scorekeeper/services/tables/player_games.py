"""One roster player's games at a table across every kind (the variants, each points game by its name,
result-only games imported from BG Stats), newest first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from ...storage.extensions import db
from ...storage.models import Game
from ...storage.table_models import Member, Table, TableGame, TableSeat
from .kinds import kind_name

#: games a player's page lists (the newest; the count says how many there are)
SHOWN = 200


@dataclass(frozen=True)
class PlayerGame:
    game: str
    kind: str
    name: str
    played_at: datetime
    finished: bool
    rank: int
    winner: bool
    total: int
    imported: bool


def player_games(table: Table, member: Member, shown: int = SHOWN) -> tuple[list[PlayerGame], int]:
    """The player's newest ``shown`` games at the table, and how many games they played in all."""
    where = (TableGame.table_id == table.id, TableSeat.member_id == member.id)
    rows = db.session.execute(
        select(
            Game.public_id,
            TableGame.kind,
            TableGame.played_at,
            TableGame.finished,
            TableSeat.rank,
            TableSeat.winner,
            TableSeat.total,
            TableGame.source,
        )
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .join(Game, Game.id == TableGame.game_id)
        .where(*where)
        .order_by(TableGame.played_at.desc(), TableGame.game_id.desc())
        .limit(shown)
    ).all()
    count = db.session.execute(
        select(func.count())
        .select_from(TableSeat)
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .where(*where)
    ).scalar_one()
    games = [
        PlayerGame(
            game, kind, kind_name(kind), played_at, bool(done), rank, bool(won), total, source is not None
        )
        for game, kind, played_at, done, rank, won, total, source in rows
    ]
    return games, count
