"""The standings screen (issue 39, docs/club-night.md): /events/<public_id>/screen shows the
evening's name, the round's tables and who still plays, the standings and the round's timer, holds
no secret, and follows the live channel event:<public_id>, whose version changes with every result."""

from __future__ import annotations

import re
from datetime import timedelta

from scorekeeper.live.hub import hub_of
from scorekeeper.live.versions import read
from scorekeeper.services.club import check_in, current_round, get_event
from scorekeeper.storage.extensions import db
from scorekeeper.web.features import live_channels

from .club_support import play_hand, post_result, seated_evening, take_seat


def _version(app, public_id: str) -> str | None:
    with app.app_context():
        channel = "event:" + public_id
        return read(db.session, [channel], live_channels(app))[channel]


def test_the_screen_shows_the_round_its_tables_and_the_standings(app):
    night = seated_evening(app, minutes=30)
    page = app.test_client().get(f"/events/{night['event']}/screen")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<bdi>December night</bdi>" in html and "Round 1 of 4" in html
    assert "Still playing: table 1" in html and 'data-state="playing"' in html
    names = night["names"][0]
    for name in names:
        assert f"<bdi>{name}</bdi>" in html
    assert "data-round-timer" in html and "Time!" in html  # the words it says at zero
    assert re.search(r'data-round-clock><bdi dir="ltr">(29:5\d|30:00)</bdi>', html)
    assert 'data-live-stream="/live/events/' in html


def test_no_secret_and_no_edit_link_on_the_screen(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    phone = app.test_client()
    take_seat(phone, gid, names[0])
    html = app.test_client().get(f"/events/{night['event']}/screen").get_data(as_text=True)
    seat_secret = phone.get_cookie(f"seat_{gid}").value
    for secret in (night["edit"][0], seat_secret):
        assert secret not in html
    assert "csrf_token" not in html and "/join/" not in html and "<form" not in html
    assert "data-round-timer" not in html  # no timer: the evening has none


def test_a_confirmed_result_changes_the_channel_and_the_screen(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    play_hand(app, gid, winner=0)
    before = _version(app, night["event"])
    assert before is not None
    post_result(first, gid, "declare")
    declared = _version(app, night["event"])
    assert declared != before
    html = app.test_client().get(f"/events/{night['event']}/screen").get_data(as_text=True)
    assert 'data-state="declared"' in html and "Still playing: table 1" in html
    post_result(second, gid, "confirm")
    assert _version(app, night["event"]) not in (before, declared)
    html = app.test_client().get(f"/events/{night['event']}/screen").get_data(as_text=True)
    assert "Every table has its result." in html and 'data-state="final"' in html
    rows = re.findall(
        r'<td class="screen-name"><bdi>([^<]+)</bdi></td><td class="num"><bdi dir="ltr">([^<]+)<', html
    )
    assert rows[0] == (names[0], "4")  # the winner leads with a table of 4's first place


def test_the_live_stream_follows_the_event(app):
    night = seated_evening(app)
    client = app.test_client()
    answer = client.get(f"/live/events/{night['event']}", buffered=False)
    assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
    answer.close()
    assert client.get("/live/events/nothing-here").status_code == 404
    assert client.get("/events/nothing-here/screen").status_code == 404


def test_a_club_change_that_changes_no_game_wakes_the_hub(app):
    """A check-in changes no game: the event's own hook notes its channel, so the commit pokes this
    process's hub (and NOTIFY names it on PostgreSQL) rather than waiting for the next tick."""
    night = seated_evening(app)
    hub = hub_of(app)
    hub.woken.clear()
    with app.app_context():
        check_in(get_event(night["event"]), ["Eve"])
        db.session.commit()
    assert hub.woken.is_set()


def test_the_timer_says_time_at_zero(app):
    night = seated_evening(app, minutes=30)
    with app.app_context():
        played = current_round(get_event(night["event"]))
        played.seated_at -= timedelta(minutes=31)
        db.session.commit()
    html = app.test_client().get(f"/events/{night['event']}/screen").get_data(as_text=True)
    assert 'class="screen-timer time-up"' in html and "data-round-clock>Time!</p>" in html
