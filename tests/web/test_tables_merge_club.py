"""Merging two roster players who played club nights (review 39, finding 10): the dropped player's
check-ins and seats at the evening's tables become the kept player's (no FOREIGN KEY error, no 500);
both checked in to one evening is refused with a sentence."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.services import SetupError
from scorekeeper.services.club import check_in, create_event, event_standings, seat_next
from scorekeeper.services.tables.roster import create_table, merge
from scorekeeper.storage.club_models import EventTable
from scorekeeper.storage.extensions import db
from scorekeeper.storage.table_models import Member

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Bobby"]


@pytest.fixture
def club(app):
    with app.app_context():
        table, secret = create_table("Thursday club", NAMES)
        db.session.commit()
        yield table, secret, {m.name: m for m in table.members}


def evening(table, secret, names, day: int, *, seat: bool = True):
    event = create_event(table, name=f"Night {day}", held_on=date(2026, 12, day), variant="rummikub")
    check_in(event, names)
    if seat:
        seat_next(event, secret, "draw", seed=day)
    db.session.commit()
    return event


def test_a_player_who_played_a_club_night_merges_into_another(club):
    table, secret, members = club
    evening(table, secret, ["Ann", "Cy", "Dee", "Bob"], 3)
    later = evening(table, secret, ["Ann", "Cy", "Dee", "Bobby"], 10)
    bob, bobby = members["Bob"], members["Bobby"]
    merge(table, bob, bobby)
    db.session.commit()
    assert db.session.get(Member, bobby.id) is None
    assert {e.member_id for e in later.entrants} == {members[n].id for n in ("Ann", "Cy", "Dee")} | {bob.id}
    seated = db.session.scalars(db.select(EventTable)).all()
    assert all(bobby.id not in t.members for t in seated)
    assert bob.id in {p for t in seated for p in t.members}
    assert {s.player for s in event_standings(later)} >= {bob.id}


def test_two_players_of_one_club_night_are_not_merged(club):
    table, secret, members = club
    evening(table, secret, ["Ann", "Bob", "Cy", "Bobby"], 3, seat=False)  # checked in, no game together
    with pytest.raises(SetupError) as refused:
        merge(table, members["Bob"], members["Bobby"])
    assert "played the same club night" in str(refused.value)
    db.session.rollback()
    assert db.session.get(Member, members["Bobby"].id) is not None
