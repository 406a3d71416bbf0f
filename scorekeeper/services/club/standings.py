"""The evening's standings from its final results (:func:`scorekeeper.club.standings`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace

from ...club import Standing, standings, table_game
from ...limits.kept import Kept
from ...storage.club_models import ClubEvent
from ...storage.extensions import db
from ...storage.table_models import Member

#: the standings kept (by what they are computed from), and their lock: a whole season's evenings
#: (season.SEASON_EVENINGS_MAX, 120) and those being played, so that reading a season again ranks
#: no evening again (with 32 kept, a season of 50 evenings ranked every one of them at each read)
KEPT_MAX = 160
_KEPT: Kept[list[Standing]] = Kept(KEPT_MAX)


def event_standings(event: ClubEvent, *, stage: str = "round") -> list[Standing]:
    """Every checked-in player's line (players are roster ids), best first, from the final results
    of the ``stage`` rounds (the qualifying rounds by default).

    Kept in this process by what they are computed from (the evening's settings, players and final
    results): the standings screens, the API, the event page and the next round's seating of one
    evening share one computation per change, and a change of any input is a new key."""
    finals = [
        (tuple(t.members), tuple(t.result))
        for r in event.event_rounds
        if r.stage == stage
        for t in r.tables
        if t.final
    ]
    players = tuple(e.member_id for e in event.entrants)
    key = (
        event.variant,
        json.dumps(event.options or {}, sort_keys=True),
        event.scheme,
        tuple(event.scale),
        tuple(event.tiebreaks),
        players,
        tuple(finals),
    )
    lines = _KEPT.get(key)
    if lines is None:
        games = [table_game(event.variant, members, result, event.options) for members, result in finals]
        lines = standings(
            games, event.scheme, scale=event.scale, tiebreaks=event.tiebreaks, players=list(players)
        )
        _KEPT.put(key, lines)
    return [replace(s, values=list(s.values)) for s in lines]  # the caller's own copies


def names_of(event: ClubEvent) -> dict[int, str]:
    """Roster names by id, for the event's players."""
    return names_of_events([event])


def names_of_events(events: Iterable[ClubEvent]) -> dict[int, str]:
    """Roster names by id, for the players of every one of ``events``, in one query (a season's)."""
    ids = set()
    for event in events:
        ids.update(e.member_id for e in event.entrants)
        for r in event.event_rounds:
            for t in r.tables:
                ids.update(t.members)
    return names_by_id(ids)


def names_by_id(ids: set[int]) -> dict[int, str]:
    """Roster names by id, in one query (none for no ids)."""
    if not ids:
        return {}
    rows = db.session.execute(db.select(Member.id, Member.name).where(Member.id.in_(ids)))
    return dict(rows.all())
