"""Persistence only: games, their players, recorded hands and the audit trail.

No rules live here: totals, progress and winners are always derived by the
rules engine from ``Round.facts`` (see :mod:`scorekeeper.services`). The
schema is created and changed only through the migrations in ``migrations/``.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    TypeDecorator,
    UniqueConstraint,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """SQLite: enforce foreign keys, write-ahead log (readers never wait for a writer),
    and wait for a busy database instead of failing at once."""
    if type(dbapi_connection).__module__.split(".")[0] not in ("sqlite3", "pysqlite2"):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() not in ("memory", "wal"):
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class NulFreeString(TypeDecorator):
    """A VARCHAR whose values never carry NUL characters, on the way in or in a lookup.

    PostgreSQL text cannot hold NUL (psycopg refuses the whole statement); SQLite
    stores it. Dropping NUL before either sees it makes both keep and look up the
    same text: an address with a NUL in it is looked up without it (a 404, not a 500).
    Migrations write it as the plain ``sa.String`` (see :func:`render_item`).
    """

    impl = String
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return value.replace("\x00", "") if isinstance(value, str) else value


def render_item(kind: str, obj, autogen_context):
    """Alembic hook: write :class:`NulFreeString` into generated migrations as ``sa.String(...)``."""
    if kind == "type" and isinstance(obj, NulFreeString):
        return f"sa.{obj.impl!r}"
    return False


def utcnow() -> datetime:
    """Now in UTC, naive (SQLite stores no time zone; every stamp here is UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Game(db.Model):
    """One game at one table: its variant, options and who may change it."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: random url-safe id used in every URL (the integer id never leaves the server)
    public_id: Mapped[str] = mapped_column(NulFreeString(32), unique=True, index=True)
    variant: Mapped[str] = mapped_column(NulFreeString(40))
    #: every game option of the variant, validated and with defaults filled
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(default=0)
    #: sha256 hex digest of the edit secret (the secret itself is never stored)
    secret_hash: Mapped[str] = mapped_column(NulFreeString(64))
    #: cache of the engine's verdict: 'in_progress' or 'finished'
    status: Mapped[str] = mapped_column(NulFreeString(16), default="in_progress")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: how many changes the game's hands have had: each change claims the next one in its own
    #: transaction (:func:`scorekeeper.services.claim`), so changes to one game run one at a time
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    #: the turn timer (``services.timer``): its length and where it stands; None: never set
    timer: Mapped[dict | None] = mapped_column(JSON, nullable=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan", passive_deletes=True
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan", passive_deletes=True
    )
    audit_entries: Mapped[list[AuditEntry]] = relationship(
        back_populates="game", order_by="AuditEntry.id", cascade="all, delete-orphan", passive_deletes=True
    )

    __table_args__ = (Index("ix_games_status_created", "status", "created_at"),)

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Game {self.public_id} {self.variant} {self.status}>"


class Rematch(db.Model):
    """The rematch started from a game, kept so that it is started once (:mod:`scorekeeper.services.rematches`).

    The game's id is the key, so a second rematch of the same game (another phone, a double tap, a
    retry) cannot be written beside the first; deleting either game deletes the row, and the game may
    then be rematched again.
    """

    __tablename__ = "rematches"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    rematch_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)


class Player(db.Model):
    """A player in a seat (0-based, in the order they sit and deal)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(NulFreeString(40))

    game: Mapped[Game] = relationship(back_populates="players")

    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_players_game_seat"),)


class Round(db.Model):
    """One recorded hand: the round facts exactly as the variant documents them."""

    __tablename__ = "rounds"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1-based, no gaps
    facts: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")

    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_rounds_game_number"),)


class AuditEntry(db.Model):
    """One change to a game: when, what, and the facts before and after."""

    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: 'create', 'record', 'edit', 'delete', 'undo' or 'redo'; or a seat's entry, which changes no hand
    #: (a part sent, confirmed, disputed, settled; a seat taken, freed, kept, given: ``SEAT_LOG_ACTIONS``)
    action: Mapped[str] = mapped_column(NulFreeString(16))
    round_number: Mapped[int | None]
    old: Mapped[dict | None] = mapped_column(JSON(none_as_null=True))
    new: Mapped[dict | None] = mapped_column(JSON(none_as_null=True))
    summary: Mapped[str] = mapped_column(NulFreeString(300), default="")
    #: set on a record/edit/delete while an undo has it reversed; on an undo once redone
    undone: Mapped[bool] = mapped_column(default=False)

    game: Mapped[Game] = relationship(back_populates="audit_entries")


class SentHand(db.Model):
    """A hand a phone sent with an idempotency key, recorded once (:mod:`scorekeeper.offline`).

    Written in the same transaction as the hand itself, so a key is stored if and
    only if its hand is; a repeat of the key is answered with ``answer``, the
    original result, and records nothing.
    """

    __tablename__ = "sent_hands"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: the phone's key for this send (a random UUID), unique across every game
    key: Mapped[str] = mapped_column(NulFreeString(64))
    round_number: Mapped[int]
    #: the JSON body the first send was answered with
    answer: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    __table_args__ = (UniqueConstraint("key", name="uq_sent_hands_key"),)


class KeptAnswer(db.Model):
    """The answer to an API change sent with an ``Idempotency-Key`` (:mod:`scorekeeper.api.idempotency`).

    Written in the same transaction as the change, so a key is kept if and only if
    its change is; a retry with the same key, operation, caller and body is given
    ``status``, ``body`` and ``headers`` again and changes nothing. Kept for a day.
    """

    __tablename__ = "kept_answers"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: the client's key, as sent (1 to 255 printable ASCII characters)
    key: Mapped[str] = mapped_column(String(255))
    #: method and path ("POST /api/v1/games/abc/rounds")
    operation: Mapped[str] = mapped_column(String(255))
    #: SHA-256 of the caller's Authorization header (its game or table secret), "" without one
    scope: Mapped[str] = mapped_column(String(64))
    #: SHA-256 of the request's body (its JSON read and written back sorted, or its bytes)
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    body: Mapped[bytes] = mapped_column(LargeBinary)
    headers: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)

    __table_args__ = (UniqueConstraint("key", "operation", "scope", name="uq_kept_answers_key"),)


class RateCount(db.Model):
    """One rate limit counter (:mod:`scorekeeper.web.rate_store`), shared by every worker process.

    ``key`` is the limiter's (budget, client address, window); ``count`` the hits in the window that
    ends at ``expires_at`` (seconds since the epoch). Written by one UPSERT per hit, never through the ORM.
    """

    __tablename__ = "rate_counts"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    count: Mapped[int]
    expires_at: Mapped[float] = mapped_column(Float, index=True)
