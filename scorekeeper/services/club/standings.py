"""The evening's standings from its final results (:func:`scorekeeper.club.standings`)."""

from __future__ import annotations

from ...club import Standing, standings, table_game
from ...storage.club_models import ClubEvent
from ...storage.extensions import db
from ...storage.table_models import Member


def event_standings(event: ClubEvent, *, stage: str = "round") -> list[Standing]:
    """Every checked-in player's line (players are roster ids), best first, from the final results
    of the ``stage`` rounds (the qualifying rounds by default)."""
    games = [
        table_game(event.variant, t.members, t.result, event.options)
        for r in event.event_rounds
        if r.stage == stage
        for t in r.tables
        if t.final
    ]
    return standings(
        games,
        event.scheme,
        scale=event.scale,
        tiebreaks=event.tiebreaks,
        players=[e.member_id for e in event.entrants],
    )


def names_of(event: ClubEvent) -> dict[int, str]:
    """Roster names by id, for the event's players."""
    ids = {e.member_id for e in event.entrants}
    for r in event.event_rounds:
        for t in r.tables:
            ids.update(t.members)
    if not ids:
        return {}
    rows = db.session.execute(db.select(Member.id, Member.name).where(Member.id.in_(ids)))
    return dict(rows.all())
