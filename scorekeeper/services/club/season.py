"""A club's season: its evenings of one year added up to a league table (:func:`scorekeeper.club.league`,
docs/club-night.md "Season")."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import extract, select
from sqlalchemy.orm import selectinload

from ...club import ClubError, LeagueLine, league
from ...storage.club_models import ClubEvent, EventRound
from ...storage.extensions import db
from ...storage.table_models import Table
from .events import EventRefused
from .order import evening_order
from .standings import names_of_events

#: the most evenings a season adds up (a club meeting twice a week all year)
SEASON_EVENINGS_MAX = 120


@dataclass
class Season:
    """A club's league table of ``year`` (None: of every evening): its evenings (date order) and
    each player's line (players are roster ids; ``names`` has their names)."""

    year: int | None
    evenings: list[ClubEvent]
    lines: list[LeagueLine]
    names: dict[int, str]


def club_season(
    table: Table,
    year: int | None = None,
    *,
    best: int | None = None,
    attendance_bonus: float = 0.0,
    points: str = "places",
) -> Season:
    """The league table of the club's evenings in ``year`` (None: every evening, as the season page
    adds them up; the latest :data:`SEASON_EVENINGS_MAX`), counting each player's ``best`` evenings
    (None: all) plus ``attendance_bonus`` per evening attended."""
    query = select(ClubEvent).where(ClubEvent.table_id == table.id)
    if year is not None:
        query = query.where(extract("year", ClubEvent.held_on) == year)
    newest = (
        query.order_by(ClubEvent.held_on.desc(), ClubEvent.id.desc())
        .limit(SEASON_EVENINGS_MAX)
        # every evening's players, rounds and tables in three queries, not three an evening
        .options(
            selectinload(ClubEvent.entrants),
            selectinload(ClubEvent.event_rounds).selectinload(EventRound.tables),
        )
    )
    evenings = list(reversed(db.session.scalars(newest).all()))
    names = names_of_events(evenings)  # one query for the whole season
    nights = [evening_order(event) for event in evenings]
    try:
        lines = league(nights, best=best, attendance_bonus=attendance_bonus, points=points)
    except ClubError as err:
        raise EventRefused.of(err) from err
    return Season(year, evenings, lines, names)
