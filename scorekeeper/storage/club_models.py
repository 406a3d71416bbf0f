"""Club night's rows (issue 39, docs/club-night.md): an event of a table (the club), who checked
in, its rounds, each round's tables (each a Scorekeeper game) and the event's log.

The evening's rules are :mod:`scorekeeper.club` (pure); :mod:`scorekeeper.services.club` loads
these rows into its values and writes what it decides. A seated round is kept as it was seated: a
printed table card never goes stale.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .models import NulFreeString, utcnow

#: the most characters of an event's name, and of an override's reason
EVENT_NAME_MAX = 80
REASON_MAX = 200


class ClubEvent(db.Model):
    """An evening of many tables: the club (a table with its roster) plays ``rounds`` rounds of
    ``variant``, ranked by ``scheme`` with ``tiebreaks`` in order."""

    __tablename__ = "club_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(NulFreeString(32), unique=True, index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(NulFreeString(EVENT_NAME_MAX))
    held_on: Mapped[date]
    variant: Mapped[str] = mapped_column(NulFreeString(40))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    #: the qualifying rounds planned (a cut to a final adds its own rounds)
    rounds: Mapped[int] = mapped_column(default=4)
    #: a key of :data:`scorekeeper.club.SCHEMES`
    scheme: Mapped[str] = mapped_column(NulFreeString(16), default="places")
    #: tournament points by place at a table of 4 (the places scheme)
    scale: Mapped[list] = mapped_column(JSON, default=lambda: [4, 2, 1, 0])
    #: keys of :data:`scorekeeper.club.TIEBREAKS`, in the order they apply
    tiebreaks: Mapped[list] = mapped_column(JSON, default=lambda: ["head_to_head", "wins", "best_game"])
    #: whether a table of 5, or of 2, may seat a count 3s and 4s cannot
    fives: Mapped[bool] = mapped_column(default=False)
    twos: Mapped[bool] = mapped_column(default=False)
    #: minutes a round lasts on the standings screen's timer (0: no timer)
    round_minutes: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: when the organiser ended the evening (None: not ended; an evening cut to a final ends with
    #: the final's result instead: :func:`scorekeeper.services.club.evening_over`; migration 0015)
    ended_at: Mapped[datetime | None] = mapped_column(nullable=True)
    #: the rounds seated so far (cuts' rounds too): a seating claims the next, and an end compares
    #: it with the rounds its page showed, both in one UPDATE of this row together with ``ended_at``,
    #: so of an end and a seating at once one is refused (:mod:`scorekeeper.services.club.rounds`,
    #: migration 0016)
    rounds_seated: Mapped[int] = mapped_column(default=0, server_default="0")
    #: bumped by every change (the standings screen's live version)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    entrants: Mapped[list[Entrant]] = relationship(
        back_populates="event", order_by="Entrant.id", cascade="all, delete-orphan", passive_deletes=True
    )
    event_rounds: Mapped[list[EventRound]] = relationship(
        back_populates="event",
        order_by="EventRound.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class Entrant(db.Model):
    """A roster player checked in to an event: seated from round ``arrived`` on, and after
    ``left_after`` no more (None: still here). Their line stays in the standings either way."""

    __tablename__ = "club_entrants"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_events.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("table_members.id"), index=True)
    arrived: Mapped[int] = mapped_column(default=1)
    left_after: Mapped[int | None] = mapped_column(nullable=True)

    event: Mapped[ClubEvent] = relationship(back_populates="entrants")

    __table_args__ = (UniqueConstraint("event_id", "member_id", name="uq_club_entrants_member"),)


class EventRound(db.Model):
    """A round of an event as it was seated: its number, the rule and seed, and its stage
    ("round": a qualifying round; "semi" or "final" after a cut)."""

    __tablename__ = "club_rounds"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    rule: Mapped[str] = mapped_column(NulFreeString(16))
    seed: Mapped[int]
    stage: Mapped[str] = mapped_column(NulFreeString(8), default="round")
    seated_at: Mapped[datetime] = mapped_column(default=utcnow)

    event: Mapped[ClubEvent] = relationship(back_populates="event_rounds")
    tables: Mapped[list[EventTable]] = relationship(
        back_populates="event_round",
        order_by="EventTable.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_club_rounds_number"),)


class EventTable(db.Model):
    """One table of a round: its number (1 the top table), its players (roster ids, seat order:
    the first starts), the game it plays, and its result once declared and confirmed.

    ``result`` is the final scores in seat order as declared (``declared_by``: a seat, or -1 for the
    game's editor); it counts once ``confirmed_by`` (another seat) or ``overridden`` (the organiser,
    with ``reason``)."""

    __tablename__ = "club_tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("club_rounds.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    members: Mapped[list] = mapped_column(JSON)
    #: indexed: every hand recorded in any game asks whether its game is a club table's
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), nullable=True, index=True
    )
    result: Mapped[list | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    declared_by: Mapped[int | None] = mapped_column(nullable=True)
    confirmed_by: Mapped[int | None] = mapped_column(nullable=True)
    overridden: Mapped[bool] = mapped_column(default=False)
    reason: Mapped[str] = mapped_column(NulFreeString(REASON_MAX), default="")
    final_at: Mapped[datetime | None] = mapped_column(nullable=True)

    event_round: Mapped[EventRound] = relationship(back_populates="tables")

    __table_args__ = (UniqueConstraint("round_id", "number", name="uq_club_tables_number"),)

    @property
    def final(self) -> bool:
        """The result counts: confirmed by a second player, or set by the organiser."""
        return result_final(self.result, self.confirmed_by, self.overridden)


def result_final(result: object, confirmed_by: object, overridden: object) -> bool:
    """Whether a club table's result counts (:attr:`EventTable.final`), from its columns as read."""
    return result is not None and (confirmed_by is not None or bool(overridden))


class EventLogEntry(db.Model):
    """One change to an event, for the organiser's log: check-ins, rounds seated, results declared,
    confirmed and overridden (with the reason), cuts."""

    __tablename__ = "club_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_events.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    #: "check_in", "check_out", "seated", "declared", "confirmed", "overridden", "cut",
    #: "changed_after_final" (19 characters: 16 was too few on PostgreSQL, migration 0014) ...
    action: Mapped[str] = mapped_column(NulFreeString(32))
    #: what changed, as plain values (names, table and round numbers, scores, the reason)
    detail: Mapped[dict] = mapped_column(JSON, default=dict)
