"""An evening as its order reads it (:func:`~scorekeeper.services.club.order.evening_order`), read
with two column queries and kept in small slotted objects: a season adds up its evenings from
these, not from ORM rows (a year of 50 evenings is 8,800 rows: entrants, rounds and tables).

A sketch answers what the order and ``evening_over`` ask of a :class:`ClubEvent`: its settings,
``ended_at``, ``entrants`` (``member_id``) and ``event_rounds`` (``stage``, ``tables``: ``members``,
``result``, ``final``), in the relationships' order."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select

from ...storage.club_models import ClubEvent, Entrant, EventRound, EventTable, result_final
from ...storage.extensions import db


@dataclass(slots=True)
class TableSketch:
    members: list
    result: list | None
    final: bool


@dataclass(slots=True)
class RoundSketch:
    stage: str
    tables: list[TableSketch] = field(default_factory=list)


@dataclass(slots=True)
class EntrantSketch:
    member_id: int


@dataclass(slots=True)
class EveningSketch:
    id: int
    variant: str
    options: dict[str, Any]
    scheme: str
    scale: list
    tiebreaks: list
    ended_at: datetime | None
    entrants: list[EntrantSketch] = field(default_factory=list)
    event_rounds: list[RoundSketch] = field(default_factory=list)


def sketches(evenings: list[ClubEvent]) -> list[EveningSketch]:
    """``evenings``' sketches, in their order: their entrants, rounds and tables in two queries."""
    out = {
        e.id: EveningSketch(e.id, e.variant, e.options, e.scheme, e.scale, e.tiebreaks, e.ended_at)
        for e in evenings
    }
    if not out:
        return []
    entrants = (
        select(Entrant.event_id, Entrant.member_id).where(Entrant.event_id.in_(out)).order_by(Entrant.id)
    )
    for event_id, member_id in db.session.execute(entrants):
        out[event_id].entrants.append(EntrantSketch(member_id))
    tables = (
        select(
            EventRound.id,
            EventRound.event_id,
            EventRound.stage,
            EventTable.members,
            EventTable.result,
            EventTable.confirmed_by,
            EventTable.overridden,
        )
        .outerjoin(EventTable, EventTable.round_id == EventRound.id)
        .where(EventRound.event_id.in_(out))
        .order_by(EventRound.event_id, EventRound.number, EventTable.number)
    )
    rounds: dict[int, RoundSketch] = {}
    for round_id, event_id, stage, members, result, confirmed_by, overridden in db.session.execute(tables):
        if round_id not in rounds:
            rounds[round_id] = RoundSketch(stage)
            out[event_id].event_rounds.append(rounds[round_id])
        if members is not None:  # a round without tables has one row of nulls
            final = result_final(result, confirmed_by, overridden)
            rounds[round_id].tables.append(TableSketch(members, result, final))
    return list(out.values())
