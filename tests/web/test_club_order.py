"""The evening's order after a final (review 39, finding 7): the event page, the API's standings
(which the screen shows), the season and the standings sheet all rank by one
:func:`~scorekeeper.services.club.evening_order`: the final's places first once it is played."""

from __future__ import annotations

import itertools
from datetime import date
from html import unescape

import pytest

from scorekeeper import services
from scorekeeper.events.api_json import standings_json
from scorekeeper.events.page import standing_rows
from scorekeeper.printing.club import standings_context
from scorekeeper.services.club import (
    check_in,
    create_event,
    current_round,
    cut,
    declare,
    evening_order,
    event_standings,
    names_of,
    seat_next,
)
from scorekeeper.services.club.season import club_season
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .club_support import december_night, play_round

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def evening(app):
    with app.test_request_context():  # the sheet builds addresses
        table, event, secret = december_night(NAMES, rounds=1)
        check_in(event, NAMES)
        seat_next(event, secret, "draw", seed=11)
        play_round(event, lambda t: 0)
        cut(event, secret, "final")
        db.session.commit()
        yield table, event


def test_every_reader_ranks_the_evening_by_the_final_once_it_is_played(evening):
    table, event = evening
    names = names_of(event)
    qualifying = [names[s.player] for s in event_standings(event)]
    assert [names[s.player] for s in evening_order(event)] == qualifying  # no final played yet
    final = current_round(event).tables[0]
    last = len(final.members) - 1  # the final's last seat (the 4th qualifier) wins it
    play_round(event, lambda t: last)
    db.session.commit()
    winner = names[final.members[last]]
    assert qualifying[0] != winner
    order = evening_order(event)
    assert names[order[0].player] == winner and order[0].rank == 1
    assert [s.rank for s in order[:4]] == [1, 2, 3, 4]
    assert {names[s.player] for s in order[:4]} == set(qualifying[:4])
    assert standing_rows(event, names)[0]["name"] == winner  # the event page
    assert standings_json(event)[0]["name"] == winner  # the API and the standings screen
    assert standings_context(event)["lines"][0]["name"] == winner  # the standings sheet
    assert standings_context(event)["order"][0] == winner
    season = club_season(table)
    top = max(season.lines, key=lambda line: line.total)
    assert season.names[top.player] == winner  # the season counts the evening's order
    # the final orders its players by itself: no tiebreak is said to have parted them, and below
    # them a tiebreak is said only where the line above is the one it parted the player from
    assert all(s.parted_by is None for s in order[:4])
    kept = {s.player: s for s in event_standings(event)}
    before = {b.player: a.player for a, b in zip(event_standings(event), event_standings(event)[1:])}
    for above, line in itertools.pairwise(order):
        expected = kept[line.player].parted_by if before.get(line.player) == above.player else None
        assert line.parted_by == expected


@pytest.mark.parametrize(
    ("value", "english", "german"),
    [(1.5, "1.5", "1,5"), (-0.001, "0", "0"), (10.000000000000002, "10", "10"), (11 / 6, "1.83", "1,83")],
)
def test_points_are_written_one_way_on_the_page_the_screen_and_the_sheets(app, value, english, german):
    from flask_babel import force_locale

    from scorekeeper.events.screen import points
    from scorekeeper.printing.club import number
    from scorekeeper.printing.club_words import points_text

    with app.test_request_context():
        assert points_text(value) == points(value) == number(value) == english
        with force_locale("de"):
            assert points_text(value) == points(value) == number(value) == german


def test_the_log_says_who_a_cut_drew_among(app):
    from scorekeeper.events.page import log_lines
    from scorekeeper.services.club import override

    names = [f"P{n:02d}" for n in range(12)]
    with app.test_request_context():
        table, secret = create_table("Friday club", names)
        event = create_event(table, name="Lot night", held_on=date(2026, 12, 4), variant="rummikub", rounds=1)
        check_in(event, names)
        seat_next(event, secret, "draw", seed=5)
        for row in current_round(event).tables:  # three tables, the same result: three tied at each place
            override(event, row, [30, 20, 10, 0], "slips")
        cut(event, secret, "final")
        db.session.commit()
        seconds = {names_of(event)[t.members[1]] for t in event.event_rounds[0].tables}
        said = str(log_lines(event)[-1])
        assert "were tied at the cut line after every tiebreak: the seed drew who went through." in said
        assert all(name in said.split("Table 1:")[1] for name in seconds)


def test_the_page_escapes_a_translators_words_and_names_who_declared_by_seat(app, monkeypatch):
    from types import SimpleNamespace

    from scorekeeper.events import page

    with app.test_request_context():
        monkeypatch.setattr(page, "gettext", lambda text: "<i>" + text + "</i>")
        playing = page.table_state(SimpleNamespace(result=None), ["Ann", "Bob"])
        assert "<i>" not in playing and "&lt;i&gt;playing" in playing  # a catalog's text is never markup
        editor = page._who(["Ann", "Bob"], -1)
        assert "<i>" not in editor and "the game&#39;s editor" in editor
        monkeypatch.undo()
        seated = [["Ann", "Bob", "Cy"]]
        by_seat = page._sentence("declared", {"table": 1, "by": 1, "scores": [5, 3, 1]}, seated)
        assert "declared by <bdi>Bob</bdi>" in by_seat  # a seat kept in the log is named when shown
        by_editor = page._sentence("confirmed", {"table": 1, "by": -1, "scores": [5, 3, 1]}, seated)
        assert "confirmed by the game&#39;s editor" in by_editor
        assert "the game&#39;s editor" in page._sentence(
            "declared", {"table": 1, "by": "the game's editor"}, seated
        )


def test_the_log_says_when_a_tables_game_changed_under_its_result(evening):
    from scorekeeper.events.page import log_lines
    from scorekeeper.services.club import override

    _, event = evening
    final = current_round(event).tables[0]
    game = db.session.get(Game, final.game_id)
    racks = [{"rack": "" if s == 0 else f"R{s + 1}"} for s in range(len(final.members))]
    services.record_round(game, {"winner": 0, "players": racks})
    declare(event, final, 0)
    services.record_round(game, {"winner": 0, "players": racks})  # another hand before the confirm
    db.session.commit()
    said = unescape(" ".join(str(line) for line in log_lines(event)))
    assert "Table 1's declared result was withdrawn: a hand of its game changed." in said
    override(event, final, [1, 2, 3, 4][: len(final.members)], "read out")
    services.record_round(game, {"winner": 0, "players": racks})
    db.session.commit()
    said = unescape(" ".join(str(line) for line in log_lines(event)))
    assert "Table 1's game changed after its result was final: set the result as the organiser." in said
