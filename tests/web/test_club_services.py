"""Club night's services on a real SQLite database (issue 39): an evening of 14 players checked in,
seated, played, declared, confirmed by a second player, overridden, cut to a final."""

from __future__ import annotations

import random
from datetime import date

import pytest

from scorekeeper import services
from scorekeeper.services import SetupError
from scorekeeper.services.club import (
    EventRefused,
    check_in,
    check_out,
    confirm,
    create_event,
    current_round,
    cut,
    declare,
    event_standings,
    get_event,
    names_of,
    override,
    present,
    seat_next,
)
from scorekeeper.services.club.results import EDITOR
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.club_models import EventLogEntry
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .club_support import by_lot, december_night, play_round

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned"]


@pytest.fixture
def club(app):
    with app.app_context():
        _, event, secret = december_night(NAMES, rounds=3)
        db.session.commit()
        yield event, secret


def test_a_fourteen_player_evening_seated_played_and_cut(club):
    event, secret = club
    check_in(event, NAMES[:13])
    rng = random.Random(7)
    first = seat_next(event, secret, "draw", seed=123456)
    assert [len(t.members) for t in first.tables] == [4, 3, 3, 3]  # 13 players
    # a late arrival between rounds: seated from round 2, with 0 points until then
    play_round(event, **by_lot(rng))
    check_in(event, ["Ned"])
    lines = event_standings(event)
    assert len(lines) == 14 and next(s for s in lines if names_of(event)[s.player] == "Ned").points == 0
    second = seat_next(event, secret, "standing")
    assert [len(t.members) for t in second.tables] == [4, 4, 3, 3]
    order = [s.player for s in lines]
    assert second.tables[0].members and set(second.tables[0].members) == set(order[:4])  # leaders together
    # every table's game is a game of the club, opened for the seated phones, first seat starts
    game = db.session.get(Game, second.tables[0].game_id)
    assert game.names == [names_of(event)[m] for m in second.tables[0].members]
    assert services.game_score(game).starter in (0, None)
    play_round(event, **by_lot(rng))
    third = seat_next(event, secret, "swiss")
    assert sum(len(t.members) for t in third.tables) == 14
    play_round(event, **by_lot(rng))
    final = cut(event, secret, "final")
    assert final.stage == "final" and len(final.tables) == 1
    top4 = [s.player for s in event_standings(event)[:4]]
    assert final.tables[0].members[0] == top4[0] and set(final.tables[0].members) == set(top4)
    actions = [e.action for e in db.session.query(EventLogEntry).filter_by(event_id=event.id)]
    assert (
        actions.count("seated") == 4 and actions.count("confirmed") == 4 + 4 + 4
    )  # three rounds of four tables


def test_a_result_needs_a_second_player_and_the_next_round_waits_for_every_table(club):
    event, secret = club
    check_in(event, NAMES[:8])
    seat_next(event, secret, "draw", seed=1)
    table = current_round(event).tables[0]
    with pytest.raises(EventRefused, match="played no hand"):
        declare(event, table, 0)
    game = db.session.get(Game, table.game_id)
    services.record_round(
        game, {"winner": 2, "players": [{"rack": "R5"}, {"rack": "K9"}, {"rack": ""}, {"rack": "B1"}]}
    )
    declare(event, table, 2)
    with pytest.raises(EventRefused, match="A second player confirms the result") as refused:
        confirm(event, table, 2)
    assert refused.value.status == 409 and names_of(event)[table.members[2]] in str(refused.value)
    assert not table.final
    with pytest.raises(EventRefused, match="still being played: tables 1, 2 have") as waiting:
        seat_next(event, secret, "standing")
    assert waiting.value.status == 409 and len(event.event_rounds) == 1
    confirm(event, table, EDITOR)  # the editor confirms what a seat declared
    assert table.final and table.result == list(services.game_score(game).totals)
    with pytest.raises(EventRefused, match="already final"):
        declare(event, table, 1)


def test_the_organiser_overrides_with_a_reason_in_the_log(club):
    event, secret = club
    check_in(event, NAMES[:7])
    seat_next(event, secret, "draw", seed=2)
    table = current_round(event).tables[1]  # a table of 3
    with pytest.raises(EventRefused, match="Say why"):
        override(event, table, [10, 0, -10], "  ")
    with pytest.raises(EventRefused, match=r"for each player at the table \(3 in all\)"):
        override(event, table, [10, 0], "a phone died")
    override(event, table, [-20, 30, -10], "Bob's phone died; the table agreed the racks")
    assert table.final and table.overridden
    entry = db.session.query(EventLogEntry).filter_by(event_id=event.id, action="overridden").one()
    assert entry.detail["reason"] == "Bob's phone died; the table agreed the racks" and entry.detail[
        "scores"
    ] == [-20, 30, -10]


def test_check_out_keeps_the_line_and_seats_no_more(club):
    event, secret = club
    check_in(event, NAMES[:9])
    seat_next(event, secret, "draw", seed=3)
    for t in current_round(event).tables:
        override(event, t, [3, 2, 1][: len(t.members)], "quick round for the test")
    gone = event.entrants[0].member_id
    check_out(event, gone)
    assert gone not in {e.member_id for e in present(event)}
    nxt = seat_next(event, secret, "swiss")
    assert gone not in {m for t in nxt.tables for m in t.members} and [
        len(t.members) for t in nxt.tables
    ] == [4, 4]
    assert gone in {s.player for s in event_standings(event)}
    check_in(event, [names_of(event)[gone]])  # comes back
    assert gone in {e.member_id for e in present(event)}


@pytest.mark.parametrize(
    "settings, field",
    [
        ({"name": " "}, "name"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 13}, "rounds"),
        ({"scheme": "elo"}, "scheme"),
        ({"scale": [1, 2, 3, 4]}, "scale"),
        ({"tiebreaks": ["wins", "wins"]}, "tiebreaks"),
        ({"variant": "krazy-bee", "fives": True}, "fives"),
        ({"round_minutes": -1}, "round_minutes"),
    ],
)
def test_an_event_refuses_settings_it_cannot_keep(app, settings, field):
    with app.app_context():
        table, _ = create_table("Club", NAMES[:4])
        kwargs = {"name": "Night", "held_on": date(2026, 12, 3), "variant": "rummikub", **settings}
        with pytest.raises(SetupError) as refused:
            create_event(table, **kwargs)
        assert field in dict(refused.value.errors)


def test_five_players_are_refused_with_a_sentence_unless_fives_are_allowed(club):
    event, secret = club
    check_in(event, NAMES[:5])
    with pytest.raises(EventRefused, match="5"):
        seat_next(event, secret, "draw", seed=4)
    assert get_event(event.public_id).event_rounds == []


def _hand(table, winner: int = 0) -> None:
    racks = [{"rack": "" if s == winner else f"R{s + 1}"} for s in range(len(table.members))]
    services.record_round(db.session.get(Game, table.game_id), {"winner": winner, "players": racks})


def test_two_taps_at_once_seat_one_round_and_confirm_once(club, app):
    """The second of two taps read the evening before the first wrote: it is refused (409), not a
    500 from the round number's unique key, and a result is confirmed (and logged) once."""
    event, secret = club
    check_in(event, NAMES[:8])
    db.session.commit()
    assert event.event_rounds == [] and len(event.entrants) == 8  # the slower tap has read the evening
    with app.app_context():  # the quicker tap
        seat_next(get_event(event.public_id), secret, "draw", seed=1)
        db.session.commit()
    with pytest.raises(EventRefused, match="Round 1 has just been seated") as twice:
        seat_next(event, secret, "draw", seed=1)
    assert twice.value.status == 409
    table = current_round(event).tables[0]
    _hand(table)
    declare(event, table, 0)
    db.session.commit()
    assert table.result is not None and not table.final  # the slower Confirm has read the table
    with app.app_context():
        quick = current_round(get_event(event.public_id)).tables[0]
        confirm(quick.event_round.event, quick, 1)
        db.session.commit()
    with pytest.raises(EventRefused, match="already final") as again:
        confirm(event, table, 2)
    assert again.value.status == 409 and table.confirmed_by == 1
    actions = [e.action for e in db.session.query(EventLogEntry).filter_by(event_id=event.id)]
    assert actions.count("confirmed") == 1


def test_a_confirm_of_what_the_page_no_longer_shows_is_refused(club):
    """Confirm carries the scores it showed; a hand recorded after the declaration withdraws it."""
    event, secret = club
    check_in(event, NAMES[:8])
    table = seat_next(event, secret, "draw", seed=1).tables[0]
    _hand(table, winner=0)
    seen = list(declare(event, table, 0).result)
    _hand(table, winner=1)  # another hand after the declaration: the result declared is withdrawn
    assert table.result is None and table.declared_by is None
    with pytest.raises(EventRefused, match="declared its result yet"):
        confirm(event, table, 1, seen)
    declare(event, table, 2)
    assert table.result != seen
    with pytest.raises(EventRefused, match="has changed since the page showed it") as stale:
        confirm(event, table, 1, seen)
    assert stale.value.status == 409 and not table.final
    with pytest.raises(EventRefused, match="A second player confirms"):
        confirm(event, table, 1, table.result, also=(2,))  # one phone holding both seats' keys
    confirm(event, table, 1, table.result)
    assert table.final
    actions = [e.action for e in db.session.query(EventLogEntry).filter_by(event_id=event.id)]
    assert actions.count("withdrawn") == 1


def test_a_club_tables_game_changed_after_its_result_or_deleted_is_logged(club):
    event, secret = club
    check_in(event, NAMES[:8])
    first, second = seat_next(event, secret, "draw", seed=1).tables
    _hand(first)
    declare(event, first, 0)
    confirm(event, first, 1)
    game = db.session.get(Game, first.game_id)
    services.undo_last_change(game)
    assert first.final and first.result is not None  # the result stays; the organiser is told
    services.delete_game(db.session.get(Game, second.game_id))
    entries = db.session.query(EventLogEntry).filter_by(event_id=event.id).all()
    assert {
        (e.action, e.detail["table"]) for e in entries if e.action in ("changed_after_final", "game_deleted")
    } == {
        ("changed_after_final", 1),
        ("game_deleted", 2),
    }


def test_the_cut_seats_only_players_present_after_the_planned_rounds(club):
    event, secret = club
    check_in(event, NAMES[:8])
    rng = random.Random(3)
    for number in range(1, 4):
        seat_next(event, secret, "standing" if number > 1 else "draw", seed=number)
        play_round(event, **by_lot(rng))
        if number == 2:
            with pytest.raises(EventRefused, match=r"after the evening's last round \(round 3\)") as early:
                cut(event, secret, "final")
            assert early.value.status == 409
    with pytest.raises(EventRefused, match=r"has been seated \(the last is round 3\)") as fourth:
        seat_next(event, secret, "standing")
    assert fourth.value.status == 409 and len(event.event_rounds) == 3
    leader = event_standings(event)[0].player
    check_out(event, leader)
    final = cut(event, secret, "final")
    here = [s.player for s in event_standings(event) if s.player != leader][:4]
    assert leader not in final.tables[0].members and set(final.tables[0].members) == set(here)


def test_a_late_arrival_is_seated_after_the_players_below_zero(app):
    """Under "sum" the racks' losers are below 0: a late arrival's 0 points is not above them."""
    with app.app_context():
        table, secret = create_table("Sunday club", NAMES[:9])
        event = create_event(
            table, name="Sum night", held_on=date(2026, 12, 6), variant="rummikub", scheme="sum", rounds=2
        )
        check_in(event, NAMES[:8])
        seat_next(event, secret, "draw", seed=4)
        play_round(event, **by_lot(random.Random(4)))
        check_in(event, [NAMES[8]])
        late = next(e.member_id for e in event.entrants if e.arrived == 2)
        lines = event_standings(event)
        assert [s.player for s in lines].index(late) < 8  # 0 points, above the losers
        second = seat_next(event, secret, "standing")
        assert late in second.tables[-1].members


def test_a_result_declared_as_the_last_hand_arrives_counts_that_hand(club, app):
    """Declaring reads the game as it stands once it holds it, not as the request loaded it: a hand
    recorded by another phone in between is in the result (it kept the totals before that hand, and a
    second player could confirm them final)."""
    event, secret = club
    check_in(event, NAMES[:8])
    seat_next(event, secret, "draw", seed=1)
    table = current_round(event).tables[0]
    _hand(table, winner=0)
    db.session.commit()
    game = db.session.get(Game, table.game_id)
    before = list(services.game_score(game).totals)  # the declaring phone has read the game's hands
    with app.app_context():  # the last part of the next hand arrives from another phone
        other = current_round(get_event(event.public_id)).tables[0]
        _hand(other, winner=1)
        db.session.commit()
    declare(event, table, 0)
    db.session.commit()
    with app.app_context():
        now = services.game_score(services.get_game(game.public_id))
        assert len(now.rounds) == 2 and table.result == list(now.totals) != before


def test_the_same_declaration_twice_is_logged_once(club):
    event, secret = club
    check_in(event, NAMES[:8])
    seat_next(event, secret, "draw", seed=1)
    table = current_round(event).tables[0]
    _hand(table)
    declare(event, table, 0)
    declare(event, table, 0)  # a double tap
    declare(event, table, 1)  # another seat declares the same result: its own declaration
    actions = [e.action for e in db.session.query(EventLogEntry).filter_by(event_id=event.id)]
    assert actions.count("declared") == 2 and table.declared_by == 1
