"""Live pages on a real PostgreSQL: the change signal is LISTEN/NOTIFY, sent by the writer's own transaction.

Two app instances (as two app servers would be) share one throwaway database
(the cluster of ``tests/web/test_postgres.py``, skipped with a NOTICE without
the binaries, failed under CI=true). A follower streams from one; the hand is
recorded through the other. The watcher's safety-net reading is set to once
every 50 s, so an event within seconds can only have come from NOTIFY.
"""

from __future__ import annotations

import time

import pytest
from flask_migrate import upgrade

from scorekeeper import services
from scorekeeper.live.signals import PG_CHANNEL
from scorekeeper.storage.extensions import db

from .live_support import page_version, stream
from .rounds_support import new_game, rounds_url, submit
from .test_postgres import MIGRATIONS, _pg_app, cluster, database  # noqa: F401 (fixtures)

HAND = {"winner": "0", "players.1.rack": "R5 K7"}
FACTS = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 K7"}]}


def _live(app):
    app.config.update(LIVE_HEARTBEAT_SECONDS=0.3, LIVE_POLL_SECONDS=1.0, LIVE_STREAM_SECONDS=30)
    return app


@pytest.fixture
def servers(cluster, database):  # noqa: F811 (pytest fixtures)
    """Two apps on one fresh, migrated PostgreSQL database."""
    url = cluster.url(database)
    first, second = _live(_pg_app(url)), _live(_pg_app(url))
    with first.app_context():
        upgrade(directory=str(MIGRATIONS))
    yield first, second
    for app in (first, second):
        with app.app_context():
            db.engine.dispose()


def test_a_hand_recorded_on_one_server_reaches_a_follower_of_the_other(servers):
    follows, records = servers
    editor = records.test_client()
    game = new_game(records, editor, "rummikub")
    seen = page_version(editor, f"/games/{game}")
    with stream(follows.test_client(), f"/live/games/{game}?since={seen}") as (response, events):
        assert response.status_code == 200
        events.next_chunk()
        assert events.next_event(within=1.5) is None  # the listener is up; nothing changed
        started = time.monotonic()
        assert submit(editor, rounds_url(game), HAND).status_code == 200
        event = events.next_event(within=10)
        took = time.monotonic() - started
    assert event and event["version"] == page_version(editor, f"/games/{game}") != seen
    assert took < 5  # far sooner than the 50 s safety-net reading: NOTIFY woke the listener


def test_the_games_list_follows_across_servers(servers):
    follows, records = servers
    seen = page_version(follows.test_client(), "/games/")
    with stream(follows.test_client(), f"/live/games?since={seen}") as (_, events):
        events.next_chunk()
        events.next_event(within=1.5)
        with records.app_context():
            services.create_game("rumbugz", ["Ann", "Bob"])
            db.session.commit()
        event = events.next_event(within=10)
    assert event and event["channel"] == "games" and event["version"] != seen


def test_notify_is_sent_on_commit_and_never_for_a_rollback(servers, cluster, database):  # noqa: F811
    _, records = servers
    with records.app_context():
        game, _secret = services.create_game("rummikub", ["Ann", "Bob"])
        db.session.commit()
        public_id = game.public_id
    with cluster.connect(database, autocommit=True) as listener:
        listener.execute(f"LISTEN {PG_CHANNEL}")
        with records.app_context():
            services.record_round(services.get_game(public_id), FACTS)
            db.session.rollback()  # a change that never happened says nothing
        assert list(listener.notifies(timeout=1.0)) == []
        with records.app_context():
            services.record_round(services.get_game(public_id), FACTS)
            db.session.commit()
        got = [n.payload for n in listener.notifies(timeout=2.0, stop_after=1)]
    assert got == [f"game:{public_id}"]
