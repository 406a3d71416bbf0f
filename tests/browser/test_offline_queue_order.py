"""The phone's queue invents nothing and strands nothing (issue 17, section 3), in a real Chromium.

- After a Save, Save stays disabled until the form is edited again: a second tap
  queues no empty hand (and the engine refuses one anyway: tests/rules/test_nothing_entered.py).
- A refused hand holds back the hands queued after it while the editor corrects it in
  the form, keeps its number, and the phone never conflicts with itself.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import served_app
from .offline_support import WAIT_MS, enter_hand, hand_form, winners

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("offline-order"), "browser-offline-order") as site:
        yield site


def test_save_stays_disabled_after_a_send_until_the_form_is_edited(browser, site):
    app = site[0]
    with hand_form(browser, site, "offline-double-tap", offline=True) as (page, public_id):
        enter_hand(page, 0)
        expect(page.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)
        save = page.locator("button.save")
        expect(save).to_be_disabled()  # the second tap of a double tap: nothing to send
        page.check('input[name="winner"][value="1"]')
        expect(save).to_be_enabled()
        page.context.set_offline(False)
        expect(page.locator("[data-send-queue]")).to_be_hidden(timeout=WAIT_MS)
        assert winners(app, public_id) == [0]


def test_a_refused_hand_holds_back_the_hands_after_it_until_the_editor_decides(browser, site):
    app = site[0]
    with hand_form(browser, site, "offline-held-back", offline=True) as (page, public_id):
        enter_hand(page, 0)  # A: round 1
        page.check('input[name="winner"][value="1"]')  # B: round 2, a tile that does not exist
        page.fill('[id="f-players.0.rack"]', "R5 X9")
        page.locator("button.save").click()
        expect(page.locator(".send-item")).to_have_count(2, timeout=WAIT_MS)
        enter_hand(page, 1)  # C: round 3
        expect(page.locator(".send-item")).to_have_count(3, timeout=WAIT_MS)
        page.context.set_offline(False)
        expect(page.locator(".send-refused")).to_be_visible(timeout=WAIT_MS)
        assert winners(app, public_id) == [0]

        page.get_by_role("button", name="Put it back in the form").click()
        held = page.locator(".send-item").first
        expect(held).to_contain_text("being corrected in the form", timeout=WAIT_MS)
        expect(page.locator(".send-item").nth(1)).to_contain_text("waiting to send")
        expect(page.locator("h1")).to_have_text("Record round 2")
        page.wait_for_timeout(1500)  # the queue had its chance to send C: it must not have
        assert winners(app, public_id) == [0]

        page.fill('[id="f-players.0.rack"]', "R5")
        page.locator("button.save").click()
        expect(page.locator("[data-send-queue]")).to_be_hidden(timeout=WAIT_MS)
        assert winners(app, public_id) == [0, 1, 1]  # B as round 2, C as round 3: no conflict
        expect(page.locator(".send-conflict")).to_have_count(0)


def test_every_page_says_how_many_hands_wait_and_sends_them(browser, site):
    """A hand kept on the phone, then the home page opened: it says so, and sends the hand. (No
    service worker: its Background Sync would send the hand past the page's blocked route.)"""
    app, url = site
    with hand_form(browser, site, "offline-waiting-anywhere", service_workers="block") as (page, public_id):
        page.route(
            "**/rounds/new",
            lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
        )  # the server cannot be reached for a send
        enter_hand(page, 1)
        expect(page.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)
        page.goto(f"{url}/")
        waiting = page.locator(".waiting-hands")
        expect(waiting).to_contain_text("1 hand waiting to send", timeout=WAIT_MS)
        expect(waiting.get_by_role("link", name="Open its game")).to_have_attribute(
            "href", f"{url}/games/{public_id}"
        )
        assert winners(app, public_id) == []
        page.unroute("**/rounds/new")
        page.evaluate("window.dispatchEvent(new Event('online'))")  # the connection is back
        expect(waiting).to_be_hidden(timeout=WAIT_MS)
        assert winners(app, public_id) == [1]
