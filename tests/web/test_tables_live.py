"""A table page follows its games live (channel ``table:<id>``): a hand recorded in one of the
table's games reaches a follower of the table page, through the database."""

from __future__ import annotations

import pytest

from .live_support import page_version, stream
from .table_support import create_table, record, start_from_roster

HAND = {"winner": "0", "players.1.rack": "R5 K7"}  # Rummikub, CT-8 A: Ann +12, Bob -12


@pytest.fixture
def live_app(app):
    app.config.update(LIVE_HEARTBEAT_SECONDS=0.3, LIVE_POLL_SECONDS=0.05, LIVE_STREAM_SECONDS=30)
    return app


def test_a_hand_in_a_tables_game_reaches_the_table_pages_followers(live_app, client):
    table = create_table(client, "Live table", ["Ann", "Bob"])
    game = start_from_roster(client, table, "rummikub", ["Ann", "Bob"], rounds=1)
    follower = live_app.test_client()  # the read-only link only
    seen = page_version(follower, f"/tables/{table}")
    with stream(follower, f"/tables/{table}/live?since={seen}") as (response, events):
        assert response.status_code == 200 and response.mimetype == "text/event-stream"
        assert events.next_chunk().startswith("retry: ")
        assert events.next_event(within=1) is None  # nothing changed yet: heartbeats only
        record(client, game, HAND)  # the game finishes: Ann wins
        event = events.next_event()
    assert event is not None, "no change event on the table page after a hand of its game"
    assert event["channel"] == f"table:{table}" and event["version"] != seen
    assert "html" not in event  # the page fetches its own content (its forms differ by phone)
    assert page_version(follower, f"/tables/{table}") == event["version"]
    fragment = follower.get(f"/tables/{table}?fragment=live").text
    assert "<html" not in fragment and "No game in progress." in fragment


def test_an_unknown_table_has_no_stream(client):
    answer = client.get("/tables/nosuchtable1/live")
    assert answer.status_code == 404 and "no table" in answer.text.lower()
