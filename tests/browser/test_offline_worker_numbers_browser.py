"""The service worker sends a kept hand with every page closed (Background Sync), and the phone's
pages go on numbering the game's hands after it, even when the worker could not fetch the game's
pages again after the send (the connection dropped, the server restarting): the phone then
reopens the hand form offline from what it kept before the send.

Without that, the kept form asked for the hand the worker had just recorded, and the player's
next hand went as that number: "another phone recorded round 1 meanwhile", about the phone's own
hand. What arrives is read back from the server's database.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, new_game, winners
from .test_offline_origins_browser import _kept_for_the_worker, _keys, _until

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # (the worker runs: conftest.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("offline-worker-numbers"), "browser-worker-numbers") as served:
        yield served


@contextmanager
def _pages_down_after_the_send(app, public_id: str):
    """Once a hand is posted to the game, the game's pages answer 503 (the server restarting) until
    the list yielded is emptied: the worker's send is recorded, its fetch of the pages fails."""
    inner, down = app.wsgi_app, [True]
    game = f"/games/{public_id}"
    posted = []

    def wsgi(environ, start_response):
        method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
        if method == "POST" and path.startswith(game):
            posted.append(path)
        elif method == "GET" and path.startswith(game) and posted and down:
            start_response("503 SERVICE UNAVAILABLE", [("Content-Type", "text/plain")])
            return [b"restarting"]
        return inner(environ, start_response)

    app.wsgi_app = wsgi
    try:
        yield down
    finally:
        app.wsgi_app = inner


def test_the_next_hand_after_one_the_worker_sent_is_numbered_after_it(full_browser, site):
    app, url = site
    public_id, secret = new_game(app)
    form_url = f"{url}/games/{public_id}/rounds/new"
    with (
        phone_page(full_browser, "worker-numbers") as blank,
        _pages_down_after_the_send(app, public_id) as down,
    ):
        _kept_for_the_worker(blank, url, public_id, secret)
        blank.context.set_offline(False)  # the browser wakes the worker: round 1 is recorded
        _until(lambda: winners(app, public_id), [1])
        blank.wait_for_timeout(1000)  # (the worker's fetch of the game's pages fails meanwhile)
        blank.context.set_offline(True)
        blank.goto(form_url)  # the form this phone kept: it asks for round 2, not round 1 again
        expect(blank.locator("h1")).to_have_text("Record round 2", timeout=WAIT_MS)

        down.clear()
        blank.context.set_offline(False)
        # the phone goes on: its next hand is round 2, recorded as such (no clash with its own round 1)
        expect(blank.locator("[data-send-queue]")).to_be_hidden(timeout=WAIT_MS)
        enter_hand(blank, 0)
        blank.wait_for_url(f"{url}/games/{public_id}", timeout=WAIT_MS)
        assert winners(app, public_id) == [1, 0]
        assert _keys(app, public_id) == 2
