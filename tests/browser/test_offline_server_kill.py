"""The server dies in the middle of a send: nothing half-recorded, and the phone sends again.

The real production server (``python -m scorekeeper.cli.server``: gunicorn, gevent)
runs as a subprocess on a SQLite file. To catch it in the middle of a send, the
test holds SQLite's write lock: the server reads the game, checks the hand and
waits to write it; then the whole server is killed (SIGKILL, no clean-up). The
hand is not in the database; the phone keeps it as "waiting to send", and once
a server runs again it sends it, and it is recorded once. In the second case the
hand is recorded but the answer never reaches the phone: the phone sends the
same key again and gets the original answer, still one hand.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask_migrate import upgrade
from playwright.sync_api import expect

from scorekeeper import create_app, services
from scorekeeper.storage.extensions import db
from scorekeeper.storage.paths import MIGRATIONS

from ..servers import banner, free_port, spawn, stop
from .conftest import phone_page
from .offline_support import WAIT_MS, enter_hand

pytestmark = pytest.mark.browser


class TableServer:
    """``python -m scorekeeper.cli.server`` on 127.0.0.1:``port``, in its own process group (``extra``:
    more of its arguments, such as ``--https``)."""

    def __init__(self, db_file: Path, port: int, *extra: str):
        self.db_file, self.port, self.proc, self.extra = db_file, port, None, extra

    def start(self) -> None:
        env = {"DATABASE_URL": f"sqlite:///{self.db_file}", "SCOREKEEPER_SECRET_KEY": "kill-test"}
        self.proc = spawn(self.port, env, "--no-access-log", *self.extra)
        banner(self.proc)

    def kill(self) -> None:
        """SIGKILL to the master and its workers at once: no request is finished, nothing cleaned up."""
        if self.proc:
            stop(self.proc, signal.SIGKILL)

    def hands(self) -> list[int]:
        with sqlite3.connect(self.db_file) as conn:
            # one read transaction: both counts from one state (each SELECT alone is its own, and a
            # hand committed between the two read as its key kept alone)
            conn.execute("BEGIN")
            rows = conn.execute("SELECT facts FROM rounds ORDER BY number").fetchall()
            keys = conn.execute("SELECT count(*) FROM sent_hands").fetchone()[0]
            conn.rollback()
        assert keys == len(rows)  # a key is kept with its hand, never alone
        return [int(r[0].split('"winner":')[1].split(",")[0].strip(" }")) for r in rows]


@contextmanager
def table(tmp_path):
    """A migrated SQLite file with a Rummikub game, served: (server, base URL, public id, secret)."""
    db_file = tmp_path / "table.sqlite3"
    app = create_app({"SECRET_KEY": "kill-test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_file}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 10**6})
        db.session.commit()
        public_id = game.public_id
        db.engine.dispose()
    server = TableServer(db_file, free_port())
    server.start()
    try:
        yield server, f"http://127.0.0.1:{server.port}", public_id, secret
    finally:
        server.kill()


def test_a_server_killed_mid_send_records_nothing_and_the_phone_sends_again(browser, tmp_path):
    with (
        table(tmp_path) as (server, url, public_id, secret),
        phone_page(browser, "offline-server-killed") as page,
    ):
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.goto(f"{url}/games/{public_id}/rounds/new")
        lock = sqlite3.connect(server.db_file, isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")  # the server will wait to write the hand
        with page.expect_request(lambda r: r.method == "POST"):
            enter_hand(page, 1)
        time.sleep(1.5)  # the send is in the server, which waits for the lock
        server.kill()
        lock.rollback()
        lock.close()
        assert server.hands() == []  # nothing half-recorded
        page.locator(".send-queue-state", has_text="trying again").wait_for(timeout=WAIT_MS)
        expect(page.locator(".send-item")).to_contain_text("Round 1 (kept on this phone", use_inner_text=True)

        server.start()
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS * 2)
        assert server.hands() == [1]


def test_an_answer_lost_on_the_way_is_sent_again_and_recorded_once(browser, tmp_path):
    # (the page's own fetch is what loses its answer: a service worker in control would send it
    # past page.route, so this phone has none; the queue works without one)
    with (
        table(tmp_path) as (server, url, public_id, secret),
        phone_page(browser, "offline-answer-lost", service_workers="block") as page,
    ):
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.goto(f"{url}/games/{public_id}/rounds/new")
        lost = []

        def lose_the_first_answer(route):
            if lost:
                return route.continue_()
            route.fetch()  # the server records the hand...
            lost.append(True)
            route.abort("connectionreset")  # ...and the phone never hears back

        page.route(
            "**/rounds/new",
            lambda route: (
                lose_the_first_answer(route) if route.request.method == "POST" else route.continue_()
            ),
        )
        with page.expect_request(lambda r: r.method == "POST"):
            enter_hand(page, 0)
        # the first answer is lost: the phone keeps the hand, sends it again, and the list empties
        page.wait_for_function("() => !!document.querySelector('.send-item')", timeout=WAIT_MS)
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS * 2)
        assert lost and server.hands() == [0]
