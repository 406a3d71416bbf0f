"""A club's history does not make its pages ask the database once per evening or once per game:
the season's league table and the hands CSV ask as often after six evenings as after two. On a real
SQLite file through the test client, statements counted on the engine (bench/club_year.py measures
the same pages on a year of evenings: docs/limits.md)."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

import pytest

from scorekeeper.services.club import check_in, create_event, seat_next
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db

from .club_support import by_lot, play_round
from .statements_support import asked, statements

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal"]


@pytest.fixture
def club(app):
    """A club of eight; a function that plays ``count`` more evenings (two rounds of two tables
    each, every result confirmed). (club's id, that function)."""
    with app.app_context():
        table, secret = create_table("Thursday club", EIGHT)
        db.session.commit()
        club_id = table.public_id
    played = []
    rng = random.Random(5)

    def evenings(count: int) -> None:
        with app.app_context():
            from scorekeeper.services.tables.roster import get_table

            table = get_table(club_id)
            for _ in range(count):
                held_on = date(2026, 1, 8) + timedelta(days=7 * len(played))
                event = create_event(table, name="Club night", held_on=held_on, variant="rummikub", rounds=2)
                check_in(event, EIGHT)
                for rule in ("draw", "swiss"):
                    seat_next(event, secret, rule, seed=len(played))
                    play_round(event, **by_lot(rng))
                db.session.commit()
                played.append(held_on)

    return club_id, evenings, played


def test_the_season_asks_as_often_after_six_evenings_as_after_two(app, client, club):
    club_id, evenings, played = club
    evenings(2)
    _, page_two = asked(app, client, f"/tables/{club_id}/season")
    _, api_two = asked(app, client, f"/api/v1/tables/{club_id}/season")
    evenings(4)
    page, page_six = asked(app, client, f"/tables/{club_id}/season")
    api, api_six = asked(app, client, f"/api/v1/tables/{club_id}/season")
    assert (page_six, api_six) == (page_two, api_two), (
        f"season page {page_two} statements for 2 evenings, {page_six} for 6; API {api_two}, {api_six}"
    )
    assert all(day.isoformat() in page and day.isoformat() in api for day in played)
    assert all(name in page and name in api for name in EIGHT)


def test_the_exports_ask_as_often_after_six_evenings_as_after_two(app, client, club):
    club_id, evenings, _ = club
    evenings(2)
    _, hands_two = asked(app, client, f"/api/v1/tables/{club_id}/export/hands.csv")
    _, export_two = asked(app, client, f"/api/v1/tables/{club_id}/export")
    evenings(4)
    hands, hands_six = asked(app, client, f"/api/v1/tables/{club_id}/export/hands.csv")
    export, export_six = asked(app, client, f"/api/v1/tables/{club_id}/export")
    assert (hands_six, export_six) == (hands_two, export_two), (
        f"hands CSV {hands_two} statements for 2 evenings, {hands_six} for 6; export {export_two}, {export_six}"
    )
    games = 6 * 2 * 2  # six evenings of two rounds at two tables, one hand each
    assert len(hands.splitlines()) == 1 + games * 4  # a line per player per hand
    exported = json.loads(export)["games"]
    assert len(exported) == games
    assert all(len(g["game"]["rounds"]) == 1 and g["game"]["audit"] for g in exported)


def test_reading_the_season_again_ranks_no_evening_again(app, client, club, monkeypatch):
    from scorekeeper.services.club import season, standings

    # every evening a season adds up stays kept: with 32 kept, a season of 50 ranked all 50 each read
    assert standings.KEPT_MAX >= season.SEASON_EVENINGS_MAX
    club_id, evenings, _ = club
    evenings(3)
    first = client.get(f"/tables/{club_id}/season").get_data(as_text=True)
    ranked = []
    rank = standings.standings
    monkeypatch.setattr(standings, "standings", lambda *a, **k: ranked.append(1) or rank(*a, **k))
    assert client.get(f"/tables/{club_id}/season").get_data(as_text=True) == first
    assert not ranked


def test_a_season_read_again_is_kept_and_loads_no_table_rows_after_two_evenings_or_six(app, client, club):
    """The league table is kept by its evenings' last changes: read again it loads no evening's
    tables (a year's 8,800 rows were loaded at every read, 300 ms of the one worker's time), and
    its first read builds no ORM row of them either (column reads, bench/club_year_wait.py)."""
    from scorekeeper.storage.club_models import Entrant, EventTable

    from .statements_support import loaded

    club_id, evenings, _ = club
    counts = []
    for more in (2, 4):
        evenings(more)
        for path in (f"/tables/{club_id}/season", f"/api/v1/tables/{club_id}/season"):
            with loaded(EventTable) as tables, loaded(Entrant) as entrants:
                first = client.get(path).get_data(as_text=True)
            assert (tables, entrants) == ([], []), f"{path}: the first read loaded ORM rows"
            with statements(app) as seen:
                again = client.get(path).get_data(as_text=True)
            assert again == first
            assert not [s for s in seen if "club_tables" in s or "club_entrants" in s], seen
            counts.append(len(seen))
    assert counts[:2] == counts[2:], (
        f"a kept read: {counts[:2]} statements after 2 evenings, {counts[2:]} after 6"
    )


def test_a_kept_season_changes_with_the_next_read_after_a_result_changes(app, client, club):
    from scorekeeper.services.club import season as seasons
    from scorekeeper.services.club.results import override
    from scorekeeper.storage.club_models import ClubEvent

    club_id, evenings, _ = club
    evenings(2)
    path = f"/api/v1/tables/{club_id}/season"
    before = client.get(path).get_json()["lines"]
    assert client.get(path).get_json()["lines"] == before  # kept
    with app.app_context():
        event = db.session.scalars(db.select(ClubEvent).order_by(ClubEvent.id.desc())).first()
        table = event.event_rounds[-1].tables[0]
        last = min(range(len(table.members)), key=lambda seat: table.result[seat])
        scores = [0] * len(table.members)
        scores[last] = 900  # the table's last player now wins it by far
        override(event, table, scores, "scores added up wrong")
        db.session.commit()
    after = client.get(path).get_json()["lines"]
    assert after != before
    seasons._KEPT.clear()  # what the season is, worked out afresh
    assert client.get(path).get_json()["lines"] == after


def test_a_season_worked_out_afresh_lets_other_requests_run_between_slices_of_evenings(
    app, club, monkeypatch
):
    import time

    from scorekeeper.services.club import season as seasons
    from scorekeeper.services.tables.roster import get_table

    club_id, evenings, _ = club
    evenings(6)
    monkeypatch.setattr(seasons, "SLICE", 2)
    yields = []
    sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: yields.append(s) or sleep(s))
    with app.test_request_context():
        lines = seasons.club_season(get_table(club_id)).lines
    assert len(lines) == len(EIGHT)
    assert yields == [0, 0]  # six evenings, two at a time: a yield between slices


def test_a_kept_season_follows_a_roster_merge_on_the_next_read(app, client, club):
    """A merge moves a player's club nights to the kept name (the rows hold roster ids): the evenings
    it changes are changed, so the kept league table is not read with the dropped player's id."""
    from scorekeeper.services.tables.roster import get_table, member_named, merge, roster_players

    club_id, evenings, _ = club
    evenings(2)
    path = f"/api/v1/tables/{club_id}/season"
    before = {line["name"]: line["total"] for line in client.get(path).get_json()["lines"]}
    with app.app_context():
        table = get_table(club_id)
        keep = roster_players(table, ["Ann Lee"])[0]  # on the roster, never at a club night
        merge(table, keep, member_named(table, "Ann"))
        db.session.commit()
    after = {line["name"]: line["total"] for line in client.get(path).get_json()["lines"]}
    assert "Ann" not in after and after["Ann Lee"] == before["Ann"], after
