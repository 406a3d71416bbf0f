"""Seats' rows (issue 38): a game opened for seats, the seat each phone took, and the parts of the
open hand that have come in (:mod:`scorekeeper.services.seats`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .extensions import db
from .models import NulFreeString, utcnow

#: the change log's entries of the seats feature (``AuditEntry.action``): a part sent, sent again,
#: confirmed, disputed, accepted or sent back by the editor; a seat taken, freed, kept, given. They
#: change no hand: Undo and Redo pass them by (:mod:`scorekeeper.services.seats.seat_log`)
SEAT_LOG_ACTIONS = (
    "part_sent",
    "part_resent",
    "part_confirmed",
    "part_disputed",
    "part_accepted",
    "part_returned",
    "seat_taken",
    "seat_freed",
    "seat_kept",
    "seat_given",
)

#: the most characters a dispute's typed reason may have ("That's not right": a short note)
DISPUTE_REASON_MAX = 120


class Seating(db.Model):
    """A game opened for seats: each phone at the table may take one player's seat."""

    __tablename__ = "seatings"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    #: who must confirm a part before its hand is recorded: "none", "any" (another seat), "left"
    confirm: Mapped[str] = mapped_column(NulFreeString(8), default="none")
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)


class Seat(db.Model):
    """A player's seat taken: by a phone (holding the seat secret) or kept by the game's editor."""

    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: the player's seat in the game (``Player.seat``)
    seat: Mapped[int]
    #: "phone" (a phone holds the secret) or "editor" (a player without a phone: the editor enters)
    holder: Mapped[str] = mapped_column(NulFreeString(8), default="phone")
    #: sha256 hex digest of the seat secret (None: kept by the editor)
    secret_hash: Mapped[str | None] = mapped_column(NulFreeString(64), nullable=True)
    taken_at: Mapped[datetime] = mapped_column(default=utcnow)

    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),)


class SeatPart(db.Model):
    """One player's part of the open hand (their rack, cards left, Step laid), until the hand is
    recorded from all of them (then the parts are gone and the hand is a ``Round``)."""

    __tablename__ = "seat_parts"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: the hand it is for (the game's next hand number when it came in)
    hand: Mapped[int]
    seat: Mapped[int]
    #: the player's entry as the variant's round facts hold it (``{"rack": "R5 J"}``)
    part: Mapped[dict] = mapped_column(JSON)
    #: who sent it: "seat" (the player's own phone) or "editor"
    by: Mapped[str] = mapped_column(NulFreeString(8), default="seat")
    #: the seat of the player who confirmed it ("looks right"), None while nobody has
    confirmed_by: Mapped[int | None] = mapped_column(nullable=True)
    #: the seat of the player who disputed it, None while nobody does (the editor settles a dispute)
    disputed_by: Mapped[int | None] = mapped_column(nullable=True)
    #: why it was disputed, as the disputing player typed it (optional, short), None without a dispute
    dispute_reason: Mapped[str | None] = mapped_column(NulFreeString(DISPUTE_REASON_MAX), nullable=True)
    #: the editor settled it: it counts as confirmed
    settled: Mapped[bool] = mapped_column(default=False)
    at: Mapped[datetime] = mapped_column(default=utcnow)

    __table_args__ = (UniqueConstraint("game_id", "hand", "seat", name="uq_seat_parts_game_hand_seat"),)
