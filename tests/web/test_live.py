"""Live pages (scorekeeper/live): event streams, fragments, and the signal crossing app instances.

A follower's stream is read through the test client; changes are made the way
the table makes them (the hand form, with the editor's cookie and CSRF token),
or through the services of a *second* app on the same SQLite file, so the
event can only have come through the database.
"""

from __future__ import annotations

import re
import time

import pytest

from scorekeeper import create_app, services
from scorekeeper.live.hub import EXTENSION
from scorekeeper.storage.extensions import db

from .live_support import page_version, stream
from .rounds_support import new_game, rounds_url, submit, totals

HAND = {"winner": "0", "players.1.rack": "R5 K7"}  # Rummikub, CT-8 A: Ann +12, Bob -12
FACTS = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 K7"}]}


@pytest.fixture
def live_app(app):
    """The app with short heartbeats, so a stream that should say nothing is read quickly, and
    streams that last (tests/conftest.py ends them after a second)."""
    app.config.update(LIVE_HEARTBEAT_SECONDS=0.3, LIVE_POLL_SECONDS=0.05, LIVE_STREAM_SECONDS=30)
    return app


def _second_app(app):
    """Another app instance (as another worker or server would be) on the same database file."""
    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
        }
    )
    other.config.update(LIVE_HEARTBEAT_SECONDS=0.3, LIVE_POLL_SECONDS=0.05)
    return other


def test_a_hand_recorded_through_the_form_reaches_a_follower(live_app, client):
    game = new_game(live_app, client, "rummikub")
    follower = live_app.test_client()  # no cookie: the read-only link only
    seen = page_version(follower, f"/games/{game}")
    with stream(follower, f"/live/games/{game}?since={seen}") as (response, events):
        assert response.status_code == 200
        assert response.mimetype == "text/event-stream"
        assert events.next_chunk().startswith("retry: ")
        assert events.next_event(within=1) is None  # nothing changed yet: heartbeats only
        assert submit(client, rounds_url(game), HAND).status_code == 200
        event = events.next_event()
    assert event is not None, "no change event after the hand was recorded"
    assert event["channel"] == f"game:{game}" and event["id"] == event["version"] != seen
    # the follower's page is now at that version, with the new totals; the event brought its content
    assert page_version(follower, f"/games/{game}") == event["version"]
    assert totals(follower, game) == [12, -12]
    assert event["html"] == follower.get(f"/games/{game}?fragment=live").text


def test_followers_need_only_the_read_only_link_and_learn_no_secret(live_app, client):
    game = new_game(live_app, client, "rummikub")
    secret = client.get_cookie(f"sk_edit_{game}").value
    stranger = live_app.test_client()
    with stream(stranger, f"/live/games/{game}") as (response, events):
        assert response.status_code == 200
        event = events.next_event()  # no version given: the current one at once
    assert event and secret not in str(event) and set(event) == {"id", "channel", "version", "html"}
    assert "Record a hand" not in event["html"] and "csrf_token" not in event["html"]  # a reader's view
    assert stranger.get("/live/games/no-such-game").status_code == 404
    with stream(stranger, "/live/games") as (response, _):
        assert response.status_code == 200


def test_an_editors_stream_brings_no_html_the_page_fetches_its_own(live_app, client):
    """The editor's content has its own forms and CSRF token: never rendered for someone else."""
    game = new_game(live_app, client, "rummikub")
    seen = page_version(client, f"/games/{game}")
    with stream(client, f"/live/games/{game}?since={seen}") as (_, events):
        events.next_chunk()
        submit(client, rounds_url(game), HAND)
        event = events.next_event()
    assert event and "html" not in event
    assert "Undo: Round 1 recorded" in client.get(f"/games/{game}?fragment=live").text


def test_a_follower_that_reconnects_gets_what_it_missed_at_once(live_app, client):
    game = new_game(live_app, client, "rummikub")
    follower = live_app.test_client()
    before = page_version(follower, f"/games/{game}")
    submit(client, rounds_url(game), HAND)  # recorded while the follower's stream was down
    now = page_version(follower, f"/games/{game}")
    with stream(follower, f"/live/games/{game}?since=whatever", **{"Last-Event-ID": before}) as (_, events):
        event = events.next_event(within=10)  # (a second was not always enough on a busy machine)
    assert event and event["version"] == now
    with stream(follower, f"/live/games/{game}", **{"Last-Event-ID": now}) as (_, events):
        assert events.next_event(within=1) is None  # up to date: nothing to send


def test_a_change_crosses_two_apps_sharing_one_sqlite_file(live_app, client):
    """Another worker or server on the same file records the hand: no process memory in common."""
    game = new_game(live_app, client, "rummikub")
    other = _second_app(live_app)
    seen = page_version(client, f"/games/{game}")
    with stream(live_app.test_client(), f"/live/games/{game}?since={seen}") as (_, events):
        events.next_chunk()
        with other.app_context():
            services.record_round(services.get_game(game), FACTS)
            db.session.commit()
        started = time.monotonic()
        event = events.next_event()
        took = time.monotonic() - started
    assert event and event["version"] != seen
    assert EXTENSION not in other.extensions  # the writer's app holds no hub: the file carried it
    assert took < 3  # polled every 50 ms here; a generous bound, not a benchmark


def test_the_games_list_follows_new_and_deleted_games(live_app, client):
    follower = live_app.test_client()
    other = _second_app(live_app)
    seen = page_version(follower, "/games/")
    with stream(follower, f"/live/games?since={seen}") as (_, events):
        events.next_chunk()
        with other.app_context():
            game, _secret = services.create_game("rumbugz", ["Ann", "Bob"])
            db.session.commit()
            public_id = game.public_id
        started = events.next_event()
        with other.app_context():
            services.delete_game(services.get_game(public_id))
            db.session.commit()
        deleted = events.next_event()
    assert started and deleted and seen != started["version"] != deleted["version"]
    assert deleted["version"] == seen  # the same list as before: the same version
    assert deleted["channel"] == "games"


def test_a_deleted_game_ends_its_stream(live_app, client):
    game = new_game(live_app, client, "rummikub")
    seen = page_version(client, f"/games/{game}")
    with stream(live_app.test_client(), f"/live/games/{game}?since={seen}") as (_, events):
        events.next_chunk()
        with _second_app(live_app).app_context():
            services.delete_game(services.get_game(game))
            db.session.commit()
        event = events.next_event()
        assert event == {"id": "gone", "channel": f"game:{game}", "version": None}
        with pytest.raises(StopIteration):
            events.next_chunk()
    assert client.get(f"/games/{game}?fragment=live").status_code == 404  # what the page then shows


def test_the_stream_is_never_compressed_nor_buffered(live_app, client):
    game = new_game(live_app, client, "rummikub")
    with stream(client, f"/live/games/{game}", **{"Accept-Encoding": "gzip, br"}) as (response, events):
        assert "Content-Encoding" not in response.headers
        assert "Content-Length" not in response.headers
        assert "no-transform" in response.headers["Cache-Control"]
        assert response.headers["X-Accel-Buffering"] == "no"
        assert events.next_chunk().startswith("retry: ")  # sent before anything happened


def test_heartbeats_and_the_end_of_a_stream(live_app, client):
    game = new_game(live_app, client, "rummikub")
    live_app.config["LIVE_STREAM_SECONDS"] = 0.8
    seen = page_version(client, f"/games/{game}")
    with stream(client, f"/live/games/{game}?since={seen}") as (_, events):
        chunks = list(events.chunks)  # ends by itself: the browser then reconnects with Last-Event-ID
    assert chunks[0].startswith(b"retry: ")
    assert b"event: beat\ndata: {}\n\n" in chunks and b"event: change" not in b"".join(chunks)
    # said last: the page opens the next stream at once and quietly, not as a connection lost
    assert chunks[-1] == b"event: end\ndata: {}\n\n"


def test_a_stream_joining_with_another_reading_is_checked_against_the_database(live_app, client):
    """A stream brings its own reading of a channel the watcher follows (usually the fresher one);
    the watcher reads the channel again at its next tick, so the followers end at the database's
    version, whichever reading was right."""
    game = new_game(live_app, client, "rummikub")
    seen = page_version(client, f"/games/{game}")
    channel = f"game:{game}"
    with stream(live_app.test_client(), f"/live/games/{game}?since={seen}") as (_, events):
        events.next_chunk()
        hub = live_app.extensions[EXTENSION]
        hub.subscribe(channel, "a-reading-from-before-a-change")
        # each is waited for up to 10 s: on a busy machine (a load of 8) a second was not always enough
        heard = [events.next_event(within=10), events.next_event(within=10)]
        hub.unsubscribe(channel)
    assert [e and e["version"] for e in heard] == ["a-reading-from-before-a-change", seen]
    assert hub.latest.get(channel, seen) == seen


def test_the_watcher_stops_with_the_last_follower(live_app, client):
    game = new_game(live_app, client, "rummikub")
    with stream(client, f"/live/games/{game}") as (_, events):
        events.next_chunk()
        hub = live_app.extensions[EXTENSION]
        assert hub.followers() == 1 and hub.watcher is not None
    assert hub.followers() == 0
    deadline = time.monotonic() + 3
    while hub.watcher is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.watcher is None


# -- the page ------------------------------------------------------------------------------------


def test_the_page_offers_refresh_and_no_timed_reload(live_app, client):
    game = new_game(live_app, client, "rummikub")
    for who in (client, live_app.test_client()):
        page = who.get(f"/games/{game}").text
        assert 'http-equiv="refresh"' not in page
        assert f'<a class="button secondary small live-refresh" href="/games/{game}">Refresh</a>' in page
        assert f'data-live-stream="/live/games/{game}"' in page and "js/live.js" in page
    listing = client.get("/games/").text
    assert 'data-live-stream="/live/games"' in listing and 'href="/games/">Refresh</a>' in listing


def test_the_fragment_is_the_pages_content_alone(live_app, client):
    game = new_game(live_app, client, "rummikub")
    submit(client, rounds_url(game), HAND)
    follower = live_app.test_client()
    whole = follower.get(f"/games/{game}").text
    fragment = follower.get(f"/games/{game}?fragment=live").text
    assert "<html" not in fragment and "topbar" not in fragment and "<head>" not in fragment
    content = re.search(r'<main id="content">\s*(.*?)\s*</main>', whole, re.S).group(1)
    assert fragment.strip() == content.strip()  # the same templates, the same HTML
    # the editor's fragment carries the edit buttons with this browser's own CSRF token
    editor = client.get(f"/games/{game}?fragment=live").text

    def session_token(html: str) -> str:
        # a token is "<this browser's token>.<timestamp>.<signature>": the clock may tick between two pages
        return re.search(r'name="csrf_token" value="([^".]+)\.', html).group(1)

    assert "Undo: Round 1 recorded" in editor
    assert session_token(editor) == session_token(client.get(rounds_url(game)).text)


def test_a_fragment_leaves_the_flash_message_for_the_page(live_app, client):
    game = new_game(live_app, client, "rummikub")
    payload = {
        **HAND,
        "csrf_token": re.search(
            r'name="csrf_token" value="([^"]+)"', client.get(rounds_url(game)).text
        ).group(1),
    }
    client.post(rounds_url(game), data=payload)  # redirect not followed: the message waits
    assert "Round 1 recorded." not in client.get(f"/games/{game}?fragment=live").text
    assert "Round 1 recorded." in client.get(f"/games/{game}").text
