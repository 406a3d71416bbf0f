"""Issue 36: over plain http on the LAN a phone has no service worker, so hands it kept wait at that
one address (origin) only: nothing sends them once its pages are closed, and the table's other
addresses cannot read them (IndexedDB is per origin). The game page says so, names the address to
open again, and offers to send them now (static/js/queue-here.js).

The phone opens the table by a LAN name Chromium maps to the loopback (``--host-resolver-rules``),
so the page is not a secure context and has no service worker, as at ``http://192.168.1.5:5000``;
``http://127.0.0.1:<port>`` is the same server at another address. The server cannot be reached
while a POST is refused by the test (the hands are kept), and what arrives is read back from its
database."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .chromium import CHROMIUM, FLAGS
from .conftest import ARTIFACTS, served_app
from .offline_support import enter_hand, hand_form, winners
from .test_offline_origins_browser import _until

pytestmark = pytest.mark.browser
LAN = "table.lan"


@pytest.fixture(scope="module")
def lan_browser(_playwright):
    """Chromium that finds ``table.lan`` at the loopback: a plain-http LAN name, no secure context."""
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*FLAGS, f"--host-resolver-rules=MAP {LAN} 127.0.0.1"], headless=True
    )
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("one-address"), "browser-one-address") as (app, url):
        yield app, url


def _unreachable(route):
    """The server cannot be reached for a POST (a dropped Wi-Fi); pages still load."""
    if route.request.method == "POST":
        route.abort("internetdisconnected")
    else:
        route.continue_()


def test_hands_kept_without_a_service_worker_say_where_they_wait_and_are_sent_on_request(lan_browser, site):
    app, loopback = site
    lan = loopback.replace("127.0.0.1", LAN)
    with hand_form(lan_browser, (app, lan), "offline-one-address") as (page, public_id):
        context = page.context
        assert page.evaluate("window.isSecureContext") is False
        context.route("**/*", _unreachable)
        enter_hand(page, 0)
        expect(page.locator(".send-here")).to_contain_text(f"waits on this phone at {lan} only")

        # the phone leaves for the table's other address (another origin): no page of this address
        # is open, nothing sends the hand, and the other address cannot see it
        page.goto(f"{loopback}/games/{public_id}")
        expect(page.locator("h1")).to_be_visible()
        page.wait_for_timeout(1000)
        expect(page.locator("[data-send-queue]")).to_be_hidden()
        expect(page.locator(".send-here")).to_have_count(0)
        assert winners(app, public_id) == []

        # this address's game page, opened again, says where the hand waits and offers to send it
        page.goto(f"{lan}/games/{public_id}")
        notice = page.locator(".send-here")
        expect(notice).to_contain_text(f"This hand waits on this phone at {lan} only")
        expect(notice).to_contain_text(f"Open {lan} again to send it.")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "offline-one-address-notice.png"), full_page=True)
        # the page tries again in the background and shows the queue again: the button a finger
        # may be on stays the same element (CI once saw a tap lost to a button made again)
        button = page.get_by_role("button", name="Send it now").element_handle()
        with page.expect_event("requestfailed", lambda r: r.method == "POST", timeout=20_000):
            pass
        expect(page.locator(".send-here")).to_contain_text(f"Open {lan} again to send it.")
        assert button.evaluate("b => b.isConnected")
        context.unroute("**/*", _unreachable)
        page.get_by_role("button", name="Send it now").click()
        _until(lambda: winners(app, public_id), [0])
        expect(page.locator(".send-here")).to_have_count(0)
        expect(page.locator("[data-send-queue]")).to_be_hidden()
        assert winners(app, public_id) == [0]  # once
