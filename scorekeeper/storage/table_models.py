"""Tables' rows: the table, its roster, its rulings, and each table game's derived summary."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..limits import TABLE_NAME_MAX
from .extensions import db
from .models import NulFreeString, utcnow


class Table(db.Model):
    """A group that plays together: a name, a roster and who may change it (a secret, like a game's)."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(NulFreeString(32), unique=True, index=True)
    name: Mapped[str] = mapped_column(NulFreeString(TABLE_NAME_MAX))
    #: sha256 hex digest of the table secret (the secret itself is never stored)
    secret_hash: Mapped[str] = mapped_column(NulFreeString(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: bumped by every change to the table or one of its games' summaries (statistics cache key)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: the turn timer's length the table last chose, in seconds (0: off; None: never chosen)
    timer_seconds: Mapped[int | None] = mapped_column(nullable=True)
    #: when its import began, while a table is being restored from an export in slices (hidden until
    #: the last one: services/tables/restore.py); None for every table in use
    restoring_since: Mapped[datetime | None] = mapped_column(nullable=True)

    members: Mapped[list[Member]] = relationship(
        back_populates="table", order_by="Member.id", cascade="all, delete-orphan", passive_deletes=True
    )
    rulings: Mapped[list[Ruling]] = relationship(
        back_populates="table", order_by="Ruling.id", cascade="all, delete-orphan", passive_deletes=True
    )


#: the condition of a table in use, and of one still being restored (hidden: no page, API, list)
TABLE_SHOWN = Table.restoring_since.is_(None)
TABLE_RESTORING = Table.restoring_since.is_not(None)


class Member(db.Model):
    """One player on a table's roster (the same person across the table's games)."""

    __tablename__ = "table_members"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(NulFreeString(40))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship(back_populates="members")

    __table_args__ = (UniqueConstraint("table_id", "name", name="uq_table_members_name"),)


class Ruling(db.Model):
    """A decision the table keeps: an adopted checker verdict, an option choice or a reading."""

    __tablename__ = "table_rulings"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    #: 'verdict', 'option' or 'reading'
    kind: Mapped[str] = mapped_column(NulFreeString(16))
    variant: Mapped[str] = mapped_column(NulFreeString(40))
    #: what was decided, as plain values (the check asked and the engine's verdict; option and value;
    #: the question and the answer)
    decision: Mapped[dict] = mapped_column(JSON)
    note: Mapped[str] = mapped_column(NulFreeString(500), default="")
    #: the day the table decided
    decided_on: Mapped[datetime] = mapped_column(default=utcnow)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship(back_populates="rulings")


class TableGame(db.Model):
    """A game of a table, with what its score says (kept by :mod:`scorekeeper.services.tables.summaries`)."""

    __tablename__ = "table_games"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(NulFreeString(40))
    #: what it counts as in statistics and ratings: the variant, or ``points:<game_name>``
    #: (:mod:`scorekeeper.services.tables.kinds`)
    kind: Mapped[str] = mapped_column(NulFreeString(110), server_default="")
    #: the play's id in the file it was imported from (BG Stats' ``uuid``) for a result-only game:
    #: final scores and winners without hands; None for a game kept here
    source: Mapped[str | None] = mapped_column(NulFreeString(64), nullable=True)
    #: the game's start: the order games are rated in (ties: the game's id)
    played_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished: Mapped[bool] = mapped_column(default=False)
    high_wins: Mapped[bool] = mapped_column(default=True)
    hands: Mapped[int] = mapped_column(default=0)

    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="table_game",
        order_by="TableSeat.seat",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    figures: Mapped[list[TableFigure]] = relationship(cascade="all, delete-orphan", passive_deletes=True)

    __table_args__ = (
        Index("ix_table_games_order", "table_id", "played_at", "game_id"),
        Index("ix_table_games_source", "table_id", "source", unique=True),
    )


class TableSeat(db.Model):
    """Who sat in one seat of a table game, and how it went for them (derived)."""

    __tablename__ = "table_seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("table_games.game_id", ondelete="CASCADE"))
    seat: Mapped[int]
    member_id: Mapped[int] = mapped_column(ForeignKey("table_members.id"), index=True)
    total: Mapped[int] = mapped_column(default=0)
    rank: Mapped[int] = mapped_column(default=1)
    winner: Mapped[bool] = mapped_column(default=False)
    #: complete hands played and the points they brought (average score per hand)
    hands: Mapped[int] = mapped_column(default=0)
    hand_points: Mapped[int] = mapped_column(default=0)
    #: the player's rating in this variant after this game (None until the game is finished)
    mu: Mapped[float | None]
    sigma: Mapped[float | None]

    table_game: Mapped[TableGame] = relationship(back_populates="seats")

    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_table_seats_game_seat"),)


class TableFigure(db.Model):
    """One counted figure of a game (``n`` observations adding up to ``value``), for SQL sums.

    ``name``/``item`` say what is counted (``step``/``3``: Step 3 attempted, ``value`` 1
    when laid at the first try); ``member_id`` is None for a figure of the whole game.
    """

    __tablename__ = "table_figures"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("table_games.game_id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("table_members.id"), index=True)
    name: Mapped[str] = mapped_column(NulFreeString(24))
    item: Mapped[str] = mapped_column(NulFreeString(24), default="")
    n: Mapped[int] = mapped_column(default=1)
    value: Mapped[int] = mapped_column(default=0)
