"""A roster merge reaching club nights (issue 39): the dropped player's check-ins become the kept
player's, and the tables they were seated at name the kept player (rows hold roster ids)."""

from __future__ import annotations

from sqlalchemy import select, update

from ...storage.club_models import ClubEvent, Entrant, EventRound, EventTable
from ...storage.extensions import db
from ...storage.models import utcnow
from ...storage.table_models import Member
from .. import SetupError


def move_check_ins(table_id: int, keep: Member, drop: Member) -> None:
    """``drop``'s club nights become ``keep``'s; refused when both checked in to one evening (two
    lines of its standings cannot become one)."""
    events = select(ClubEvent.id).where(ClubEvent.table_id == table_id)
    rows = db.session.scalars(
        select(Entrant).where(Entrant.event_id.in_(events), Entrant.member_id.in_((keep.id, drop.id)))
    ).all()
    kept = {e.event_id for e in rows if e.member_id == keep.id}
    if any(e.event_id in kept for e in rows if e.member_id == drop.id):
        raise SetupError(
            [("drop", f"{keep.name} and {drop.name} played the same club night; they are two people")]
        )
    changed = set()
    for entrant in rows:
        if entrant.member_id == drop.id:
            entrant.member_id = keep.id
            changed.add(entrant.event_id)
    seated = select(EventRound.id, EventRound.event_id).where(EventRound.event_id.in_(events))
    evening_of = dict(db.session.execute(seated).all())
    for table in db.session.scalars(select(EventTable).where(EventTable.round_id.in_(list(evening_of)))):
        if drop.id in table.members:
            table.members = [keep.id if m == drop.id else m for m in table.members]
            changed.add(evening_of[table.round_id])
    if changed:  # their change stamps: the standings screens and the kept season read them anew
        db.session.execute(update(ClubEvent).where(ClubEvent.id.in_(changed)).values(updated_at=utcnow()))
    db.session.flush()
