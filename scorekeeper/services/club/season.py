"""A club's season: its evenings of one year added up to a league table (:func:`scorekeeper.club.league`,
docs/club-night.md "Season")."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from sqlalchemy import extract, select

from ...club import ClubError, LeagueLine, league
from ...limits.kept import Kept
from ...storage.club_models import ClubEvent
from ...storage.extensions import db
from ...storage.table_models import Table
from .events import EventRefused
from .order import evening_order, evening_over
from .sketch import sketches
from .standings import names_by_id

#: the most evenings a season adds up (a club meeting twice a week all year)
SEASON_EVENINGS_MAX = 120

#: league tables kept, by the database, the settings and each evening's id and last change (an
#: evening's every change bumps its ``updated_at``): a season read again loads no evening's players,
#: rounds and tables (8,800 rows on a year of 50 evenings, 300 ms of one worker's time)
KEPT_MAX = 32
#: evenings loaded and ordered between two yields to the server's other requests
SLICE = 10
_KEPT: Kept[tuple[list[LeagueLine], frozenset[int]]] = Kept(KEPT_MAX)


@dataclass
class Season:
    """A club's league table of ``year`` (None: of every evening): its evenings (date order) and
    each player's line (players are roster ids; ``names`` has their names); ``over``: the ids of
    the evenings that are over."""

    year: int | None
    evenings: list[ClubEvent]
    lines: list[LeagueLine]
    names: dict[int, str]
    over: frozenset[int] = field(default_factory=frozenset)


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
    (None: all) plus ``attendance_bonus`` per evening attended. Kept until one of its evenings
    changes (or one is added or deleted): a read again is two small queries."""
    query = select(ClubEvent).where(ClubEvent.table_id == table.id)
    if year is not None:
        query = query.where(extract("year", ClubEvent.held_on) == year)
    newest = query.order_by(ClubEvent.held_on.desc(), ClubEvent.id.desc()).limit(SEASON_EVENINGS_MAX)
    evenings = list(reversed(db.session.scalars(newest).all()))
    key = (
        str(db.engine.url),
        table.id,
        year,
        best,
        attendance_bonus,
        points,
        tuple((e.id, e.updated_at) for e in evenings),
    )
    found = _KEPT.get(key)
    if found is None:
        found = _added_up(evenings, best, attendance_bonus, points)
        _KEPT.put(key, found)
    lines, over = found
    names = names_by_id({line.player for line in lines})  # read again each time: a rename shows at once
    copies = [replace(line, evenings=list(line.evenings), counted=list(line.counted)) for line in lines]
    return Season(year, evenings, copies, names, over)


def _added_up(
    evenings: list[ClubEvent], best: int | None, attendance_bonus: float, points: str
) -> tuple[list[LeagueLine], frozenset[int]]:
    """The league's lines of ``evenings`` and the ids of those over, from their sketches
    (:func:`sketches`) of :data:`SLICE` evenings at a time; between slices the worker answers its
    other requests (a year's 50 evenings were one stretch of 300 ms)."""
    nights, over = [], set()
    for start in range(0, len(evenings), SLICE):
        if start:
            time.sleep(0)  # under gevent the server's other requests run between slices
        for event in sketches(evenings[start : start + SLICE]):
            nights.append(evening_order(event))
            if evening_over(event):
                over.add(event.id)
    try:
        lines = league(nights, best=best, attendance_bonus=attendance_bonus, points=points)
    except ClubError as err:
        raise EventRefused.of(err) from err
    return lines, frozenset(over)
