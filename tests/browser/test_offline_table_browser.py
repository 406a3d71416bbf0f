"""The phone's queue as a table uses it, in a real Chromium: a send whose answer never comes, two
tabs of one phone with hands kept in both.

- A send the server recorded but whose answer never arrives (a stuck server, a Wi-Fi that stops
  passing packets without closing the connection) is given up after a while and sent again with
  its key: the hand is recorded once and the phone moves on, instead of "Sending…" for ever with
  every hand behind it held back. The page's clock is Playwright's (``page.clock``), moved on by
  hand: the test does not wait the twenty seconds.
"""

from __future__ import annotations

from contextlib import suppress

import pytest
from playwright.sync_api import expect

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, new_game, open_form, winners

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("offline-table"), "browser-offline-table") as site:
        yield site


def test_a_send_whose_answer_never_comes_is_sent_again_and_recorded_once(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    # (the page's own fetch is held: a service worker in control would send it past page.route)
    with phone_page(browser, "offline-answer-never-comes", service_workers="block") as page:
        page.clock.install()
        open_form(page, url, public_id, secret)
        held = []

        def hold_the_first_answer(route):
            if route.request.method != "POST" or held:
                return route.continue_()
            route.fetch()  # the server records the hand...
            held.append(route)  # ...and its answer never reaches the phone
            return None

        page.route("**/rounds/new", hold_the_first_answer)
        enter_hand(page, 0)
        for _ in range(WAIT_MS // 100):  # (Playwright runs the route's handler while the page waits)
            if held:
                break
            page.wait_for_timeout(100)
        expect(page.locator(".send-queue-state")).to_have_text("Sending…")
        assert winners(app, public_id) == [0]
        page.clock.fast_forward("00:21")  # the send is given up...
        expect(page.locator(".send-queue-state")).to_contain_text("trying again")
        page.clock.fast_forward("00:03")  # ...and sent again with its key: the first answer, again
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        expect(page.locator("h1")).to_have_text("Record round 2", use_inner_text=True)
        assert winners(app, public_id) == [0]
        with suppress(Exception):  # the phone gave up on it long ago
            held[0].abort()
