"""The standings screen across two app servers on a real PostgreSQL (issue 39): a club change that
changes no game (a late arrival checked in) reaches a screen following the other server through
NOTIFY (events/live.py notes the channel event:<id>), not through the watcher's safety-net reading,
set here to once every 50 s. Skipped with a NOTICE without the PostgreSQL binaries."""

from __future__ import annotations

from scorekeeper.services.club import check_in, get_event
from scorekeeper.storage.extensions import db

from .club_support import seated_evening
from .live_support import page_version, stream
from .test_live_postgres import servers  # noqa: F401 (fixture)
from .test_postgres import cluster, database  # noqa: F401 (fixtures)


def test_a_check_in_on_one_server_reaches_a_screen_on_the_other(servers):  # noqa: F811
    follows, records = servers
    night = seated_evening(records)
    screen = f"/events/{night['event']}/screen"
    seen = page_version(follows.test_client(), screen)
    with stream(follows.test_client(), f"/live/events/{night['event']}?since={seen}") as (response, events):
        assert response.status_code == 200
        events.next_chunk()
        assert events.next_event(within=1.5) is None  # the listener is up; nothing changed
        with records.app_context():
            check_in(get_event(night["event"]), ["Eve"])
            db.session.commit()
        event = events.next_event(within=10)  # the safety-net reading would take 50 s
    assert event and event["channel"] == f"event:{night['event']}"
    assert event["version"] == page_version(follows.test_client(), screen) != seen
